"""A straightforward Plimus move generator, written from the rules page, not from movegen.

The board is read from the board file's TOML by itself (names and lines, no rays or indices);
a position is a dict of node name -> list of stones (bottom first) and a dict of pole name ->
list of stones.  Every move copies them.  It is the oracle the fast generator is checked
against: the same moves (by text) leading to the same layouts.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from itertools import product

DATA = tomllib.loads(resources.files("controller.rules.plimus").joinpath("board.toml")
                     .read_text())
POLES = list(DATA["poles"])
LINES = [line.split() for line in DATA["lines"]]
DOTS = set(DATA["dots"])
START_FIELDS = {w[:-1] for area in DATA["start"].values() for w in area.split()}
NEXT: dict[tuple[str, int, int], str] = {}  # (node, line, +1/-1) -> the next node that way
for k, line in enumerate(LINES):
    for i, name in enumerate(line):
        if i + 1 < len(line):
            NEXT[(name, k, 1)] = line[i + 1]
        if i > 0:
            NEXT[(name, k, -1)] = line[i - 1]


def heading(a: str) -> list[tuple[int, int, str]]:
    """(line, way, neighbour) for every neighbour of ``a``."""
    return [(k, w, n) for (node, k, w), n in NEXT.items() if node == a]


def sign(stone: str) -> int:
    return {"+": 1, "-": -1}.get(stone[-1], 0) if stone != "blank" else 0


def successors(nodes: dict[str, list[str]], poles: dict[str, list[str]], team: str,
               foes: set[str], free_turns: bool = False):
    """Yield (move text, nodes after, poles after) for every move of ``team``."""
    # (start, unit text, stones bottom first, nodes and poles with the stones lifted)
    units = []
    for name, stack in nodes.items():
        if stack and stack[-1][:-1] == team:
            units.append((name, "", list(stack), {**nodes, name: []}, poles))
            if len(stack) == 2:
                units.append((name, "^", [stack[1]], {**nodes, name: [stack[0]]}, poles))
    for p in POLES:
        have = poles[p]
        for text, stones in (("+", [team + "+"]), ("-", [team + "-"]),
                             ("+/-", [team + "-", team + "+"]), ("-/+", [team + "+", team + "-"])):
            if all(have.count(s) >= stones.count(s) for s in stones):
                left = list(have)
                for s in stones:
                    left.remove(s)
                units.append((p, f"[{text}]", stones, dict(nodes), {**poles, p: left}))
    out: dict[str, tuple[dict[str, list[str]], dict[str, list[str]]]] = {}
    for start, utext, stones, lifted, pls in units:
        _moves_of(start, utext, stones, lifted, pls, team, foes, free_turns, out)
    yield from ((t, n, p) for t, (n, p) in out.items())


def _land(stones: list[str], there: list[str] | None) -> list[str] | None:
    """The stack after landing, or None if the stones may not land there (None: a pole)."""
    if there is None:
        return stones
    if not there:
        return stones
    if len(stones) == 1 and len(there) == 1 and there[0][:-1] == stones[0][:-1] and \
            sign(there[0]) == -sign(stones[0]):
        return there + stones
    return None


def _moves_of(start, utext, stones, nodes, poles, team, foes, free_turns, out) -> None:
    me = sign(stones[-1])
    for _k, _w, dest in heading(start):
        if dest in POLES:
            if start not in POLES:
                _finish(f"{start}{utext}-{dest}", stones, dest, nodes, poles, out)
        elif _land(stones, nodes.get(dest, [])) is not None:
            _finish(f"{start}{utext}-{dest}", stones, dest, nodes, poles, out)

    def jump(at, way, path, jumped, nodes_now, taken):
        for k, w, over in heading(at):
            if way is not None and not free_turns and (k, w) != way:
                continue
            if over in POLES or over in jumped:
                continue
            stack = nodes_now.get(over, [])
            if not stack or sign(stack[-1]) != -me:
                continue
            if over in DOTS:
                lands = [(k2, w2, n) for k2, w2, n in heading(over) if n != at]
            else:
                n = NEXT.get((over, k, w))
                lands = [(k, w, n)] if n else []
            for k2, w2, land in lands:
                if land == start or land in path:
                    continue
                there = None if land in POLES else nodes_now.get(land, [])
                if there is not None and _land(stones, there) is None:
                    continue
                goes_on = there == []
                options = [False]
                if len(stones) == 2 and stack[-1][:-1] in foes and over not in START_FIELDS:
                    options.append(True)
                for capture in options:
                    now = dict(nodes_now)
                    caps = list(taken)
                    if capture:
                        caps.append((over, list(now[over])))
                        now[over] = []
                    _record(start, utext, stones, path + [land], caps, now, poles, out)
                    if goes_on:
                        jump(land, (k2, w2), path + [land], jumped | {over}, now, caps)

    jump(start, None, [], set(), nodes, [])


def _record(start, utext, stones, path, caps, nodes, poles, out) -> None:
    head = f"{start}{utext}" + "".join(":" + n for n in path)
    if len(path) == 1 and not caps and any(n == path[0] for _, _, n in heading(start)):
        head = f"{start}{utext}-{path[0]}"  # a dot jump ending next to its start: a step
    if not caps:
        _finish(head, stones, path[-1], nodes, poles, out)
        return
    per_node = [list(product(POLES, repeat=len(stack))) for _, stack in caps]
    for choice in product(*per_node):
        pl = {p: list(v) for p, v in poles.items()}
        words = []
        for (node, stack), sent in zip(caps, choice):
            for stone, p in zip(reversed(stack), sent):
                pl[p].append(stone)
            words.append(f"x{node}>" + "/".join(sent))
        _finish(" ".join([head, *words]), stones, path[-1], nodes, pl, out)


def _finish(text, stones, dest, nodes, poles, out) -> None:
    if text in out:
        return
    if dest in POLES:
        pl = {p: list(v) for p, v in poles.items()}
        pl[dest] += stones
        out[text] = (dict(nodes), pl)
    else:
        landed = _land(stones, nodes.get(dest, []))
        assert landed is not None
        out[text] = ({**nodes, dest: landed}, poles)
