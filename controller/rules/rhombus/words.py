"""What Rhombus says, as templates (``controller.said``): its actions, its refusals and the
ends it words its own way.  The rulebook's terms: a piece (Figur, pion), the start corner
(Startfeld, coin de départ), the reserve, table and hand cards (Tischkarte, Handkarte), the
eliminator, the entryliminator, a blockade, a reactivation, a cross of five (the formation).

An action is said as its cards and what happened, in parts listed one after the other
("Q♣ + K♣: 2 red pieces from a2 and b1 to c3 and d1 and blue piece on c3 eliminated"); the
mover's pieces are alike, so which piece went where is never said, only where they left and
where they ended.
"""

from __future__ import annotations

from controller.said import N_, Np_, Template

CARDS: dict[str, Template] = {
    # The cards of an action, as they lie on the table.
    "rhombus.cards.1": N_("%(a)s"),
    "rhombus.cards.2": N_("%(a)s + %(b)s"),
    "rhombus.cards.3": N_("%(a)s + %(b)s + %(c)s"),
    "rhombus.cards.4": N_("%(a)s + %(b)s + %(c)s + %(d)s"),
}

ACTIONS: dict[str, Template] = {
    # ``what``: the parts below, said as a list.
    "rhombus.action": N_("%(cards)s: %(what)s"),
    "rhombus.eliminator": N_("%(cards)s, the eliminator: %(what)s"),
    "rhombus.entryliminator": N_("%(cards)s, the entryliminator: %(what)s"),
    "rhombus.reactivation": N_("%(cards)s, a reactivation: %(what)s"),
    # What happened to the pieces.
    "rhombus.part.move": N_("%(piece)s from %(from)s to %(to)s"),
    "rhombus.part.enter": N_("%(piece)s from the reserve onto %(to)s"),
    "rhombus.part.move-enter": N_("%(piece)s from %(from)s and from the reserve to %(to)s"),
    "rhombus.part.kill": N_("%(piece)s on %(cells)s eliminated"),
    "rhombus.part.still": N_("no piece moves"),
    "rhombus.part.stay": N_("the pieces end where they stood"),
    "rhombus.part.mystery": Np_("the card for %(cards)s comes hidden into the hand",
                                "the cards for %(cards)s come hidden into the hand"),
    "rhombus.part.revive": N_("an eliminated %(piece)s goes back into the reserve"),
    "rhombus.part.exchange": N_("no piece is out of play, the cards are exchanged"),
}

EFFECTS: dict[str, Template] = {
    # What one card does (in a refusal: "Q♣ moves a piece exactly 3 squares").
    "rhombus.effect.steps": Np_("%(card)s moves a piece exactly %(n)s square",
                                "%(card)s moves a piece exactly %(n)s squares"),
    "rhombus.effect.diagonal": N_("%(card)s slides a piece diagonally"),
    "rhombus.effect.kill": N_("%(card)s eliminates the piece a move of its suit ends on, or "
                              "does nothing"),
    "rhombus.effect.enter": N_("%(card)s brings a piece from the reserve onto the start "
                               "corner, or does nothing"),
    "rhombus.effect.mystery": N_("%(card)s moves nothing, and the card for it comes hidden"),
}

REFUSALS: dict[str, Template] = {
    # Said to the mover only: they may name the mover's own cards.
    "rhombus.illegal.not-held": N_("you do not hold %(cards)s"),
    "rhombus.illegal.not-hand": Np_("%(cards)s lies open on your table, not in your hand",
                                    "%(cards)s lie open on your table, not in your hand"),
    "rhombus.illegal.not-table": Np_("%(cards)s is your hidden hand card, not a table card",
                                     "%(cards)s are your hidden hand cards, not table cards"),
    "rhombus.illegal.no-combination": N_(
        "%(cards)s do not go together: play one card, two cards of one suit in a row, a move "
        "card with a 7 or 10 of its suit that eliminates, three cards of one suit, or three "
        "cards of one value"),
    "rhombus.illegal.no-combination-formation": N_(
        "%(cards)s do not go together: play one card, two cards of one suit in a row or two "
        "equal cards, a move card with a 7 or 10 of its suit that eliminates, three or four "
        "cards of one suit, three cards of one value, or a 9 with a straight flush of its "
        "suit"),
    "rhombus.illegal.not-own": Np_("%(cells)s holds no piece you may move",
                                   "%(cells)s hold no piece you may move"),
    "rhombus.illegal.must-revive": Np_(
        "a reactivation brings an eliminated piece back: %(n)s of yours is out of play",
        "a reactivation brings an eliminated piece back: %(n)s of yours are out of play"),
    "rhombus.illegal.none-eliminated": N_(
        "none of your pieces is out of play, so a reactivation brings none back"),
    "rhombus.illegal.cannot": N_("%(cards)s cannot do that here: %(effects)s"),
    "rhombus.illegal.cannot-move": N_(
        "%(cards)s cannot do that here: %(effects)s; every move card moves a piece through "
        "empty squares, never straight back, and not to where it started"),
    # Said to the mover, and on the table about a reading: public by nature.
    "rhombus.illegal.on-partner": Np_("a piece cannot end on its partner's piece, on %(cells)s",
                                      "a piece cannot end on its partner's pieces, on "
                                      "%(cells)s"),
    "rhombus.illegal.partner-piece": Np_(
        "the piece on %(cells)s is %(who)s's partner's: a player moves only their own pieces",
        "the pieces on %(cells)s are %(who)s's partner's: a player moves only their own "
        "pieces"),
    "rhombus.illegal.taken": Np_(
        "%(cells)s is taken: a piece ends on an empty square, or on an opponent's piece that "
        "the same action eliminates",
        "%(cells)s are taken: a piece ends on an empty square, or on an opponent's piece that "
        "the same action eliminates"),
    "rhombus.illegal.no-foe": Np_("%(cells)s holds no opponent's piece to eliminate",
                                  "%(cells)s hold no opponent's piece to eliminate"),
    "rhombus.illegal.reserve-empty": N_("%(who)s has no piece in the reserve"),
    "rhombus.illegal.reserve-short": Np_("%(who)s has only %(n)s piece in the reserve",
                                         "%(who)s has only %(n)s pieces in the reserve"),
    "rhombus.illegal.start-taken": N_("the start corner %(cell)s is taken"),
    "rhombus.illegal.enter-corner": N_("a piece from the reserve enters on the start corner, "
                                       "%(cell)s"),
    "rhombus.illegal.needs-nine": N_("only a 9 brings a piece in from the reserve"),
    "rhombus.illegal.needs-killer": N_("only a 7 or a 10 with a move card of its suit, or the "
                                       "eliminator, eliminates a piece"),
    "rhombus.illegal.only-reactivation": N_("only a reactivation (three cards of one value) "
                                            "brings an eliminated piece back"),
    "rhombus.illegal.blockade": Np_(
        "the piece on %(cells)s stands in a blockade: only the eliminator takes it",
        "the pieces on %(cells)s stand in a blockade: only the eliminator takes them"),
    "rhombus.illegal.distance": Np_("no card moves a piece %(n)s square",
                                    "no card moves a piece %(n)s squares"),
    "rhombus.illegal.way-blocked": N_("the way from %(from)s to %(to)s is blocked"),
}

ENDS: dict[str, Template] = {
    "end.cross": Np_("%(side)s formed a cross of five", "%(side)s formed a cross of five"),
    "end.no-pieces": Np_("%(side)s has no piece left on the board",
                         "%(side)s have no piece left on the board"),
    "end.no-move": N_("%(who)s has no legal action"),
    "end.move-limit": Np_("%(n)s action without a winner", "%(n)s actions without a winner"),
}

WORDS: dict[str, Template] = {**CARDS, **ACTIONS, **EFFECTS, **REFUSALS, **ENDS}
