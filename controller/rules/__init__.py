"""The rules core: one contract (``base.Game``) that every game implements, and a registry."""

from controller.rules.registry import GAMES, find_game

__all__ = ["GAMES", "find_game"]
