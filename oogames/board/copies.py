"""A copy of a game's board for a player's searches, kept in step with it: :class:`SearchCopy`.

A player searches a copy of the board, never the board the game is played on (the views
read that one meanwhile, and a search that failed half-way must not touch it). Copied
anew each turn, the copy replays the whole game (:meth:`ABoardModel.copy
<oogames.board.model.ABoardModel.copy>`), so a long game cost the square of its length:
two random players took 8.3 s for Nim to 8,000 (3,972 moves) and 60 s for Nim to 16,000
(by the square, Nim to 100,000 would take over twenty minutes). A :class:`SearchCopy`
replays only the moves played since the player's last turn.

What it trusts: nothing of the search. After catching up, its copy must stand where the
board stands (the same ply, player to move, state and
:meth:`~oogames.board.interface.IBoardModel.key`), or a new copy is made: a search
that left the copy changed, a move taken back on the board, another game. It does not
compare the moves before its last turn: moves taken back and played again in another
order can reach the same position, so whoever takes moves back forgets the copy (the
game model's undo: :meth:`~oogames.game.players.APlayer.taken_back`).

>>> from oogames.board.copies import SearchCopy
>>> from oogames.games import NimBoard
>>> board, copies = NimBoard(), SearchCopy()
>>> first = copies.of(board)
>>> _ = board.play(3), board.play(2)
>>> copies.of(board) is first, first.moves
(True, (3, 2))
>>> _ = board.pop()
>>> copies.of(board).moves  # a move taken back: a new copy
(3,)
"""

from __future__ import annotations

from typing import Generic, TypeVar

from oogames.board.interface import IBoardModel
from oogames.board.model import ABoardModel
from oogames.errors import OogamesError

_B = TypeVar("_B", bound=IBoardModel)


class SearchCopy(Generic[_B]):
    """A copy of one board for searches, brought up to date at each :meth:`of`."""

    def __init__(self) -> None:
        self._board: _B | None = None
        self._copy: _B | None = None

    def of(self, board: _B) -> _B:
        """A board in ``board``'s position, with its history, for a search to work on (and
        leave as it found it): the copy of the last call with the moves played since, or
        a new one (each time, for a board that is no :class:`~oogames.board.model.ABoardModel`)."""
        copy = self._copy
        if not isinstance(board, ABoardModel):
            return board.copy()
        if isinstance(copy, ABoardModel) and self._board is board and copy.ply <= board.ply:
            try:
                for player, move in board.history_since(copy.ply):
                    copy.play(move, player)
            except OogamesError:  # the copy went its own way: the moves do not follow
                pass
            if (
                copy.ply == board.ply
                and copy.to_move == board.to_move
                and copy.state is board.state
                and copy.key() == board.key()
            ):
                return copy
        self._board, self._copy = board, board.copy()
        return self._copy
