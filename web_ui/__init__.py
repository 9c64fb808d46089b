"""The Flask web UI: the table page, the seat pages, the simulated board."""
