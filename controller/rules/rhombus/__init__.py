"""Rhombus: a card-driven race of pieces on a 5 x 5 board, two or four players, and the
Formation variant."""

from controller.rules.rhombus.game import RHOMBUS, Rhombus
from controller.rules.rhombus.movegen import Move
from controller.rules.rhombus.state import RhombusState

__all__ = ["RHOMBUS", "Move", "Rhombus", "RhombusState"]
