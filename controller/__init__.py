"""Boardlight's controller: the rules core (pure, I/O-free) and the game session.

Nothing in this package imports from ``hardware``, ``firmware_bridge`` or ``web_ui``:
dependencies point inward.
"""
