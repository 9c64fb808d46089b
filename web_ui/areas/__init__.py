"""One blueprint per area of the UI: the table, the seats, the host, the simulated board."""
