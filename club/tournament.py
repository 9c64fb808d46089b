"""A club tournament: players, rounds, pairings, results, standings; immutable values.

Pairings come from caissify-pairings: round robin by the FIDE Berger tables, Swiss by the
FIDE Dutch system (the library gets each player's score, colours, floats, byes and the
pairs already played).  Two-player variants only ("white" is the seat that moves first).
A win is 1 point, a draw ½, a bye 1.  Tie-breaks, in the order the director chose:
``buchholz`` (the opponents' points), ``sonneborn-berger`` (the points of opponents beaten,
half those of opponents drawn), ``wins``.  A result comes from the board by itself, once: a
finished game's result is never replaced by another board message, only by the director's
correction (which wins over what the board said).  The CSV exports neutralise every cell a
spreadsheet would run as a formula (OWASP's CSV-injection rule).
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from caissify_pairings import generate_pairings

from controller.errors import BoardError
from controller.rules import GAMES, find_game

SYSTEMS = ("round-robin", "swiss")
TIEBREAKS = ("buchholz", "sonneborn-berger", "wins")
RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
NAME_LIMIT = 40
BOARD_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")   # as club.topics.NAME

log = logging.getLogger(__name__)


class TournamentError(BoardError, ValueError):
    """A tournament step that cannot be done as asked; the message says why and what to do."""


@dataclass(frozen=True)
class Pairing:
    id: str
    round: int
    table: int
    white: int              # player number (1-based), plays the seat that moves first
    black: int | None       # None: a bye for white
    board: str | None = None


@dataclass(frozen=True)
class Result:
    score: str              # "1-0", "0-1", "1/2-1/2"
    source: str             # "board" or "director"
    board: str | None = None
    game_id: int | None = None


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    game: str
    variant: str
    system: str
    rounds: int
    tiebreaks: tuple[str, ...]
    players: tuple[str, ...]
    boards: tuple[str, ...]
    pairings: tuple[Pairing, ...] = ()
    results: tuple[tuple[str, Result], ...] = ()    # pairing id -> result, in arrival order
    created: float = 0.0    # wall time the director made it (a board tells a stale pairing)

    # ---- reading -------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, str]:
        seats = find_game(self.game).variant(self.variant).seats
        return seats[0], seats[1]

    @property
    def current_round(self) -> int:
        return max((p.round for p in self.pairings), default=0)

    def round_pairings(self, n: int) -> list[Pairing]:
        return [p for p in self.pairings if p.round == n]

    def result(self, pairing_id: str) -> Result | None:
        found = None
        for pid, r in self.results:
            if pid == pairing_id:
                found = r
        return found

    def pairing(self, pairing_id: str) -> Pairing:
        for p in self.pairings:
            if p.id == pairing_id:
                return p
        raise TournamentError(f"no pairing {pairing_id!r} in {self.name}")

    def round_done(self, n: int) -> bool:
        return all(p.black is None or self.result(p.id) is not None
                   for p in self.round_pairings(n))

    def points(self, pairing: Pairing) -> tuple[float, float] | None:
        if pairing.black is None:
            return (1.0, 0.0)
        r = self.result(pairing.id)
        return None if r is None else RESULTS[r.score]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "game": self.game, "variant": self.variant,
                "system": self.system, "rounds": self.rounds,
                "tiebreaks": list(self.tiebreaks), "players": list(self.players),
                "boards": list(self.boards),
                "pairings": [p.__dict__ for p in self.pairings],
                "results": [[pid, r.__dict__] for pid, r in self.results],
                "created": self.created}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Event:
        return Event(data["id"], data["name"], data["game"], data["variant"], data["system"],
                     int(data["rounds"]), tuple(data["tiebreaks"]), tuple(data["players"]),
                     tuple(data["boards"]), tuple(Pairing(**p) for p in data["pairings"]),
                     tuple((pid, Result(**r)) for pid, r in data["results"]),
                     float(data.get("created", 0.0)))


def _printable(text: Any) -> bool:
    """A name as typed: printable characters and spaces only, once the ends are trimmed (a
    control character, a NUL, a line break or a tab inside is refused, not turned into a
    space)."""
    return isinstance(text, str) and text.strip().isprintable()


def create_event(name: str, game: str, variant: str | None, system: str, rounds: int | None,
                 players: Sequence[str], boards: Sequence[str],
                 tiebreaks: Sequence[str] = ("buchholz", "sonneborn-berger"),
                 event_id: str = "e1", created: float = 0.0) -> Event:
    """Check everything the director typed; every mistake is named with its fix."""
    if not _printable(name):
        raise TournamentError("the event's name must be printable characters only (no "
                              "control character)")
    name = " ".join(str(name).split())
    if not name or len(name) > 60:
        raise TournamentError("the event needs a name of 1 to 60 characters")
    if game not in GAMES:
        raise TournamentError(f"no game called {game!r}; the games are: {', '.join(GAMES)}")
    g = find_game(game)
    try:
        v = g.variant(variant)
    except (LookupError, ValueError):
        raise TournamentError(f"{g.title} has no variant {variant!r}; the variants are: "
                              f"{', '.join(g.variants)}") from None
    if len(v.seats) != 2:
        raise TournamentError(f"{g.title} {v.name} is for {len(v.seats)} players; club "
                              "tournaments pair two players a game: choose a two-player "
                              "variant")
    if system not in SYSTEMS:
        raise TournamentError(f"system {system!r}: use one of {', '.join(SYSTEMS)}")
    if not all(_printable(p) for p in players):
        raise TournamentError(f"a player's name is at most {NAME_LIMIT} printable characters "
                              "(no control character)")
    clean = [" ".join(str(p).split()) for p in players]
    clean = [p for p in clean if p]
    if len(clean) < 2:
        raise TournamentError("a tournament needs at least two players")
    if any(len(p) > NAME_LIMIT for p in clean):
        raise TournamentError(f"a player's name is at most {NAME_LIMIT} printable characters")
    seen = {p.lower() for p in clean}
    if len(seen) != len(clean):
        raise TournamentError("two players have the same name: tell them apart (add an "
                              "initial)")
    full = len(clean) - 1 if len(clean) % 2 == 0 else len(clean)
    if system == "round-robin":
        rounds = full if rounds is None else rounds
        if rounds != full:
            raise TournamentError(f"a round robin of {len(clean)} players has {full} rounds")
    elif rounds is None or not 1 <= rounds <= full:
        raise TournamentError(f"a Swiss of {len(clean)} players has 1 to {full} rounds")
    bad = [t for t in tiebreaks if t not in TIEBREAKS]
    if bad:
        raise TournamentError(f"tie-break {bad[0]!r}: use any of {', '.join(TIEBREAKS)}")
    if len(set(boards)) != len(list(boards)):
        raise TournamentError("a board is listed twice")
    bad = [b for b in boards if not isinstance(b, str) or not BOARD_NAME.match(b)]
    if bad:
        raise TournamentError(f"board {str(bad[0])[:40]!r}: a board's name is 1 to 32 "
                              "letters, digits, '-' or '_'")
    tables = len(clean) // 2
    if len(boards) < tables:
        raise TournamentError(f"{len(clean)} players need {tables} boards; the club has "
                              f"{len(boards)}: connect more boards or pair fewer players")
    return Event(event_id, name, game, v.name, system, rounds, tuple(tiebreaks), tuple(clean),
                 tuple(boards), created=created)


# ---- pairing ---------------------------------------------------------------------------------

@dataclass
class _History:
    score: float = 0.0
    colours: list[str] = field(default_factory=list)
    floats: list[str] = field(default_factory=list)
    byes: int = 0


def _histories(event: Event) -> dict[int, _History]:
    h = {n: _History() for n in range(1, len(event.players) + 1)}
    for rnd in range(1, event.current_round + 1):
        before = {n: x.score for n, x in h.items()}
        for p in event.round_pairings(rnd):
            pts = event.points(p) or (0.0, 0.0)
            if p.black is None:
                h[p.white].colours.append("none")
                h[p.white].floats.append("down")
                h[p.white].byes += 1
                h[p.white].score += 1.0
                continue
            for me, other, colour, got in ((p.white, p.black, "white", pts[0]),
                                           (p.black, p.white, "black", pts[1])):
                h[me].colours.append(colour)
                diff = before[other] - before[me]
                h[me].floats.append("up" if diff > 0 else "down" if diff < 0 else "none")
                h[me].score += got
    return h


def pair_next_round(event: Event) -> Event:
    """The next round's pairings, on the event's boards (table k on the k-th board)."""
    n = event.current_round
    if n >= event.rounds:
        raise TournamentError(f"all {event.rounds} rounds are paired")
    if n and not event.round_done(n):
        missing = [p.table for p in event.round_pairings(n)
                   if p.black is not None and event.result(p.id) is None]
        tables = ", ".join(map(str, missing))
        raise TournamentError(f"round {n} is not over: no result yet at table {tables} (the "
                              "board sends it, or enter it)")
    history = _histories(event)
    players = [{"id": k, "name": name, "score": history[k].score, "rating": 0,
                "starting_number": k, "color_hist": history[k].colours,
                "float_history": history[k].floats, "bye_count": history[k].byes}
               for k, name in enumerate(event.players, 1)]
    played = {(p.white, p.black) for p in event.pairings if p.black is not None}
    try:
        made = generate_pairings(system="dutch" if event.system == "swiss" else "round_robin",
                                 players=players, previous_pairings=played,
                                 round_number=n + 1, total_rounds=event.rounds)
    except Exception as exc:  # the library's own words: no pairing exists, ...
        raise TournamentError(f"round {n + 1} cannot be paired: {exc}") from None
    games = sorted((m for m in made if m.get("black_id") is not None),
                   key=lambda m: int(m["table"]))
    byes = [m for m in made if m.get("black_id") is None]
    out = []
    for table, m in enumerate(games, 1):
        out.append(Pairing(f"{event.id}-r{n + 1}-t{table}", n + 1, table, int(m["white_id"]),
                           int(m["black_id"]), event.boards[table - 1]))
    for k, m in enumerate(byes, len(games) + 1):
        out.append(Pairing(f"{event.id}-r{n + 1}-bye{k}", n + 1, k, int(m["white_id"]), None))
    return replace(event, pairings=event.pairings + tuple(out))


def pairing_message(event: Event, p: Pairing) -> dict[str, Any]:
    """What goes to the board (``club.topics.check_pairing`` reads it): its event (the id,
    the name, when the director made it) and round, so that a board tells a stale pairing
    from the current one."""
    assert p.black is not None and p.board is not None
    first, second = event.seats
    return {"v": 1, "board": p.board, "id": p.id, "event": event.name, "event_id": event.id,
            "created": event.created, "round": p.round, "table": p.table,
            "game": event.game, "variant": event.variant,
            "names": {first: event.players[p.white - 1], second: event.players[p.black - 1]}}


# ---- results ---------------------------------------------------------------------------------

def score_from_board(event: Event, winners: Sequence[str], reason: str) -> str | None:
    """A board's result in tournament words; None when the game did not really end (a
    game the host abandoned by starting another)."""
    first, second = event.seats
    if reason == "abandoned":
        return None
    if list(winners) == [first]:
        return "1-0"
    if list(winners) == [second]:
        return "0-1"
    if not winners:
        return "1/2-1/2"
    return None


def record_result(event: Event, pairing_id: str, score: str, source: str,
                  board: str | None = None, game_id: int | None = None) -> Event:
    p = event.pairing(pairing_id)
    if p.black is None:
        raise TournamentError("a bye has no result to enter")
    if score not in RESULTS:
        raise TournamentError(f"result {score!r}: use one of {', '.join(RESULTS)}")
    old = event.result(pairing_id)
    new = Result(score, source, board, game_id)
    if source == "board" and old is not None:
        # A finished game's result stands: the director's correction over any board, and a
        # board's over a later message (a stale pairing played again, a board's second game
        # of the pairing); only the director changes it.
        if old != new:
            log.warning("%s: %s (game %s) sent %s, but %s from %s stands; only the "
                        "director's correction changes it", pairing_id, board, game_id,
                        score, old.score, old.source)
        return event
    return replace(event, results=event.results + ((pairing_id, new),))


# ---- standings -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    points: float
    games: int
    wins: int
    tiebreaks: tuple[tuple[str, float], ...]


def standings(event: Event) -> list[Standing]:
    n = len(event.players)
    pts = {k: 0.0 for k in range(1, n + 1)}
    wins = dict.fromkeys(pts, 0)
    games = dict.fromkeys(pts, 0)
    met: dict[int, list[tuple[int, float]]] = {k: [] for k in pts}
    for p in event.pairings:
        got = event.points(p)
        if got is None:
            continue
        pts[p.white] += got[0]
        if p.black is None:
            continue
        pts[p.black] += got[1]
        games[p.white] += 1
        games[p.black] += 1
        wins[p.white] += got[0] == 1.0
        wins[p.black] += got[1] == 1.0
        met[p.white].append((p.black, got[0]))
        met[p.black].append((p.white, got[1]))
    tb: dict[int, dict[str, float]] = {}
    for k in pts:
        tb[k] = {"buchholz": sum(pts[o] for o, _ in met[k]),
                 "sonneborn-berger": sum(pts[o] * s for o, s in met[k]),
                 "wins": float(wins[k])}
    order = sorted(pts, key=lambda k: (-pts[k], *(-tb[k][t] for t in event.tiebreaks), k))
    out: list[Standing] = []
    for i, k in enumerate(order):
        key = (pts[k], *(tb[k][t] for t in event.tiebreaks))
        prev = out[-1] if out else None
        same = prev is not None and (prev.points, *(v for _, v in prev.tiebreaks)) == key
        rank = prev.rank if same and prev else i + 1
        out.append(Standing(rank, event.players[k - 1], pts[k], games[k], wins[k],
                            tuple((t, tb[k][t]) for t in event.tiebreaks)))
    return out


def standings_json(event: Event) -> list[dict[str, Any]]:
    return [{"rank": s.rank, "player": s.player, "points": s.points, "games": s.games,
             "wins": s.wins, "tiebreaks": dict(s.tiebreaks)} for s in standings(event)]


def _fmt(x: float) -> str:
    return f"{x:g}"


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text: one starting with =, +, -, @, a tab or a
    carriage return (a formula to Excel, LibreOffice, Sheets) gets a leading ' (OWASP)."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


class _Writer:
    def __init__(self, out: io.StringIO) -> None:
        self._w = csv.writer(out)

    def writerow(self, row: Sequence[Any]) -> None:
        self._w.writerow([cell(x) for x in row])


def standings_csv(event: Event) -> str:
    out = io.StringIO()
    w = _Writer(out)
    w.writerow(["rank", "player", "points", "games", "wins", *event.tiebreaks])
    for s in standings(event):
        w.writerow([s.rank, s.player, _fmt(s.points), s.games, s.wins,
                    *(_fmt(v) for _, v in s.tiebreaks)])
    return out.getvalue()


def games_csv(event: Event, moves: dict[str, list[tuple[str, str]]]) -> str:
    """Every game: round, table, board, players, result (and who entered it), the moves in
    the game's notation and in words (each move's words as the wording layer says them: a
    pairing's moves are (text, words) pairs)."""
    first, second = event.seats
    out = io.StringIO()
    w = _Writer(out)
    w.writerow(["round", "table", "board", first, second, "result", "result from", "moves",
                "moves in words"])
    for p in event.pairings:
        r = event.result(p.id)
        played = moves.get(p.id, [])
        w.writerow([p.round, p.table, p.board or "", event.players[p.white - 1],
                    event.players[p.black - 1] if p.black else "(bye)",
                    "bye" if p.black is None else (r.score if r else ""),
                    r.source if r else "", " ".join(text for text, _ in played),
                    "; ".join(said for _, said in played if said)])
    return out.getvalue()


def save(event: Event) -> str:
    return json.dumps(event.to_json(), indent=1)
