"""A player's own page: reached through the seat's join link, kept by a signed cookie.

``/join/<token>`` checks the token (constant time), writes the seat and the token into the
signed session cookie and redirects to ``/seat`` so that the token leaves the address bar.
The first browser to join holds the seat: the link is spent for every other browser (it was
shown as a QR code for the whole table to see) until the host issues a new one.  A seat the
computer plays has no link at all.  Every later request checks the cookie's token against the
seat's current one, so a re-issued link (or a new game) locks out the old cookies too.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, session, url_for
from werkzeug.exceptions import BadRequest, Conflict, Forbidden, Unauthorized

from controller.errors import BoardError
from controller.session.actions import parse_action
from controller.session.messages import Message
from web_ui.areas.common import event_stream
from web_ui.games import assets
from web_ui.http import json_object
from web_ui.i18n import current, gettext, translator
from web_ui.outcome import answer
from web_ui.payloads import seat_label, seat_payload
from web_ui.state import WebState, web_state
from web_ui.tokens import Revoked
from web_ui.vocab import N_, game_name
from web_ui.words import words

bp = Blueprint("seat", __name__)

NOT_JOINED = N_("this browser has not joined a seat: open your seat's join link (scan its "
                "code on the table page)")
REVOKED = {
    Revoked.NEW_GAME: N_("your seat link no longer works: a new game started. Scan your "
                         "seat's code on the table page again"),
    Revoked.REISSUED: N_("the host made a new link for your seat, so this browser no longer "
                         "holds it: scan the new code on the table page (or ask the host) to "
                         "take it again"),
    Revoked.COMPUTER: N_("the host gave your seat to the computer, so this browser no longer "
                         "holds it"),
    Revoked.PERSON: N_("the host made a new link for your seat, so this browser no longer "
                       "holds it: scan the new code on the table page to take it again"),
}


def taken(label: str) -> str:
    return gettext("%(seat)s's seat is taken: someone has already joined with this link. If "
                   "that was you on another phone or browser, ask the host for a new link for "
                   "%(seat)s (host page, 'New link for this seat'): the new link ends the "
                   "other browser's hold on the seat", seat=label)


def computer_plays(label: str) -> str:
    return gettext("%(seat)s is played by the computer, so there is no seat to join. The host "
                   "can give it back to a person on the host page ('Played by'), which makes "
                   "a new link", seat=label)


ACTION_FIELDS = ("type", "move", "facets", "accept", "offer", "request", "version")


def seat_problem(web: WebState) -> str | None:
    """Why this request has no seat (``None``: it has one)."""
    seat, token = session.get("seat"), session.get("seat_token")
    if not isinstance(seat, str) or not isinstance(token, str):
        return gettext(NOT_JOINED)
    if not web.tokens.valid(seat, token):
        return gettext(REVOKED[web.tokens.why_revoked(seat)])
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
        raise Forbidden(gettext("this join link is not valid (any more): scan your seat's "
                                "code on the table page, or ask the host for a new link"))
    label = seat_label(web.service.table.snapshot.game, seat)
    if seat in web.service.computer_seats():
        raise Conflict(computer_plays(label))
    browser = session.get("browser")
    if not isinstance(browser, str):
        browser = secrets.token_urlsafe(12)
    if not web.tokens.claim(seat, token, browser):
        raise Conflict(taken(label))
    session.permanent = True
    session["browser"] = browser
    session["seat"], session["seat_token"] = seat, token
    web.hub.web_changed()
    return redirect(url_for("seat.page"), code=303)


@bp.get("/seat")
def page() -> str:
    web = web_state()
    seat = current_seat(web)
    game = web.service.table.snapshot.game
    return render_template("seat.html", title=game_name(game, translator(current())),
                           label=seat_label(game, seat), seat=seat, game=game.name,
                           game_assets=assets(game.name))


@bp.get("/api/seat")
def state() -> Response:
    web = web_state()
    return jsonify(seat_payload(web, current_seat(web), current()))


@bp.get("/api/me")
def me() -> Response:
    """Which seat this browser holds, if any (the table page offers its answers then)."""
    web = web_state()
    seat = None if seat_problem(web) else str(session["seat"])
    return jsonify(seat=seat)


@bp.post("/api/seat/leave")
def leave() -> Response:
    """Forget this browser's seat; a seat it held is free for the next browser again."""
    web = web_state()
    seat, browser = session.get("seat"), session.get("browser")
    if isinstance(seat, str) and isinstance(browser, str) and not seat_problem(web):
        web.tokens.release(seat, browser)
        web.hub.web_changed()
    session.pop("seat", None)
    session.pop("seat_token", None)
    return jsonify(ok=True)


@bp.post("/api/seat/action")
def action() -> Response:
    web = web_state()
    seat = current_seat(web)
    body = json_object(ACTION_FIELDS, required=("type",))
    # The snapshot version the page showed (optional: a script, an older page): an answer
    # to an offer that has changed since is refused, never applied to the new one.
    version = body.pop("version", None)
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)
                                or version < 0):
        raise BadRequest("'version' is the snapshot version the page showed: a whole "
                         "number from 0 (the 'version' of GET /api/seat)")
    try:
        parsed = parse_action(body)  # parsed once, here: the session gets the typed action
    except BoardError as exc:
        raise BadRequest(str(exc)) from None
    service = web.service
    refused = answer(service.phone(seat, parsed, version), float(web.config["ACTION_WAIT"]))
    if isinstance(refused, Message):
        raise Conflict(words(refused, service.table.snapshot.game, current()))
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
    lang = current()  # the stream outlives the request: its language is taken now

    def payload() -> dict[str, Any]:
        return seat_payload(web, seat, lang)

    def revoked() -> str | None:
        if web.tokens.valid(seat, token):
            return None
        return translator(lang).gettext(REVOKED[web.tokens.why_revoked(seat)])

    return event_stream(web, seat, payload, revoked)
