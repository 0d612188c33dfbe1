"""The order in which a board's ``map`` visits moves, and how a user changes it
(:class:`MoveOrder`, a base of :class:`~oogames.board.model.ABoardModel`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from oogames.board.moves import Move
from oogames.errors import BoardOptionError


class MoveOrder:
    """A board's move order: the game's own, or one a user set (a test of how much a
    search's node count depends on it, or a random order for variety).

    A game that supports custom orders writes :meth:`_move_universe`; if its ``map``
    walks the moves in its ``_order`` attribute, that is all (the default
    :meth:`_install_order` sets it), else it writes :meth:`_install_order` too. By
    default a game has no custom order.
    """

    __slots__ = ("_custom_order", "_order")

    _order: tuple[Move, ...]

    def __init__(self) -> None:
        self._custom_order: tuple[Move, ...] | None = None

    def _move_universe(self) -> tuple[Move, ...]:
        """Every move the game can ever play, in the default map order.

        A game that supports :meth:`set_move_order` overrides this; the default (no
        moves) means it does not.
        """
        return ()

    def _install_order(self, order: tuple[Move, ...]) -> None:
        """Make ``map`` visit moves in ``order`` (a permutation of the move universe): by
        default the game's ``_order``, the moves its ``map`` walks."""
        self._order = order

    @property
    def move_order(self) -> tuple[Move, ...]:
        """The order in which :meth:`~oogames.board.interface.IBoardModel.map` visits moves."""
        return self._move_universe() if self._custom_order is None else self._custom_order

    def set_move_order(self, order: Sequence[Move]) -> None:
        """Make ``map`` visit moves in ``order``, a permutation of :attr:`move_order`.

        Raises:
            BoardOptionError: ``order`` is not a permutation of the game's moves.
        """
        order = tuple(order)
        universe = self._move_universe()
        if not universe:
            raise BoardOptionError(f"{type(self).__name__} does not support a custom move order")
        if len(order) != len(universe) or set(order) != set(universe):
            raise BoardOptionError(
                f"a move order must list each of the {len(universe)} moves of this game once"
            )
        self._custom_order = None if order == universe else order
        self._install_order(order)

    def shuffle_move_order(self, seed: int | None = None) -> None:
        """Make ``map`` visit moves in a random order, reproducible with ``seed``."""
        order = list(self._move_universe())
        random.Random(seed).shuffle(order)
        self.set_move_order(order)

    def _move_form_error(self, move: Move) -> str | None:
        """Why ``move`` is not of this game's form at all, the rule it breaks in words, or
        None if it is.

        Checked before anything else, so a move of no form of the game is refused as
        malformed (:class:`~oogames.errors.MalformedMoveError`) whatever the position;
        :meth:`~oogames.board.notation.ABoardText._why_illegal` then explains only the
        refusals of moves of the game's form. By default a move outside
        :meth:`_move_universe` breaks :meth:`_move_rule` (a game with no universe accepts
        every form); a game whose form is not its universe overrides this.
        """
        universe = self._move_universe()
        if not universe:
            return None
        try:
            known = move in universe
        except TypeError:  # an unhashable or incomparable value is no move
            known = False
        return None if known else self._move_rule()

    def _move_rule(self) -> str:
        """How the moves of :meth:`_move_universe` are formed, in words: why a move outside
        it is refused (a game words its own, "a move is a pit number from 1 to 6")."""
        return "not a move of this game"
