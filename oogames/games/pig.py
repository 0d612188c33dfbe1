"""Pig, the dice game: ``PigBoard(players=2, target=100)``.

Each turn, the player to move rolls a die as often as they like. Each roll
adds its points to the turn's total, except a 1, which loses the turn's
total and ends the turn. A player who holds banks the turn's total; the
first to bank ``target`` points wins (payoff 1, everyone else 0).

A turn is moves of two kinds: the player's ``roll`` or ``hold`` (a hold
with nothing to bank is no move), and after each ``roll`` the die's
outcome, a move of :data:`~oogames.board.moves.CHANCE` (``1`` to ``6``, each
with probability 1/6). The outcome is part of the game's history and of its
undo like any move: searches weigh the outcomes (``expectimax``, ``star1``,
``maxn``), and a game being played rolls the die.

>>> board = PigBoard.from_moves("roll 5 roll 3 hold", target=20)
>>> print(board)
banked (target 20):
A ████████░░░░░░░░░░░░  8
B ░░░░░░░░░░░░░░░░░░░░  0
turn total: 0
B to move
>>> board.legal_moves()
['roll']
"""

from __future__ import annotations

from typing import Final, cast

from oogames.board.hints import PayoffBounds
from oogames.board.lambdas import IBoardLambda, P
from oogames.board.layout import Pieces
from oogames.board.model import ABoardModel, Played
from oogames.board.moves import CHANCE, Move
from oogames.board.options import Option
from oogames.board.states import AT_CHANCE, EXTRA_TURN, NON_TERMINAL, ABoardState, game_over
from oogames.board.undo import SnapshotRecord
from oogames.errors import IllegalMoveError
from oogames.games.declaration import GameInfo

PLAYERS: Final = Option("players", 2, "how many players", low=2, high=6)
TARGET: Final = Option("target", 100, "the points that win", low=2, high=1000)

ROLL: Final = "roll"
HOLD: Final = "hold"
FACES: Final = (1, 2, 3, 4, 5, 6)
_NAMES: Final = ("A", "B", "C", "D", "E", "F")
BAR: Final = 20
"""How many cells a player's bar in the text drawing has for the target's points."""

Snapshot = tuple[tuple[int, ...], int, int]  # the banked points, the turn's total, the roller


class PigBoard(ABoardModel):
    """The board of Pig (see the module).

    Args:
        players: How many players, 2 to 6.
        target: The points that win, 2 to 1,000.

    Raises:
        BoardOptionError: An option is out of range.
    """

    __slots__ = ("_banked", "_roller", "_turn", "following", "player_names", "players", "target")

    OPTIONS = (PLAYERS, TARGET)
    game_name = "pig"
    chance_name = "the die"
    pieces = Pieces(
        _NAMES,
        ("#c0392b", "#1f5fbf", "#2e8b57", "#d4a017", "#7d3c98", "#e07b00"),
        ("red", "blue", "green", "yellow", "purple", "orange"),
    )
    notation = "roll or hold (and, where chance moves, the die: 1 to 6)"
    alternates = False

    def __init__(self, players: int = 2, target: int = 100) -> None:
        super().__init__()
        self.players = PLAYERS.check(players)
        self.target = TARGET.check(target)
        self.following = tuple((player + 1) % self.players for player in range(self.players))
        self.player_names = _NAMES[: self.players]
        self._banked: tuple[int, ...] = (0,) * self.players
        self._turn = 0
        self._roller = 0

    @property
    def banked(self) -> tuple[int, ...]:
        """Each player's banked points."""
        return self._banked

    @property
    def turn_total(self) -> int:
        """The points of the turn under way, not yet banked."""
        return self._turn

    def _play(self, player: int, move: Move) -> Played | None:
        """Roll, hold, or (for chance) the die's outcome (see :meth:`ABoardModel._play`)."""
        before: Snapshot = (self._banked, self._turn, self._roller)
        state: ABoardState
        if player == CHANCE:
            if move not in FACES or type(move) is not int:
                return None
            if move == 1:
                self._turn = 0
                self._roller = self.following[self._roller]
                state = NON_TERMINAL
            else:
                self._turn += move
                state = EXTRA_TURN
        elif move == ROLL:
            state = AT_CHANCE
        elif move == HOLD and self._turn > 0:
            banked = list(self._banked)
            banked[player] += self._turn
            self._banked = tuple(banked)
            self._turn = 0
            self._roller = self.following[player]
            if banked[player] >= self.target:
                state = game_over([1.0 if who == player else 0.0 for who in range(self.players)])
            else:
                state = NON_TERMINAL
        else:
            return None
        return SnapshotRecord(self, player, move, before), state

    def _next_player(self, player: int, state: ABoardState) -> int:
        return CHANCE if state is AT_CHANCE else self._roller

    @property
    def roller(self) -> int:
        """The player whose turn it is (while the die is to move, the one who rolled it)."""
        return self._roller

    def _set_snapshot(self, snapshot: object) -> None:
        self._banked, self._turn, self._roller = cast(Snapshot, snapshot)

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        if lam.apply(player, self, ROLL, param) and self._turn > 0:
            lam.apply(player, self, HOLD, param)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The die: 1 to 6, each with probability 1/6."""
        return [(face, 1 / 6) for face in FACES]

    def reset(self) -> None:
        """No points banked, player A to move."""
        self._banked = (0,) * self.players
        self._turn = 0
        self._roller = 0
        self._to_move = 0
        self._state = NON_TERMINAL
        self._history.clear()

    def key(self) -> tuple[tuple[int, ...], int, int, int]:
        """The banked points, the turn's total, who is to move (chance: -1) and whose turn
        it is (at the die, who rolled it: two such positions differ only in that)."""
        return (self._banked, self._turn, self._to_move, self._roller)

    def payoff_bounds(self, player: int | None = None) -> PayoffBounds:
        """Payoffs and evaluations lie in [0, 1] and add up to 1."""
        return PayoffBounds(0.0, 1.0, 1.0)

    def endless(self) -> bool:
        """True: while every player rolls a 1, the turn goes round with nothing banked."""
        return True

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.pig_svg`)."""
        from oogames.pictures.boards import pig_svg

        return pig_svg(self)

    def _draw(self) -> str:
        """A bar a player, as :func:`~oogames.pictures.boards.pig_svg` draws its tracks: the
        points banked (``█``, out of :data:`BAR` cells for the target), the turn's total after
        them on the roller's bar (``▒``), the rest to go (``░``)."""
        wide = len(str(self.target))
        rows = [f"banked (target {self.target}):"]
        for player, (name, points) in enumerate(zip(self.player_names, self._banked, strict=True)):
            turn = self._turn if player == self._roller else 0
            banked = min(BAR, points * BAR // self.target)  # a winner may bank past it
            reached = min(BAR, (points + turn) * BAR // self.target)
            bar = "█" * banked + "▒" * (reached - banked) + "░" * (BAR - reached)
            rows.append(f"{name} {bar} {points:>{wide}}" + (f" +{turn}" if turn else ""))
        rows.append(f"turn total: {self._turn}")
        return "\n".join(rows)

    def parse_move(self, text: str) -> Move:
        """``roll`` (or ``r``), ``hold`` (or ``h``), or a die's face ``1`` to ``6``."""
        word = text.strip().lower()
        if word in ("roll", "r"):
            return ROLL
        if word in ("hold", "h"):
            return HOLD
        if word in {str(face) for face in FACES}:
            return int(word)
        raise self._malformed(text, "write roll or hold (or, for the die, 1 to 6)")

    def format_move(self, move: Move) -> str:
        """``roll``, ``hold``, or the die's face."""
        return str(move) if isinstance(move, int) else super().format_move(move)

    def _move_form_error(self, move: Move) -> str | None:
        if move in (ROLL, HOLD) or (type(move) is int and move in FACES):
            return None
        return "a move is roll or hold (the die's: 1 to 6)"

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        if player == CHANCE:
            return self._illegal(move, player, "the die shows 1 to 6")
        if move == HOLD:
            return self._illegal(move, player, "there is nothing to bank yet: roll first")
        return self._illegal(move, player, "the moves are roll and hold")


def pig_chances(board: PigBoard, player: int) -> float:
    """An evaluation in [0, 1]: ``player``'s share of the points banked and under way, a
    rough chance of winning (the payoffs are 1 for the winner, 0 for the others)."""
    points = [banked + 1 for banked in board.banked]
    points[board._roller] += board.turn_total  # this module's own field: no property call
    progress = [min(point / board.target, 1.0) ** 2 for point in points]
    return progress[player] / sum(progress)


GAME: Final = GameInfo(
    "pig",
    PigBoard,
    pig_chances,
    "the dice game: roll to add points to the turn, a 1 loses them; hold to bank them",
    computer="expectimax@1",
)
"""Pig, declared for the command line and the views."""
