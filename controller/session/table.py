"""A game at a table: what the table page and each seat's phone may see, kept current.

After every batch of session events (on the session thread) the table computes a snapshot:
the public view, and one view per seat that adds only that seat's hidden information and the
prompts meant for it.  Pages read the latest snapshot without touching the session, and
``wait_for(version)`` lets a stream block until something new exists.  Hidden information
only ever enters a seat's own snapshot: the game's ``view(state, seat)`` strips the rest.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from controller.rules.capabilities import match_points
from controller.rules.series import GameScore, Series, SeriesRule
from controller.said import to_json
from controller.session.events import Committed, GameOver, OutEvent, TakenBack
from controller.session.runner import SessionRunner

NO_OPTIONS: dict[str, Any] = {"declare": {}, "declare_said": {}, "untraced": [],
                              "untraced_said": [], "untraced_facets": []}


def _prompt_json(p: Any) -> dict[str, Any]:
    """A prompt as data; the pages put it in words, in their reader's language."""
    return {"kind": p.kind, "message": p.message.to_json(), "choices": list(p.choices)}


class Table:
    def __init__(self, runner: SessionRunner) -> None:
        self.runner = runner
        self._cond = threading.Condition()
        self._version = 0
        self._public: dict[str, Any] = {}
        self._seats: dict[str, dict[str, Any]] = {}
        self._recent: list[dict[str, Any]] = []  # the last committed moves, for pages
        self._listeners: list[Callable[[int], None]] = []
        self.series: Series | None = None  # a match running across games
        # More public facts from outside the session (which seats the computer plays).
        self.extras: dict[str, Callable[[], Any]] = {}
        self._options: tuple[Any, dict[str, Any]] | None = None
        runner.subscribe(self._on_events)
        self._refresh(runner.session)

    # ---- reading ---------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self._version

    def public(self) -> dict[str, Any]:
        with self._cond:
            return self._public

    def seat(self, seat: str) -> dict[str, Any]:
        with self._cond:
            if seat not in self._seats:
                raise KeyError(seat)
            return self._seats[seat]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._public["seats"])

    def wait_for(self, version: int, timeout: float) -> int:
        """Block until the snapshot is newer than ``version`` (or the timeout); the version."""
        with self._cond:
            self._cond.wait_for(lambda: self._version > version, timeout)
            return self._version

    def on_change(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(version)`` after every new snapshot (on the session thread)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[int], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    # ---- keeping it current ------------------------------------------------------------------

    def replace_session(self, session: Any) -> None:
        """Swap in a new session (a new game) on the session thread."""
        def swap(old: Any) -> None:
            # The same browsers hold the seats until the web layer says otherwise (a new
            # game with other seats, or new links, tell the new session again).
            session.phones = getattr(old, "phones", frozenset())
            self.runner.session = session
            self._recent.clear()
            self._refresh(session)
        self.runner.call(swap).result(timeout=10)

    def start_match(self, rule: SeriesRule | None) -> None:
        """Begin a series (``None``: games stand alone); the next finished games count."""
        def begin(session: Any) -> None:
            self.series = Series(rule) if rule else None
            self._refresh(session)
        self.runner.call(begin).result(timeout=10)

    def match_goes_on(self) -> bool:
        return self.series is not None and self.series.outcome() is None

    def refresh(self) -> None:
        self.runner.call(self._refresh).result(timeout=10)

    def _on_events(self, out: list[OutEvent]) -> None:
        for e in out:
            if isinstance(e, Committed):
                if e.amends and self._recent and self._recent[-1]["move"] == e.amends:
                    self._recent.pop()
                self._recent.append({"ply": e.ply, "seat": e.seat, "move": e.move, "t": e.t,
                                     "said": e.said.to_json() if e.said else None,
                                     "by": self.by_of(e)})
            elif isinstance(e, TakenBack):
                self._recent = [m for m in self._recent if m["ply"] <= e.ply]
            elif isinstance(e, GameOver) and self.match_goes_on():
                self._count_game(self.runner.session)
        self._recent = self._recent[-20:]
        self._refresh(self.runner.session)

    def by_of(self, e: Committed) -> dict[str, Any]:
        """Who made a move, as it stood when it was made (a seat later given to the computer
        keeps its earlier moves a person's): the computer's level if the computer chose it,
        and the player's name, if the host gave one."""
        levels = self.extras.get("computer")
        names = self.extras.get("names")
        level = (levels() or {}).get(e.seat) if levels is not None and e.by_computer else None
        name = (names() or {}).get(e.seat) if names is not None else None
        return {"computer": level or None, "name": name or None}

    def restore_moves(self, moves: list[dict[str, Any]]) -> None:
        """The moves of a game taken up from the log, as the pages list them (``ply``,
        ``seat``, ``move``, ``t``, ``said``, ``by``): before the session thread starts."""
        self._recent = list(moves[-20:])
        self._refresh(self.runner.session)

    def _count_game(self, session: Any) -> None:
        assert self.series is not None
        game, state = session.game, session.state
        points = match_points(game, state)
        outcome = game.outcome(state)
        winners = frozenset(outcome.winners) if outcome else frozenset()
        self.series = self.series.add(GameScore(tuple(points.items()), winners))

    def _phone_options(self, session: Any) -> dict[str, Any]:
        """For the seat to move: the facets its legal moves differ in (to declare before the
        sensors see the move) with what each value is (``declare_said``), and its moves no
        sensor of this board sees (the phone makes them) with what each does
        (``untraced_said``).  Its own legal moves, in its own snapshot only; worked out once
        a position."""
        state, game = session.state, session.game
        if self._options is None or self._options[0] is not state:
            declare = game.facet_choices(state)
            untraced = session.index.untraced()
            self._options = (state, {
                "declare": declare,
                "declare_said": {facet: {v: to_json(game.facet_said(facet, v)) for v in values}
                                 for facet, values in declare.items()},
                "untraced": [fp.text for fp in untraced],
                "untraced_said": [session.index.described(fp).to_json() for fp in untraced],
                "untraced_facets": [dict(fp.facets) for fp in untraced]})
        return self._options[1]

    def _refresh(self, session: Any) -> None:
        game, state = session.game, session.state
        outcome = game.outcome(state)
        public_view = game.view(state, None)
        prompts = session.prompts
        public = {
            "game": game.name,
            "title": game.title,
            "variant": session.variant,
            "seats": list(game.seats(state)),
            "position": public_view.get("position", ""),
            "to_move": game.to_move(state),
            "ply": session.ply,
            "status": session.mode.value,
            "scores": public_view.get("scores", {}),
            "leds": {p: light.to_json() for p, light in sorted(session.lights.items())},
            "lights": session.spec.led_kind,
            "last_move": session.last_move.text if session.last_move else None,
            "moves": list(self._recent),
            "prompts": [_prompt_json(p) for p in prompts if p.seat is None],
            "correction": [list(p) for p in session.correction] if session.correction else None,
            "draw_offers": sorted(session.draw_offers),
            # Whose phone has declared something for the coming move (never what).
            "declared": sorted(seat for seat, d in session.declared.items()
                               if d.facets or (d.move is not None and not d.by_computer)),
            "outcome": outcome.to_json() if outcome else None,
            "clocks": session.clock_json(self.runner.now()),
            "match": self.series.to_json() if self.series else None,
            **{key: fn() for key, fn in self.extras.items()},
            # What stands on the board and beside it: public by nature (everyone at the
            # table sees the pieces); the pages draw it.
            "layout": {p: list(stack) for p, stack in game.layout(state).items()},
            "view": public_view,
        }
        seats = {}
        on_turn = public["to_move"] if session.mode.value == "playing" else None
        for seat in public["seats"]:
            mine = [_prompt_json(p) for p in prompts if p.seat == seat]
            options = self._phone_options(session) if seat == on_turn else NO_OPTIONS
            seats[seat] = {**public, "seat": seat, "view": game.view(state, seat),
                           "prompts": public["prompts"] + mine, **options}
        with self._cond:
            unchanged = (self._public and {**public, "version": self._version} == self._public
                         and all(self._seats.get(s) == {**v, "version": self._version}
                                 for s, v in seats.items()))
            if unchanged:
                return  # a refused action, a tick: nothing a page shows has changed
            self._version += 1
            self._public = {**public, "version": self._version}
            self._seats = {s: {**v, "version": self._version} for s, v in seats.items()}
            self._cond.notify_all()
        for listener in list(self._listeners):
            listener(self._version)
