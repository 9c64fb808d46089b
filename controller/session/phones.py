"""What the phones say, and the computer's choice: the session's handlers of phone actions.

A phone action (``controller.session.actions``) is dispatched by its type: some may come at
any time from any seat (resign, draw, take-back), the others only from the seat to move, or
from the last mover's phone while the sensors may still amend its move (it may say what no
sensor saw: the pole a captured stone went into).  A refusal carries a ``Message`` for that
phone only, which may hear what its own hand allows.  The computer playing a seat declares
its move for the seat (``Declarations.by_computer``): a human carries it out on the board.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from controller.errors import BoardError, IllegalMoveError
from controller.rules.base import AgreeDraw, Game, Resign, TimeForfeit
from controller.rules.words import FACETS
from controller.session import actions as act
from controller.session.events import ComputerMove, How, OutEvent, Rejected
from controller.session.footprints import Footprint
from controller.session.messages import Message, Refusal, refusal
from controller.session.moves import Moves
from controller.session.picture import Mode
from controller.session.turn import (
    NOTHING,
    Asking,
    Declarations,
    Idle,
    LastCommit,
    Phase,
    Provisional,
    TakebackOffered,
    Unmatched,
)

if TYPE_CHECKING:
    from controller.session.session import Entry, SessionConfig

log = logging.getLogger(__name__)


class PhoneActions:
    """Mixed into ``GameSession``: the phones' and the computer's part of it."""

    if TYPE_CHECKING:  # what the session provides
        game: Game[Any, Any]
        state: Any
        mode: Mode
        phase: Phase
        config: SessionConfig
        history: list[Entry]
        reading: dict[str, Any]
        declared: dict[str, Declarations]
        draw_offers: list[str]
        last: LastCommit | None
        ply: int
        phones: frozenset[str]

        @property
        def index(self) -> Moves: ...
        @property
        def to_move(self) -> str | None: ...
        def _commit(self, t: float, fp: Footprint, how: How, out: list[OutEvent],
                    amends: LastCommit | None = None) -> None: ...
        def _take_back(self, t: float, ply: int, out: list[OutEvent]) -> None: ...
        def _finish_by(self, t: float, move: Resign | AgreeDraw | TimeForfeit,
                       out: list[OutEvent]) -> None: ...
        def _end_turn(self, t: float, seat: str | None, out: list[OutEvent]) -> None: ...
        def _evaluate(self, t: float, out: list[OutEvent]) -> None: ...

    def declarations(self, seat: str | None) -> Declarations:
        return self.declared.get(seat or "", NOTHING)


    def _phone(self, t: float, seat: str, raw: Mapping[str, Any], out: list[OutEvent]) -> None:
        try:
            action = act.parse_action(raw)
            self._phone_action(t, seat, action, out)
        except Refusal as no:
            out.append(Rejected(t, seat, no.message, _plain(raw)))
        except IllegalMoveError as exc:  # the rules' own refusal, with their reason
            out.append(Rejected(t, seat, Message.of("rules.refused", reason=exc.reason),
                                _plain(raw)))
        except act.ActionError as exc:  # a malformed request (the pages never send one)
            out.append(Rejected(t, seat, Message.of("action.malformed", detail=str(exc)),
                                _plain(raw)))
        except BoardError as exc:  # a move text the rules cannot read (a hand-made request)
            log.info("%s's phone sent what the rules cannot read: %s", seat, exc)
            out.append(Rejected(t, seat, Message.of("rules.unreadable", detail=str(exc)),
                                _plain(raw)))

    def _phone_action(self, t: float, seat: str, action: act.Action, out: list[OutEvent]) -> None:
        seats = self.game.seats(self.state)
        if seat not in seats:
            raise refusal("seat.unknown", seat=seat, seats=seats)
        anytime = self._ANYTIME.get(type(action))
        if anytime is not None:
            anytime(self, t, seat, action, out)
            return
        if self.mode is not Mode.PLAYING:
            raise refusal("action.not-playing", mode=self.mode.value)
        if seat != self.to_move:
            if self._amend_by_phone(t, seat, action, out):
                return
            raise refusal("action.not-your-turn", seat=seat, to_move=self.to_move)
        self._ON_TURN[type(action)](self, t, seat, action, out)

    def _resign(self, t: float, seat: str, action: act.Action, out: list[OutEvent]) -> None:
        self._finish_by(t, Resign(seat), out)

    def _draw(self, t: float, seat: str, action: act.Action, out: list[OutEvent]) -> None:
        assert isinstance(action, act.DrawAction)
        if action.accept:
            if not set(self.draw_offers) - {seat}:
                raise refusal("draw.none-offered")
            self._finish_by(t, AgreeDraw(), out)
        elif seat not in self.draw_offers:
            self.draw_offers.append(seat)

    def _request_takeback(self, t: float, seat: str, action: act.Action,
                          out: list[OutEvent]) -> None:
        if not self.history:
            raise refusal("takeback.none")
        if not isinstance(self.phase, TakebackOffered):
            self.phase = TakebackOffered(len(self.history) - 1, asked_by=seat)

    def _answer_takeback(self, t: float, seat: str, action: act.Action,
                         out: list[OutEvent]) -> None:
        assert isinstance(action, act.AnswerTakeback)
        phase = self.phase
        if not isinstance(phase, TakebackOffered):
            raise refusal("takeback.no-offer")
        if action.accept:
            self._consents(phase, seat)
            self._take_back(t, phase.ply, out)
        elif self.reading and self.index.diff_of(self.reading):
            self.phase = Unmatched(t - self.config.grace)  # guide the board back now
        else:
            self.phase = Idle()

    def takeback_answer(self, phase: TakebackOffered) -> tuple[tuple[str, ...], bool]:
        """Who may take back what ``phase`` offers: the seats of the other side (of the
        asker; offered by the board, of whoever made the last move it takes back), and
        whether they answer on their phones (True: one of them has a phone joined) or the
        table answers for them (the board's end-turn button)."""
        by = phase.asked_by
        if by is None and self.history:
            by = self.history[-1].seat
        seats = self.game.seats(self.state)
        others = tuple(s for s in seats if by is None
                       or not self.game.same_side(self.state, s, by))
        return others, bool(self.phones & set(others))

    def _consents(self, phase: TakebackOffered, seat: str | None) -> None:
        """Refuse a "yes" that is not the other side's: a take-back needs the consent of the
        side that did not ask for it (or did not make the moves it takes back), on their
        phone, or, where none of them has a phone joined, the table's.  The asker's side may
        only withdraw it."""
        answer, phone = self.takeback_answer(phase)
        if (seat in answer) if seat is not None else not phone:
            return
        raise refusal("takeback.other-side", asked_by=phase.asked_by, answer=answer,
                      phone=phone)

    def _end_turn_action(self, t: float, seat: str, action: act.Action,
                         out: list[OutEvent]) -> None:
        self._end_turn(t, seat, out)

    def _choose(self, t: float, seat: str, action: act.Action, out: list[OutEvent]) -> None:
        assert isinstance(action, act.Choose)
        phase = self.phase
        pool = (phase.candidates if isinstance(phase, Asking)
                else (phase.footprint,) if isinstance(phase, Provisional) else ())
        chosen = [fp for fp in pool if fp.text == action.move]
        if not chosen:
            raise refusal("choose.not-shown", offered=tuple(
                self.game.describe(self.state, fp.move) for fp in pool))
        self._commit(t, chosen[0], "phone", out)

    def _declare(self, t: float, seat: str, action: act.Action, out: list[OutEvent]) -> None:
        assert isinstance(action, act.Declare)
        self._check_facets(self.state, action.facets)
        self.declared[seat] = dataclasses.replace(self.declarations(seat),
                                                  facets=dict(action.facets))
        self._evaluate(t, out)

    def _declare_move(self, t: float, seat: str, action: act.Action,
                      out: list[OutEvent]) -> None:
        assert isinstance(action, act.DeclareMove)
        text = self._declarable_move(self.state, action.move)
        self.declared[seat] = dataclasses.replace(self.declarations(seat), move=text,
                                                  by_computer=False)
        self._evaluate(t, out)

    def _cancel(self, t: float, seat: str, action: act.Action, out: list[OutEvent]) -> None:
        self.declared.pop(seat, None)
        self._evaluate(t, out)

    Handler = Callable[["PhoneActions", float, str, act.Action, list[OutEvent]], None]
    _ANYTIME: ClassVar[Mapping[type, Handler]] = {
        act.ResignAction: _resign, act.DrawAction: _draw,
        act.RequestTakeback: _request_takeback, act.AnswerTakeback: _answer_takeback}
    _ON_TURN: ClassVar[Mapping[type, Handler]] = {
        act.EndTurn: _end_turn_action, act.Choose: _choose, act.Declare: _declare,
        act.DeclareMove: _declare_move, act.Cancel: _cancel}

    def _amend_by_phone(self, t: float, seat: str, action: act.Action,
                        out: list[OutEvent]) -> bool:
        """The previous mover's phone still speaks for their provisional move: what it says
        now (the pole a captured stone went to) may let the board's reading amend it."""
        last = self.last
        if last is None or seat != last.seat or not isinstance(
                action, (act.Declare, act.DeclareMove, act.Choose)):
            return False
        if isinstance(action, act.Declare):
            self._check_facets(last.moves.state, action.facets)
            declared = last.declared.with_facets(action.facets)
        else:
            declared = dataclasses.replace(
                last.declared, move=self._declarable_move(last.moves.state, action.move))
        self.last = dataclasses.replace(last, declared=declared)
        self._evaluate(t, out)
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

    def _computer_move(self, t: float, event: ComputerMove, out: list[OutEvent]) -> None:
        """The computer's choice: the board must now show exactly that move; the lights
        show it (from blinking, to steady) and the table page says it in words."""
        mine = self.declarations(event.seat)
        if event.move is None:  # a person plays the seat again: any legal move will do
            if mine.by_computer:
                self.declared.pop(event.seat, None)
                if self.mode is Mode.PLAYING:
                    self._evaluate(t, out)
            return
        if (self.mode is not Mode.PLAYING or event.ply != self.ply
                or event.seat != self.to_move or mine.by_computer or (
                    event.position and event.position != self.game.position_text(self.state))):
            # Stale: the game moved on (or the move it answered was amended); or a move is
            # already shown, which the person may be halfway through carrying out.
            return
        fp = self.index.find(event.move)
        if fp is None:
            out.append(Rejected(t, event.seat, Message.of("computer.illegal", move=event.move)))
            return
        self.declared[event.seat] = Declarations(mine.facets, fp.text, by_computer=True)
        self._evaluate(t, out)

    @property
    def computer_move(self) -> Footprint | None:
        """The computer's move shown for a human to carry out, if any."""
        seat = self.to_move
        mine = self.declarations(seat)
        if seat is None or not mine.by_computer or mine.move is None \
                or self.mode is not Mode.PLAYING:
            return None
        return self.index.find(mine.move)


def _plain(raw: Any) -> dict[str, Any]:
    return dict(raw) if isinstance(raw, Mapping) else {}
