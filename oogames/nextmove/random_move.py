"""``RandomValidMove``: a strategy that plays any valid move, chosen at random."""

from __future__ import annotations

import random
import time

from oogames.board.faults import check_not_stuck
from oogames.board.lambdas import COLLECT_MOVES_OR_PASS
from oogames.board.model import IBoardModel
from oogames.board.moves import Move
from oogames.errors import BoardContractError
from oogames.nextmove.results import SearchResult, SearchStats
from oogames.nextmove.strategy import INextMoveStrategy, check_can_move


class RandomValidMove(INextMoveStrategy):
    """Plays a valid move chosen uniformly at random (Rice role: ``RandomValidMove``).

    Args:
        seed: Seed of the random generator, for reproducible games.
    """

    __slots__ = ("_random", "seed")
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def analyze(self, board: IBoardModel, player: int | None = None) -> SearchResult:
        """Pick a valid move at random (a pass if it is the only move); no value."""
        player = check_can_move(board, player)
        start = time.perf_counter()
        moves: list[Move] = []
        board.map(player, COLLECT_MOVES_OR_PASS, moves)
        if not moves:  # map offered nothing, not even a pass
            check_not_stuck(board)
            raise BoardContractError(
                f"{type(board).__name__}.map offered player {player} no move, not even a pass"
            )
        move = self._random.choice(moves)
        stats = SearchStats(seconds=time.perf_counter() - start)
        return SearchResult(move, None, (move,), stats, player)

    def __repr__(self) -> str:
        return f"RandomValidMove(seed={self.seed!r})"
