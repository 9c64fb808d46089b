"""The Flask web UI: the table page, the seat pages, host controls, the simulated board."""

from web_ui.app import create_app

__all__ = ["create_app"]
