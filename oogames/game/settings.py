"""The settings of a game: which game and size, who plays each side, who starts, hint depth."""

from __future__ import annotations

from typing import Any

import attrs

from oogames.board.model import ABoardModel
from oogames.errors import OogamesError
from oogames.games import GAMES, GameInfo
from oogames.nextmove.specs import SEARCHES, make_strategy
from oogames.nextmove.strategy import INextMoveStrategy


class SettingsError(OogamesError, ValueError):
    """Settings that name an unknown game or player kind, or a bad depth."""


@attrs.frozen
class PlayerSpec:
    """Who plays a side: ``human``, ``random``, or a search with an optional depth.

    Attributes:
        kind: ``"human"``, ``"random"`` or a search name (``"alphabeta"``, ``"minimax"``, ...).
        depth: Plies the search looks ahead (None: to the end of the game).
    """

    kind: str
    depth: int | None = None

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        """Read ``"human"``, ``"random"``, ``"alphabeta"`` or ``"alphabeta:4"``.

        Raises:
            SettingsError: An unknown kind or a bad depth.
        """
        kind, _, depth = text.strip().lower().partition(":")
        if kind not in ("human", "random", *SEARCHES):
            known = ", ".join(["human", "random", *SEARCHES])
            raise SettingsError(f"unknown player {text!r}; choose one of: {known}")
        if not depth:
            return cls(kind)
        if kind in ("human", "random") or not depth.isdigit() or int(depth) < 1:
            raise SettingsError(
                f"{text!r}: only a search takes a depth, a whole number of at least 1"
            )
        return cls(kind, int(depth))

    @property
    def is_human(self) -> bool:
        """Whether a person plays this side."""
        return self.kind == "human"

    @property
    def label(self) -> str:
        """As written on the command line: ``"alphabeta:4"``."""
        return self.kind if self.depth is None else f"{self.kind}:{self.depth}"

    def strategy(self, info: GameInfo, seed: int | None = None) -> INextMoveStrategy:
        """The strategy of a computer player (not for ``human``)."""
        return make_strategy(self.label, info.evaluate, seed)


@attrs.frozen
class GameSettings:
    """Everything needed to start a game.

    Attributes:
        game: The game's name in :data:`oogames.games.GAMES`.
        options: The board's options (sizes, k, ...).
        players: Who plays the first and the second seat.
        first: Which seat moves first (0 or 1); that seat plays the board's player 0.
        hint_depth: How deep hints search, apart from the computer opponents.
        seed: Seed for random players.
    """

    game: str = "tictactoe"
    options: dict[str, Any] = attrs.field(factory=dict)
    players: tuple[PlayerSpec, PlayerSpec] = (PlayerSpec("human"), PlayerSpec("alphabeta", 4))
    first: int = 0
    hint_depth: int = 3
    seed: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.game not in GAMES:
            raise SettingsError(f"unknown game {self.game!r}; choose one of: {', '.join(GAMES)}")
        if self.first not in (0, 1):
            raise SettingsError(f"first must be 0 or 1, not {self.first!r}")
        if (
            isinstance(self.hint_depth, bool)
            or not isinstance(self.hint_depth, int)
            or self.hint_depth < 1
        ):
            raise SettingsError(
                f"hint_depth must be a whole number of at least 1, not {self.hint_depth!r}"
            )

    @property
    def info(self) -> GameInfo:
        """The game's entry in :data:`oogames.games.GAMES`."""
        return GAMES[self.game]

    def make_board(self) -> ABoardModel:
        """The starting board (raises BoardOptionError for bad options)."""
        return self.info.make(**self.options)

    def spec_of(self, board_player: int) -> PlayerSpec:
        """The player spec that plays the board's ``board_player`` (0 moves first)."""
        return self.players[(board_player + self.first) % 2]
