"""The games: one module per game, each a board model on the core contract."""

from oogames.games.tictactoe import TicTacToeBoard, open_lines

__all__ = ["TicTacToeBoard", "open_lines"]
