"""What the session asks and tells, derived from its state: the prompts standing now.

A prompt is for the table page (``seat`` None) or one seat's phone, of one ``PromptKind``, and
carries a ``Message`` (words are the edge's business) and the answers it offers.  The session
recomputes the standing prompts after every event and sends only what changed, so a prompt
never outlives what it is about.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

from controller.physical import Value
from controller.rules.base import Effect, Game
from controller.said import From, Piece, To
from controller.session.correction import wrong_positions
from controller.session.footprints import Diff, Footprint, OneOf, Steps
from controller.session.messages import Message
from controller.session.mode import Mode
from controller.session.moves import Moves
from controller.session.turn import (
    Asking,
    Correcting,
    InProgress,
    Phase,
    TakebackOffered,
    Unmatched,
)

PromptKind = Literal["setup", "correction", "illegal", "private", "choose", "takeback", "draw",
                     "computer", "waiting", "remote"]
"""``setup``: what to put where before the game (table); ``correction``: pieces to move back
(table); ``illegal``: the board shows no move (table); ``private``: the mover's hand cannot make
what the board shows (the mover's phone only); ``choose``: which of these moves (the mover's
phone, choices: move texts, the message's ``moves``: what each does); ``takeback``: take back?
(table, choices accept/decline: the message says who may accept, the other side on a phone
or the table for a side with none); ``draw``: a draw is offered (table, choice accept);
``computer``: the computer's move for a human to carry out, what it does and each piece to
take and to put (table); ``waiting``: what the board waits for while a move is on its way:
what is left to do when the moves it may be agree on it (a captured piece to take off), or,
after a while with nothing changing, that the mover is moving (table); ``remote``: in a game
with another board, that its player is to move there, or that it cannot be reached (table;
the move made there comes as ``computer``, saying the board it was made at)."""

ACCEPT_DECLINE = ("accept", "decline")


@dataclass(frozen=True, slots=True)
class Standing:
    seat: str | None
    kind: PromptKind
    message: Message
    choices: tuple[str, ...] = ()


class PromptScene(NamedTuple):
    """What the prompts are made of (a named tuple: made on every event, and cheap to make)."""

    mode: Mode
    phase: Phase
    resumed: bool
    seat: str | None                        # the seat to move
    moves: Callable[[], Moves]              # the committed position's (built on first use)
    reading: Mapping[str, Value]
    undone: Sequence[Message]               # what the moves a take-back offer undoes did
    draw_offers: Sequence[str]
    computer: tuple[str, Footprint, Message] | None  # (seat, move, what it does) shown
    # Who may take back what is offered, and whether on their phones (else the table).
    takeback: tuple[tuple[str, ...], bool] = ((), False)
    remote: Mapping[str, str] = MappingProxyType({})  # seats played at another board
    away: str | None = None                 # that board, while it cannot be reached


Key = tuple[str | None, PromptKind]  # a prompt's reader (None: the table) and kind


class Standings:
    """The prompts standing now, and the snapshot version each first showed as it stands: an
    answer aimed at an earlier version (a "yes" to a take-back asked again, a choice among
    other moves) is stale."""

    def __init__(self) -> None:
        self.now: dict[Key, Standing] = {}
        self._since: dict[Key, int] = {}

    def update(self, now: dict[Key, Standing], version: int) -> None:
        """The prompts standing after an event; those new or changed are first shown in the
        snapshot after ``version``."""
        if now == self.now:
            return
        for key, s in now.items():
            if self.now.get(key) != s:
                self._since[key] = version + 1
        self.now = now

    def stale(self, key: Key | None, version: int | None) -> bool:
        """An answer to the prompt ``key`` from a page that showed snapshot ``version`` came
        too early: the prompt stands changed since (no version, or no such prompt: never)."""
        if key is None or key not in self.now or version is None:
            return False
        return version < self._since.get(key, 0)


def standing(scene: PromptScene) -> dict[Key, Standing]:
    out: list[Standing] = []
    phase = scene.phase
    if scene.mode is Mode.SETUP and scene.reading and not isinstance(phase, Correcting) \
            and not scene.resumed and dict(scene.reading) != scene.moves().reading:
        out.append(Standing(None, "setup", setup_message(scene)))
    if isinstance(phase, Correcting):
        out.append(Standing(None, "correction",
                            Message.of("correction.pairs", pairs=phase.pairs)))
    if scene.mode is not Mode.SETUP:
        out += _playing(scene)
    return {(s.seat, s.kind): s for s in out}


def _playing(scene: PromptScene) -> Iterable[Standing]:
    phase = scene.phase
    if isinstance(phase, Unmatched) or (isinstance(phase, Correcting) and scene.reading):
        # Why, beside the fix the lights and the correction show, for as long as it stands.
        yield Standing(None, "illegal", why_illegal(scene))
    if isinstance(phase, TakebackOffered):
        # Who answers: the other side, on a phone, or the table for a side with none.
        answer, phone = scene.takeback
        if phase.asked_by is None:
            yield Standing(None, "takeback", Message.of(
                "takeback.board", undone=tuple(scene.undone), answer=answer, phone=phone),
                ACCEPT_DECLINE)
        elif scene.undone:
            yield Standing(None, "takeback", Message.of(
                "takeback.asked", seat=phase.asked_by, move=scene.undone[-1],
                answer=answer, phone=phone), ACCEPT_DECLINE)
    if isinstance(phase, InProgress) and scene.seat is not None:
        said = waiting(scene, phase)
        if said is not None:
            yield Standing(None, "waiting", said)
    if isinstance(phase, Asking) and phase.ask_at is None and scene.seat is not None:
        # The table hears that the mover's phone must say which (never what it may say),
        # once the phone is asked: until then the hand may still be on its way.
        yield Standing(None, "waiting", Message.of("waiting.phone", seat=scene.seat))
    if isinstance(phase, Asking) and phase.ask_at is None and phase.candidates:
        moves = scene.moves()
        yield Standing(scene.seat, "choose", Message.of("choose.which", moves=tuple(
            moves.described(fp) for fp in phase.candidates)),
                       tuple(fp.text for fp in phase.candidates))
    if (isinstance(phase, InProgress) and phase.cannot) or (
            isinstance(phase, Asking) and phase.ask_at is None and not phase.candidates):
        yield Standing(scene.seat, "private", why_not_yours(scene))
    if scene.draw_offers:
        yield Standing(None, "draw", Message.of("draw.offered", seat=scene.draw_offers[-1]),
                       ("accept",))
    if scene.computer is not None:
        seat, fp, said = scene.computer
        take, put = hand_steps(scene.moves().game, fp.effect)
        board = scene.remote.get(seat)
        if board is not None:
            yield Standing(None, "computer", Message.of("remote.played", seat=seat, board=board,
                                                        move=said, take=take, put=put),
                           (fp.text,))
        else:
            yield Standing(None, "computer", Message.of("computer.plays", seat=seat, move=said,
                                                        take=take, put=put), (fp.text,))
    if scene.away is not None:
        yield Standing(None, "remote", Message.of("remote.away", board=scene.away))
    elif scene.computer is None and scene.seat is not None and scene.seat in scene.remote \
            and scene.mode is Mode.PLAYING:
        yield Standing(None, "remote", Message.of("remote.waiting", seat=scene.seat,
                                                  board=scene.remote[scene.seat]))


def why_illegal(scene: PromptScene) -> Message:
    """Why the board shows no move, as far as the table may know (public moves only): the
    game's own reason (``Game.explain_reading``, public information only); a piece of another
    seat moved; a piece put where it cannot go (and where it could), a piece that cannot move
    at all; else that it is no legal move."""
    moves = scene.moves()
    diff = moves.diff_of(scene.reading)
    key = ("illegal", diff, scene.seat)
    said = moves.said.get(key)
    if said is None:
        said = moves.said[key] = _why_illegal(scene, moves, diff)
    return said


def _why_illegal(scene: PromptScene, moves: Moves, diff: Diff) -> Message:
    lifted = sorted(p for p, v in diff if v == moves.empty)
    placed = sorted(p for p, v in diff if v != moves.empty)
    seat = scene.seat
    reason = moves.game.explain_reading(moves.state, frozenset(lifted), frozenset(placed))
    if reason is None:
        for p in lifted:
            stack = moves.layout.get(p, ())
            owner = _owner(stack[-1], moves) if stack else None
            if seat is not None and owner is not None and not moves.game.same_side(
                    moves.state, owner, seat):
                return Message.of("illegal.not-yours", place=p, owner=owner, seat=seat)
    if len(lifted) == 1 and placed:
        source = lifted[0]
        piece = (moves.layout.get(source) or ("",))[-1]
        reach = sorted({q for fp in moves.toward(frozenset({(source, moves.empty)}), "public")
                        for q in moves.targets(fp, frozenset({(source, moves.empty)}))
                        if q != source})
        owner = _owner(piece, moves) if piece else None
        own = owner is None or seat is None or moves.game.same_side(moves.state, owner, seat)
        if reason is not None and reach and own:
            # The rule the hand broke, and where the piece may go instead.
            return Message.of("illegal.reason", reason=reason, place=source, piece=piece,
                              reach=tuple(reach[:8]))
        if reason is None and not reach:
            return Message.of("illegal.cannot-move", place=source, piece=piece)
        wrong = [q for q in placed if q not in reach]
        if reason is None and wrong:
            return Message.of("illegal.cannot-go", place=source, piece=piece, to=tuple(wrong),
                              reach=tuple(reach[:8]))
    if reason is not None:
        return Message.of("illegal.reason", reason=reason)
    return Message.of("illegal.no-move")


def why_not_yours(scene: PromptScene) -> Message:
    """Why the mover's hand cannot make what the board shows, which the table's public
    information allows: the rules' reason (``Game.explain_illegal``: "you do not hold a 9"),
    said to the mover's phone alone."""
    moves = scene.moves()
    diff = moves.diff_of(scene.reading)
    key = ("private", diff, scene.seat)
    said = moves.said.get(key)
    if said is None:
        public = moves.matching(diff, source="public", distinct=True)
        reason = (moves.game.explain_illegal(moves.state, public[0].move)
                  if public and not moves.game.is_legal(moves.state, public[0].move) else None)
        said = moves.said[key] = (Message.of("private.cannot", reason=reason) if reason
                                  else Message.of("private.cannot"))
    return said


def _owner(piece: str, moves: Moves) -> str | None:
    """The seat a piece belongs to (a seat's colour: ``b``, ``blue+``), if any."""
    seats = moves.game.seats(moves.state)
    for seat in seats:
        if piece == seat or piece.rstrip("+-") == seat:
            return seat
    return None


def waiting(scene: PromptScene, phase: InProgress) -> Message | None:
    """What the board waits for while a move is on its way: the steps every move it may be
    still needs (a captured piece to take off, a piece to put in a pole), at once; after a
    while with nothing changing, at least that the mover is moving and what is lifted."""
    if phase.steps and scene.seat is not None:
        return steps_message(scene.moves().game, scene.seat, phase.steps)
    if phase.stalled:
        moves = scene.moves()
        lifted = tuple(sorted(p for p, v in moves.diff_of(scene.reading) if v == moves.empty))
        return Message.of("waiting.moving", seat=scene.seat, lifted=lifted)
    return None


def steps_message(game: Game[Any, Any], seat: str, steps: Steps) -> Message:
    """What is left of the mover's move, as the table says it (``waiting.steps``)."""
    return Message.of("waiting.steps", seat=seat,
                      take=tuple(From(game.place(p)) for p in steps.take),
                      put=tuple(To(game.place(p)) for p in steps.put),
                      **_one_of(game, steps.take_one))


def _one_of(game: Game[Any, Any], one: OneOf | None) -> dict[str, Any]:
    """One of a few places to take a piece off (``take_one``), and the kind of piece
    (``take_piece``: None for several kinds)."""
    if one is None:
        return {"take_one": (), "take_piece": None}
    return {"take_one": tuple(game.place(p) for p in one.places),
            "take_piece": Piece(one.kind, 0) if one.kind else None}


def setup_message(scene: PromptScene) -> Message:
    """What to put where, by kind of piece, for a board being set up."""
    moves = scene.moves()
    extra, missing = wrong_positions(moves.reading, scene.reading, moves.empty)
    by_kind: dict[str, list[str]] = {}
    for p in missing:
        stack = moves.layout.get(p, ())
        by_kind.setdefault(stack[-1] if stack else "", []).append(p)
    return Message.of("setup.place", put=tuple((k, tuple(v)) for k, v in by_kind.items()),
                      off=tuple(extra))


def hand_steps(game: Game[Any, Any], effect: Effect
               ) -> tuple[tuple[Message, ...], tuple[Message, ...]]:
    """A move as a hand does it: each piece to take and where from, then each piece to put
    and where to (``step.take``, ``step.put``: a ``Piece`` of a kind and count, a place), in
    the order of the effect's positions.  A stack that changes above the pieces it keeps
    (a Plimus double, a tray of marbles) loses or gains only its top."""
    take: list[Message] = []
    put: list[Message] = []
    for c in effect.changes:
        keep = 0
        while keep < min(len(c.before), len(c.after)) and c.before[keep] == c.after[keep]:
            keep += 1
        place = game.place(c.position)
        for kind, n in _counted(c.before[keep:]):
            take.append(Message.of("step.take", piece=Piece(kind, n), **{"from": From(place)}))
        for kind, n in _counted(c.after[keep:]):
            put.append(Message.of("step.put", piece=Piece(kind, n), to=To(place)))
    return tuple(take), tuple(put)


def _counted(pieces: Sequence[str]) -> list[tuple[str, int]]:
    """Each kind of ``pieces`` with how many, in the order they first come."""
    out: dict[str, int] = {}
    for p in pieces:
        out[p] = out.get(p, 0) + 1
    return list(out.items())
