"""Abalone's own words: its moves, its refusals and its end, as templates for the catalogs.

The rulebooks' terms: a line moves *in line* (along itself) or *sideways* (a broadside, the
German rules' "Pfeilbewegung", the French "déplacement latéral"); a push is a *sumito* (the
pushing line outnumbers the pushed one), two equal lines in contact are a *pac*.  Moves are
said without a subject (the move list names who played): "pushed the white marble on F5 off
the board, into White's tray, with the black marbles on C5, D5 and E5".
"""

from __future__ import annotations

from controller.said import N_, Np_, Template

MOVES: dict[str, Template] = {
    # Free placement: a marble from the player's marbles to place onto an empty cell.
    "abalone.place": N_("placed a %(piece)s %(to)s"),
    # One to three marbles, one cell along their own line, into empty cells.
    "abalone.move": Np_("moved the %(piece)s on %(cells)s to %(targets)s",
                        "moved the %(piece)s on %(cells)s in line to %(targets)s"),
    # Two or three marbles of a line, each one cell sideways into an empty cell.
    "abalone.broadside": N_("moved the %(piece)s on %(cells)s sideways to %(targets)s"),
    # A sumito: the line pushes opponent marbles one cell on, all staying on the board.
    "abalone.push": N_("pushed %(pushed)s with the %(piece)s on %(cells)s"),
    # A sumito that pushes the only marble ahead off the board.
    "abalone.push-off": N_("pushed %(off)s off the board, %(tray)s, with the %(piece)s on "
                           "%(cells)s"),
    # A sumito of three against two: the front marble goes off, the other one to the edge.
    "abalone.push-and-off": N_("pushed %(pushed)s with the %(piece)s on %(cells)s, and %(off)s "
                               "off the board, %(tray)s"),
    # Marbles of one colour named by their cells, inside a move: "the white marbles on E5 and
    # E6".
    "abalone.marbles": Np_("the %(piece)s on %(cells)s", "the %(piece)s on %(cells)s"),
}

REFUSALS: dict[str, Template] = {
    "abalone.illegal.not-a-move": N_("that is not an Abalone move"),
    "abalone.illegal.off-board": N_("that move names a cell that is not on the board"),
    "abalone.illegal.placing-over": N_("marbles are placed only at the start of a free "
                                       "placement game, and every marble is on the board"),
    "abalone.illegal.cell-taken": N_("%(cell)s is not empty: place the marble on an empty "
                                     "cell"),
    "abalone.illegal.place-first": N_("%(who)s must first place a marble: every marble is "
                                      "placed before the first move"),
    "abalone.illegal.place-one": N_("place one marble at a time"),
    "abalone.illegal.no-marble": N_("there is no marble on %(cell)s"),
    "abalone.illegal.not-yours": N_("the %(piece)s on %(cell)s is not yours"),
    "abalone.illegal.too-many": N_("at most three marbles move together, not %(n)s"),
    "abalone.illegal.not-a-line": N_("the marbles on %(cells)s are not one line: only marbles "
                                     "side by side in a straight line move together"),
    "abalone.illegal.own-off-board": Np_(
        "your marble on %(cells)s cannot leave the board: only the opponent's marbles are "
        "pushed off",
        "your marbles on %(cells)s cannot leave the board: only the opponent's marbles are "
        "pushed off"),
    "abalone.illegal.broadside-blocked": Np_(
        "a broadside needs every cell ahead empty, and %(cells)s is not: a line pushes only "
        "in line",
        "a broadside needs every cell ahead empty, and %(cells)s are not: a line pushes only "
        "in line"),
    "abalone.illegal.own-ahead": N_("your own marble on %(cell)s is in the way: move the whole "
                                    "line, it included"),
    "abalone.illegal.partner-ahead": N_("the marble of your partner %(who)s on %(cell)s is in "
                                        "the way: partners never push each other"),
    "abalone.illegal.single-cannot-push": N_("a single marble cannot push"),
    "abalone.illegal.not-stronger": Np_(
        "%(n)s marble cannot push %(pushed)s: a push needs more marbles than it pushes",
        "%(n)s marbles cannot push %(pushed)s: a push needs more marbles than it pushes"),
    "abalone.illegal.own-behind": N_("your own marble on %(cell)s is right behind the marbles "
                                     "to push: they have no room to move"),
    "abalone.illegal.partner-behind": N_("the marble of your partner %(who)s on %(cell)s is "
                                         "right behind the marbles to push: they have no room "
                                         "to move"),
    # What the board shows: a reading no move can make.
    "abalone.illegal.not-next": Np_(
        "%(cell)s is not next to the marble from %(cells)s: a marble moves one cell at a time",
        "%(cell)s is next to none of the marbles from %(cells)s: marbles move one cell at a "
        "time"),
    "abalone.illegal.different-directions": N_("the marbles on %(cells)s moved in different "
                                               "directions: a line moves all its marbles the "
                                               "same way"),
}

ENDS: dict[str, Template] = {
    # The pages add the winners ("Black wins: pushed off 6 marbles"); the outcome's ``side``
    # names the seats that pushed them off (a team of two in the four-player game).
    "end.pushed-off": Np_("pushed off %(n)s marble", "pushed off %(n)s marbles"),
}

WORDS: dict[str, Template] = {**MOVES, **REFUSALS, **ENDS}
