"""Crosswise: two teams lay symbol tiles on a 6 x 6 board, green scoring rows, orange columns."""

from controller.rules.crosswise.game import CROSSWISE, Crosswise
from controller.rules.crosswise.moves import Lay, Move, Pass, Remove, Replace, Shift, Swap
from controller.rules.crosswise.state import CrosswiseState

__all__ = ["CROSSWISE", "Crosswise", "CrosswiseState", "Lay", "Move", "Pass", "Remove",
           "Replace", "Shift", "Swap"]
