"""Grundy's game (the lecture slides): ``GrundyBoard(heaps=(7,))``.

The position is a collection of heaps of tokens. A move splits one heap into
two non-empty heaps of different sizes; heaps of 1 and 2 can never be split.
The player who cannot move loses.

A move is ``(heap, part)``: split a heap of ``heap`` tokens into ``part`` and
``heap - part``, with ``part`` the smaller. Heaps of the same size are
interchangeable, so the move names the size, not which heap. In text a move
is written ``"7=3+4"``; ``"7:3"`` is read too.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from typing import Final, TypeGuard

from oogames.board.lambdas import IBoardLambda, P
from oogames.board.model import ABoardModel, Played
from oogames.board.moves import Move
from oogames.board.options import Option
from oogames.board.states import NON_TERMINAL, WON
from oogames.board.undo import SnapshotRecord
from oogames.errors import BoardOptionError, IllegalMoveError
from oogames.games.declaration import GameInfo
from oogames.games.nim import impartial_value

_SPLIT: Final = re.compile(
    r"\s*([0-9]{1,9})\s*(?:=\s*([0-9]{1,9})\s*\+\s*([0-9]{1,9})|:\s*([0-9]{1,9}))\s*$", re.ASCII
)
_MAX_TOKENS: Final = 1000


HEAPS: Final = Option("heaps", (7,), "the starting heaps, like 7 or 3,4,5", low=1)


class GrundyBoard(ABoardModel):
    """The board of Grundy's game.

    Args:
        heaps: The starting heaps: one or more whole numbers of at least 1,
            with at most 1,000 tokens in all.

    Raises:
        BoardOptionError: ``heaps`` is empty, or not whole numbers of at least 1.

    >>> board = GrundyBoard(heaps=(7,))
    >>> board.legal_moves()
    [(7, 1), (7, 2), (7, 3)]
    >>> board.play((7, 1)) and print(board)
    heaps 6 1
    B to move
    >>> board.legal_moves()
    [(6, 1), (6, 2)]
    """

    __slots__ = ("_heaps", "start")

    OPTIONS = (HEAPS,)
    game_name = "grundy"
    notation = "a heap and its split, like 7=3+4"
    player_names = ("A", "B")

    def __init__(self, heaps: Iterable[int] = (7,)) -> None:
        super().__init__()
        try:
            start = tuple(heaps)
        except TypeError:
            raise BoardOptionError(
                f"heaps must be a list of whole numbers, not {heaps!r}"
            ) from None
        if sum(HEAPS.check(start)) > _MAX_TOKENS:
            raise BoardOptionError(f"may hold at most {_MAX_TOKENS} tokens in all", option="heaps")
        self.start = tuple(sorted(start, reverse=True))
        self._heaps = self.start
        if not self._can_split(self._heaps):
            self._state = WON[1]  # player 0 cannot move and loses

    @staticmethod
    def _can_split(heaps: tuple[int, ...]) -> bool:
        return bool(heaps) and heaps[0] >= 3

    @property
    def heaps(self) -> tuple[int, ...]:
        """The heaps, largest first."""
        return self._heaps

    def _play(self, player: int, move: Move) -> Played | None:
        """Split a heap (see :meth:`ABoardModel._play`)."""
        heaps = self._heaps
        if not self._is_split(move) or move[0] not in heaps:
            return None
        heap, part = move
        record = SnapshotRecord(self, player, (heap, part), heaps)
        rest = list(heaps)
        rest.remove(heap)
        rest += (part, heap - part)
        self._heaps = after = tuple(sorted(rest, reverse=True))
        # The player who cannot move loses: so the mover wins when no heap splits.
        return record, NON_TERMINAL if self._can_split(after) else WON[player]

    @staticmethod
    def _is_split(move: object) -> TypeGuard[tuple[int, int]]:
        """Whether ``move`` has the form of a split: ``(heap, part)`` with 0 < part < heap/2."""
        return (
            type(move) is tuple
            and len(move) == 2
            and type(move[0]) is int
            and type(move[1]) is int
            and 0 < move[1] < move[0] - move[1]
        )

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        previous = 0
        for heap in self._heaps:
            if heap == previous:
                continue  # a heap of the same size gives the same moves
            previous = heap
            for part in range(1, (heap + 1) // 2):
                if not lam.apply(player, self, (heap, part), param):
                    return

    def _set_snapshot(self, snapshot: object) -> None:
        assert isinstance(snapshot, tuple)
        self._heaps = snapshot

    def reset(self) -> None:
        """Back to the starting heaps, A to move."""
        self._heaps = self.start
        self._to_move = 0
        self._history.clear()
        self._state = NON_TERMINAL if self._can_split(self.start) else WON[1]

    def key(self) -> tuple[tuple[int, ...], int]:
        """The heaps (largest first) and the player to move."""
        return (self._heaps, self._to_move)

    def table_key(self) -> tuple[Hashable, bool]:
        """Positions with the same heaps of 3 or more share a key: heaps of 1 and 2 can never
        be split, so they change nothing (the heaps are already a multiset, largest first)."""
        heaps = self._heaps
        live = len(heaps)
        while live and heaps[live - 1] < 3:
            live -= 1
        return (heaps[:live], self._to_move), False

    def max_plies_left(self) -> int:
        """Every split adds a heap, and there are never more heaps than tokens."""
        return sum(self._heaps) - len(self._heaps)

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.grundy_svg`)."""
        from oogames.pictures.boards import grundy_svg

        return grundy_svg(self)

    def options(self) -> dict[str, object]:
        """``heaps``: the starting heaps."""
        return {"heaps": self.start}

    def _draw(self) -> str:
        return "heaps " + " ".join(map(str, self._heaps))

    def parse_move(self, text: str) -> Move:
        """Read ``"7=3+4"`` or ``"7:3"`` as ``(7, 3)``; ``"pass"`` as the pass.

        Raises:
            MalformedMoveError: The text is no split of a heap.
        """
        found = _SPLIT.match(text)
        if found is None:
            return super().parse_move(text)
        heap = int(found.group(1))
        if found.group(4) is not None:
            part = int(found.group(4))
        else:
            first, second = int(found.group(2)), int(found.group(3))
            if first + second != heap:
                raise self._malformed(text, f"{first} + {second} is not {heap}")
            part = min(first, second)
        move = (heap, part)
        if not self._is_split(move):
            raise self._malformed(text, "a heap splits into two unequal, non-empty heaps")
        return move

    def format_move(self, move: Move) -> str:
        """Write ``(7, 3)`` as ``"7=3+4"``."""
        if self._is_split(move):
            heap, part = move
            return f"{heap}={part}+{heap - part}"
        return super().format_move(move)

    def _move_form_error(self, move: Move) -> str | None:
        if not self._is_split(move):
            return "a move is (heap, part) with 0 < part < heap - part: two unequal heaps"
        return None

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        assert self._is_split(move)  # the form is checked first (_move_form_error)
        return self._illegal(move, player, f"there is no heap of {move[0]}")


def grundy_value(heaps: Iterable[int], cache: dict[int, int] | None = None) -> int:
    """The Sprague-Grundy value of a position: the xor of its heaps' values.

    The player to move loses exactly when it is 0. Used as an evaluation by
    :func:`grundy_evaluation`.
    """
    cache = {} if cache is None else cache
    heaps = list(heaps)
    # Bottom up, smallest heap first: no recursion, so any heap size works.
    for n in range(1, max(heaps, default=0) + 1):
        if n not in cache:
            options = {cache[a] ^ cache[n - a] for a in range(1, (n + 1) // 2)}
            value = 0
            while value in options:
                value += 1
            cache[n] = value
    total = 0
    for heap in heaps:
        total ^= cache[heap]
    return total


_GRUNDY_CACHE: dict[int, int] = {}


def grundy_evaluation(board: GrundyBoard, player: int) -> float:
    """An evaluation: +1 if the position is won for ``player`` (by Sprague-Grundy), else -1."""
    return impartial_value(board, player, grundy_value(board.heaps, _GRUNDY_CACHE) != 0)


GAME: Final = GameInfo(
    "grundy",
    GrundyBoard,
    grundy_evaluation,
    "Grundy's game: split a heap into two unequal heaps; who cannot move loses",
    lambda board: isinstance(board, GrundyBoard) and sum(board.start) <= 14,
)
"""Grundy's game, declared for the command line and the views."""
