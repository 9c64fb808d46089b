"""What the web UI needs of the running service, as a protocol.

``boardlight.service.Service`` is the real one; ``web_ui`` does not import it, so that the
wiring module stays the only place that knows every package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from typing import Any, Protocol

from controller.physical import BoardSpec
from controller.session.actions import Action
from controller.session.clock import TimeControl
from controller.session.messages import Message
from controller.session.runner import SessionRunner
from controller.session.table import Table


class SimBoard(Protocol):
    """The simulated board, as far as a page may look at it."""

    @property
    def hand(self) -> Sequence[str]: ...

    def layout(self) -> Mapping[str, tuple[str, ...]]: ...


class BoardService(Protocol):
    """The service as the pages use it.  The game and variant a page shows come from the
    table's snapshot (``table.snapshot``), never from the service: a new game may be under
    way while a request is answered."""

    @property
    def spec(self) -> BoardSpec: ...

    @property
    def sim(self) -> SimBoard | None: ...

    @property
    def table(self) -> Table: ...

    @property
    def runner(self) -> SessionRunner: ...

    @property
    def remote(self) -> Any: ...   # remote.play.RemotePlay, or None: no broker for it

    def press(self, button: str) -> Future[Message | None]: ...

    def computer_seats(self) -> dict[str, str]: ...

    def names(self) -> dict[str, str]: ...

    def set_names(self, names: dict[str, str]) -> None: ...

    def set_computer(self, seat: str, level: str | None) -> None: ...

    def phone(self, seat: str, action: Action, version: int | None = None
              ) -> Future[Message | None]: ...

    def sim_lift(self, position: str) -> str: ...

    def sim_place(self, position: str, piece: str | None = None) -> str: ...

    def new_game(self, variant: str | None = None, seed: int | None = None,
                 game: str | None = None, match: str | None = None,
                 clock: TimeControl | str | None = "keep", position: str | None = None
                 ) -> None: ...
