"""A game's board drawn as text, for terminals (``boardlight replay``)."""

from __future__ import annotations

from typing import Any


def draw(game: Any, state: Any) -> str:
    """One line per row of cells, top row first; hexagonal rows indented by half a cell.

    A cell shows the top piece of its stack (``.`` when empty)."""
    geo = game.geometry(game.variant_of(state).name)
    layout = game.layout(state)
    rows: dict[float, list[tuple[float, str]]] = {}
    for name in geo.cells:
        x, y = geo.coords[name]
        rows.setdefault(round(y, 3), []).append((x, name))
    left = min(geo.coords[n][0] for n in geo.cells)
    width = max(len(str(stack[-1])) for stack in layout.values() if stack) if layout else 1
    lines = []
    for y in sorted(rows, reverse=True):
        row = sorted(rows[y])
        label = row[0][1].rstrip("0123456789") if geo.shape == "hex" else ""
        indent = round((row[0][0] - left) * (width + 1))
        marks = " ".join(str(layout[n][-1]).ljust(width) if layout.get(n) else ".".ljust(width)
                         for _, n in row)
        lines.append((f"{label:>2} " if label else "") + " " * indent + marks.rstrip())
    return "\n".join(lines)
