"""The app shell both web apps share: the board's (``web_ui.app``) and the club's
(``club.web``).

``shell(...)`` makes a Flask app with what every page of either needs and neither may
forget: its settings over the defaults, a fresh cookie key per run, JSON in the order it was
built, the catalogs (``web_ui/translations``) with the app's own choice of language, the
language names for the templates, the errors in words (``web_ui.http.register_errors``) and
the security headers on every answer.  The app adds its state and its blueprints.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from flask import Flask, Response
from flask_babel import Babel, get_locale
from jinja2 import ChoiceLoader, FileSystemLoader

from web_ui.http import register_errors
from web_ui.i18n import DEFAULT, DIRECTORY, LANGUAGES, NAMES

# The pages load only their own scripts and styles; QR codes are inline SVG.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def shell(import_name: str, defaults: Mapping[str, Any], config: Mapping[str, Any] | None,
          locale_selector: Callable[[], str | None], *,
          templates: Sequence[Path] = (), static_folder: Path | None = None) -> Flask:
    """A Flask app for ``import_name``'s package; ``templates``: the folders its templates
    are looked up in, in order (none: the package's own ``templates``)."""
    app = (Flask(import_name, static_folder=str(static_folder)) if static_folder is not None
           else Flask(import_name))
    app.config.update(defaults)
    app.config["SECRET_KEY"] = secrets.token_bytes(32)  # cookies last as long as this run
    if config:
        app.config.update(config)
    if templates:
        app.jinja_loader = ChoiceLoader([FileSystemLoader(str(t)) for t in templates])
    app.json.sort_keys = False  # type: ignore[attr-defined]
    Babel(app, default_locale=DEFAULT, default_translation_directories=str(DIRECTORY),
          locale_selector=locale_selector)

    @app.context_processor
    def language() -> dict[str, Any]:
        return {"lang": str(get_locale() or DEFAULT), "languages": LANGUAGES,
                "language_names": NAMES}

    register_errors(app)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if response.mimetype == "application/json":
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    return app
