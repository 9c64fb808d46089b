"""The Plimus board, read from a data file (``board.toml`` beside this module).

No picture of the original board survives, so the shipped file describes a layout invented
for this project; a builder with the real board writes their own file and loads it with
``load_board(path)``.  Everything the rules need to know about the board's shape is derived
here from the file: nodes and poles, the lines (which nodes are neighbours, and which node
lies straight behind another), the dot and circle fields, and the four start areas.

Nodes are numbered: the board's nodes in the file's order, then the poles.  Moves and states
use these indices; names are for text and the physical board.

A *ray* is a line walked one way: ray ``2 * line`` runs in the line's written order, ray
``2 * line + 1`` against it.  ``step[n]`` maps each ray leaving node ``n`` to the neighbour it
reaches, so "straight on" after a jump is simply the same ray.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

from controller.errors import BoardError

TEAMS = ("blue", "red", "yellow", "green")
POLES_NEEDED = 4


class BoardFileError(BoardError, ValueError):
    """A board file that does not describe a playable Plimus board."""


Jump = tuple[int, int, int]
"""(jumped node, landing node, ray of the landing as seen from the jumped node)."""


@dataclass(frozen=True, eq=False)
class Board:
    """One Plimus board: who is whose neighbour, and where every field is."""

    name: str
    names: tuple[str, ...]                 # node index -> name (board nodes, then poles)
    coords: tuple[tuple[float, float], ...]
    cells: int                             # indices below this are board nodes
    lines: tuple[tuple[int, ...], ...]
    step: tuple[Mapping[int, int], ...]    # node -> {ray: neighbour}
    neighbours: tuple[tuple[int, ...], ...]
    near_dot: frozenset[int]               # nodes next to a dot field
    jumps: tuple[Mapping[int, tuple[Jump, ...]], ...]  # node -> {ray: jumps that way}
    all_jumps: tuple[tuple[Jump, ...], ...]             # node -> every jump from it
    jumpable: tuple[tuple[int, ...], ...]                # node -> the nodes it may jump over
    dots: frozenset[int]
    circles: tuple[int, ...]
    start: Mapping[str, tuple[tuple[int, int], ...]]    # team -> ((node, +1 or -1), ...)
    targets: Mapping[str, str]                           # team -> team whose area it fills
    start_fields: frozenset[int]

    @property
    def poles(self) -> range:
        return range(self.cells, len(self.names))

    @property
    def pole_names(self) -> tuple[str, ...]:
        return self.names[self.cells:]

    def is_pole(self, node: int) -> bool:
        return node >= self.cells

    def index(self, name: str) -> int:
        return _name_index(self)[name]

    def find(self, name: str) -> int | None:
        """The node or pole called ``name``, in any case (``C1``, ``sw``)."""
        index = _name_index(self)
        return index[name] if name in index else _folded(self).get(name.lower())

    def rows(self) -> tuple[tuple[int, ...], ...]:
        """Board nodes grouped by drawing row, north row first, west to east (the order of
        the position text)."""
        return _rows(self)

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.step[a].values()


@cache
def _name_index(board: Board) -> dict[str, int]:
    return {n: i for i, n in enumerate(board.names)}


@cache
def _folded(board: Board) -> dict[str, int]:
    return {n.lower(): i for i, n in enumerate(board.names)}


@cache
def _rows(board: Board) -> tuple[tuple[int, ...], ...]:
    by_y: dict[float, list[int]] = {}
    for i in range(board.cells):
        by_y.setdefault(board.coords[i][1], []).append(i)
    return tuple(tuple(sorted(by_y[y], key=lambda i: board.coords[i][0]))
                 for y in sorted(by_y, reverse=True))


# --------------------------------------------------------------------------------------------
# Reading a board file
# --------------------------------------------------------------------------------------------

def load_board(path: str | Path | None = None) -> Board:
    """The board of a file (default: the shipped, invented board)."""
    if path is None:
        return default_board()
    where = Path(path)
    try:
        data = tomllib.loads(where.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BoardFileError(f"board file {where}: {exc}") from None
    return board_from_data(data, str(where))


@cache
def default_board() -> Board:
    text = resources.files("controller.rules.plimus").joinpath("board.toml").read_text(
        encoding="utf-8")
    return board_from_data(tomllib.loads(text), "board.toml")


def _coord(value: Any, what: str, problems: list[str]) -> tuple[float, float]:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        return float(value[0]), float(value[1])
    problems.append(f"{what} must be [x, y], two numbers")
    return 0.0, 0.0


def board_from_data(data: Mapping[str, Any], source: str = "board file") -> Board:
    """Build a board from parsed TOML; every problem is reported at once."""
    problems: list[str] = []
    nodes = data.get("nodes", {})
    poles = data.get("poles", {})
    if not isinstance(nodes, dict) or not nodes:
        problems.append("[nodes] must list the board's nodes as name = [x, y]")
        nodes = {}
    if not isinstance(poles, dict) or len(poles) != POLES_NEEDED:
        problems.append(f"[poles] must list exactly {POLES_NEEDED} poles as name = [x, y]")
        poles = poles if isinstance(poles, dict) else {}
    names = [*nodes, *poles]
    coords = [_coord(v, f"[nodes] {k}", problems) for k, v in nodes.items()]
    coords += [_coord(v, f"[poles] {k}", problems) for k, v in poles.items()]
    index = {n: i for i, n in enumerate(names)}
    for n in names:
        if not n.isalnum():
            problems.append(f"node name {n!r} must be letters and digits only")
    folded = Counter(n.lower() for n in names)
    for n, times in folded.items():
        if times > 1:
            problems.append(f"{times} nodes or poles are called {n!r} (names are read in any "
                            "case, so they must differ in more than case)")

    def node(name: str, where: str) -> int | None:
        if name not in index:
            problems.append(f"{where} names {name!r}, which is neither in [nodes] nor [poles]")
            return None
        return index[name]

    lines: list[list[int]] = []
    for k, text in enumerate(data.get("lines", [])):
        found = [node(n, f"lines[{k}]") for n in str(text).split()]
        if len(found) < 2:
            problems.append(f"lines[{k}] needs at least two nodes")
        lines.append([i for i in found if i is not None])
    if not lines:
        problems.append("'lines' must list the board's lines")

    step: list[dict[int, int]] = [{} for _ in names]
    pairs: dict[frozenset[int], int] = {}
    for k, seq in enumerate(lines):
        for a, b in pairwise(seq):
            pair = frozenset((a, b))
            if pair in pairs or a == b:
                problems.append(f"lines[{k}]: {names[a]}-{names[b]} is already a pair of "
                                f"neighbours on lines[{pairs.get(pair, k)}]")
            pairs[pair] = k
            step[a][2 * k] = b
            step[b][2 * k + 1] = a

    dots = frozenset(i for n in data.get("dots", []) if (i := node(str(n), "dots")) is not None)
    circles = tuple(i for n in data.get("circles", [])
                    if (i := node(str(n), "circles")) is not None)
    start, starts = _read_start(data, node, problems)
    targets = _read_targets(data, problems)
    cells = len(nodes)
    for i in (*dots, *circles, *(n for area in start.values() for n, _ in area)):
        if i >= cells:
            problems.append(f"{names[i]} is a pole; dot, circle and start fields are nodes")
    if problems:
        raise BoardFileError("\n".join(f"{source}: {p}" for p in problems))

    jumps = tuple(_jumps_from(n, step, dots, cells) for n in range(len(names)))
    return Board(
        name=str(data.get("name", source)), names=tuple(names), coords=tuple(coords),
        cells=cells, lines=tuple(tuple(seq) for seq in lines), step=tuple(step),
        neighbours=tuple(tuple(s.values()) for s in step),
        near_dot=frozenset(n for d in dots for n in step[d].values()), jumps=jumps,
        all_jumps=tuple(tuple(j for js in by_ray.values() for j in js) for by_ray in jumps),
        jumpable=tuple(tuple(dict.fromkeys(o for js in by_ray.values() for o, _, _ in js))
                       for by_ray in jumps),
        dots=dots, circles=circles, start=start, targets=targets,
        start_fields=frozenset(starts))


def _jumps_from(a: int, step: list[dict[int, int]], dots: frozenset[int],
                cells: int) -> dict[int, tuple[Jump, ...]]:
    """Every jump leaving node ``a``, by the ray it starts on.  A jump goes over the neighbour
    on that ray to the next node straight on; over a stone on a dot field it may land on any
    neighbour of the dot (but not back where it came from).  Stones in poles are never
    jumped, so a jump never goes over a pole."""
    out: dict[int, tuple[Jump, ...]] = {}
    for ray, over in step[a].items():
        if over >= cells:
            continue
        if over in dots:
            found = tuple((over, land, r) for r, land in step[over].items() if land != a)
        else:
            land = step[over].get(ray)
            found = ((over, land, ray),) if land is not None else ()
        if found:
            out[ray] = found
    return out


def _read_start(data: Mapping[str, Any], node: Any, problems: list[str]
                ) -> tuple[dict[str, tuple[tuple[int, int], ...]], list[int]]:
    table = data.get("start", {})
    start: dict[str, tuple[tuple[int, int], ...]] = {}
    seen: list[int] = []
    for team in TEAMS:
        text = table.get(team) if isinstance(table, dict) else None
        if not isinstance(text, str):
            problems.append(f"[start] needs {team} = \"NODE+ NODE- ...\"")
            continue
        area = []
        for word in text.split():
            sign = {"+": 1, "-": -1}.get(word[-1:])
            i = node(word[:-1], f"[start] {team}") if sign else None
            if sign is None:
                problems.append(f"[start] {team}: {word!r} must end in + or -")
            elif i is not None:
                area.append((i, sign))
                if i in seen:
                    problems.append(f"[start] {team}: {word[:-1]} is in two start areas")
                seen.append(i)
        plus = sum(1 for _, s in area if s > 0)
        if plus * 2 != len(area) or not area:
            problems.append(f"[start] {team} must have as many plus as minus fields; it has "
                            f"{plus} plus and {len(area) - plus} minus")
        start[team] = tuple(area)
    sizes = {len(a) for a in start.values()}
    if len(sizes) > 1:
        problems.append("[start] every team's area must have the same number of fields")
    return start, seen


def _read_targets(data: Mapping[str, Any], problems: list[str]) -> dict[str, str]:
    table = data.get("targets", {})
    targets: dict[str, str] = {}
    for team in TEAMS:
        other = table.get(team) if isinstance(table, dict) else None
        if other not in TEAMS or other == team:
            problems.append(f"[targets] {team} must name another team: one of "
                            f"{', '.join(t for t in TEAMS if t != team)}")
            continue
        targets[team] = str(other)
    return targets
