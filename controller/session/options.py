"""What the phone of the seat to move may say that no sensor sees: its options.

For the seat to move, the facets its legal moves differ in (``declare``, with what each value
is: ``declare_said``) and its moves no sensor of the board sees (``untraced``, with
``untraced_said`` and ``untraced_facets``).  They ask the position's moves, so they are
worked out when first asked (on the session thread, by the table), once a position, and a
snapshot (``controller.session.snapshot``) carries them as a function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.rules.base import Game
from controller.said import to_json
from controller.session.moves import Moves

PhoneOptions = dict[str, Any]
"""``declare``, ``declare_said``, ``untraced``, ``untraced_said``, ``untraced_facets``."""

NO_OPTIONS: PhoneOptions = {"declare": {}, "declare_said": {}, "untraced": [],
                            "untraced_said": [], "untraced_facets": []}


class Options:
    """The phone options of one position at a time, kept until another is asked for."""

    def __init__(self, game: Game[Any, Any], moves: Callable[[Any], Moves]) -> None:
        self.game = game
        self.moves = moves  # a position's moves (the session's own, for the one it stands at)
        self._kept: tuple[Any, PhoneOptions] | None = None

    def of(self, state: Any) -> Callable[[], PhoneOptions]:
        """The options of the seat to move in ``state``, worked out when first called."""
        def options() -> PhoneOptions:
            if self._kept is None or self._kept[0] is not state:
                self._kept = (state, self._work_out(state))
            return self._kept[1]
        return options

    def _work_out(self, state: Any) -> PhoneOptions:
        game, moves = self.game, self.moves(state)
        declare = game.facet_choices(state)
        untraced = moves.untraced()
        return {
            "declare": declare,
            "declare_said": {facet: {v: to_json(game.facet_said(facet, v)) for v in values}
                             for facet, values in declare.items()},
            "untraced": [fp.text for fp in untraced],
            "untraced_said": [moves.described(fp).to_json() for fp in untraced],
            "untraced_facets": [dict(fp.facets) for fp in untraced]}
