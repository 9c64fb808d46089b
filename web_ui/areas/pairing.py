"""A club board's host page: the pairing the director sent, started with one tap.

The pairing comes from the club's broker (``club.publisher.BoardPublisher``, which the wiring,
``boardlight.service.build``, hands to ``create_app(..., pairing=)`` when the board is in a
club: ``app.extensions["pairing"]``).  ``GET /api/pairing``
says whether this board is in a club and which pairing waits; ``POST /api/pairing/start``
with the pairing's id starts it: a new game of its game and variant, the players' names.
Both are host controls (the host cookie).
"""

from __future__ import annotations

from typing import Any, Protocol

from flask import Blueprint, Response, current_app, jsonify
from werkzeug.exceptions import BadRequest, Conflict

from controller.errors import BoardError
from web_ui.areas.host import require_host
from web_ui.http import json_object, text_field
from web_ui.i18n import current as current_language
from web_ui.i18n import translator
from web_ui.payloads import seat_label
from web_ui.state import web_state
from web_ui.vocab import game_name, variant_name

bp = Blueprint("pairing", __name__)


class PairingInbox(Protocol):
    """What the page needs of the club publisher."""

    @property
    def pairing(self) -> dict[str, Any] | None: ...

    @property
    def connected(self) -> bool: ...

    def start_pairing(self, pairing_id: str) -> None: ...

    def pairing_of(self, game_id: int | None) -> str | None: ...


def _inbox() -> PairingInbox | None:
    inbox: PairingInbox | None = current_app.extensions.get("pairing")
    return inbox


def _words(pairing: dict[str, Any]) -> dict[str, Any]:
    from controller.rules import find_game
    try:
        game = find_game(pairing["game"])
    except (LookupError, ValueError):
        return {**pairing, "title": pairing["game"],
                "players": [{"seat": s, "label": s, "name": n}
                            for s, n in pairing["names"].items()]}
    t = translator(current_language())
    variant = str(pairing.get("variant") or game.default_variant)
    return {**pairing, "title": game_name(game, t),
            "variant_title": (variant_name(game, variant, t) if variant in game.variants
                              else variant),
            "players": [{"seat": s, "label": seat_label(game, s), "name": n}
                        for s, n in pairing["names"].items()]}


@bp.get("/api/pairing")
def current() -> Response:
    web = web_state()
    require_host(web)
    inbox = _inbox()
    if inbox is None:
        return jsonify(club=False, pairing=None)
    pairing = inbox.pairing
    game_id = getattr(web.service, "game_id", None)
    return jsonify(club=True, connected=inbox.connected,
                   pairing=_words(pairing) if pairing else None,
                   playing=inbox.pairing_of(game_id))


@bp.post("/api/pairing/start")
def start() -> Response:
    web = web_state()
    require_host(web)
    body = json_object(("id",), required=("id",))
    pairing_id = text_field(body, "id", limit=200)
    inbox = _inbox()
    if inbox is None:
        raise Conflict("this board is not in a club: start it with --club and --board-name")
    try:
        inbox.start_pairing(pairing_id)
    except LookupError as exc:
        raise BadRequest(str(exc)) from None
    except BoardError as exc:
        raise Conflict(str(exc)) from None
    web.new_game_started()
    return current()
