"""What DRHOMBIX says: its moves, its refusals and its ends, as templates for the catalogs.

The words are the rulebook's (``shared/rules/drhombix.md``; the seed's German and French):
a piece is *placed* from the reserve (poser, setzen) or *raised* one or two levels (monter,
versetzen); the cuckoo game *takes* a piece by the *sandwich* rule or the *nest* rule, and a
piece that carries nothing is *free* (libre, nicht tragend); the ant game *takes* pieces *off*
the pyramid (enlever, entnehmen).  A place is said by the shared words (``place.level``:
"b2 on level 1", the level counted from 1 at the base).  Descriptions are verb phrases
without their subject (the pages add who moved).
"""

from __future__ import annotations

from controller.said import N_, Np_, Template

MOVES: dict[str, Template] = {
    # from: From(the mover's reserve), to: To(the cell).
    "drhombix.place": N_("placed a piece %(from)s %(to)s"),
    # source, target: Cell (named with their levels).
    "drhombix.raise": N_("raised a piece from %(source)s to %(target)s"),
    # As above; took: the captures (``drhombix.took.*`` clauses, said as a list).
    "drhombix.place.taking": N_("placed a piece %(from)s %(to)s and %(took)s"),
    "drhombix.raise.taking": N_("raised a piece from %(source)s to %(target)s and %(took)s"),
    # piece: Piece(the opponent's colour, n), from: the From of each piece taken.
    "drhombix.took.sandwich": Np_("took the %(piece)s %(from)s by the sandwich rule",
                                  "took the %(piece)s %(from)s by the sandwich rule"),
    # piece: Piece(the opponent's colour), from: From(cell).
    "drhombix.took.nest": N_("took the %(piece)s %(from)s by the nest rule"),
    # The ant game: n pieces of one level, cells: their Cells without the level (said once:
    # level, counted from 1 at the base).
    "drhombix.remove": Np_("took a piece off %(cells)s of level %(level)s",
                           "took %(n)s pieces off %(cells)s of level %(level)s"),
}

REFUSALS: dict[str, Template] = {
    "drhombix.illegal.not-a-move": N_("that is no DRHOMBIX move: place a piece, raise one, or "
                                      "(in the ant game) take pieces off"),
    # name: a text that names no place of this board.
    "drhombix.illegal.off-board": N_("there is no place %(name)s on this board"),
    # cell: Cell.
    "drhombix.illegal.empty": N_("%(cell)s is empty"),
    # cell: Cell, carried: the Cells of the pieces it carries, n: how many.
    "drhombix.illegal.not-free": Np_("the piece at %(cell)s is not free: it carries the piece "
                                     "at %(carried)s",
                                     "the piece at %(cell)s is not free: it carries the "
                                     "pieces at %(carried)s"),
    # source, target: Cell (the target on the same level or lower).
    "drhombix.illegal.not-up": N_("a piece only moves up, one or two levels: %(target)s is "
                                  "not above %(source)s"),
    # source, target: Cell, n: the levels between them (3).
    "drhombix.illegal.too-high": Np_("a piece rises one or two levels, not %(n)s",
                                     "a piece rises one or two levels, not %(n)s"),
    # source, target: Cell.
    "drhombix.illegal.rests-on": N_("%(target)s rests on %(source)s itself: a piece cannot "
                                    "rise onto a place it supports"),
    # cell: Cell.
    "drhombix.illegal.occupied": N_("%(cell)s already holds a piece"),
    # cell: Cell, missing: the Cells under it that are empty.
    "drhombix.illegal.unsupported": N_("%(cell)s is not supported yet: %(missing)s under it "
                                       "must hold pieces first"),
    # reserve: Zone(the mover's reserve).
    "drhombix.illegal.reserve-empty": N_("%(reserve)s is empty: raise a piece instead"),
    # who: the mover, cell: Cell, owner: Who of the piece there.
    "drhombix.illegal.not-own": N_("the piece at %(cell)s is %(owner)s's: %(who)s raises "
                                   "only their own pieces"),
    # piece: Piece(the opponent's colour), cell: Cell (a reading: a piece of the other colour
    # lifted that no capture of the move takes).
    "drhombix.illegal.not-taken": N_("the %(piece)s at %(cell)s is not taken: a piece of the "
                                     "other colour comes off only by the sandwich or the nest "
                                     "rule"),
    # who: the mover, piece: Piece(the opponent's colour, 0), choices: the Cells it may take.
    "drhombix.illegal.nest-due": N_("the move completes a nest: %(who)s takes one of the free "
                                    "%(piece)s: %(choices)s"),
    # As above, and cell: the Cell named, which is none of the choices.
    "drhombix.illegal.nest-choice": N_("the nest takes one of the free %(piece)s (%(choices)s), "
                                       "not %(cell)s"),
    # The move completes no nest of the mover's colour.
    "drhombix.illegal.no-nest": N_("the move completes no nest, so it takes nothing"),
    # piece: Piece(the opponent's colour, 0): a nest, but none of them is free.
    "drhombix.illegal.nothing-free": N_("none of the %(piece)s is free, so the nest takes "
                                        "nothing"),
    "drhombix.illegal.no-nest-rule": N_("this game is played without the nest rule: a move "
                                        "takes nothing by a nest"),
    # A reading with more than one piece put down, or more than one of the mover's lifted.
    "drhombix.illegal.one-piece": N_("a move places or raises one piece, not more"),
    # cell: Cell (a reading: a free piece of the mover's lifted that can rise nowhere).
    "drhombix.illegal.no-raise": N_("the piece at %(cell)s can rise nowhere: no empty place "
                                    "one or two levels up is supported without it"),
    "drhombix.illegal.ant-place": N_("the ant game places no pieces: take one or two free "
                                     "pieces off, or raise one"),
    "drhombix.illegal.ant-capture": N_("the ant game takes nothing when a piece is raised"),
    "drhombix.illegal.cuckoo-remove": N_("the cuckoo game takes no pieces off: place a piece "
                                         "or raise one of yours"),
    # n: the pieces named.
    "drhombix.illegal.remove-count": Np_("a move takes off one piece or two different pieces, "
                                         "not %(n)s",
                                         "a move takes off one piece or two different pieces, "
                                         "not %(n)s"),
    # cells: the Cells of the two pieces.
    "drhombix.illegal.remove-levels": N_("two pieces taken off together lie on one level: "
                                         "%(cells)s do not"),
}

ENDS: dict[str, Template] = {
    # who: the seat whose piece is on the apex (the winner).
    "end.apex": N_("%(who)s placed the last piece on the top of the pyramid"),
    # who: the seat that cannot move (the loser): the game's own words.
    "end.no-move": N_("%(who)s cannot move"),
    # who: the seat that took the last piece off (the loser, in the ant game).
    "end.last-piece": N_("%(who)s took the last piece off the pyramid"),
}

WORDS: dict[str, Template] = {**MOVES, **REFUSALS, **ENDS}
