"""Crosswise in words: its moves, its ends and its refusals, as templates for the catalogs.

Each key names what the rules core says (``Crosswise.describe``, ``Outcome.said``,
``Crosswise.explain_illegal``, ``Crosswise.explain_reading``); the parameters are typed values
(``controller.said``): ``piece`` a ``Piece`` (a tile, said as the players call it: "sun tile",
"swap tile"), ``cell`` a ``Cell`` (a1..f6), ``slot`` a ``Zone`` (a place of the played action
tiles) and ``to`` the same as a destination, ``line`` a nested message (a row or a
column).  The words are the rulebook's: tiles
(German "Steine", French "tuiles"), the action tiles ("Sondersteine": move, remove, replace,
swap), rows scored by Green, columns by Orange.
"""

from __future__ import annotations

from controller.said import N_, Np_, Template

MOVES: dict[str, Template] = {
    # piece: the tile laid; cell: where.
    "crosswise.lay": N_("laid a %(piece)s on %(cell)s"),
    # action: the action tile played (on slot); piece: the tile moved from cell to target.
    "crosswise.move": N_("moved the %(piece)s from %(cell)s to %(target)s with a %(action)s"),
    # piece: the tile taken off cell into the mover's hand.
    "crosswise.remove": N_("took the %(piece)s on %(cell)s into the hand with a %(action)s"),
    # replaced: the tile taken off cell into the hand; piece: the tile laid there instead.
    "crosswise.replace": N_(
        "replaced the %(replaced)s on %(cell)s by a %(piece)s with a %(action)s"),
    # piece on cell and other_piece on other change places.
    "crosswise.swap": N_(
        "swapped the %(piece)s on %(cell)s and the %(other_piece)s on %(other)s with a "
        "%(action)s"),
    "crosswise.pass": N_("passed: no tile could be played"),
}

LINES: dict[str, Template] = {
    # A line of the board: green scores the rows (1 to 6), orange the columns (a to f).
    "crosswise.row": N_("row %(row)s"),
    "crosswise.column": N_("column %(column)s"),
}

ENDS: dict[str, Template] = {
    # piece: the symbol (a Piece with n 0: the kind); line: crosswise.row or crosswise.column.
    "end.six-in-a-line": N_("six %(piece)s in %(line)s"),
    # green, orange: each team's points.
    "end.board-full": N_("the board is full; points: Green %(green)s, Orange %(orange)s"),
    "end.blocked": N_("nobody can play any more; points: Green %(green)s, Orange %(orange)s"),
}

REFUSALS: dict[str, Template] = {
    # Said to the mover (explain_illegal): may name the mover's own hand.
    "crosswise.illegal.not-a-move": N_("that is no Crosswise move"),
    "crosswise.illegal.off-board": N_("the cells of the board are a1 to f6"),
    "crosswise.illegal.no-symbol": N_(
        "a tile laid is a sun, cross, triangle, square, pentagon or star tile"),
    "crosswise.illegal.must-play": N_(
        "a player passes only when none of their tiles can be played, and one of yours can"),
    "crosswise.illegal.swap-same": N_("a swap tile makes two different tiles change places"),
    "crosswise.illegal.swap-order": N_("a swap names the cell nearer a1 first"),
    "crosswise.illegal.not-in-hand": N_("you have no %(piece)s in your hand"),
    "crosswise.illegal.occupied": N_(
        "%(cell)s already holds a tile: a tile is laid on an empty cell"),
    "crosswise.illegal.target-occupied": N_(
        "%(cell)s already holds a tile: a tile moves to an empty cell"),
    "crosswise.illegal.empty": Np_("%(cells)s holds no tile", "%(cells)s hold no tile"),
    # Said on the table (explain_reading): public only, never what a hand holds.
    "crosswise.illegal.slot-lifted": N_(
        "a played action tile stays where it lies: put the %(piece)s back %(to)s"),
    "crosswise.illegal.two-actions": N_("only one action tile is played per turn"),
    "crosswise.illegal.wrong-slot": N_(
        "the played action tiles fill their places in order: the %(piece)s goes %(to)s"),
    "crosswise.illegal.too-few": Np_(
        "a %(piece)s needs a tile on the board, and the board has none",
        "a %(piece)s needs %(n)s tiles on the board, and the board has fewer"),
    "crosswise.illegal.move-shape": N_(
        "a move tile moves one tile of the board to an empty cell, and nothing else"),
    "crosswise.illegal.remove-shape": N_(
        "a remove tile takes one tile off the board, and no tile is laid"),
    "crosswise.illegal.replace-shape": N_(
        "a replace tile exchanges one tile of the board for a tile from the hand, on the same "
        "cell"),
    "crosswise.illegal.swap-shape": N_(
        "a swap tile makes two tiles of the board change places: put each where the other "
        "was"),
    "crosswise.illegal.one-tile": N_(
        "only one tile is laid per turn, and %(cells)s were filled"),
    "crosswise.illegal.unplayed-move": N_(
        "a tile moves to another cell only with a move tile, laid %(to)s"),
    "crosswise.illegal.unplayed-remove": N_(
        "a tile comes off the board only with a remove tile, laid %(to)s"),
    "crosswise.illegal.unplayed-replace": N_(
        "a tile of the board is exchanged only with a replace tile, laid %(to)s"),
    "crosswise.illegal.unplayed-swap": N_(
        "two tiles change places only with a swap tile, laid %(to)s"),
    "crosswise.illegal.none-left": N_("all %(piece)s have been played already"),
    "crosswise.illegal.lifted": Np_(
        "a tile leaves its cell only with a move or remove tile, one tile per turn; "
        "%(cells)s was emptied",
        "a tile leaves its cell only with a move or remove tile, one tile per turn; "
        "%(cells)s were emptied"),
}

WORDS: dict[str, Template] = {**MOVES, **LINES, **ENDS, **REFUSALS}
