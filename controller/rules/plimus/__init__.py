"""Plimus: magnetic stones, doubles, jumps and four poles, for two or four players."""

from controller.rules.plimus.board import Board, BoardFileError, load_board
from controller.rules.plimus.game import PLIMUS, Plimus
from controller.rules.plimus.moves import Move, Pass, PlaceBlank
from controller.rules.plimus.state import PlimusState

__all__ = ["PLIMUS", "Board", "BoardFileError", "Move", "Pass", "PlaceBlank", "Plimus",
           "PlimusState", "load_board"]
