"""DRHOMBIX: the cuckoo game and the ant game on a pyramid of rhombic dodecahedra."""

from controller.rules.drhombix.game import DRHOMBIX, Drhombix
from controller.rules.drhombix.state import DrhombixState, Move, Place, Raise, Remove

__all__ = ["DRHOMBIX", "Drhombix", "DrhombixState", "Move", "Place", "Raise", "Remove"]
