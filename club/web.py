"""The club server's pages: the room (every board live), one board full size, the director.

``create_club_app(server, director, config)`` builds the Flask app; state is reached through
``app.extensions["club"]``.  Pages reuse the board pages' own drawing (``web_ui/static``:
``board.js`` draws a board from its geometry and a public snapshot).  Live updates are
server-sent events, one bounded queue per page (``club.hub``): at most ``MAX_STREAMS`` at
once, ``STREAMS_PER_CLIENT`` from one address (an IPv6 client: its /64), and the last
``SCREEN_STREAMS`` only for the room's own screen (a page from ``SCREEN_ADDRESSES``, the club
server's own machine, or a browser holding the director's link).
"""

from __future__ import annotations

import ipaddress
import json
import secrets
from collections.abc import Callable, Iterator, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    send_from_directory,
    session,
    url_for,
)
from werkzeug.exceptions import (
    BadRequest,
    Conflict,
    NotFound,
    ServiceUnavailable,
    TooManyRequests,
    Unauthorized,
)

from club import tournament, words
from club.director import Director
from club.hub import CLOSED, STANDINGS, HubFull, Listener, RoomHub
from club.server import ClubServer, drawing, summarize
from controller.rules import find_game
from web_ui.games import assets, geometry_extras
from web_ui.games import bp as game_files
from web_ui.http import json_object, text_field
from web_ui.i18n import DEFAULT, LANGUAGES, NAMES, known
from web_ui.mailbox import batches
from web_ui.payloads import places_json, qr_svg
from web_ui.shell import shell

HERE = Path(__file__).resolve().parent
WEB_UI = HERE.parent / "web_ui"

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 16 * 1024,
    "SESSION_COOKIE_NAME": "boardlight-club",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "PERMANENT_SESSION_LIFETIME": timedelta(days=1),
    "DIRECTOR_TOKEN": None,    # None: a random one per run
    "PUBLIC_URL": None,        # the room's address for the spectators' QR code
    "SSE_KEEPALIVE": 15.0,
    "SSE_QUEUE": 256,          # a room page may fall this many board changes behind
    "MAX_STREAMS": 240,        # open pages at once (the server's threads are sized on it)
    "STREAMS_PER_CLIENT": 12,  # open pages of one address (a phone, a laptop's tabs)
    "SCREEN_STREAMS": 24,      # of MAX_STREAMS, kept for the room's own screen
    "SCREEN_ADDRESSES": ("127.0.0.1", "::1"),   # the club server's own machine
}


class ClubState:
    def __init__(self, server: ClubServer, director: Director,
                 config: Mapping[str, Any]) -> None:
        self.server = server
        self.director = director
        self.director_token: str = config.get("DIRECTOR_TOKEN") or secrets.token_urlsafe(18)
        self.hub = RoomHub(int(config["MAX_STREAMS"]), int(config["SSE_QUEUE"]),
                           per_client=int(config["STREAMS_PER_CLIENT"]),
                           reserve=int(config["SCREEN_STREAMS"]))
        self._cache: dict[tuple[str, str], tuple[int, str]] = {}
        server.listeners.append(self.hub.changed)
        director.listeners.append(self.hub.standings_changed)

    def board_json(self, name: str, lang: str = DEFAULT) -> str | None:
        """A board's message text in ``lang``'s words, made once per change and language and
        shared by every page."""
        entry = self.server.entry(name)
        if entry is None:
            return None
        cached = self._cache.get((name, lang))
        if cached is not None and cached[0] == entry.version:
            return cached[1]
        summary = summarize(entry, lang, self.server.wall())
        worded = words.board_words(entry.state, lang)
        picture = drawing(entry)
        game = summary["game"]
        # What the board's moves and result said, in this page's words.
        picture["moves"] = [{**m, "words": words.said(game, m.get("said"), lang) or ""}
                            for m in picture["moves"]]
        result = summary["result"]
        if isinstance(result, dict):
            summary["result"] = {**result, "words": words.said(game, result.get("said"), lang)}
        text = json.dumps({**summary, "title": worded["title"] or summary["title"],
                           "words": worded, "drawing": picture},
                          separators=(",", ":"))
        self._cache[(name, lang)] = (entry.version, text)
        return text

    def event_json(self, lang: str = DEFAULT) -> str:
        return json.dumps(words.event_words(self.director.view(), lang), separators=(",", ":"))

    def room_json(self, lang: str = DEFAULT) -> str:
        boards = [t for n in self.server.board_names() if (t := self.board_json(n, lang))]
        return '{"boards":[' + ",".join(boards) + '],"event":' + self.event_json(lang) + "}"


def club_state() -> ClubState:
    state: ClubState = current_app.extensions["club"]
    return state


def message(kind: str, text: str) -> str:
    return f"event: {kind}\ndata: {text}\n\n"


def room_stream(state: ClubState, listener: Listener, keepalive: float,
                gone: Callable[[], bool]) -> Iterator[str]:
    try:
        yield "retry: 2000\n\n"
        lang = listener.lang
        if listener.board is None:
            yield message("room", state.room_json(lang))
        else:
            yield message("board", state.board_json(listener.board, lang) or "null")
        for notes in batches(listener, keepalive, gone):
            if notes is None:
                yield ": keep-alive\n\n"
                continue
            if CLOSED in notes:
                return
            if listener.behind:
                listener.behind = False
                yield message("room", state.room_json(lang)) if listener.board is None else \
                    message("board", state.board_json(listener.board, lang) or "null")
                continue
            for note in dict.fromkeys(notes):  # each board once, newest state
                if note == STANDINGS:
                    yield message("event", state.event_json(lang))
                elif note.board is not None and (
                        text := state.board_json(note.board, lang)) is not None:
                    yield message("board", text)
    finally:
        state.hub.leave(listener)


def same_token(given: str, token: str) -> bool:
    """Whether a token someone gave is the director's: compared in constant time as UTF-8
    bytes (any text, whatever its characters)."""
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"),
                                  token.encode("utf-8", "surrogatepass"))


def client_key(address: str | None) -> str:
    """Whose page this is, for the streams' share: the IPv4 address, an IPv6 client's /64
    (one machine may use many addresses of it)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or ""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def is_screen(state: ClubState) -> bool:
    """The room's own screen: a page from the club server's machine, or the director's."""
    address = client_key(request.remote_addr)
    if address in current_app.config["SCREEN_ADDRESSES"] or (
            request.remote_addr in current_app.config["SCREEN_ADDRESSES"]):
        return True
    token = session.get("director")
    return isinstance(token, str) and same_token(token, state.director_token)


def _stream(board: str | None) -> Response:
    state = club_state()
    try:
        listener = state.hub.listen(board, page_lang(), client_key(request.remote_addr),
                                    is_screen(state))
    except HubFull as full:
        if full.kind == "client":
            raise TooManyRequests(f"this device has {full.limit} of the club's live pages "
                                  "open already; close some, or reload later") from None
        raise ServiceUnavailable("too many pages are open on the club server; close some, or "
                                 "reload later") from None
    if listener is None:
        raise ServiceUnavailable("the club server is stopping")
    gone = request.environ.get("waitress.client_disconnected") or (lambda: False)
    body = room_stream(state, listener, float(current_app.config["SSE_KEEPALIVE"]), gone)
    return Response(body, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache, no-transform",
                             "X-Accel-Buffering": "no"})


# ---- the room (everyone) --------------------------------------------------------------------

room = Blueprint("room", __name__)


def _public_url() -> str:
    public = current_app.config.get("PUBLIC_URL")
    host = request.host.rsplit(":", 1)[0].strip("[]")
    if public and host in ("localhost", "127.0.0.1", "::1"):
        return str(public).rstrip("/") + "/"
    return request.host_url


def page_lang() -> str:
    """The language of this request's page: the one picked on the club's pages (its cookie),
    else the browser's (``Accept-Language``); a stream or an API call may name it (``?lang=``)."""
    return (known(request.args.get("lang")) or known(session.get("lang"))
            or request.accept_languages.best_match(LANGUAGES) or DEFAULT)


@room.get("/i18n/<lang>.js")
def catalog(lang: str) -> Response:
    if lang not in LANGUAGES:
        raise NotFound(f"Boardlight speaks {', '.join(LANGUAGES)}; there is no {lang!r}")
    response = Response(words.script_catalog(lang), mimetype="text/javascript")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@room.post("/api/lang")
def choose_language() -> Response:
    """This browser's language on the club's pages (kept in its cookie)."""
    body = json_object(("lang",), required=("lang",))
    lang = known(body.get("lang"))
    if lang is None or body.get("lang") != lang:
        raise BadRequest(f"'lang' must be one of {', '.join(LANGUAGES)} "
                         f"({', '.join(NAMES[x] for x in LANGUAGES)})")
    session.permanent = True
    session["lang"] = lang
    return jsonify(lang=lang)


@room.get("/")
def page() -> str:
    state = club_state()
    return render_template("club_room.html", club=state.server.club)


@room.get("/board/<name>")
def follow(name: str) -> str:
    state = club_state()
    if state.server.entry(name) is None:
        raise NotFound(f"no board called {name!r} has been heard in this club; the boards: "
                       f"{', '.join(state.server.board_names()) or 'none yet'}")
    return render_template("club_board.html", club=state.server.club, board=name)


@room.get("/api/club/boards")
def boards() -> Response:
    lang = known(request.args.get("lang")) or DEFAULT
    server = club_state().server
    return jsonify([s for n in server.board_names() if (s := server.summary(n, lang))])


@room.get("/api/club/boards/<name>")
def board(name: str) -> Response:
    state = club_state()
    text = state.board_json(name, known(request.args.get("lang")) or DEFAULT)
    if text is None:
        raise NotFound(f"no board called {name!r} has been heard in this club")
    return Response(text, mimetype="application/json")


@room.get("/api/club/geometry/<game>/<variant>")
def geometry(game: str, variant: str) -> Response:
    try:
        g = find_game(game)
        v = g.variant(variant).name
    except (LookupError, ValueError):
        raise NotFound(f"no game {game!r} with a variant {variant!r}") from None
    geo = g.geometry(v)
    # ``extras``: the game's own drawing data, as the board's /api/geometry sends it;
    # ``places``: every position in the page's words; ``assets``: whether the game has a
    # script and a style of its own (the pages load them).
    return jsonify(game=g.name, title=g.title, variant=v, shape=geo.shape,
                   cells=list(geo.cells), zones=list(geo.zones),
                   coords={p: [round(x, 4), round(y, 4)] for p, (x, y) in geo.coords.items()},
                   places=places_json(g, geo.positions, page_lang()),
                   extras=geometry_extras(g, v), assets=assets(g.name))


@room.get("/api/club/qr")
def qr() -> Response:
    url = _public_url()
    return jsonify(url=url, qr=qr_svg(url))


@room.get("/api/club/event")
def event() -> Response:
    lang = known(request.args.get("lang")) or DEFAULT
    return jsonify(event=words.event_words(club_state().director.view(), lang))


@room.get("/api/club/standings.csv")
def standings_csv() -> Response:
    ev = club_state().director.event
    if ev is None:
        raise NotFound("no event yet: the director creates one")
    return Response(tournament.standings_csv(ev), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{ev.id}-standings.csv"'})


@room.get("/api/club/games.csv")
def games_csv() -> Response:
    state = club_state()
    ev = state.director.event
    if ev is None:
        raise NotFound("no event yet: the director creates one")
    return Response(tournament.games_csv(ev, state.director.played(page_lang())),
                    mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{ev.id}-games.csv"'})


@room.get("/events")
def room_events() -> Response:
    return _stream(None)


@room.get("/events/board/<name>")
def board_events(name: str) -> Response:
    if club_state().server.entry(name) is None:
        raise NotFound(f"no board called {name!r} has been heard in this club")
    return _stream(name)


# ---- the director (the token link) ------------------------------------------------------------

director = Blueprint("director", __name__)


def require_director() -> ClubState:
    state = club_state()
    token = session.get("director")
    if not isinstance(token, str) or not same_token(token, state.director_token):
        raise Unauthorized("the director's pages need the link 'boardlight club' printed "
                           "(/director/...)")
    return state


@director.get("/director/<token>")
def claim(token: str) -> Any:
    state = club_state()
    if not same_token(token, state.director_token):
        raise NotFound("this director link is not valid: use the one 'boardlight club' "
                       "printed when it started")
    session.permanent = True
    session["director"] = token
    return redirect(url_for("director.director_page"), code=303)


@director.get("/director")
def director_page() -> str:
    state = require_director()
    return render_template("club_director.html", club=state.server.club)


def _director_info(state: ClubState) -> dict[str, Any]:
    from controller.rules import GAMES
    lang = page_lang()
    games = [{"name": g.name, "title": g.title,
              "variants": [v.name for v in g.variants.values() if len(v.seats) == 2]}
             for g in GAMES.values()]
    return {"event": words.event_words(state.director.view(), lang),
            "boards": state.server.summaries(),
            "games": words.games_menu([g for g in games if g["variants"]], lang),
            "systems": list(tournament.SYSTEMS), "tiebreaks": list(tournament.TIEBREAKS),
            "results": list(tournament.RESULTS)}


@director.get("/api/director")
def info() -> Response:
    return jsonify(_director_info(require_director()))


def _strings(body: dict[str, Any], key: str) -> list[str]:
    value = body.get(key)
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise BadRequest(f"{key!r} must be a list of names, e.g. [\"Ann\", \"Bob\"]")
    return value


@director.post("/api/director/event")
def create() -> Response:
    state = require_director()
    body = json_object(("name", "game", "variant", "system", "rounds", "players", "boards",
                        "tiebreaks", "replace"),
                       required=("name", "game", "system", "players"))
    rounds = body.get("rounds")
    if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool)):
        raise BadRequest("'rounds' must be a whole number")
    variant = text_field(body, "variant") if body.get("variant") is not None else None
    boards = _strings(body, "boards") if "boards" in body else state.server.board_names()
    tiebreaks = _strings(body, "tiebreaks") if "tiebreaks" in body else \
        ["buchholz", "sonneborn-berger"]
    if "replace" in body and not isinstance(body["replace"], bool):
        raise BadRequest("'replace' must be true or false")
    try:
        state.director.create(name=text_field(body, "name", 60),
                              game=text_field(body, "game"), variant=variant,
                              system=text_field(body, "system"), rounds=rounds,
                              players=_strings(body, "players"), boards=boards,
                              tiebreaks=tiebreaks, replace=bool(body.get("replace")))
    except tournament.TournamentError as exc:
        raise (Conflict if "still running" in str(exc) else BadRequest)(str(exc)) from None
    return jsonify(_director_info(state))


@director.post("/api/director/pair")
def pair() -> Response:
    state = require_director()
    json_object(())
    try:
        state.director.pair_next_round()
    except tournament.TournamentError as exc:
        raise Conflict(str(exc)) from None
    return jsonify(_director_info(state))


@director.post("/api/director/resend")
def resend() -> Response:
    state = require_director()
    json_object(())
    try:
        state.director.resend_round()
    except tournament.TournamentError as exc:
        raise Conflict(str(exc)) from None
    return jsonify(_director_info(state))


@director.post("/api/director/result")
def result() -> Response:
    state = require_director()
    body = json_object(("pairing", "result"), required=("pairing", "result"))
    try:
        state.director.correct(text_field(body, "pairing", 80), text_field(body, "result"))
    except tournament.TournamentError as exc:
        raise BadRequest(str(exc)) from None
    return jsonify(_director_info(state))


# ---- the app -------------------------------------------------------------------------------

ui = Blueprint("ui", __name__)


@ui.get("/ui/<path:filename>")
def ui_static(filename: str) -> Response:
    """The board pages' own scripts and styles (board.js, common.js, app.css)."""
    return send_from_directory(WEB_UI / "static", filename, max_age=300)


def create_club_app(server: ClubServer, director_: Director,
                    config: Mapping[str, Any] | None = None) -> Flask:
    # The club's templates first, then the board pages' (the status block, the errors).
    app = shell(__name__, DEFAULTS, config, page_lang,
                templates=(HERE / "templates", WEB_UI / "templates"),
                static_folder=HERE / "static")
    state = app.extensions["club"] = ClubState(server, director_, app.config)
    app.extensions["boardlight"] = state  # web_ui.server.WebServer sizes its pool on .hub
    # Each game's own script and style, wherever its manifest keeps them (web_ui.games).
    for bp in (room, director, ui, game_files):
        app.register_blueprint(bp)
    return app
