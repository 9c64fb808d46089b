"""The simulated board's hands: lift and place pieces, press its buttons.

These feed the same pipeline as real sensors (the simulated board is scanned like a real
one), so the session cannot tell a click from a hand.  On a real board they answer 404.

A place beside the board (a tray, a reserve, a taken area) has no sensor: a piece put there
leaves the board's reading as it was, and the session still counts it in the hand.  So the
hand puts a piece it lifted off the board there only when a move is on its way that takes
that piece off (or one took it already); otherwise the placement is refused, with the
game's reason and where the piece goes back, and the piece stays in the hand, as the
session and the page's "in hand" say.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from flask import Blueprint, Response, jsonify
from werkzeug.exceptions import BadRequest, Conflict, NotFound

from controller.errors import BoardError
from controller.physical import Value, project
from controller.session.messages import Message
from controller.session.mode import Mode
from controller.session.snapshot import Snapshot
from web_ui.http import json_object, text_field
from web_ui.i18n import current
from web_ui.outcome import answer
from web_ui.payloads import sim_json
from web_ui.ports import BoardService
from web_ui.state import web_state
from web_ui.words import Words, words

bp = Blueprint("sim", __name__, url_prefix="/api/sim")

NO_SIM = ("this server runs a real board: there is no simulated board (move the pieces on "
          "the board itself)")


def _service() -> BoardService:
    service = web_state().service
    if service.sim is None:
        raise NotFound(NO_SIM)
    return service


def _position(snap: Snapshot, value: str) -> str:
    positions = snap.game.geometry(snap.variant).positions
    if value not in positions:
        shown = ", ".join(positions[:4])
        raise BadRequest(f"unknown position {value!r}: this board's positions are like "
                         f"{shown}, ... (GET /api/geometry lists them)")
    return value


@bp.get("")
def state() -> Response:
    return jsonify(sim_json(_service()))


@bp.post("/lift")
def lift() -> Response:
    service = _service()
    body = json_object(("position",), required=("position",))
    position = _position(service.table.snapshot, text_field(body, "position"))
    try:
        piece = service.sim_lift(position)
    except BoardError as exc:
        raise Conflict(str(exc)) from None
    web_state().hub.web_changed()
    return jsonify(ok=True, piece=piece, sim=sim_json(service))


@bp.post("/place")
def place() -> Response:
    service = _service()
    body = json_object(("position", "piece"), required=("position",))
    snap = service.table.snapshot  # the game and variant the page's position is of
    position = _position(snap, text_field(body, "position"))
    piece = text_field(body, "piece", limit=16) if body.get("piece") is not None else None
    kinds = snap.game.pieces(snap.variant)
    if piece is not None and piece not in kinds:
        names = ", ".join(f"{k} ({snap.game.piece_name(k)})" for k in kinds)
        raise BadRequest(f"{snap.game.title} has no piece {piece!r}; its pieces: {names}")
    if position not in service.spec.sensor_index and (piece is None
                                                      or piece in _hand(service)):
        refused = _not_taken_off(service, snap, position)
        if refused:
            raise Conflict(refused)
    try:
        placed = service.sim_place(position, piece)
    except BoardError as exc:
        raise Conflict(str(exc)) from None
    web_state().hub.web_changed()
    return jsonify(ok=True, piece=placed, sim=sim_json(service))


def _hand(service: BoardService) -> tuple[str, ...]:
    return tuple(service.sim.hand) if service.sim is not None else ()


def _not_taken_off(service: BoardService, snap: Snapshot, zone: str) -> str | None:
    """Why the hand's piece may not go into ``zone`` (a place no sensor reads), in the page's
    words, when no move on its way takes off the pieces lifted from the board."""
    sim = service.sim
    assert sim is not None
    layout, spec = sim.layout(), service.spec
    reading = {p: project(tuple(layout.get(p, ())), spec.sense, snap.game.polarity)
               for p in spec.sensor_index}
    try:
        stray = service.runner.call(lambda session: _stray(session, reading)).result(
            timeout=float(web_state().config["ACTION_WAIT"]))
    except FutureTimeout:
        return None  # the session does not answer: the hand is not held up
    if not stray:
        return None
    positions, reason = stray
    w = Words(snap.game, current())
    places = w.places(positions)
    to = w.to([zone])
    if reason is not None:
        return w.n_("The piece from %(places)s does not go %(to)s (%(reason)s). Put it back "
                    "on %(places)s.",
                    "The pieces from %(places)s do not go %(to)s (%(reason)s). Put them back "
                    "on %(places)s.", len(positions), places=places, to=to,
                    reason=w.say(reason))
    return w.n_("The piece from %(places)s does not go %(to)s: no move takes it off now. Put "
                "it back on %(places)s.",
                "The pieces from %(places)s do not go %(to)s: no move takes them off now. Put "
                "them back on %(places)s.", len(positions), places=places, to=to)


def _stray(session: Any, reading: Mapping[str, Value]
           ) -> tuple[tuple[str, ...], Message | None] | None:
    """On the session's thread: the sensed positions pieces were lifted from, with the game's
    reason, when nothing but lifting has happened and no move the board may be making takes
    them off (no public move of the player to move, no amendment of the last move, no
    take-back to an earlier position: the session's own ways of reading a board); None
    when the pieces may go."""
    if session.mode is not Mode.PLAYING or session.game.outcome(session.state) is not None:
        return None
    moves = session.index
    diff = moves.diff_of(reading)
    if not diff or any(v != moves.empty for _, v in diff):
        return None  # the board as committed (a piece from beside it), or a move under way
    if moves.toward(diff, "public", first=True):
        return None
    if frozenset(reading.items()) in {entry.reading for entry in session.history.entries}:
        return None  # a move taken back by hand
    last = session.turn.last
    if last is not None:
        before = last.moves
        if before.toward(before.diff_of(reading), "public", first=True):
            return None
    lifted = tuple(sorted(p for p, _ in diff))
    return lifted, session.game.explain_reading(session.state, frozenset(lifted), frozenset())


@bp.post("/button")
def button() -> Response:
    service = _service()
    body = json_object(("button",), required=("button",))
    name = text_field(body, "button")
    if name not in service.spec.buttons:
        raise BadRequest(f"this board has no button {name!r}; its buttons: "
                         f"{', '.join(service.spec.buttons) or 'none'}")
    refused = answer(service.press(name), float(web_state().config["ACTION_WAIT"]))
    if isinstance(refused, Message):
        raise Conflict(words(refused, service.table.snapshot.game, current()))
    return jsonify(ok=True, version=service.table.version)
