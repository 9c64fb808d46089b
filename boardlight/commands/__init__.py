"""The ``boardlight`` subcommands, one module each.

Each command's module is imported only when that command runs (``boardlight.cli``), so that
``boardlight --help`` and a quick command start fast: here are only their names, where they
live, and the one line that ``boardlight --help`` shows for each.
"""

COMMANDS: dict[str, str] = {
    "serve": "boardlight.commands.serve",
    "simulate": "boardlight.commands.simulate",
    "emulator": "boardlight.commands.emulator",
    "rules": "boardlight.commands.rules",
    "selfplay": "boardlight.commands.selfplay",
    "bench": "boardlight.commands.bench",
    "export": "boardlight.commands.records",
    "replay": "boardlight.commands.records",
    "club": "boardlight.commands.club",
}

SUMMARIES: dict[str, str] = {
    "serve": "run Boardlight: the board, the lights and the web pages",
    "simulate": "run a script of hand moves through the whole pipeline",
    "emulator": "run the board firmware as a virtual board on a pty or socket",
    "rules": "list variants, legal moves, successors or perft of a position",
    "selfplay": "play random games to the end and check every move",
    "bench": "measure speed and print the figures",
    "export": "write a game from the event log as a record",
    "replay": "step through a game record, position by position",
    "club": "serve the club night's room page: every board live, pairings, standings",
}
