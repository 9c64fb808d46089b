"""What a session shows after an event: one frozen snapshot, the only thing its readers read.

``GameSession.handle`` returns the events an event made and the snapshot after it
(``events.Handled``); the pages, the club publisher and ``boardlight simulate`` read
snapshots, never the live session.  A snapshot names its game and variant, so a page never
pairs one game's words with another game's position, and carries a ``version``: a page's
request names the version it answered (a stale answer is refused), a stream sends each
version once.  A new snapshot is made only when something a reader sees has changed.

Making one is cheap (references to values the session no longer changes); what costs (the
views, the layout, the JSON the pages get) is worked out on first use and kept.
``Snapshots`` makes them for the session, from what it is given explicitly, and decides when
one is new.  The session's runner hands each new snapshot to the table
(``controller.session.table``), which works its JSON out on the session thread before any
page may read it.  Hidden information never leaves: ``view`` is the table's,
``seat_view(seat)`` that seat's own (``Game.view(state, seat)`` strips the rest).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from controller.physical import Light
from controller.records import Played
from controller.rules.base import Game, Outcome
from controller.rules.series import Series
from controller.session.clock import Clocks
from controller.session.correction import Pair
from controller.session.mode import Mode
from controller.session.options import NO_OPTIONS, PhoneOptions
from controller.session.prompts import Standing
from controller.session.turn import Declarations


@dataclass(frozen=True, eq=False)
class Snapshot:
    version: int
    t: float                              # the session's time when it was made
    game: Game[Any, Any]
    variant: str
    state: Any = field(repr=False)        # the position: only views of it leave the server
    mode: Mode
    ply: int
    prompts: tuple[Standing, ...]         # every prompt standing: the table's and the seats'
    lights: Mapping[str, Light]
    led_kind: str                         # the board's LEDs (``BoardSpec.led_kind``)
    correction: tuple[Pair, ...] | None   # pieces to move back, while correcting
    last_move: str | None                 # the last board move's text
    moves: tuple[Played, ...]             # the recent moves, as the pages list them
    draw_offers: tuple[str, ...]
    declared: tuple[str, ...]             # whose phone declared something (never what)
    clocks: dict[str, Any] | None
    match: Series | None                  # the match the game is part of, if any
    names: Mapping[str, str]              # the players' names, as the host gave them
    computer: Mapping[str, str]           # the seats the computer plays, with their levels
    remote: Mapping[str, str]             # the seats played at another board, with its name
    away: str | None                      # that board, while it cannot be reached
    takeback: tuple[int, str | None] | None  # a take-back offered: back to ply, asked by
    to_move: str | None                   # the seat to move in the position (the session's)
    # The phone options of the seat to move (worked out on the session thread, once a
    # position: they ask the position's moves).
    options: Callable[[], PhoneOptions] = field(repr=False)
    _seat_json: dict[str, dict[str, Any]] = field(default_factory=dict, init=False,
                                                  repr=False)

    # ---- what it shows ---------------------------------------------------------------------

    @cached_property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.game.seats(self.state))

    @property
    def on_turn(self) -> str | None:
        """The seat to move, while the game is played (none in set-up, over, cut off)."""
        return self.to_move if self.mode is Mode.PLAYING else None

    @cached_property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @cached_property
    def view(self) -> dict[str, Any]:
        """The table's view: public information only."""
        return self.game.view(self.state, None)

    def seat_view(self, seat: str) -> dict[str, Any]:
        """What ``seat`` may see: the table's view and its own hidden information."""
        return self.game.view(self.state, seat)

    @cached_property
    def layout(self) -> dict[str, list[str]]:
        """What stands on the board and beside it: public by nature (everyone at the table
        sees the pieces)."""
        return {p: list(stack) for p, stack in self.game.layout(self.state).items()}

    def prompts_for(self, seat: str | None) -> tuple[Standing, ...]:
        """The table's prompts (``seat`` None), or those of one seat's phone (the table's
        and its own)."""
        return tuple(p for p in self.prompts if p.seat is None or p.seat == seat)

    # ---- as the pages get it ---------------------------------------------------------------

    @cached_property
    def public_json(self) -> dict[str, Any]:
        """The table page's snapshot: JSON, public information only; every message a
        message (the pages word it in their reader's language)."""
        view = self.view
        return {
            "game": self.game.name,
            "title": self.game.title,
            "variant": self.variant,
            "seats": list(self.seats),
            "position": view.get("position", ""),
            "to_move": self.to_move,
            "ply": self.ply,
            "status": self.mode.value,
            "scores": view.get("scores", {}),
            "leds": {p: light.to_json() for p, light in sorted(self.lights.items())},
            "lights": self.led_kind,
            "last_move": self.last_move,
            "moves": [m.to_json() for m in self.moves],
            "prompts": [_prompt_json(p) for p in self.prompts if p.seat is None],
            "correction": [list(p) for p in self.correction] if self.correction else None,
            "draw_offers": sorted(self.draw_offers),
            "declared": list(self.declared),
            "outcome": self.outcome.to_json() if self.outcome else None,
            "clocks": self.clocks,
            "match": self.match.to_json() if self.match else None,
            "computer": dict(self.computer),
            "remote": dict(self.remote),
            "away": self.away,
            "names": dict(self.names),
            "layout": self.layout,
            "view": view,
            "version": self.version,
        }

    def seat_json(self, seat: str) -> dict[str, Any]:
        """One seat's snapshot: the table's, that seat's view and prompts, and for the seat
        to move its phone's options.  ``KeyError`` for a seat the game does not have."""
        done = self._seat_json.get(seat)
        if done is not None:
            return done
        if seat not in self.seats:
            raise KeyError(seat)
        public = self.public_json
        mine = [_prompt_json(p) for p in self.prompts if p.seat == seat]
        options = self.options() if seat == self.on_turn else NO_OPTIONS
        done = self._seat_json[seat] = {**public, "seat": seat, "view": self.seat_view(seat),
                                        "prompts": public["prompts"] + mine, **options}
        return done


def _prompt_json(p: Standing) -> dict[str, Any]:
    """A prompt as data; the pages put it in words, in their reader's language."""
    return {"kind": p.kind, "message": p.message.to_json(), "choices": list(p.choices)}


class Snapshots:
    """The session's snapshots, one version after another: a new one only when something a
    reader sees has changed; otherwise the same object again, so a refused action or a quiet
    tick costs the readers nothing."""

    def __init__(self, version: int = 0) -> None:
        self.version = version  # of the last snapshot made
        self.latest: Snapshot | None = None
        self._seen: tuple[Any, ...] = ()

    def after(self, t: float, *, game: Game[Any, Any], variant: str, state: Any, mode: Mode,
              ply: int, prompts: Mapping[Any, Standing], lights: Mapping[str, Light],
              led_kind: str, correction: tuple[Pair, ...] | None, last_move: str | None,
              played: Sequence[Played], draw_offers: Sequence[str],
              declared: Mapping[str, Declarations], clocks: Clocks | None,
              match: Series | None, names: Mapping[str, str], computer: Mapping[str, str],
              remote: Mapping[str, str], away: str | None,
              takeback: tuple[int, str | None] | None, to_move: str | None,
              options: Callable[[], PhoneOptions]) -> Snapshot:
        """The snapshot of what the session shows at ``t`` (``prompts``: the standing ones,
        by reader and kind; ``played``: every move as the pages list them; ``declared``: what
        each seat's phone declared, of which a snapshot tells only who)."""
        seats = tuple(sorted(seat for seat, d in declared.items()
                             if d.facets or (d.move is not None and not d.by_computer))
                      ) if declared else ()
        # (A new position is a new state object: told apart by identity, not compared.)
        seen = (mode, ply, lights, prompts, correction, tuple(draw_offers), seats,
                len(played), played[-1] if played else None,
                (clocks.running, clocks.since, tuple(clocks.left.values())) if clocks else None,
                match, names, computer, remote, away, takeback)
        if self.latest is not None and state is self.latest.state and seen == self._seen:
            return self.latest
        self.version += 1
        self._seen = seen
        self.latest = Snapshot(
            self.version, t, game, variant, state, mode, ply, tuple(prompts.values()), lights,
            led_kind, correction, last_move, tuple(played[-20:]), tuple(draw_offers), seats,
            clocks.to_json(t) if clocks else None, match, names, computer, dict(remote), away,
            takeback, to_move, options)
        return self.latest
