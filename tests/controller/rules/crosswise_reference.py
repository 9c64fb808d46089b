"""An independent Crosswise reference, written from the rules page alone: slow and plain.

It reads position text itself, keeps the board in a dict of cell names, lists moves as move
text and applies them by text, so that it shares nothing with the rules package but the
notation.  The tests compare its move lists, successor positions and perft counts with the
real implementation's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLS = "abcdef"
CELLS = [f"{c}{r}" for r in range(1, 7) for c in COLS]  # a1..f1, a2..f2, ...
CYCLES = {
    "two-player": (["green", "orange"], ["green", "orange"]),
    "three-player": (["green-1", "orange", "green-2"], ["green-1", "orange", "green-2", "orange"]),
    "four-player": (["green-1", "orange-1", "green-2", "orange-2"],
                    ["green-1", "orange-1", "green-2", "orange-2"]),
}
HAND = {"orange": 6}  # in the three-player game the solo player holds six; everyone else four
ORDER = "123456MRXS"


@dataclass
class Ref:
    variant: str
    board: dict[str, str]
    turn: int
    used: str
    hands: list[list[str]]
    bag: list[str]
    seats: list[str] = field(default_factory=list)
    cycle: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, text: str, variant: str) -> Ref:
        board_f, mover, used, hands_f, bag_f = text.split()[:5]
        rows = board_f.split("/")
        board = {}
        for k, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch != ".":
                    board[f"{COLS[c]}{6 - k}"] = ch
        seats, cycle = CYCLES[variant]
        if ">" in mover:
            seat, nxt = mover.split(">")
            turn = next(i for i in range(len(cycle))
                        if cycle[i] == seat and cycle[(i + 1) % len(cycle)] == nxt)
        else:
            turn = cycle.index(mover)
        hands = [[] if h == "-" else list(h) for h in hands_f.split("/")]
        return cls(variant, board, turn, "" if used == "-" else used, hands,
                   [] if bag_f == "-" else list(bag_f), list(seats), list(cycle))

    def write(self) -> str:
        rows = ["".join(self.board.get(f"{c}{r}", ".") for c in COLS) for r in range(6, 0, -1)]
        seat = self.cycle[self.turn]
        mover = seat
        if self.cycle.count(seat) > 1:
            mover = f"{seat}>{self.cycle[(self.turn + 1) % len(self.cycle)]}"
        used = "".join(sorted(self.used, key=ORDER.index)) or "-"
        hands = "/".join("".join(sorted(h, key=ORDER.index)) or "-" for h in self.hands)
        return f"{'/'.join(rows)} {mover} {used} {hands} {''.join(self.bag) or '-'}"

    def lines(self) -> list[tuple[str, list[str]]]:
        rows = [("green", [f"{c}{r}" for c in COLS]) for r in range(1, 7)]
        cols = [("orange", [f"{c}{r}" for r in range(1, 7)]) for c in COLS]
        return rows + cols

    def can_play(self, hand: list[str]) -> bool:
        return bool(self.plays(hand))

    def plays(self, hand: list[str]) -> list[str]:
        empty = [c for c in CELLS if c not in self.board]
        filled = [c for c in CELLS if c in self.board]
        symbols = sorted({t for t in hand if t.isdigit()})
        out = [f"{s}{c}" for s in symbols for c in empty]
        if "M" in hand:
            out += [f"move {a} {b}" for a in filled for b in empty]
        if "R" in hand:
            out += [f"remove {c}" for c in filled]
        if "X" in hand:
            out += [f"replace {c} {s}" for c in filled for s in symbols]
        if "S" in hand:
            out += [f"swap {a} {b}" for i, a in enumerate(filled) for b in filled[i + 1:]]
        return out

    def over(self) -> bool:
        for _, line in self.lines():
            if len({self.board.get(c) for c in line}) == 1 and line[0] in self.board:
                return True
        if len(self.board) == 36:
            return True
        return not any(self.plays(h) for h in self.hands)

    def moves(self) -> list[str]:
        if self.over():
            return []
        return self.plays(self.hands[self.seat_index()]) or ["pass"]

    def seat_index(self) -> int:
        return self.seats.index(self.cycle[self.turn])

    def after(self, move: str) -> Ref:
        new = Ref(self.variant, dict(self.board), (self.turn + 1) % len(self.cycle), self.used,
                  [list(h) for h in self.hands], list(self.bag), self.seats, self.cycle)
        i = self.seat_index()
        hand = new.hands[i]
        words = move.split()
        if words[0] == "pass":
            return new
        if len(words) == 1:
            hand.remove(words[0][0])
            new.board[words[0][1:]] = words[0][0]
        else:
            code = {"move": "M", "remove": "R", "replace": "X", "swap": "S"}[words[0]]
            hand.remove(code)
            new.used += code
            if code == "M":
                new.board[words[2]] = new.board.pop(words[1])
            elif code == "R":
                hand.append(new.board.pop(words[1]))
            elif code == "X":
                hand.remove(words[2])
                hand.append(new.board[words[1]])
                new.board[words[1]] = words[2]
            else:
                a, b = words[1], words[2]
                new.board[a], new.board[b] = new.board[b], new.board[a]
        size = HAND.get(self.seats[i], 4) if self.variant == "three-player" else 4
        while len(hand) < size and new.bag:
            hand.append(new.bag.pop(0))
        return new


def perft(ref: Ref, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(ref.after(m), depth - 1) for m in ref.moves())
