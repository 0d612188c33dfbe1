"""The 21 game for three, round a table, as a plug-in:
``oogames play demos/round_table.py:RoundTable --player1 maxn --player2 paranoid``.

It declares ``players = 3`` and nothing else of its players: the framework gives it
the turn order round the table, ``alternates = False`` (the searches ask who moves),
the names ``player 0`` to ``player 2`` and plain pieces of three.
"""

from oogames import NON_TERMINAL, ABoardModel, Option, SnapshotRecord
from oogames.board.states import game_over


class RoundTable(ABoardModel):
    """Add 1, 2 or 3 to the total, each player in turn; whoever reaches the target wins
    (a payoff of 1, the others 0)."""

    game_name = "roundtable"
    players = 3
    notation = "1, 2 or 3"
    OPTIONS = (Option("target", 21, "the total that wins", low=1, high=1000),)

    def __init__(self, target: int = 21) -> None:
        super().__init__()
        self.target = self.OPTIONS[0].check(target)
        self.total = 0

    def _play(self, player, move):
        if move not in (1, 2, 3) or self.total + move > self.target:
            return None  # refused: the board explains why
        record = SnapshotRecord(self, player, move, self.total)  # undo puts the total back
        self.total += move
        if self.total < self.target:
            return record, NON_TERMINAL
        return record, game_over(tuple(float(seat == player) for seat in range(self.players)))

    def _set_snapshot(self, total: object) -> None:
        self.total = total

    def _map_moves(self, player, lam, param):
        for step in (1, 2, 3):
            if self.total + step <= self.target and not lam.apply(player, self, step, param):
                return

    def key(self) -> tuple[int, int]:
        return (self.total, self.to_move)

    def _draw(self) -> str:
        return f"total {self.total} of {self.target}"
