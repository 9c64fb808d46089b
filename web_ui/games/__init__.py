"""What each game adds to its pages, beyond what every game shares: found through its manifest.

A game's manifest (``controller.rules.manifest``) names:

* ``drawing``: ``(game, variant) -> dict``, static drawing data for its board, sent with
  ``/api/geometry`` as ``extras`` (field kinds, square colours, start areas, levels); the
  shipped games' makers are the modules beside this one;
* ``assets``: the folder of its page files, each optional: ``script.js`` (its hooks for the
  board drawing, the table's public information in words, the phone's hand, and the move list:
  see ``web_ui/static/board.js``), ``style.css``, ``howto.html`` (its How to play page).  The
  shipped games keep theirs in the web UI's own folders: ``static/games/<name>.js`` and
  ``.css``, ``templates/howto/<name>.html``.

A game kept in a folder of its own has its files served under ``/games/<name>/`` and its How
to play page found by the template loader (``template_source``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, Response, send_file, url_for
from werkzeug.exceptions import NotFound

from controller.rules.base import Game
from controller.rules.manifest import resolve
from controller.rules.registry import MANIFESTS, manifest_of

STATIC = Path(__file__).resolve().parent.parent / "static" / "games"
HOWTO = Path(__file__).resolve().parent.parent / "templates" / "howto"
KINDS = {"script": "script.js", "style": "style.css", "howto": "howto.html"}

bp = Blueprint("game_files", __name__)


def geometry_extras(game: Game[Any, Any], variant: str) -> dict[str, Any]:
    manifest = manifest_of(game)
    if manifest is None or manifest.drawing is None:
        return {}
    return dict(resolve(manifest.drawing)(game, variant))


def files(name: str) -> dict[str, Path | None]:
    """A game's page files that exist, by kind (``script``, ``style``, ``howto``)."""
    manifest = MANIFESTS.get(name)
    if manifest is not None and manifest.assets is not None:
        found = {kind: manifest.assets / file for kind, file in KINDS.items()}
    else:
        found = {"script": STATIC / f"{name}.js", "style": STATIC / f"{name}.css",
                 "howto": HOWTO / f"{name}.html"}
    return {kind: path if path.is_file() else None for kind, path in found.items()}


def assets(name: str) -> dict[str, bool]:
    """Which of a game's page assets exist: its script, its style, its How to play page."""
    return {kind: path is not None for kind, path in files(name).items()}


def asset_url(name: str, kind: str) -> str:
    """Where a page loads a game's script or style from."""
    manifest = MANIFESTS.get(name)
    if manifest is not None and manifest.assets is not None:
        return url_for("game_files.file", name=name, kind=kind)
    return url_for("static", filename=f"games/{name}.{'js' if kind == 'script' else 'css'}")


@bp.get("/games/<name>/<kind>")
def file(name: str, kind: str) -> Response:
    """A script or style of a game kept in a folder of its own."""
    path = files(name).get(kind) if name in MANIFESTS and kind != "howto" else None
    if path is None:
        raise NotFound()
    return send_file(path, mimetype="text/javascript" if kind == "script" else "text/css",
                     max_age=0)


def template_source(template: str) -> str | None:
    """The How to play page of a game kept in a folder of its own (``howto/<name>.html``),
    for the pages' template loader; ``None`` for any other template."""
    folder, _, file_name = template.partition("/")
    name = file_name.removesuffix(".html")
    if folder != "howto" or name == file_name or name not in MANIFESTS:
        return None
    manifest = MANIFESTS[name]
    path = files(name)["howto"] if manifest.assets is not None else None
    return path.read_text(encoding="utf-8") if path is not None else None
