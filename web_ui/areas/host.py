"""Host controls: a new game (game, variant), player names, new seat links.

Reached through ``/host/<token>`` (the token ``boardlight serve`` prints), kept by the signed
session cookie like a seat.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, session, url_for
from werkzeug.exceptions import BadRequest, Conflict, Forbidden, Unauthorized

from controller.ai import LEVELS
from controller.errors import BoardError
from controller.rules import GAMES, find_game
from controller.rules.base import Game
from controller.rules.series import SeriesRule
from controller.session.clock import TimeControl
from web_ui.areas.common import base_url
from web_ui.http import json_object, text_field
from web_ui.i18n import LANGUAGES, current, known, translator
from web_ui.payloads import join_entries, labels, qr_svg, seat_label
from web_ui.state import NAME_LIMIT, WebState, web_state
from web_ui.tokens import Revoked, same
from web_ui.vocab import game_name, level_names, variant_name, variant_summary

bp = Blueprint("host", __name__)


def require_host(web: WebState) -> None:
    token = session.get("host")
    if not isinstance(token, str) or not same(token, web.host_token):
        raise Unauthorized("host controls need the host link that 'boardlight serve' printed "
                           "(/host/...)")


@bp.get("/host/<token>")
def claim(token: str) -> Any:
    web = web_state()
    if not same(token, web.host_token):
        raise Forbidden("this host link is not valid: use the one 'boardlight serve' printed "
                        "when it started")
    session.permanent = True
    session["host"] = token
    return redirect(url_for("host.page"), code=303)


@bp.get("/host")
def page() -> str:
    web = web_state()
    require_host(web)
    return render_template("host.html", title=web.service.table.snapshot.game.title)


def _games(web: WebState) -> dict[str, Game[Any, Any]]:
    games = dict(GAMES)
    game = web.service.table.snapshot.game
    games.setdefault(game.name, game)
    return games


def host_info(web: WebState) -> dict[str, Any]:
    service = web.service
    snapshot = service.table.snapshot
    game, variant = snapshot.game, snapshot.variant
    games = _games(web) if service.sim is not None else {game.name: game}
    t = translator(current())
    public = snapshot.public_json
    return {
        "game": game.name, "variant": variant,
        "variant_title": variant_name(game, variant, t),
        "board": "simulated" if service.sim is not None else "sensors",
        "games": [{"name": g.name, "title": game_name(g, t),
                   "variants": [{"name": v.name, "title": variant_name(g, v.name, t),
                                 "summary": variant_summary(g, v.name, t),
                                 "seats": list(v.seats)}
                                for v in g.variants.values()]} for g in games.values()],
        "seats": join_entries(web, base_url(), every=True),
        "match": public.get("match"),
        "clocks": public.get("clocks"),
        # For the match's standing in words: the seats as players call them.
        "labels": labels(game, snapshot.seats, current()),
        "names": public.get("names") or {},
        "computer": service.computer_seats(),
        "level_names": level_names(t),
        "levels": [{"name": lv.name, "title": t.gettext(lv.name), "seconds": lv.seconds,
                    "summary": lv.summary} for lv in LEVELS.values()],
        "table_lang": web.table_lang,
        # A stored game the log could not take up (it does not replay): kept as it is.
        "unreplayable": getattr(service, "unreplayable", None),
        "remote_play": _remote_info(service.remote, game, t),
    }


def _remote_info(remote: Any, game: Game[Any, Any], t: Any) -> dict[str, Any] | None:
    """Remote play, as the host page shows it (None: this board has no broker for it)."""
    if remote is None:
        return None
    status = remote.status()
    if status is not None and status["code"]:
        status["qr"] = qr_svg(status["code"])
    return {"broker": f"{remote.settings.url.host}:{remote.settings.url.port}",
            "name": remote.settings.name, "game": status}


def _remote(web: WebState) -> Any:
    require_host(web)
    remote = web.service.remote
    if remote is None:
        raise Conflict("this board has no broker for remote play: give it one with "
                       "--remote URL or the config's [remote] section (docs/remote.md)")
    return remote


def _seat_list(body: dict[str, Any], key: str) -> list[str] | None:
    value = body.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value) \
            or len(value) > 8:
        raise BadRequest(f"{key!r} must be a list of seats")
    return value


@bp.post("/api/host/remote/offer")
def remote_offer() -> Response:
    """Offer this game to another board: ``{"seats": ["w"]}``, the seats its players take;
    the answer's ``remote_play.game.code`` is the code to give them."""
    from remote.play import RemoteError
    web = web_state()
    remote = _remote(web)
    body = json_object(("seats",), required=("seats",))
    seats = _seat_list(body, "seats") or []
    try:
        remote.offer(seats)
    except RemoteError as exc:
        raise Conflict(str(exc)) from None
    web.hub.web_changed()
    return jsonify(host_info(web))


@bp.post("/api/host/remote/look")
def remote_look() -> Response:
    """The game another board offers under a code, before joining it: ``{"code": ...}`` ->
    the game, the variant, the offering board's name and the seats offered (in words)."""
    from remote.codes import CodeError
    from remote.play import RemoteError
    web = web_state()
    remote = _remote(web)
    body = json_object(("code",), required=("code",))
    try:
        offer = remote.look(text_field(body, "code", limit=16))
    except (RemoteError, CodeError) as exc:
        raise Conflict(str(exc)) from None
    t = translator(current())
    try:
        game = find_game(offer.game)
    except LookupError:
        raise Conflict(f"the other board offers {offer.game!r}, a game this board does not "
                       "know") from None
    return jsonify(game=game_name(game, t), variant=variant_name(game, offer.variant, t),
                   board=offer.name, seats=[{"seat": s, "label": seat_label(game, s, current())}
                                            for s in offer.open])


@bp.post("/api/host/remote/join")
def remote_join() -> Response:
    """Join the game another board offers: ``{"code": "K7P-4QX", "seats": null}`` (``null``:
    every seat it offers)."""
    from remote.codes import CodeError
    from remote.play import RemoteError
    web = web_state()
    remote = _remote(web)
    body = json_object(("code", "seats"), required=("code",))
    code = text_field(body, "code", limit=16)
    seats = _seat_list(body, "seats")
    try:
        remote.join(code, seats, current())
    except (RemoteError, CodeError) as exc:
        raise Conflict(str(exc)) from None
    web.hub.web_changed()
    return jsonify(host_info(web))


@bp.post("/api/host/remote/leave")
def remote_leave() -> Response:
    """End remote play here: every seat is played at this board again."""
    web = web_state()
    _remote(web).leave()
    web.hub.web_changed()
    return jsonify(host_info(web))


@bp.get("/api/host")
def info() -> Response:
    web = web_state()
    require_host(web)
    return jsonify(host_info(web))


@bp.post("/api/host/game")
def new_game() -> Response:
    web = web_state()
    require_host(web)
    body = json_object(("game", "variant", "seed", "match", "clock", "position"))
    service = web.service
    shown = service.table.snapshot.game
    name = text_field(body, "game") if "game" in body else shown.name
    games = _games(web)
    if name not in games:
        raise BadRequest(f"no game called {name!r}; the games are: {', '.join(games)}")
    game = games[name]
    variant = text_field(body, "variant") if "variant" in body else None
    if variant is not None and variant not in game.variants:
        raise BadRequest(f"{name} has no variant {variant!r}; the variants are: "
                         f"{', '.join(game.variants)}")
    seed = body.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed < 2**31):
        raise BadRequest("'seed' must be a whole number from 0 to 2147483647")
    match = body.get("match")
    if match is not None:
        if not isinstance(match, str):
            raise BadRequest("'match' must be text: 'match X' (first to X won games), "
                             "'sumof X' (most points after X games), or '' for single games")
        try:
            SeriesRule.parse(match) if match.strip() else None
        except BoardError as exc:
            raise BadRequest(str(exc)) from None
    clock = _clock(body.get("clock", "keep"))
    # A position set up by hand (its text, as the rules page and 'boardlight records'
    # write it): checked here, before anything changes.
    position = text_field(body, "position", limit=12_000) if "position" in body else None
    if position is not None:
        try:
            game.parse_position(position, variant)
        except BoardError as exc:
            raise BadRequest(f"that is no position of {game.title}: {exc}") from None
    try:
        service.new_game(variant=variant, seed=seed,
                         game=None if game is shown else name,
                         match=match.strip() if match is not None else None, clock=clock,
                         position=position)
    except LookupError as exc:
        raise BadRequest(str(exc)) from None
    except BoardError as exc:
        raise Conflict(str(exc)) from None
    web.new_game_started()
    return jsonify(host_info(web))


CLOCK_WORDS = ("'clock' is \"MINUTES+SECONDS\" (e.g. \"10+5\": 10 minutes each, 5 seconds "
               "added per move), \"variant\" (the variant's own), \"off\" or \"keep\"")


def _clock(value: Any) -> TimeControl | str | None:
    """The host's time control: ``"10+5"``, ``"variant"``, ``"off"`` or ``"keep"``."""
    if value in ("keep", "variant"):
        return str(value)
    if value == "off":
        return None
    if not isinstance(value, str):
        raise BadRequest(CLOCK_WORDS)
    minutes, _, increment = value.partition("+")
    try:
        control = TimeControl.from_options({"initial": float(minutes) * 60,
                                            "increment": float(increment or 0)})
    except (ValueError, BoardError):
        raise BadRequest(CLOCK_WORDS) from None
    if control is None or control.initial > 6 * 3600 or control.increment > 600:
        raise BadRequest(CLOCK_WORDS)
    return control


@bp.post("/api/host/names")
def names() -> Response:
    web = web_state()
    require_host(web)
    body = json_object(("names",), required=("names",))
    given = body["names"]
    if not isinstance(given, dict):
        raise BadRequest("'names' must be an object of seat -> name, e.g. {\"b\": \"Ann\"}")
    seats = web.seats
    clean: dict[str, str] = {}
    for seat, name in given.items():
        if seat not in seats:
            raise BadRequest(f"{seat!r} is not a seat of this game; seats: {', '.join(seats)}")
        if not isinstance(name, str):
            raise BadRequest(f"the name of {seat!r} must be a string")
        name = " ".join(name.split())
        if len(name) > NAME_LIMIT or not name.isprintable():
            raise BadRequest(f"a name is at most {NAME_LIMIT} printable characters")
        clean[seat] = name
    web.service.set_names(clean)
    return jsonify(host_info(web))


@bp.post("/api/host/reissue")
def reissue() -> Response:
    """New join links: for one seat (``{"seat": "b"}``) or every seat (``{}``)."""
    web = web_state()
    require_host(web)
    body = json_object(("seat",))
    seat = text_field(body, "seat") if "seat" in body else None
    if seat is not None and seat not in web.seats:
        raise BadRequest(f"{seat!r} is not a seat of this game; seats: {', '.join(web.seats)}")
    web.tokens.reissue(seat)
    web.hub.web_changed()
    return jsonify(host_info(web))


@bp.post("/api/host/lang")
def table_language() -> Response:
    """The language the table page speaks (``{"lang": "de"}``; ``null``: each browser's)."""
    web = web_state()
    require_host(web)
    body = json_object(("lang",), required=("lang",))
    chosen = body["lang"]
    if chosen is not None and known(chosen) != chosen:
        raise BadRequest(f"'lang' must be one of {', '.join(LANGUAGES)}, or null for each "
                         "browser's own")
    web.table_lang = chosen
    web.hub.web_changed()
    return jsonify(host_info(web))


@bp.post("/api/host/computer")
def computer() -> Response:
    """Let the computer play a seat: ``{"seat": "b", "level": "club"}``; ``"level": null``
    gives the seat back to a person."""
    web = web_state()
    require_host(web)
    body = json_object(("seat", "level"), required=("seat", "level"))
    seat = text_field(body, "seat")
    if seat not in web.seats:
        raise BadRequest(f"{seat!r} is not a seat of this game; seats: {', '.join(web.seats)}")
    level = body["level"]
    if level is not None and (not isinstance(level, str) or level not in LEVELS):
        raise BadRequest(f"'level' must be one of {', '.join(LEVELS)}, or null for a person")
    before = web.service.computer_seats().get(seat)
    try:
        web.service.set_computer(seat, level)
    except ValueError as exc:  # a new game with other seats began meanwhile
        raise Conflict(str(exc)) from None
    if (before is None) != (level is None):
        # Handed to the computer: whoever held the seat lets go (its page would show the
        # computer's hand).  Handed back to a person: a fresh link nobody has seen.
        web.tokens.reissue(seat, Revoked.COMPUTER if level else Revoked.PERSON)
    web.hub.web_changed()
    return jsonify(host_info(web))
