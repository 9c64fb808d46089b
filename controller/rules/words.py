"""The words every game shares: places beside the board, the steps of a move done by hand, the
moves and ends no sensor sees (resignation, time, agreement), and the refusals of the base.

Templates only (``controller.said``): the wording layer says them in the reader's language
through the catalogs; a game's own templates (``controller/rules/<game>/words.py``) may give a
key of these its own words (DRHOMBIX says "cannot move" for ``end.no-move``).
"""

from __future__ import annotations

from collections.abc import Mapping

from controller.said import N_, Np_, Template

PLACES: dict[str, Template] = {
    # A cell of the board, as printed beside it; a pyramid's upper positions with their level.
    "place.cell": N_("%(cell)s"),
    "place.cell.to": N_("on %(cell)s"),
    "place.cell.from": N_("off %(cell)s"),
    "place.cells.to": N_("on %(cells)s"),
    "place.cells.from": N_("off %(cells)s"),
    "place.level": N_("%(cell)s on level %(level)s"),
    "place.level.to": N_("on %(cell)s of level %(level)s"),
    "place.level.from": N_("off %(cell)s of level %(level)s"),
    # Beside the board.
    "place.tray": N_("%(owner)s's tray"),
    "place.tray.to": N_("into %(owner)s's tray"),
    "place.tray.from": N_("out of %(owner)s's tray"),
    "place.supply": N_("%(owner)s's marbles to place"),
    "place.supply.to": N_("back to %(owner)s's marbles to place"),
    "place.supply.from": N_("from %(owner)s's marbles to place"),
    "place.pile": N_("the pile of %(piece)s"),
    "place.pile.to": N_("onto the pile of %(piece)s"),
    "place.pile.from": N_("from the pile of %(piece)s"),
    "place.reserve": N_("%(owner)s's reserve"),
    "place.reserve.to": N_("into %(owner)s's reserve"),
    "place.reserve.from": N_("from %(owner)s's reserve"),
    "place.taken": N_("the pieces %(owner)s took"),
    "place.taken.to": N_("to the pieces %(owner)s took"),
    "place.taken.from": N_("from the pieces %(owner)s took"),
    "place.eliminated": N_("%(owner)s's eliminated pieces"),
    "place.eliminated.to": N_("to %(owner)s's eliminated pieces"),
    "place.eliminated.from": N_("from %(owner)s's eliminated pieces"),
    "place.used": N_("place %(number)s of the played %(piece)s"),
    "place.used.to": N_("on place %(number)s of the played %(piece)s"),
    "place.used.from": N_("off place %(number)s of the played %(piece)s"),
    "place.pole": N_("the %(name)s pole"),
    "place.pole.to": N_("into the %(name)s pole"),
    "place.pole.from": N_("out of the %(name)s pole"),
    "place.pole-numbered": N_("pole %(number)s"),
    "place.pole-numbered.to": N_("into pole %(number)s"),
    "place.pole-numbered.from": N_("out of pole %(number)s"),
    "compass.ne": N_("north-east"),
    "compass.nw": N_("north-west"),
    "compass.se": N_("south-east"),
    "compass.sw": N_("south-west"),
    "compass.n": N_("north"),
    "compass.e": N_("east"),
    "compass.s": N_("south"),
    "compass.w": N_("west"),
}

STEPS: dict[str, Template] = {
    # A move done by hand, one position at a time (``controller.rules.steps``).
    "step.take": N_("%(piece)s %(from)s"),
    "step.put": N_("%(piece)s %(to)s"),
}

MOVES: dict[str, Template] = {
    "move.resign": N_("%(who)s resigned"),
    "move.draw": N_("a draw, agreed"),
    "move.time": N_("%(who)s ran out of time"),
}

ENDS: dict[str, Template] = {
    "end.resigned": N_("%(who)s resigned"),
    "end.time": N_("%(who)s ran out of time"),
    "end.agreed": N_("agreed by the players"),
    "end.no-move": N_("%(who)s has no legal move"),
    "end.move-limit": Np_("%(n)s move without a winner", "%(n)s moves without a winner"),
    # A match of several games (``controller.rules.series``).
    "end.series-won": Np_("%(n)s win", "%(n)s wins"),
    "end.series-points": Np_("the most points, %(n)s", "the most points, %(n)s"),
    "end.series-tied": Np_("%(n)s point for every player", "%(n)s points for every player"),
}

FACETS: dict[str, Template] = {
    # What a phone declares that no sensor sees (``Game.move_facets``), by its name.
    "facet.cards": N_("the cards played"),
    "facet.tile": N_("the tile laid"),
    "facet.pole": N_("the pole"),
}

REFUSALS: dict[str, Template] = {
    "illegal.game-over": N_("the game is over; start a new game to play on"),
    "illegal.not-a-seat": N_("%(seat)s is not a seat of this game; its seats: %(seats)s"),
    "illegal.not-legal": N_("that is not a legal move for %(who)s here"),
}

WORDS: Mapping[str, Template] = {**PLACES, **STEPS, **MOVES, **ENDS, **FACETS, **REFUSALS}
