"""The table page: the board, the turn, the score, the lights, the join codes (public)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request

from web_ui.areas.common import base_url, event_stream
from web_ui.areas.lang import browser_language, table_language
from web_ui.games import assets
from web_ui.i18n import current, known, translator
from web_ui.payloads import geometry_json, join_entries, public_payload
from web_ui.state import web_state
from web_ui.vocab import game_name, variant_name

bp = Blueprint("table", __name__)


@bp.get("/")
def page() -> str:
    service = web_state().service
    snapshot = service.table.snapshot
    game = snapshot.game
    return render_template("table.html", title=game_name(game, translator(current())),
                           variant=variant_name(game, snapshot.variant, translator(current())),
                           simulated=service.sim is not None,
                           game=game.name, game_assets=assets(game.name))


@bp.get("/api/state")
def state() -> Response:
    return jsonify(public_payload(web_state(), current()))


@bp.get("/api/geometry")
def geometry() -> Response:
    """The board's geometry, its places in words in the language the page asks for
    (``?lang=``: the page's own, a seat's picked one), else the request's."""
    return jsonify(geometry_json(web_state().service, known(request.args.get("lang"))
                                 or current()))


@bp.get("/api/join")
def join_codes() -> Response:
    """Join links and QR codes of the seats nobody has joined yet."""
    return jsonify(seats=join_entries(web_state(), base_url(), every=False))


@bp.get("/events")
def events() -> Response:
    web = web_state()
    # The stream outlives the request: it speaks the table's language as it is at each
    # snapshot (the host or the table page may choose another: the page then reloads in it),
    # else this browser's.
    browser = browser_language()

    def lang() -> str:
        return table_language(web, browser)

    def payload() -> dict[str, Any]:
        return public_payload(web, lang())

    return event_stream(web, None, payload, lambda: None, lang)
