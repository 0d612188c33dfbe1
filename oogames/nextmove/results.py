"""What a strategy reports: :class:`SearchResult` and :class:`SearchStats` (frozen values)."""

from __future__ import annotations

import attrs

from oogames.board.moves import Move
from oogames.nextmove.values import is_proven, plies_to_end


@attrs.frozen
class SearchStats:
    """How much work a search did.

    Attributes:
        nodes: Positions generated below the root: every ``make_move`` the
            search performed (passes included), the root not counted.
        leaves: Positions scored without expanding them: finished games and
            horizon positions given to the evaluation function.
        evaluated: How many of the leaves were horizon positions scored by
            the evaluation function (0 for a search to the end of the game).
        cutoffs: How many times a position stopped its map early because
            ``is_not_done()`` turned false (a beta or alpha cut-off).
        max_depth: The deepest ply the search generated (the root is 0).
        seconds: Wall-clock time of the search.
        depth_reached: For an iterative-deepening search, the last depth it
            completed (its move is the one reported); None for other searches.
        table_hits: Positions settled by a probe instead of a search (not
            counted as leaves): a transposition table's value or bound, or a
            game's knowledge (``+order`` on Connect Four: a win at once, or no
            move that does not lose).
        guessed_hits: How many table entries the search used, to settle a position (a
            table hit) or to narrow its window, that an earlier search derived from
            evaluated horizons (a depth-limited value, not the game's): like an evaluated
            leaf, each makes the result a guess.
    """

    nodes: int = 0
    leaves: int = 0
    evaluated: int = 0
    cutoffs: int = 0
    max_depth: int = 0
    seconds: float = 0.0
    depth_reached: int | None = None
    table_hits: int = 0
    guessed_hits: int = 0

    @property
    def microseconds_per_node(self) -> float:
        """Wall-clock time per generated node, in microseconds (0 if there were none)."""
        return self.seconds * 1e6 / self.nodes if self.nodes else 0.0


@attrs.frozen
class SearchResult:
    """The answer of :meth:`INextMoveStrategy.analyze`.

    Attributes:
        move: The chosen move.
        value: Its value from the searching player's view, or None if the
            strategy does not value moves (a random player).
        pv: The principal variation: the chosen move, the expected reply, ...
        stats: How much work the search did.
        player: The player the move is for.
        win_value: The value of a win at the root, used to read :attr:`value`; 0 where
            there is none: a game valued by its payoffs that is not zero-sum (more than
            two players, or Pig's shares: see :func:`~oogames.board.hints.zero_sum`).
        by_margin: The value is a margin: by how much the game is won (positive)
            or lost (see ``MinMax(..., by_margin=True)``).
        payoffs: Every player's value, for a search by vectors (``maxn``); None for
            the others (:attr:`value` is the searching player's).
    """

    move: Move
    value: float | None
    pv: tuple[Move, ...]
    stats: SearchStats
    player: int
    win_value: float = 0.0
    by_margin: bool = False
    payoffs: tuple[float, ...] | None = None

    def _repr_html_(self) -> str:
        """Jupyter shows a result as a table (see :func:`oogames.pictures.show_result`
        for one with the board and the line drawn)."""
        from oogames.pictures.notebook import result_html

        return result_html(self)

    @property
    def searched(self) -> bool:
        """Whether a search chose the move (it valued it or made moves to choose it);
        False for a move chosen with no search, a random player's. The views write
        "not searched" instead of the figures of such a move."""
        return self.value is not None or self.stats.nodes > 0

    @property
    def exact(self) -> bool:
        """Whether :attr:`value` is the game-theoretic value.

        It is when no horizon was scored statically, in this search or in the
        table entries it used (``stats.evaluated`` and ``stats.guessed_hits``
        are 0), and when it is a proven win or loss: a depth-limited search that
        proves one finds the quickest win (or slowest loss) there is, since
        an evaluation never reaches a win's value.
        """
        value = self.value
        if value is None:
            return False
        if not self.by_margin and is_proven(value, self.win_value):
            return True
        return self.stats.evaluated == 0 and self.stats.guessed_hits == 0

    def outcome(self) -> str:
        """The value in words: ``"win in 3"``, ``"loss in 4"``, ``"draw"``, or the number.

        A proven win or loss is reported with its distance in plies when the
        search scored quick wins (see :mod:`oogames.nextmove.values`); 0 is
        a draw only when the search was :attr:`exact`, of a zero-sum game of two players
        (else the value is the player's payoff: :attr:`win_value` is 0). An exact
        search valued by margins reports ``"win by 10"`` or ``"loss by 2"``.
        """
        value = self.value
        if value is None:
            return "not valued"
        if self.by_margin and self.exact and value:
            return f"{'win' if value > 0 else 'loss'} by {abs(value):g}"
        if not self.by_margin and is_proven(value, self.win_value):
            plies = plies_to_end(value, self.win_value)
            word = "win" if value > 0 else "loss"
            return f"{word} in {plies}" if plies else word
        if value == 0 and self.exact and (self.win_value or self.by_margin):
            return "draw"  # zero-sum: else 0 is a payoff (a loss in Pig)
        return f"{value:g}"
