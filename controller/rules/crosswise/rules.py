"""The rules proper: which plays a hand allows, what a play does, when the game ends.

A turn is one play: lay a symbol tile from the hand on an empty cell, or spend an action tile
(move, remove, replace, swap).  The hand is then refilled from the bag to its size while the
bag has tiles.  A player with no legal play passes (the only legal move is then ``pass``).
The game ends at once when a line holds six equal symbols (the team owning that line wins,
whoever made it), else when the board is full or nobody can play, and is then scored.

Exchanges that change nothing on the board (swapping two equal symbols, replacing a tile by
an equal one) are legal: the rules allow exchanging any two tiles, and they spend the action
tile (decided; see ``docs/games/crosswise.md``).
"""

from __future__ import annotations

from dataclasses import replace

from controller.rules.base import Outcome, Termination
from controller.rules.crosswise.moves import (
    ACTION_OF,
    PASS,
    Lay,
    Move,
    Pass,
    Remove,
    Replace,
    Shift,
    Swap,
)
from controller.rules.crosswise.scoring import six_line, totals
from controller.rules.crosswise.state import CrosswiseState, mover, seating, used_index
from controller.rules.crosswise.tiles import (
    ACTION_KIND,
    CELL_COUNT,
    CELL_NAMES,
    TILE_RANK,
)
from controller.said import Cell, Message, Piece, Who


def hand_symbols(hand: tuple[str, ...]) -> tuple[int, ...]:
    """The distinct symbols a hand holds, ascending."""
    return tuple(sorted({int(t) for t in hand if t.isdigit()}))


def has_play(board: tuple[int, ...], hand: tuple[str, ...]) -> bool:
    """Whether a hand allows any play on this board (the game is not over)."""
    filled = CELL_COUNT - board.count(0)
    empty = CELL_COUNT - filled
    symbols = any(t.isdigit() for t in hand)
    return ((symbols and empty > 0)
            or (filled > 0 and ("R" in hand or ("M" in hand and empty > 0)
                                or ("X" in hand and symbols)))
            or (filled > 1 and "S" in hand))


def plays(board: tuple[int, ...], hand: tuple[str, ...]) -> list[Move]:
    """Every play the hand allows, in a fixed order: lays, then each action in turn."""
    symbols = hand_symbols(hand)
    empty = [i for i in range(CELL_COUNT) if not board[i]]
    filled = [i for i in range(CELL_COUNT) if board[i]]
    out: list[Move] = [Lay(s, c) for s in symbols for c in empty]
    if "M" in hand:
        out += [Shift(a, b) for a in filled for b in empty]
    if "R" in hand:
        out += [Remove(c) for c in filled]
    if "X" in hand:
        out += [Replace(c, s) for c in filled for s in symbols]
    if "S" in hand:
        out += [Swap(a, b) for k, a in enumerate(filled) for b in filled[k + 1:]]
    return out


def count_plays(board: tuple[int, ...], hand: tuple[str, ...]) -> int:
    """``len(plays(board, hand))`` without building the moves (perft's last ply)."""
    symbols = len(hand_symbols(hand))
    empty = board.count(0)
    filled = CELL_COUNT - empty
    n = symbols * empty
    if "M" in hand:
        n += filled * empty
    if "R" in hand:
        n += filled
    if "X" in hand:
        n += filled * symbols
    if "S" in hand:
        n += filled * (filled - 1) // 2
    return n


def play(state: CrosswiseState, move: Move) -> CrosswiseState:
    """The state after a legal move: the play, the refill from the bag, the next turn."""
    seats = seating(state.variant)
    i = mover(state)
    turn = (state.turn + 1) % len(seats.turn_seat)
    if isinstance(move, Pass):
        return replace(state, turn=turn)
    board = list(state.board)
    hand = list(state.hands[i])
    used = list(state.used)
    if isinstance(move, Lay):
        hand.remove(str(move.symbol))
        board[move.cell] = move.symbol
    else:
        code = ACTION_OF[type(move)]
        hand.remove(code)
        used[used_index(code)] += 1
        if isinstance(move, Shift):
            board[move.dst], board[move.src] = board[move.src], 0
        elif isinstance(move, Remove):
            hand.append(str(board[move.cell]))
            board[move.cell] = 0
        elif isinstance(move, Replace):
            hand.remove(str(move.symbol))
            hand.append(str(board[move.cell]))
            board[move.cell] = move.symbol
        else:
            board[move.a], board[move.b] = board[move.b], board[move.a]
    bag = state.bag
    draw = min(len(bag), seats.hand_size[i] - len(hand))
    if draw > 0:
        hand += bag[:draw]
        bag = bag[draw:]
    hands = list(state.hands)
    hands[i] = tuple(sorted(hand, key=TILE_RANK.__getitem__))
    return CrosswiseState(state.variant, tuple(board), tuple(hands), bag,
                          (used[0], used[1], used[2], used[3]), turn)


def legal(state: CrosswiseState) -> list[Move]:
    """The mover's legal moves in a running game: the plays, or ``pass`` when there is none."""
    found = plays(state.board, state.hands[mover(state)])
    return found or [PASS]


def board_outcome(state: CrosswiseState) -> Outcome | None:
    six = six_line(state.board)
    seats = seating(state.variant)
    if six is not None:
        line = (Message.of("crosswise.row", row=six.name) if six.kind == "row"
                else Message.of("crosswise.column", column=six.name))
        winners = seats.members[six.team]
        return Outcome.of(winners, Termination.SIX_IN_A_LINE, piece=Piece(str(six.symbol), 0),
                          line=line, cells=tuple(Cell(CELL_NAMES[i]) for i in six.cells),
                          side=tuple(Who(s) for s in winners))
    if all(state.board):
        return scored(state, Termination.BOARD_FULL)
    if not any(has_play(state.board, hand) for hand in state.hands):
        return scored(state, Termination.BLOCKED)
    return None


def scored(state: CrosswiseState, why: Termination) -> Outcome:
    """The end of a game the points decide: the higher team total wins, equal totals draw."""
    green, orange = totals(state.board)
    members = seating(state.variant).members
    winners = (members["green"] if green > orange else
               members["orange"] if orange > green else ())
    return Outcome.of(winners, why, green=green, orange=orange)


def explain(state: CrosswiseState, move: object) -> Message:
    """Why a move is refused (the game is running): a reason of ``words.REFUSALS``, said to
    the mover (it may name the mover's own hand)."""
    if not isinstance(move, (Lay, Shift, Remove, Replace, Swap, Pass)):
        return Message.of("crosswise.illegal.not-a-move")
    cells = [getattr(move, f) for f in ("cell", "src", "dst", "a", "b") if hasattr(move, f)]
    if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < CELL_COUNT
           for c in cells):
        return Message.of("crosswise.illegal.off-board")
    symbol = getattr(move, "symbol", 1)
    if not isinstance(symbol, int) or isinstance(symbol, bool) or not 1 <= symbol <= 6:
        return Message.of("crosswise.illegal.no-symbol")
    hand = state.hands[mover(state)]
    board = state.board
    if isinstance(move, Pass):
        return Message.of("crosswise.illegal.must-play")
    if isinstance(move, Swap) and move.a == move.b:
        return Message.of("crosswise.illegal.swap-same")
    if isinstance(move, Swap) and move.a > move.b:
        return Message.of("crosswise.illegal.swap-order")
    if not isinstance(move, Lay):
        code = ACTION_OF[type(move)]
        if code not in hand:
            return Message.of("crosswise.illegal.not-in-hand", piece=Piece(ACTION_KIND[code]))
    if isinstance(move, Lay | Replace) and str(move.symbol) not in hand:
        return Message.of("crosswise.illegal.not-in-hand", piece=Piece(str(move.symbol)))
    if isinstance(move, Lay) and board[move.cell]:
        return Message.of("crosswise.illegal.occupied", cell=Cell(CELL_NAMES[move.cell]))
    if isinstance(move, Shift) and board[move.dst]:
        return Message.of("crosswise.illegal.target-occupied", cell=Cell(CELL_NAMES[move.dst]))
    empty = tuple(Cell(CELL_NAMES[c]) for c in dict.fromkeys(cells) if not board[c]
                  and not (isinstance(move, Shift) and c == move.dst))
    if empty:
        return Message.of("crosswise.illegal.empty", cells=empty, n=len(empty))
    return Message.of("illegal.not-legal", who=Who(seating(state.variant).seats[mover(state)]))
