"""Moves: the :data:`Move` type, the :data:`PASS` move, and :data:`CHANCE`, who moves at a
chance position.

A move is any hashable value a game defines: ``(row, col)`` for tic-tac-toe,
a column for Connect Four, an increment for Nim. :data:`PASS` is the one
move every game shares: a player whose turn it is, with no other move while
the game goes on, passes.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Final, TypeAlias, TypeVar

T = TypeVar("T")

Move: TypeAlias = Hashable
"""The type of a move: any hashable value the game defines."""


class _Pass:
    """The type of :data:`PASS`; there is exactly one instance."""

    __slots__ = ()
    _instance: _Pass | None = None

    def __new__(cls) -> _Pass:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self) -> str:
        return "PASS"


PASS: Final = _Pass()
"""The pass move, valid only when the player to move has no other move and the game goes on."""

CHANCE: Final = -1
"""Chance's player id, the one to move at a chance position (a die to roll, a card to
deal). Its moves are the outcomes, each with its probability
(:meth:`~oogames.board.model.ABoardModel.chance_outcomes`); the players are ``0 .. n - 1``."""


def lookup_move(table: Mapping[Move, T], move: object) -> T | None:
    """``table.get(move)``, but None for a move that cannot be a key (an unhashable value).

    For the slow paths of a game (explaining a refusal, notation); the hot
    paths inline the same ``try``.
    """
    try:
        return table.get(move)
    except TypeError:
        return None
