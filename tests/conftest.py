"""Options of the whole suite.

``--fast`` leaves out the tests marked ``slow`` (whole games by the hundred, fuzzing, real-time
runs): for local work, ``python3 bootstrap.py test --fast``.  CI runs everything.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fast", action="store_true", default=False,
                     help="leave out the tests marked slow (CI runs them all)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--fast"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


def pytest_report_header(config: pytest.Config) -> str | None:
    if config.getoption("--fast"):
        return "--fast: tests marked slow are left out (the whole suite runs without --fast)"
    return None
