"""Noughts and crosses with a hidden card: a sixth game kept entirely in this package, to
prove that a game is one package (issue 30).  ``game.py`` the rules, ``manifest.py`` what the
house needs, ``noughts.toml`` its board, ``script.js`` and ``howto.html`` its pages."""
