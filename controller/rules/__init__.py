"""The rules core: one contract (``base.Game``) that every game implements, each game's
manifest (``manifest.Manifest``), and a registry of them."""

from controller.rules.registry import GAMES, MANIFESTS, find_game, manifest_of

__all__ = ["GAMES", "MANIFESTS", "find_game", "manifest_of"]
