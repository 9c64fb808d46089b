"""The simulated board's hands: lift and place pieces, press its buttons.

These feed the same pipeline as real sensors (the simulated board is scanned like a real
one), so the session cannot tell a click from a hand.  On a real board they answer 404.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify
from werkzeug.exceptions import BadRequest, Conflict, NotFound

from controller.errors import BoardError
from controller.session.messages import Message
from web_ui.http import json_object, text_field
from web_ui.i18n import current
from web_ui.outcome import post_and_wait
from web_ui.payloads import sim_json
from web_ui.ports import BoardService
from web_ui.state import web_state
from web_ui.words import words

bp = Blueprint("sim", __name__, url_prefix="/api/sim")

NO_SIM = ("this server runs a real board: there is no simulated board (move the pieces on "
          "the board itself)")


def _service() -> BoardService:
    service = web_state().service
    if service.sim is None:
        raise NotFound(NO_SIM)
    return service


def _position(service: BoardService, value: str) -> str:
    positions = service.game.geometry(service.variant).positions
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
    position = _position(service, text_field(body, "position"))
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
    position = _position(service, text_field(body, "position"))
    piece = text_field(body, "piece", limit=16) if body.get("piece") is not None else None
    kinds = service.game.pieces(service.variant)
    if piece is not None and piece not in kinds:
        names = ", ".join(f"{k} ({service.game.piece_name(k)})" for k in kinds)
        raise BadRequest(f"{service.game.title} has no piece {piece!r}; its pieces: {names}")
    try:
        placed = service.sim_place(position, piece)
    except BoardError as exc:
        raise Conflict(str(exc)) from None
    web_state().hub.web_changed()
    return jsonify(ok=True, piece=placed, sim=sim_json(service))


@bp.post("/button")
def button() -> Response:
    service = _service()
    body = json_object(("button",), required=("button",))
    name = text_field(body, "button")
    if name not in service.spec.buttons:
        raise BadRequest(f"this board has no button {name!r}; its buttons: "
                         f"{', '.join(service.spec.buttons) or 'none'}")
    refused = post_and_wait(service.runner, lambda: service.press(name),
                            lambda r: r.seat is None and not r.action,
                            float(web_state().config["ACTION_WAIT"]))
    if isinstance(refused, Message):
        raise Conflict(words(refused, service.game, current()))
    return jsonify(ok=True, version=service.table.version)
