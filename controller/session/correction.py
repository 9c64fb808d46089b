"""Guide the board back to the committed position: which piece goes where.

Positions whose reading is wrong split into *extra* (a piece, or the wrong piece, stands
where none should) and *missing* (a piece should stand here and does not).  Each extra is
paired with a missing position so that the total distance the hands travel is least; what is
left over is "remove this piece" or "bring a piece here".  Exact (dynamic programming over
subsets of the larger side) up to 8 by 12 positions, nearest-first beyond: a board that far
off is being set up again, not corrected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from controller.physical import Value

Pair = tuple[str | None, str | None]
EXACT_ROWS, EXACT_COLS = 8, 12


def wrong_positions(target: Mapping[str, Value], reading: Mapping[str, Value], empty: Value
                    ) -> tuple[list[str], list[str]]:
    """(extra, missing) positions, in the target's position order."""
    extra, missing = [], []
    for p, want in target.items():
        have = reading.get(p, empty)
        if have == want:
            continue
        if have != empty:
            extra.append(p)
        if want != empty:
            missing.append(p)
    return extra, missing


def pair_up(extra: list[str], missing: list[str], distance: Callable[[str, str], float]
            ) -> list[Pair]:
    """Pairs (from, to) of least total distance; unpaired extras are (p, None), unpaired
    missing positions (None, p).  A position both extra and missing (a wrong colour) pairs
    with itself at no cost, meaning "turn it" or "swap the piece"."""
    if not extra or not missing:
        return [(e, None) for e in extra] + [(None, m) for m in missing]
    flip = len(extra) > len(missing)
    rows, cols = (missing, extra) if flip else (extra, missing)
    if len(rows) <= EXACT_ROWS and len(cols) <= EXACT_COLS:
        chosen = _exact(rows, cols, distance)
    else:
        chosen = _greedy(rows, cols, distance)
    pairs: list[Pair] = []
    used = set()
    for r, c in chosen:
        used.add(c)
        pairs.append((cols[c], rows[r]) if flip else (rows[r], cols[c]))
    leftover = [cols[c] for c in range(len(cols)) if c not in used]
    # Columns are the larger side: extras when flipped (remove them), else missing positions.
    pairs += [(p, None) for p in leftover] if flip else [(None, p) for p in leftover]
    return pairs


def pairs_back(home: Mapping[str, Value], reading: Mapping[str, Value], empty: Value,
               distance: Callable[[str, str], float],
               back_to: frozenset[tuple[str, Value]] | None = None) -> tuple[Pair, ...]:
    """Pieces to move: back to the committed position (``home``, its reading), or to the
    reading on its way to a move that the board went wrong from (``back_to``: its changes
    from ``home``) when that needs fewer pairs."""
    home_pairs = tuple(pair_up(*wrong_positions(home, reading, empty), distance))
    if not back_to:
        return home_pairs
    way = tuple(pair_up(*wrong_positions({**home, **dict(back_to)}, reading, empty),
                        distance))
    return way if len(way) < len(home_pairs) else home_pairs


def _exact(rows: list[str], cols: list[str], distance: Callable[[str, str], float]
           ) -> list[tuple[int, int]]:
    """Assign every row a distinct column minimising the sum of distances (len(rows) <=
    len(cols)); DP over the set of used columns, rows taken in order."""
    cost = [[distance(r, c) for c in cols] for r in rows]
    best: dict[int, tuple[float, list[tuple[int, int]]]] = {0: (0.0, [])}
    for i in range(len(rows)):
        nxt: dict[int, tuple[float, list[tuple[int, int]]]] = {}
        for mask, (total, picks) in best.items():
            for j in range(len(cols)):
                if mask >> j & 1:
                    continue
                m2 = mask | 1 << j
                t2 = total + cost[i][j]
                if m2 not in nxt or t2 < nxt[m2][0]:
                    nxt[m2] = (t2, [*picks, (i, j)])
        best = nxt
    return min(best.values(), key=lambda x: x[0])[1]


def _greedy(rows: list[str], cols: list[str], distance: Callable[[str, str], float]
            ) -> list[tuple[int, int]]:
    edges = sorted((distance(r, c), i, j) for i, r in enumerate(rows) for j, c in enumerate(cols))
    used_r: set[int] = set()
    used_c: set[int] = set()
    out = []
    for _, i, j in edges:
        if i not in used_r and j not in used_c:
            used_r.add(i)
            used_c.add(j)
            out.append((i, j))
    return out


def describe(pairs: list[Pair]) -> str:
    """The pairs in words, for the phone and the table page."""
    parts = []
    for src, dst in pairs:
        if src and dst and src == dst:
            parts.append(f"put the right piece on {dst}")
        elif src and dst:
            parts.append(f"move the piece on {src} back to {dst}")
        elif src:
            parts.append(f"take the piece off {src}")
        elif dst:
            parts.append(f"put a piece back on {dst}")
    if not parts:
        return ""
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."
