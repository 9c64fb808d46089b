"""What the phones say, and the computer's choice: what each does to the turn.

``Phones`` works on the turn's shared state (``turn.Turn``) and the committed position as it
stands (``Position``), and answers each phone action with what the session must do next
(``Want``: commit this move, take back to this ply, finish the game so, end the turn, judge
the reading again, or go back to the board after a declined take-back), or ``None``.  It
never calls into the session.

A phone action (``controller.session.actions``) is dispatched by its type: some may come at
any time from any seat (resign, draw, take-back), the others only from the seat to move, or
from the last mover's phone while the sensors may still amend its move (it may say what no
sensor saw: the pole a captured stone went into).  A refusal (``Refusal``) carries a
``Message`` for that phone only, which may hear what its own hand allows (``refused`` turns
it into the ``Rejected`` event that answers the phone's request).  The computer
playing a seat declares its move for the seat (``Declarations.by_computer``): a human
carries it out on the board.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

from controller.errors import BoardError, IllegalMoveError
from controller.rules.base import AgreeDraw, Game, Resign, TimeForfeit
from controller.rules.words import FACETS
from controller.session import actions
from controller.session.events import ComputerMove, How, OutEvent, Rejected, RemoteMove
from controller.session.footprints import Footprint
from controller.session.messages import Message, Refusal, refusal
from controller.session.mode import Mode
from controller.session.moves import Moves
from controller.session.prompts import PromptKind
from controller.session.turn import (
    Asking,
    Declarations,
    Provisional,
    TakebackOffered,
    Turn,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Position:
    """The committed position, as the phones need it."""

    state: Any
    mode: Mode
    ply: int
    to_move: str | None
    moves: Callable[[], Moves]   # its moves (built on first use)
    last_ply: int | None         # the last move kept for take-backs: its ply, its seat
    last_mover: str | None


# ---- what the session does next -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Commit:
    footprint: Footprint  # chosen on the phone, or ended by an end-turn press
    how: How = "phone"


@dataclass(frozen=True, slots=True)
class TakeBack:
    ply: int


@dataclass(frozen=True, slots=True)
class Finish:
    move: Resign | AgreeDraw


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


@dataclass(frozen=True, slots=True)
class Judge:
    """What the phone said may change what the reading means."""


@dataclass(frozen=True, slots=True)
class Declined:
    """A take-back offer declined: the board is guided back, or the turn goes on."""


Want = Commit | TakeBack | Finish | EndTurn | Judge | Declined | None

# The prompt an action answers (a choice, a take-back, a draw): a page's answer aimed at an
# earlier version of it is stale.
ANSWERS: Mapping[type, PromptKind] = {actions.Choose: "choose", actions.AnswerTakeback: "takeback"}


def answers(action: actions.Action, seat: str) -> tuple[str | None, PromptKind] | None:
    """The standing prompt (its reader, its kind) that ``action`` answers, if any."""
    if isinstance(action, actions.DrawAction):
        return (None, "draw") if action.accept else None
    kind = ANSWERS.get(type(action))
    if kind is None:
        return None
    return (seat, kind) if kind == "choose" else (None, kind)


@contextmanager
def refused(out: list[OutEvent], t: float, seat: str | None, request: int = 0) -> Iterator[None]:
    """Do what a phone (or the computer) wants, or say why not to that seat (``Rejected``,
    answering its ``request``): a refusal's words, the rules' own reason for an illegal move,
    or that the rules cannot read a move text (a hand-made request)."""
    try:
        yield
    except Refusal as no:
        out.append(Rejected(t, seat, no.message, request))
    except IllegalMoveError as exc:
        out.append(Rejected(t, seat, Message.of("rules.refused", reason=exc.reason), request))
    except BoardError as exc:
        log.info("%s's phone sent what the rules cannot read: %s", seat, exc)
        out.append(Rejected(t, seat, Message.of("rules.unreadable", detail=str(exc)),
                            request))


class Phones:
    def __init__(self, game: Game[Any, Any], turn: Turn) -> None:
        self.game = game
        self.turn = turn

    def act(self, now: Position, seat: str, action: actions.Action) -> Want:
        """What ``seat``'s phone action does (a ``Refusal`` when it may not be done now)."""
        seats = self.game.seats(now.state)
        if seat not in seats:
            raise refusal("seat.unknown", seat=seat, seats=seats)
        anytime = self._ANYTIME.get(type(action))
        if anytime is not None:
            return anytime(self, now, seat, action)
        if now.mode is not Mode.PLAYING:
            raise refusal("action.not-playing", mode=now.mode.value)
        if seat != now.to_move:
            if self._amend_by_phone(seat, action):
                return Judge()
            raise refusal("action.not-your-turn", seat=seat, to_move=now.to_move)
        return self._ON_TURN[type(action)](self, now, seat, action)

    # ---- any time, any seat -----------------------------------------------------------------

    def _resign(self, now: Position, seat: str, action: actions.Action) -> Want:
        return Finish(Resign(seat))

    def _draw(self, now: Position, seat: str, action: actions.Action) -> Want:
        assert isinstance(action, actions.DrawAction)
        offers = self.turn.draw_offers
        if action.accept:
            if not set(offers) - {seat}:
                raise refusal("draw.none-offered")
            return Finish(AgreeDraw())
        if seat not in offers:
            offers.append(seat)
        return None

    def _request_takeback(self, now: Position, seat: str, action: actions.Action) -> Want:
        if now.last_ply is None:
            raise refusal("takeback.none")
        if not isinstance(self.turn.phase, TakebackOffered):
            self.turn.phase = TakebackOffered(now.last_ply - 1, asked_by=seat)
        return None

    def _answer_takeback(self, now: Position, seat: str, action: actions.Action) -> Want:
        assert isinstance(action, actions.AnswerTakeback)
        phase = self.turn.phase
        if not isinstance(phase, TakebackOffered):
            raise refusal("takeback.no-offer")
        if action.accept:
            self.consents(now, phase, seat)
            return TakeBack(phase.ply)
        return Declined()

    def takeback_answer(self, now: Position, phase: TakebackOffered
                        ) -> tuple[tuple[str, ...], bool]:
        """Who may take back what ``phase`` offers: the seats of the other side (of the
        asker; offered by the board, of whoever made the last move it takes back), and
        whether they answer on their phones (True: one of them has a phone joined) or the
        table answers for them (the board's end-turn button)."""
        by = phase.asked_by if phase.asked_by is not None else now.last_mover
        seats = self.game.seats(now.state)
        others = tuple(s for s in seats if by is None
                       or not self.game.same_side(now.state, s, by))
        return others, bool(self.turn.phones & set(others))

    def consents(self, now: Position, phase: TakebackOffered, seat: str | None) -> None:
        """Refuse a "yes" that is not the other side's: a take-back needs the consent of the
        side that did not ask for it (or did not make the moves it takes back), on their
        phone, or, where none of them has a phone joined, the table's (``seat`` None: the
        board's button).  The asker's side may only withdraw it."""
        answer, phone = self.takeback_answer(now, phase)
        if (seat in answer) if seat is not None else not phone:
            return
        raise refusal("takeback.other-side", asked_by=phase.asked_by, answer=answer,
                      phone=phone)

    # ---- the seat to move -------------------------------------------------------------------

    def _end_turn(self, now: Position, seat: str, action: actions.Action) -> Want:
        return EndTurn()

    def _choose(self, now: Position, seat: str, action: actions.Action) -> Want:
        assert isinstance(action, actions.Choose)
        phase = self.turn.phase
        pool = (phase.candidates if isinstance(phase, Asking)
                else (phase.footprint,) if isinstance(phase, Provisional) else ())
        chosen = [fp for fp in pool if fp.text == action.move]
        if not chosen:
            raise refusal("choose.not-shown", offered=tuple(
                self.game.describe(now.state, fp.move) for fp in pool))
        return Commit(chosen[0])

    def _declare(self, now: Position, seat: str, action: actions.Action) -> Want:
        assert isinstance(action, actions.Declare)
        self._check_facets(now.state, action.facets)
        self.turn.declared[seat] = dataclasses.replace(self.turn.declarations(seat),
                                                       facets=dict(action.facets))
        return Judge()

    def _declare_move(self, now: Position, seat: str, action: actions.Action) -> Want:
        assert isinstance(action, actions.DeclareMove)
        text = self._declarable_move(now.state, action.move)
        self.turn.declared[seat] = dataclasses.replace(self.turn.declarations(seat), move=text,
                                                       by_computer=False)
        return Judge()

    def _cancel(self, now: Position, seat: str, action: actions.Action) -> Want:
        self.turn.declared.pop(seat, None)
        return Judge()

    Handler = Callable[["Phones", Position, str, actions.Action], Want]
    _ANYTIME: ClassVar[Mapping[type, Handler]] = {
        actions.ResignAction: _resign, actions.DrawAction: _draw,
        actions.RequestTakeback: _request_takeback, actions.AnswerTakeback: _answer_takeback}
    _ON_TURN: ClassVar[Mapping[type, Handler]] = {
        actions.EndTurn: _end_turn, actions.Choose: _choose, actions.Declare: _declare,
        actions.DeclareMove: _declare_move, actions.Cancel: _cancel}

    def _amend_by_phone(self, seat: str, action: actions.Action) -> bool:
        """The previous mover's phone still speaks for their provisional move: what it says
        now (the pole a captured stone went to) may let the board's reading amend it."""
        last = self.turn.last
        if last is None or seat != last.seat or not isinstance(
                action, (actions.Declare, actions.DeclareMove, actions.Choose)):
            return False
        if isinstance(action, actions.Declare):
            self._check_facets(last.moves.state, action.facets)
            declared = last.declared.with_facets(action.facets)
        else:
            declared = dataclasses.replace(
                last.declared, move=self._declarable_move(last.moves.state, action.move))
        self.turn.last = dataclasses.replace(last, declared=declared)
        return True

    def _check_facets(self, state: Any, facets: Mapping[str, str]) -> None:
        """Refuse a declaration no legal move of the mover's agrees with (a card or tile the
        hand does not hold, a facet this game does not have); the words go to that phone
        only, which may hear what its own hand allows."""
        allowed = self.game.declarable(state)
        for key, value in facets.items():
            if key not in allowed:
                raise refusal("declare.unknown-facet", facets=tuple(
                    Message.of(f"facet.{k}") for k in allowed
                    if f"facet.{k}" in FACETS or f"facet.{k}" in self.game.words))
            if value not in allowed[key]:
                raise refusal("declare.not-held", value=self.game.facet_said(key, value),
                              values=tuple(self.game.facet_said(key, v)
                                           for v in allowed[key]))

    def _declarable_move(self, state: Any, text: str) -> str:
        """The text of a legal board move the mover's phone declares, or a refusal."""
        move = self.game.parse_move(state, text)
        if isinstance(move, (Resign, AgreeDraw, TimeForfeit)):
            raise refusal("declare.meta")
        if not self.game.is_legal(state, move):
            self.game.apply(state, move)  # raises IllegalMoveError with the reason
        return self.game.move_text(move)

    # ---- the computer ----------------------------------------------------------------------

    def computer_chose(self, now: Position, event: ComputerMove | RemoteMove) -> Want:
        """The computer's choice: the board must now show exactly that move; the lights
        show it (from blinking, to steady) and the table page says it in words."""
        mine = self.turn.declarations(event.seat)
        if event.move is None:  # a person plays the seat again: any legal move will do
            if mine.by_computer:
                self.turn.declared.pop(event.seat, None)
                if now.mode is Mode.PLAYING:
                    return Judge()
            return None
        if (now.mode is not Mode.PLAYING or event.ply != now.ply
                or event.seat != now.to_move or mine.by_computer or (
                    event.position and event.position != self.game.position_text(now.state))):
            # Stale: the game moved on (or the move it answered was amended); or a move is
            # already shown, which the person may be halfway through carrying out.
            return None
        fp = now.moves().find(event.move)
        if fp is None and isinstance(event, RemoteMove):
            # The two boards disagree about the position: said, never played on a fork.
            raise refusal("remote.illegal", board=event.board, move=event.move)
        if fp is None:
            raise refusal("computer.illegal", move=event.move)
        self.turn.declared[event.seat] = Declarations(mine.facets, fp.text, by_computer=True)
        return Judge()
