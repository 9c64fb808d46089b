"""The Flask web UI: the table page, the seat pages, host controls, the simulated board.

``create_app`` is imported on first use, so that what needs only the words
(``web_ui.words``: the simulate command, the benchmarks) does not load Flask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from web_ui.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from web_ui.app import create_app
        return create_app
    raise AttributeError(f"module 'web_ui' has no attribute {name!r}")
