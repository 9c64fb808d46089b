"""Two boards in two places play one game: two real ``boardlight serve`` processes on their own
simulated boards, board A on one Mosquitto and board B on another, the brokers bridged (as two
venues), with the shipped ACL and real users.  The test's hands move the simulated pieces as
players would, over HTTP: a move made on one board is shown on the other, carried out there,
and the game goes on; board B is killed with ``kill -9`` mid-game and takes up its game and
the move it was shown; no third party reads the match."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.remote.test_link import PASSWORDS, two_venues, until

ROOT = Path(__file__).resolve().parents[2]


class Board:
    """One ``boardlight serve`` process, and a browser's cookies for its host page."""

    def __init__(self, tmp: Path, name: str, user: str, port: int, shown: str) -> None:
        self.tmp, self.name = tmp, name
        self.command = [sys.executable, "-m", "boardlight", "serve", "--host", "127.0.0.1",
                        "--port", "0", "--db", str(tmp / f"{name}.db"),
                        "--remote", f"mqtt://{user}:{PASSWORDS[user]}@127.0.0.1:{port}",
                        "--remote-name", shown, "--remote-folder", str(tmp / f"{name}-remote"),
                        "--remote-heartbeat", "1"]
        self.proc: subprocess.Popen[str] | None = None
        self.printed = ""

    def start(self) -> Board:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(self.tmp / "data")}
        self.proc = subprocess.Popen(self.command, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
        self.printed = ""
        assert self.proc.stdout is not None
        while "Press Ctrl-C to stop." not in self.printed:
            line = self.proc.stdout.readline()
            assert line, f"board {self.name} stopped: {self.printed}"
            self.printed += line
        threading.Thread(target=self._drain, daemon=True).start()
        self.base = re.search(r"(http://127\.0\.0\.1:\d+)/host/", self.printed).group(1)
        token = re.search(r"/host/(\S+)", self.printed).group(1)
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.open(f"{self.base}/host/{token}", timeout=10).read()
        return self

    def _drain(self) -> None:
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        for line in proc.stdout:
            self.printed += line

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{self.base}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with self.opener.open(request, timeout=30) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path}: {exc.code} {exc.read().decode()}") from None

    def state(self) -> dict[str, Any]:
        return self.call("GET", "/api/state")

    def hand(self, lift: str, place: str) -> None:
        """A player's hand: one marble lifted, then put down, a moment apart."""
        self.call("POST", "/api/sim/lift", {"position": lift})
        time.sleep(0.3)
        self.call("POST", "/api/sim/place", {"position": place})

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)


def away(board: Board, other: str) -> bool:
    """The table says the other board cannot be reached."""
    return any(p["kind"] == "remote" and p["text"].startswith(f"{other} cannot be reached")
               for p in board.state()["prompts"])


def shown(board: Board) -> str:
    """The move shown on the table for someone there to carry out, in words ("" : none)."""
    return next((p["text"] for p in board.state()["prompts"] if p["kind"] == "computer"), "")


def cut_after_commit(board: Board) -> Any:
    """What a board's match files say now, and a function that puts them back so after a
    ``kill -9``: the files a power cut leaves when it comes between a move taken (the game's
    log has it) and its message to the other board (not in the link's outbox, not told)."""
    folder = board.tmp / f"{board.name}-remote"
    files = {path: path.read_text() for path in folder.glob("*.json")}

    def put_back() -> None:
        for path, text in files.items():
            path.write_text(text)
    return put_back


def test_abalone_across_two_bridged_brokers_with_a_board_killed_mid_game(tmp_path):
    with two_venues(tmp_path) as (venue_a, venue_b, _tls, _certs):
        anna = Board(tmp_path, "a", "t1", venue_a.port, "Anna's board").start()
        ben = Board(tmp_path, "b", "t2", venue_b.port, "Ben's board").start()
        try:
            until(lambda: anna.state()["status"] == "playing", "board A in play", 30)
            offer = anna.call("POST", "/api/host/remote/offer", {"seats": ["w"]})
            code = offer["remote_play"]["game"]["code"]
            assert re.fullmatch(r"[2-9A-Z]{3}-[2-9A-Z]{3}", code)
            assert "<svg" in offer["remote_play"]["game"]["qr"]
            joined = ben.call("POST", "/api/host/remote/join", {"code": code.lower()})
            assert joined["remote_play"]["game"]["partner"] == "Anna's board"
            until(lambda: anna.state()["remote"] == {"w": "Ben's board"}, "A: white at B", 30)
            until(lambda: ben.state()["remote"] == {"b": "Anna's board"}
                  and ben.state()["status"] == "playing", "B: black at A, in play", 30)
            assert anna.call("GET", "/api/host")["remote_play"]["game"]["partner"] == \
                "Ben's board"
            waiting = [p["text"] for p in ben.state()["prompts"] if p["kind"] == "remote"]
            assert waiting == ["Black plays at Anna's board: waiting for their move."]

            # Black moves on board A; board B shows it, and Ben carries it out.
            anna.hand("A1", "D4")
            until(lambda: anna.state()["ply"] == 1, "A: black's move taken", 20)
            until(lambda: shown(ben).startswith("Black played at Anna's board:"),
                  "B: black's move shown", 20)
            ben.hand("A1", "D4")
            until(lambda: ben.state()["ply"] == 1, "B: black's move carried out", 20)

            # White moves on board B; board A shows it. Board B is killed before Anna has
            # carried it out, and comes back with its game.
            ben.hand("I5", "F5")
            until(lambda: ben.state()["ply"] == 2, "B: white's move taken", 20)
            until(lambda: shown(anna).startswith("White played at Ben's board:"),
                  "A: white's move shown", 20)
            ben.kill()
            anna.hand("I5", "F5")
            until(lambda: anna.state()["ply"] == 2, "A: white's move carried out", 20)
            anna.hand("B1", "C2")   # black's second move, made while board B is down
            until(lambda: anna.state()["ply"] == 3, "A: black's second move taken", 20)
            ben.start()
            until(lambda: ben.state()["ply"] == 2 and ben.state()["remote"] ==
                  {"b": "Anna's board"}, "B: its game taken up", 30)
            until(lambda: shown(ben).startswith("Black played at Anna's board:"),
                  "B: black's second move shown after the restart", 30)
            ben.hand("B1", "C2")
            until(lambda: ben.state()["ply"] == 3, "B: black's second move carried out", 20)
            assert anna.state()["position"] == ben.state()["position"]

            # Black asks for that move back on board A; White answers on board B; both boards
            # take it back and guide the marble home.
            black, white = phone(anna, "b"), phone(ben, "w")
            act(anna, black, {"type": "takeback", "request": True})
            until(lambda: any(p["kind"] == "takeback" for p in ben.state()["prompts"]),
                  "B: the take-back asked", 20)
            act(ben, white, {"type": "takeback", "accept": True})
            until(lambda: anna.state()["ply"] == 2 and ben.state()["ply"] == 2,
                  "both boards took it back", 20)
            for board in (anna, ben):
                board.hand("C2", "B1")
                until(lambda b=board: not b.state()["correction"], "the marble back home", 20)
            assert anna.state()["position"] == ben.state()["position"]

            # Venue A's broker goes down (and with it the bridge): both tables say the other
            # board cannot be reached; Anna moves meanwhile; once the broker is back, board B
            # shows her move and the game goes on.
            venue_a.stop()
            until(lambda: away(anna, "Ben's board"), "A: Ben's board unreachable", 20)
            until(lambda: away(ben, "Anna's board"), "B: Anna's board unreachable", 20)
            told = cut_after_commit(anna)
            anna.hand("B1", "C2")
            until(lambda: anna.state()["ply"] == 3, "A: black's move during the cut", 20)
            # Board A loses power after taking the move but before telling board B (its
            # match files as they were before the move; the game's log has the move): once
            # back, it tells board B the move it took.
            anna.kill()
            told()
            venue_a.start()
            anna.start()
            until(lambda: anna.state()["ply"] == 3, "A: its game taken up", 30)
            black = phone(anna, "b")   # (a phone joins its seat again after a restart)
            until(lambda: shown(ben).startswith("Black played at Anna's board:"),
                  "B: the move made during the cut", 40)
            until(lambda: not away(anna, "Ben's board") and not away(ben, "Anna's board"),
                  "both boards reached again", 20)
            ben.hand("B1", "C2")
            until(lambda: ben.state()["ply"] == 3, "B: that move carried out", 20)
            assert anna.state()["position"] == ben.state()["position"]

            # A draw offered on board B is accepted on board A: the game ends on both.
            act(ben, white, {"type": "draw", "offer": True})
            until(lambda: anna.state()["draw_offers"] == ["w"], "A: White's offer", 20)
            act(anna, black, {"type": "draw", "accept": True})
            until(lambda: anna.state()["outcome"] and ben.state()["outcome"],
                  "the game drawn on both boards", 20)
            assert anna.state()["outcome"]["termination"] == ben.state()["outcome"][
                "termination"] == "agreed"
        finally:
            ben.stop()
            anna.stop()


def refused(board: Board, path: str, body: Any) -> str:
    """The words of a request refused with 409 (and nothing changed)."""
    try:
        board.call("POST", path, body)
    except AssertionError as exc:
        said = str(exc)
        assert " 409 " in said, said
        return said
    raise AssertionError(f"{path} {body} was not refused")


def test_wrong_offers_and_codes_are_refused_with_what_was_wrong(tmp_path):
    with two_venues(tmp_path) as (venue_a, _venue_b, _tls, _certs):
        anna = Board(tmp_path, "a", "t1", venue_a.port, "Anna's board").start()
        try:
            before = anna.call("GET", "/api/host")["remote_play"]
            assert before == {"broker": f"127.0.0.1:{venue_a.port}", "name": "Anna's board",
                              "game": None}
            assert "choose the seats played at the other board" in refused(
                anna, "/api/host/remote/offer", {"seats": ["b", "w"]})
            assert "choose the seats" in refused(anna, "/api/host/remote/offer",
                                                 {"seats": ["x"]})
            assert "codes never use 0, O, 1, I or L" in refused(
                anna, "/api/host/remote/join", {"code": "K0P-4QX"})
            assert "no board offers a game under the code K7P-4QX" in refused(
                anna, "/api/host/remote/join", {"code": "k7p4qx"})
            anna.call("POST", "/api/host/game", {"game": "crosswise"})
            assert "some of green, orange, not all" in refused(
                anna, "/api/host/remote/offer", {"seats": ["b"]})
            anna.call("POST", "/api/host/game", {"game": "crosswise",
                                                 "variant": "four-player"})
            assert "partners sit together: green-2 and green-1" in refused(
                anna, "/api/host/remote/offer", {"seats": ["orange-1", "orange-2", "green-2"]})
            assert anna.call("GET", "/api/host")["remote_play"]["game"] is None
        finally:
            anna.stop()


# ---- a game with hidden hands: Crosswise --------------------------------------------------------

def real_state(board: Board, game: Any) -> Any:
    """The position a board holds now, from its own event log (read, never written)."""
    from boardlight.eventlog import EventLog
    log = EventLog(board.tmp / f"{board.name}.db", owner=False)
    try:
        record = log.games()[-1]
        events = [e for e in log.events(record.id) if e.kind != "end"]
        text = events[-1].position if events else record.start
        return game.parse_position(text, record.variant)
    finally:
        log.close()


def host_state(host: Board, guest: Board, game: Any, seats: list[str]) -> Any:
    """The host board's position, once the guest board holds its own players' hands as the
    host does (the host's position after the last move taken there: a tile or card drawn
    after the guest's own move is the host's deal, one message later)."""
    until(lambda: all(game.view(real_state(guest, game), seat)
                      == game.view(real_state(host, game), seat) for seat in seats)
          and guest.state()["ply"] == host.state()["ply"],
          f"board {guest.name} holding its players' hands as the host does")
    return real_state(host, game)


def phone(board: Board, seat: str) -> Any:
    """A player's phone joined to ``seat`` on ``board`` (its own cookies)."""
    url = next(s["url"] for s in board.call("GET", "/api/host")["seats"] if s["seat"] == seat)
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    opener.open(url, timeout=10).read()
    return opener


def rejoined(board: Board, seat: str, opener: Any) -> Any:
    """The seat's phone after its board restarted: the same browser if the board kept its
    links (the seat is still this phone's), else joined again with the new link."""
    try:
        return phone(board, seat)
    except urllib.error.HTTPError as exc:
        if exc.code != 409:
            raise
        return opener


def act(board: Board, opener: Any, action: dict[str, Any]) -> None:
    """A phone's action (``POST /api/seat/action``)."""
    request = urllib.request.Request(f"{board.base}/api/seat/action",
                                     data=json.dumps(action).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=30) as r:
            assert r.status in (200, 202), r.read()
    except urllib.error.HTTPError as exc:
        raise AssertionError(f"{action}: {exc.code} {exc.read().decode()}") from None


def declare(board: Board, opener: Any, move: str) -> None:
    act(board, opener, {"type": "move", "move": move})


def test_crosswise_across_two_boards_each_hand_private_to_its_board_through_power_cuts(
        tmp_path):
    from controller.rules.crosswise import CROSSWISE as CW
    with two_venues(tmp_path) as (venue_a, venue_b, _tls, _certs):
        spy, heard = spying(venue_a)
        anna = Board(tmp_path, "a", "t1", venue_a.port, "Anna's board").start()
        ben = Board(tmp_path, "b", "t2", venue_b.port, "Ben's board").start()
        try:
            anna.call("POST", "/api/host/game", {"game": "crosswise", "variant": "two-player"})
            until(lambda: anna.state()["status"] == "playing", "board A in play", 30)
            code = anna.call("POST", "/api/host/remote/offer",
                             {"seats": ["orange"]})["remote_play"]["game"]["code"]
            ben.call("POST", "/api/host/remote/join", {"code": code})
            until(lambda: ben.state()["status"] == "playing"
                  and ben.state()["remote"] == {"green": "Anna's board"}, "B in play", 30)
            green, orange = phone(anna, "green"), phone(ben, "orange")
            for ply in range(6):
                mover, other, hand = (anna, ben, green) if ply % 2 == 0 else (ben, anna, orange)
                state = host_state(anna, ben, CW, ["orange"])
                assert CW.to_move(state) == ("green" if ply % 2 == 0 else "orange")
                texts = [CW.move_text(m) for m in CW.legal_moves(state)]
                # A symbol tile laid, if the hand holds one; else an action tile played.
                move = next((t for t in texts if t[0].isdigit()), texts[0])
                declare(mover, hand, move)
                carry(mover, CW, state, move, "two-player")
                until(lambda m=mover, p=ply: m.state()["ply"] == p + 1, f"ply {ply + 1} taken",
                      20)
                try:
                    until(lambda o=other: shown(o) != "", f"ply {ply + 1} shown on the other", 20)
                except AssertionError:
                    print("A:", anna.printed[-3000:], "\nB:", ben.printed[-3000:])
                    raise
                carry(other, CW, state, move, "two-player")
                until(lambda o=other, p=ply: o.state()["ply"] == p + 1,
                      f"ply {ply + 1} carried out on the other board", 20)
                if ply in (1, 3):
                    # A power cut: the guest board after ply 2, the host board after ply 4;
                    # each takes up the game (the guest on the host's deals in its log).
                    cut = ben if ply == 1 else anna
                    cut.kill()
                    cut.start()
                    until(lambda c=cut, p=ply: c.state()["ply"] == p + 1
                          and c.state()["status"] == "playing", "taken up after the cut", 30)
                    if cut is ben:
                        orange = rejoined(ben, "orange", orange)
                    else:
                        green = rejoined(anna, "green", green)
            assert anna.state()["position"] == ben.state()["position"]
            # Orange's hand is the same on both boards; Green's is real only on board A.
            a_state = host_state(anna, ben, CW, ["orange"])
            b_state = real_state(ben, CW)
            assert CW.view(a_state, "orange")["hand"] == CW.view(b_state, "orange")["hand"]
            # Orange resigns on the phone at board B: the game ends on both boards.
            act(ben, orange, {"type": "resign"})
            until(lambda: anna.state()["outcome"] and ben.state()["outcome"],
                  "the resignation on both boards", 20)
            assert anna.state()["outcome"]["winners"] == ben.state()["outcome"][
                "winners"] == ["green"]
        finally:
            ben.stop()
            anna.stop()
            spy.stop()
        # What went to board B: never Green's real hand at that ply (as board A's
        # log has it), and every position one Orange sees as it is.
        real = _positions_by_ply(tmp_path / "a.db", CW)
        dealt = _sent_to(heard, "t2", code.replace("-", ""), CW, "two-player")
        assert len(dealt) >= 6
        differs = 0
        for ply, d in dealt:
            assert CW.view(d, "orange") == CW.view(real[ply], "orange"), ply
            differs += CW.view(d, "green")["hand"] != CW.view(real[ply], "green")["hand"]
        assert differs >= len(dealt) // 2, (differs, len(dealt))


def spying(venue: Any) -> tuple[Any, list[tuple[str, bytes]]]:
    """A connection reading every match message on ``venue`` (board A's broker: everything of
    a match passes it; the bridge's own user reads there, while on broker B that user is the
    bridge's connection itself), and what it heard."""
    from club.mqtt import Connection
    from tests.remote.test_link import user
    heard: list[tuple[str, bytes]] = []
    spy = Connection(user(venue.url, "bridge"), "spy",
                     on_message=lambda t, p, _r: heard.append((t, p)))
    spy.start()
    assert spy.wait_connected(10)
    spy.subscribe("boardlight/v1/match/#")
    return spy, heard


def _positions_by_ply(db: Path, game: Any) -> dict[int, Any]:
    """The last game's position after each ply, as the host board's log has it."""
    from boardlight.eventlog import EventLog
    log = EventLog(db, owner=False)
    try:
        record = log.games()[-1]
        out = {0: game.parse_position(record.start, record.variant)}
        for e in log.events(record.id):
            if e.kind in ("move", "amend", "takeback"):   # not an end: no board position
                out[e.ply] = game.parse_position(e.position, record.variant)
    finally:
        log.close()
    return out


def _sent_to(heard: list[tuple[str, bytes]], board: str, match: str, game: Any,
             variant: str) -> list[tuple[int, Any]]:
    """The positions sent to ``board`` in ``match``, with their plies."""
    from remote import topics
    out = []
    for topic, raw in heard:
        address = topics.parse_topic(topic)
        if address.kind != "direct" or address.board != board or address.match != match:
            continue
        body = json.loads(raw)
        if body["kind"] == "position":
            out.append((body["body"]["ply"], game.parse_position(body["body"]["position"],
                                                                 variant)))
    return out


# ---- every game, to its end ---------------------------------------------------------------

def carry(board: Board, game: Any, state: Any, move: str, variant: str) -> None:
    """The hand carries out ``move`` on ``board``'s simulated board, a piece at a time (the
    physical order ``controller.session.handplan`` plans), each step read before the next."""
    from controller.session.handplan import hand_steps
    from controller.session.moves import moves_of
    from hardware.simboard import default_spec
    fp = moves_of(game, state, default_spec(game, variant)).find(move)
    assert fp is not None, move
    layout = board.call("GET", "/api/sim")["layout"]
    before = {p: tuple(stack) for p, stack in layout.items()}
    for step in hand_steps(fp.effect, before=before):
        if step.action == "lift":
            board.call("POST", "/api/sim/lift", {"position": step.position})
        else:
            board.call("POST", "/api/sim/place", {"position": step.position,
                                                   "piece": step.piece})
        time.sleep(0.15)


def carried(board: Board, ply: int, what: str) -> None:
    """Wait for ``board`` to take ply ``ply``; a move that could still grow is ended with the
    board's End turn, as a player would."""
    try:
        # (The session takes a move that could still grow after its settle time, at most
        # 2.5 s; one still waiting then waits for the button.)
        until(lambda: board.state()["ply"] >= ply, what, 3.5)
    except AssertionError:
        board.call("POST", "/api/sim/button", {"button": "end-turn"})
        until(lambda: board.state()["ply"] >= ply, what, 20)


GAMES = (("abalone", "standard"), ("crosswise", "two-player"), ("drhombix", "cuckoo-square"),
         ("plimus", "two-player"), ("rhombus", "two-player"), ("rhombus", "four-player"))
BEFORE_THE_END = 4   # plies of each game played across the boards, to its end
# The games whose whole game (40-50 plies from the start) is played across the boards too;
# the others take 250-350 plies, minutes each at a person's pace on the simulated boards.
WHOLE = (("crosswise", "two-player"), ("drhombix", "cuckoo-square"))


def choose(game: Any, state: Any, rng: Any) -> Any:
    """A move a player bent on finishing would make: one that wins, else one that scores,
    else any."""
    mover, legal = game.to_move(state), list(game.legal_moves(state))
    rng.shuffle(legal)
    scores = getattr(game, "scores", None)
    before = (scores(state) or {}).get(mover, 0) if scores else 0
    scoring = None
    for move in legal[:60]:
        after = game.apply(state, move)
        outcome = game.outcome(after)
        if outcome is not None and mover in outcome.winners:
            return move
        if scoring is None and scores and (scores(after) or {}).get(mover, 0) > before:
            scoring = move
    return scoring or legal[0]


def near_the_end(game: Any, variant: str, rng: Any, before: int | None = BEFORE_THE_END
                 ) -> tuple[Any, list[str]]:
    """A position ``before`` plies before the end of a game played so (the rules alone, in
    this process; ``None``: its start), and the moves that end it from there: each game is
    then played to its end across the two boards with those moves (the position text carries
    what decides the rest: the bag's or the pile's order, a reshuffle's seed)."""
    states, moves = [game.setup(variant, seed=rng.randrange(2**31))], []
    while game.outcome(states[-1]) is None:
        move = choose(game, states[-1], rng)
        moves.append(game.move_text(move))
        states.append(game.apply(states[-1], move))
        assert len(states) < 5000, "no end in 5000 plies"
    k = 0 if before is None else max(0, len(moves) - before)
    return states[k], moves[k:]


def test_every_game_played_to_its_end_across_two_boards(tmp_path):
    """Abalone, Crosswise, DRHOMBIX, Plimus, Rhombus and Rhombus for four (a team at each
    board), each from a position a few plies before its end, set up by the host, played
    across the two boards until the rules end it: the same result on both boards.  What went
    to board B in the games with hidden hands is checked on the broker."""
    play_across(tmp_path, GAMES, BEFORE_THE_END, seed=31)


def test_whole_games_played_across_two_boards(tmp_path):
    """A whole game of Crosswise (hidden hands) and of DRHOMBIX, from the start to the end
    the rules give it, played across the two boards: the same position after every ply and
    the same result; what went to board B in Crosswise is checked on the broker."""
    play_across(tmp_path, WHOLE, None, seed=7)


def play_across(tmp_path: Path, games: Any, before: int | None, seed: int) -> None:
    """Each of ``games`` in turn on the same two boards, from ``before`` plies before its end
    (``None``: from its start), played across until the rules end it."""
    import random

    from controller.rules import find_game
    rng = random.Random(seed)
    with two_venues(tmp_path) as (venue_a, venue_b, _tls, _certs):
        spy, heard = spying(venue_a)
        anna = Board(tmp_path, "a", "t1", venue_a.port, "Anna's board").start()
        ben = Board(tmp_path, "b", "t2", venue_b.port, "Ben's board").start()
        try:
            for name, variant in games:
                game = find_game(name)
                hidden = name in ("crosswise", "rhombus")
                for board in (anna, ben):
                    if board.call("GET", "/api/host")["remote_play"]["game"]:
                        board.call("POST", "/api/host/remote/leave", {})
                start, finale = near_the_end(game, variant, rng, before)
                anna.call("POST", "/api/host/game", {
                    "game": name, "variant": variant, "position": game.position_text(start)})
                until(lambda: anna.state()["status"] == "playing", f"A: {name} in play", 30)
                seats = anna.state()["seats"]
                # Board B's players: the second seat's side (partners sit together).
                there = [s for s in seats if game.same_side(start, s, seats[1])]
                here = [s for s in seats if s not in there]
                code = anna.call("POST", "/api/host/remote/offer",
                                 {"seats": there})["remote_play"]["game"]["code"]
                # Ben looks the code up, sees what is offered, and takes the seats.
                offered = ben.call("POST", "/api/host/remote/look", {"code": code})
                assert offered["board"] == "Anna's board"
                assert [s["seat"] for s in offered["seats"]] == there
                if len(there) > 1:
                    assert "partners sit together" in refused(
                        ben, "/api/host/remote/join", {"code": code, "seats": there[:1]})
                ben.call("POST", "/api/host/remote/join", {"code": code, "seats": there})
                until(lambda h=here, n=name: ben.state()["status"] == "playing"
                      and ben.state()["remote"] == {s: "Anna's board" for s in h}
                      and ben.call("GET", "/api/host")["game"] == n, f"B: {name}", 30)
                phones = {**{s: (anna, phone(anna, s)) for s in here},
                          **{s: (ben, phone(ben, s)) for s in there}}
                for ply, move in enumerate(finale):
                    mover, opener = phones[anna.state()["to_move"]]
                    other = ben if mover is anna else anna
                    state = host_state(anna, ben, game, there)
                    # Said on the phone first: the hand's tile or cards, and which of the
                    # moves a reading may be (a DRHOMBIX raise or a Plimus jump).
                    declare(mover, opener, move)
                    carry(mover, game, state, move, variant)
                    carried(mover, ply + 1, f"{name} ply {ply + 1} taken")
                    # Shown there (a move that changes nothing on the board, a Rhombus 8 or
                    # a lone kill card, is taken there at once: nothing to carry out).
                    until(lambda o=other, p=ply: shown(o) != "" or o.state()["ply"] > p,
                          f"{name} ply {ply + 1} shown", 20)
                    if other.state()["ply"] == ply:   # (the same public move on each board)
                        carry(other, game, state, move, variant)
                    carried(other, ply + 1, f"{name} ply {ply + 1} carried out there")
                    # (The guest takes the host's position after it a message later.)
                    until(lambda: anna.state()["position"] == ben.state()["position"],
                          f"{name} ply {ply + 1}: the same position on both boards", 10)
                until(lambda: anna.state()["outcome"] and ben.state()["outcome"],
                      f"{name}: the end on both boards", 20)
                a_end, b_end = anna.state()["outcome"], ben.state()["outcome"]
                assert a_end["termination"] == b_end["termination"] not in (
                    "resigned", "agreed", "abandoned"), (name, a_end)
                assert sorted(a_end["winners"]) == sorted(b_end["winners"]), name
                if hidden:
                    # What went to board B: its players' views as they are; the other
                    # hands dealt, not board A's (which its log has, ply by ply).
                    real = _positions_by_ply(tmp_path / "a.db", game)
                    sent = _sent_to(heard, "t2", code.replace("-", ""), game, variant)
                    assert len(sent) >= len(finale), (name, len(sent))
                    for at, d in sent:
                        for seat in there:
                            assert game.view(d, seat) == game.view(real[at], seat), (name, at)
        finally:
            ben.stop()
            anna.stop()
            spy.stop()
