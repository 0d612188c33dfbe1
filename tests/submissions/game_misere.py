"""The 21 game, with the winner wrong: whoever reaches 21 loses."""

from oogames import NON_TERMINAL, WON, ABoardModel, Option, SnapshotRecord


class TwentyOne(ABoardModel):
    """The 21 game: add 1, 2 or 3 to the total; whoever reaches the target wins."""

    game_name = "twentyone"
    player_names = ("A", "B")
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
        return record, WON[1 - player] if self.total == self.target else NON_TERMINAL

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

    def evaluate(self, player: int) -> float:
        """Leaving the total one more than a multiple of 4 below the target wins."""
        mover = 1 - self.to_move
        good = (self.target - self.total) % 4 == 0
        return 1.0 if good == (mover == player) else -1.0
