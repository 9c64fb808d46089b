"""A player's own page: reached through the seat's join link, kept by a signed cookie.

``/join/<token>`` checks the token (constant time), writes the seat and the token into the
signed session cookie and redirects to ``/seat`` so that the token leaves the address bar.
Every later request checks the cookie's token against the seat's current one, so a re-issued
link (or a new game) locks out the old cookies too.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, session, url_for
from werkzeug.exceptions import BadRequest, Conflict, Forbidden, Unauthorized

from controller.errors import BoardError
from controller.session.actions import parse_action
from web_ui.areas.common import event_stream
from web_ui.http import json_object
from web_ui.outcome import post_and_wait
from web_ui.payloads import seat_label, seat_payload
from web_ui.state import WebState, web_state

bp = Blueprint("seat", __name__)

NOT_JOINED = ("this browser has not joined a seat: open your seat's join link (scan its code "
              "on the table page)")
REPLACED = ("your seat link no longer works (a new game started, or the host issued new "
            "links): scan your seat's code on the table page again")
ACTION_FIELDS = ("type", "move", "facets", "accept", "offer")


def seat_problem(web: WebState) -> str | None:
    """Why this request has no seat (``None``: it has one)."""
    seat, token = session.get("seat"), session.get("seat_token")
    if not isinstance(seat, str) or not isinstance(token, str):
        return NOT_JOINED
    if not web.tokens.valid(seat, token):
        return REPLACED
    return None


def current_seat(web: WebState) -> str:
    problem = seat_problem(web)
    if problem:
        raise Unauthorized(problem)
    return str(session["seat"])


@bp.get("/join/<token>")
def join(token: str) -> Any:
    web = web_state()
    seat = web.tokens.seat_of(token) if len(token) < 100 else None
    if seat is None:
        raise Forbidden("this join link is not valid (any more): scan your seat's code on the "
                        "table page, or ask the host for a new link")
    session.permanent = True
    session["seat"], session["seat_token"] = seat, token
    web.tokens.join(seat)
    web.hub.web_changed()
    return redirect(url_for("seat.page"), code=303)


@bp.get("/seat")
def page() -> str:
    web = web_state()
    seat = current_seat(web)
    return render_template("seat.html", title=web.service.game.title,
                           label=seat_label(web.service.game, seat), seat=seat)


@bp.get("/api/seat")
def state() -> Response:
    web = web_state()
    return jsonify(seat_payload(web, current_seat(web)))


@bp.get("/api/me")
def me() -> Response:
    """Which seat this browser holds, if any (the table page offers its answers then)."""
    web = web_state()
    seat = None if seat_problem(web) else str(session["seat"])
    return jsonify(seat=seat)


@bp.post("/api/seat/leave")
def leave() -> Response:
    session.pop("seat", None)
    session.pop("seat_token", None)
    return jsonify(ok=True)


@bp.post("/api/seat/action")
def action() -> Response:
    web = web_state()
    seat = current_seat(web)
    body = json_object(ACTION_FIELDS, required=("type",))
    try:
        parse_action(body)
    except BoardError as exc:
        raise BadRequest(str(exc)) from None
    service = web.service
    refused = post_and_wait(
        service.runner, lambda: service.phone(seat, body),
        lambda r: r.seat == seat and dict(r.action) == body,
        float(web.config["ACTION_WAIT"]))
    if refused:
        raise Conflict(refused)
    if refused is None:
        response = jsonify(ok=True, pending=True)
        response.status_code = 202
        return response
    return jsonify(ok=True, version=service.table.version)


@bp.get("/api/seat/events")
def events() -> Response:
    web = web_state()
    seat = current_seat(web)
    token = str(session["seat_token"])

    def payload() -> dict[str, Any]:
        return seat_payload(web, seat)

    def revoked() -> str | None:
        return None if web.tokens.valid(seat, token) else REPLACED

    return event_stream(web, seat, payload, revoked)
