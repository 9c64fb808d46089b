"""Boardlight's entry point and wiring: the one place that knows every package.

``controller`` (the rules and the game session), ``hardware``, ``firmware_bridge`` and
``web_ui`` never import this package; it imports them and connects them.
"""

__version__ = "0.1.0"
