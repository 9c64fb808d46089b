"""What Plimus says, as templates (``controller.said``): its moves, its refusals, its ends.

Moves are said in parts, so that a handful of templates says every move: a *stone* clause
(which stone or double moves, from where: ``plimus.stone.*``), a motion (``plimus.step``,
``plimus.jump``, ``plimus.jumps`` for a multi-jump, each also ``-pole`` for a move into a pole
and ``-join`` for one that forms a double on landing), and for a capture the captured stones
first (``plimus.capture`` around the move, each captured node a ``plimus.captured*`` clause),
so that moves that differ only in the poles of their captures differ in their first words.

Stones are never said with an article ("blue plus stone", not "the blue plus stone"): a
language that inflects adjectives after an article could not say them otherwise.  The words
are the rulebook's (German: Plusstein, Minusstein, Doppelstein, Einzelstein, Blankostein, Pol,
Aufstellungsfelder, schlagen, überspringen).
"""

from __future__ import annotations

from controller.said import N_, Np_, Template

STONES: dict[str, Template] = {
    # Which stones move, and from where (the ``stone`` of every move below).
    "plimus.stone.single": N_("%(piece)s from %(from)s"),
    "plimus.stone.double": N_("double (%(piece)s on top) from %(from)s"),
    "plimus.stone.upper": N_("%(piece)s from the top of the double on %(from)s"),
    # ``from``: the pole, said as where something comes from ("out of the south-west pole").
    "plimus.stone.pole": N_("%(piece)s %(from)s"),
    "plimus.stone.pole-double": N_("double (%(piece)s on top) %(from)s"),
}

MOVES: dict[str, Template] = {
    "plimus.step": N_("%(stone)s to %(to)s"),
    "plimus.step-join": N_("%(stone)s to %(to)s, forming a double"),
    # ``to``: the pole, said as where something goes ("into the north-east pole").
    "plimus.step-pole": N_("%(stone)s %(to)s"),
    "plimus.jump": N_("%(stone)s jumps to %(to)s"),
    "plimus.jump-join": N_("%(stone)s jumps to %(to)s, forming a double"),
    "plimus.jump-pole": N_("%(stone)s jumps %(to)s"),
    # A multi-jump: ``via`` the fields it lands on on the way.
    "plimus.jumps": N_("%(stone)s jumps via %(via)s to %(to)s"),
    "plimus.jumps-join": N_("%(stone)s jumps via %(via)s to %(to)s, forming a double"),
    "plimus.jumps-pole": N_("%(stone)s jumps via %(via)s %(to)s"),
    # A capture: the captured stones first, then the move that captured them.
    "plimus.capture": N_("captured %(captures)s: %(move)s"),
    "plimus.captured": N_("%(piece)s from %(from)s %(to)s"),
    "plimus.captured-double": N_("double (%(piece)s on top) from %(from)s %(to)s"),
    "plimus.captured-split": N_("double from %(from)s (%(upper)s %(upper_to)s, %(lower)s "
                                "%(lower_to)s)"),
    "plimus.blank": N_("%(piece)s set on %(to)s"),
    "plimus.pass": N_("%(who)s passes: no move is possible"),
}

FACETS: dict[str, Template] = {
    # What the mover's phone says that no sensor sees (``Plimus.move_facets``): the pole a
    # stone went into (``enters``), and the poles of a captured double (``facet_said``; the
    # pole of a captured single is said as the place it is).
    "facet.enters": N_("the pole your stone went into"),
    "plimus.facet.split": N_("upper stone %(upper)s, lower stone %(lower)s"),
    "plimus.facet.both": N_("both stones %(to)s"),
}

ENDS: dict[str, Template] = {
    "end.formed-up": N_("%(who)s formed up on %(target)s's start area"),
    "end.no-capture": Np_("%(n)s move in a row without a capture",
                          "%(n)s moves in a row without a capture"),
}

REFUSALS: dict[str, Template] = {
    "plimus.illegal.not-a-move": N_("that is not a Plimus move"),
    "plimus.illegal.off-board": N_("that move names a field the board does not have"),
    # The blank stone (the extended game for two).
    "plimus.illegal.blank-circle": N_("the blank stone goes on a free circle field: %(cells)s"),
    "plimus.illegal.blank-first": N_("%(who)s first puts the blank stone on a circle field: "
                                     "%(cells)s"),
    "plimus.illegal.no-blank": N_("this game has no blank stone: it belongs to the extended "
                                  "game for two"),
    "plimus.illegal.blank-placed": N_("the blank stone is already on the board, and it never "
                                      "moves"),
    "plimus.illegal.blank-moves": N_("the blank stone on %(cell)s never moves"),
    "plimus.illegal.must-move": N_("%(who)s can move, and must (Zugzwang)"),
    # Which stones move.
    "plimus.illegal.pole-unit": N_("say which stones come %(from)s: a plus stone, a minus "
                                   "stone, or a double with plus or minus on top"),
    "plimus.illegal.pole-empty": N_("no %(piece)s can come %(from)s: there is none"),
    "plimus.illegal.empty": N_("there is no stone on %(cell)s"),
    "plimus.illegal.other-team": N_("the stone on %(cell)s is %(owner)s's, and %(who)s is to "
                                    "move"),
    "plimus.illegal.split-single": N_("%(cell)s holds a single stone: only the upper stone of "
                                      "a double splits off"),
    "plimus.illegal.unit": N_("stones on %(cell)s move as they stand or as the upper stone of "
                              "a double; only stones leaving a pole are chosen by sign"),
    # Where they go.
    "plimus.illegal.ends-in-pole": N_("a stone that lands in a pole ends its move there"),
    "plimus.illegal.ends-on-join": N_("the move ends on %(cell)s: forming a double ends it"),
    "plimus.illegal.revisit": N_("a move never lands twice on the same field nor comes back "
                                 "to where it started"),
    "plimus.illegal.taken": N_("%(cell)s is taken: a stone lands on a free field, in a pole, "
                               "or (a single) on an own single of the other sign to form a "
                               "double"),
    "plimus.illegal.not-next": N_("%(to)s is not next to %(from)s: a stone steps along a line "
                                  "to a neighbouring field, or jumps over one stone"),
    "plimus.illegal.no-jump": N_("%(to)s is no jump from %(from)s: a jump goes over one "
                                 "neighbour along a line to the field straight behind it "
                                 "(over a dot field, to any neighbour of the dot)"),
    "plimus.illegal.jump-empty": N_("there is no stone on %(over)s to jump"),
    "plimus.illegal.jump-blank": N_("the blank stone on %(over)s is never jumped"),
    "plimus.illegal.same-sign": N_("the stone on %(over)s shows the jumping stone's own sign: "
                                   "same signs repel and block"),
    "plimus.illegal.turn": N_("the jump from %(from)s to %(to)s leaves the line of the jump "
                              "before it: a multi-jump keeps its line, except over a stone on "
                              "a dot field"),
    # Captures.
    "plimus.illegal.single-captures": N_("only a double captures; a single stone only jumps"),
    "plimus.illegal.not-jumped": N_("the move does not jump a stone on %(cell)s"),
    "plimus.illegal.capture-in-pole": N_("stones in a pole are safe: they are never jumped "
                                         "nor captured"),
    "plimus.illegal.capture-start": N_("the stone on %(cell)s stands on a start field and "
                                       "cannot be captured"),
    "plimus.illegal.not-foe": N_("%(who)s does not capture %(owner)s's stones in this game, "
                                 "only those of %(foes)s"),
    "plimus.illegal.poles-needed": Np_("the stone on %(cell)s goes into one pole",
                                       "the double on %(cell)s needs one pole for each of its "
                                       "%(n)s stones"),
    "plimus.illegal.not-a-pole": N_("captured stones go into the poles"),
}

WORDS: dict[str, Template] = {**STONES, **MOVES, **FACETS, **ENDS, **REFUSALS}
