"""Computer seats: the search runs on a thread of its own and posts its choice to the session.

When the seat to move is played by the computer, the player takes the position (on the
session thread, between events), thinks on its own thread for the seat's level of time, and
posts a ``ComputerMove``; the session then shows the move on the LEDs and in words, and a
human carries it out on the board.  The board never waits for the search: sensor events go
on being handled meanwhile, and a search for a position that has moved on (a take-back, a
new game) is cancelled and its answer ignored.  The search only ever sees what the seat may
see: ``controller.ai.think`` determinizes the hidden parts first.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

from controller.ai import level as find_level
from controller.ai import prepare, think
from controller.ai.levels import Level
from controller.session.events import ComputerMove, ComputerSeats, Handled, InEvent
from controller.session.mode import Mode
from controller.session.runner import SessionRunner
from controller.session.session import GameSession

log = logging.getLogger(__name__)


class ComputerPlayer:
    def __init__(self, runner: SessionRunner, clock: Callable[[], float]) -> None:
        self.runner = runner
        self.clock = clock
        self.levels: dict[str, Level] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        self._cancel: threading.Event | None = None
        self._thinking_for: tuple[int, str, Any] | None = None  # (ply, seat, state)
        self._future: Future[None] | None = None
        self._failures: dict[tuple[int, str, Any], int] = {}
        self.decisions = 0
        runner.subscribe(self._on_events)

    # ---- from any thread -----------------------------------------------------------------

    def set_level(self, seat: str, level: str | None) -> None:
        """Let the computer play ``seat`` at ``level`` (``None``: a human plays it)."""
        chosen = find_level(level) if level is not None else None

        def apply(session: GameSession) -> None:
            if seat not in session.game.seats(session.state):
                raise ValueError(f"{seat!r} is not a seat of this game; seats: "
                                 f"{', '.join(session.game.seats(session.state))}")
            self._cancel_search()
            if chosen is None:
                if self.levels.pop(seat, None) is not None:
                    # At once, on the session thread: no answer of a search still on its way
                    # can come after this (``_deliver`` checks the seat is still ours).
                    self._handle(session, ComputerMove(self.clock(), seat, None, session.ply))
            else:
                if seat not in self.levels:  # the ant game's table, before the first move
                    game, variant = session.game, session.game.variant_of(session.state).name
                    self._pool.submit(prepare, game, variant).add_done_callback(self._report)
                self.levels[seat] = chosen
            self._handle(session, ComputerSeats(self.clock(), self.seats()))
            self._maybe_think(session)
        self.runner.call(apply).result(timeout=10)

    @property
    def searching(self) -> bool:
        """Whether a search is under way (one that was stopped does not count)."""
        future, cancel = self._future, self._cancel
        return (future is not None and not future.done() and cancel is not None
                and not cancel.is_set())

    def seats(self) -> dict[str, str]:
        """The computer's seats and levels (from any thread: a copy taken in one step)."""
        return {seat: lv.name for seat, lv in list(self.levels.items())}

    def reset(self) -> None:
        """A new game: drop any search; the seats it still has keep their levels."""
        def apply(session: GameSession) -> None:
            self._cancel_search()
            seats = set(session.game.seats(session.state))
            for seat in [s for s in self.levels if s not in seats]:
                del self.levels[seat]
            self._handle(session, ComputerSeats(self.clock(), self.seats()))
            self._maybe_think(session)
        self.runner.call(apply).result(timeout=10)

    def close(self) -> None:
        self._cancel_search()
        self._pool.shutdown(wait=True, cancel_futures=True)

    # ---- on the session thread -----------------------------------------------------------

    def _on_events(self, handled: Handled) -> None:
        self._maybe_think(self.runner.session)

    def _maybe_think(self, session: GameSession) -> None:
        seat = session.to_move
        playing = session.mode is Mode.PLAYING
        if not playing or seat not in self.levels:
            if self._thinking_for is not None and (not playing or seat not in self.levels):
                self._cancel_search()
            return
        if session.computer_move is not None:
            return  # its move is on the board
        # The position, not only the ply: a provisional move amended after the computer
        # answered it leaves the ply as it was, and the answer must be thought again.  (The
        # state itself: compared by identity first, cheap on every event of the turn.)
        key = (session.ply, seat, session.state)
        if self._thinking_for == key:
            return  # already thinking about this position
        self._cancel_search()
        cancel = threading.Event()
        self._cancel, self._thinking_for = cancel, key
        game, state, lv = session.game, session.state, self.levels[seat]
        future: Future[None] = self._pool.submit(self._think, game, state, seat, session.ply,
                                                 lv, cancel)
        future.add_done_callback(partial(self._report, key=key))
        self._future = future

    def _cancel_search(self) -> None:
        if self._cancel is not None:
            self._cancel.set()
        self._cancel, self._thinking_for = None, None

    # ---- on the computer's thread --------------------------------------------------------

    def _think(self, game: Any, state: Any, seat: str, ply: int, lv: Level,
               cancel: threading.Event) -> None:
        prepare(game, game.variant_of(state).name)
        decision = think(game, state, seat, lv.budget(seed=ply, cancel=cancel))
        if cancel.is_set():
            return
        log.info("computer %s (%s): %s after %d nodes in %.2f s", seat, lv.name,
                 game.move_text(decision.move), decision.nodes, decision.seconds)
        event = ComputerMove(self.clock(), seat, game.move_text(decision.move), ply,
                             game.position_text(state))
        self.runner.call(lambda session: self._deliver(session, event, cancel))

    # ---- back on the session thread (answers, failures) ---------------------------------

    def _deliver(self, session: GameSession, event: ComputerMove, cancel: threading.Event
                 ) -> None:
        """Hand the answer to the session, unless the search was stopped meanwhile (cancel
        is only ever set on this thread, so the check and the hand-over are one step)."""
        if cancel.is_set() or event.seat not in self.levels:
            return
        self.decisions += 1
        self._handle(session, event)

    def _handle(self, session: GameSession, event: InEvent) -> None:
        self.runner.dispatch(session.handle(event))

    def _failed(self, session: GameSession, key: tuple[int, str, Any] | None) -> None:
        """A search raised: think again, once per position; after that a person plays the
        seat (the host page shows it) rather than the game waiting for ever."""
        if key is None or self._thinking_for != key:
            return
        self._thinking_for = None
        seat = key[1]
        if self._failures.get(key, 0) >= 1:
            log.error("the computer failed twice on this position: %s plays as a person now",
                      seat)
            if self.levels.pop(seat, None) is not None:
                self._handle(session, ComputerMove(self.clock(), seat, None, session.ply))
                self._handle(session, ComputerSeats(self.clock(), self.seats()))
            return
        self._failures[key] = self._failures.get(key, 0) + 1
        self._maybe_think(session)

    def _report(self, future: Future[None], key: tuple[int, str, Any] | None = None) -> None:
        error = future.exception()
        if error is not None:
            log.error("the computer's search failed: %s", error, exc_info=error)
            if key is not None:
                self.runner.call(lambda session: self._failed(session, key))
