"""Typed reading of one TOML table, collecting problems instead of stopping at the first.

A board builder edits a profile by hand, so every problem found in one pass is reported at
once, each naming its table, its key, what was wrong and what to write instead.  A key that
nobody asked for is a typo more often than not: ``done()`` reports it with the nearest known
key (``difflib``), which is how ``postions`` gets its ``did you mean 'positions'?``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any


class Problems:
    """Problem lines of one file, each prefixed with what it is and its name."""

    def __init__(self, source: str, what: str = "profile") -> None:
        self.source = source
        self.what = what  # "profile", "config"
        self.lines: list[str] = []

    def add(self, where: str, message: str) -> None:
        place = f"{where} " if where else ""
        self.lines.append(f"{self.what} {self.source}: {place}{message}")


class Table:
    """One table of a profile: getters return ``None`` (and record a problem) on bad values."""

    def __init__(self, data: Mapping[str, Any], where: str, problems: Problems) -> None:
        self.data = data
        self.where = where          # "[sensors]", "[leds.spi]"; "" for the top level
        self.problems = problems
        self._asked: set[str] = set()

    def problem(self, message: str) -> None:
        self.problems.add(self.where, message)

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, required: bool) -> Any:
        self._asked.add(key)
        if key not in self.data:
            if required:
                self.problem(f"needs the key '{key}'")
            return None
        return self.data[key]

    def text(self, key: str, *, required: bool = True, default: str | None = None,
             choices: tuple[str, ...] = ()) -> str | None:
        value = self._get(key, required)
        if value is None:
            return default
        if not isinstance(value, str):
            self.problem(f"'{key}' must be a text in quotes; got {value!r}")
            return None
        if choices and value not in choices:
            close = difflib.get_close_matches(value, choices, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            self.problem(f"'{key}' is {value!r}; it must be one of: "
                         f"{', '.join(choices)}{hint}")
            return None
        return value

    def number(self, key: str, *, low: float, high: float, default: float | None = None,
               required: bool = False, unit: str = "") -> float | None:
        value = self._get(key, required)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.problem(f"'{key}' must be a number; got {value!r}")
            return None
        return self._in_range(key, float(value), low, high, unit)

    def integer(self, key: str, *, low: int, high: int, default: int | None = None,
                required: bool = False, unit: str = "") -> int | None:
        value = self._get(key, required)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(f"'{key}' must be a whole number; got {value!r}")
            return None
        checked = self._in_range(key, value, low, high, unit)
        return None if checked is None else value

    def _in_range(self, key: str, value: float, low: float, high: float,
                  unit: str) -> float | None:
        if not low <= value <= high:
            self.problem(f"'{key}' is {value:g}{unit}; it must be between {low:g}{unit} "
                         f"and {high:g}{unit}")
            return None
        return value

    def flag(self, key: str, *, default: bool = False) -> bool:
        value = self._get(key, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.problem(f"'{key}' must be true or false; got {value!r}")
            return default
        return value

    def texts(self, key: str, *, required: bool = True) -> list[str] | None:
        """A list of texts (positions use ``""`` for an unused index)."""
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(f"'{key}' must be a list of texts in quotes, like [\"A1\", \"\"]")
            return None
        return list(value)

    def integers(self, key: str, *, required: bool = True) -> list[int] | None:
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            self.problem(f"'{key}' must be a list of whole numbers, like [4, 5, 6]")
            return None
        return list(value)

    def table(self, key: str, *, required: bool = False) -> Table | None:
        value = self._get(key, required)
        if value is None:
            return None
        name = f"[{self.where.strip('[]')}.{key}]" if self.where else f"[{key}]"
        if not isinstance(value, dict):
            self.problem(f"'{key}' must be a table: write it as {name} on a line of its own")
            return None
        return Table(value, name, self.problems)

    def done(self, elsewhere: Mapping[str, str] | None = None) -> None:
        """Report keys nobody asked for.

        ``elsewhere`` maps keys that are valid in other set-ups to why they do not apply
        here (``max_current_ma`` on single-colour LEDs).
        """
        elsewhere = elsewhere or {}
        for key in self.data:
            if key in self._asked:
                continue
            if key in elsewhere:
                self.problem(f"'{key}' does not apply here: {elsewhere[key]}")
                continue
            known = sorted(self._asked | set(elsewhere))
            close = difflib.get_close_matches(key, known, n=1)
            hint = (f"; did you mean '{close[0]}'?" if close
                    else f"; the keys here are: {', '.join(known)}")
            self.problem(f"unknown key '{key}'{hint}")
