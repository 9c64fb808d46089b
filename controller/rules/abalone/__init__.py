"""Abalone: two to four players, marbles pushed in lines on a hexagon of 61 cells."""

from controller.rules.abalone.game import ABALONE, Abalone, AbaloneState, Place, Push

__all__ = ["ABALONE", "Abalone", "AbaloneState", "Place", "Push"]
