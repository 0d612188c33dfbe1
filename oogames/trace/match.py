"""Strategies playing each other over a grid of N-in-a-row games (the Radboud report's Table 1).

:func:`run_match` plays, for each number in a row ``k``, board size and
depth, one game of Connect Four-style N-in-a-row between two strategies of
that depth, and records each side's evaluations (horizon positions scored),
nodes, the number of moves and the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from oogames.games.connectfour import ConnectFourBoard, connect_four_lines
from oogames.nextmove.specs import make_strategy, with_depth


@attrs.frozen
class MatchRow:
    """One game of the match."""

    k: int
    width: int
    height: int
    depth: int
    first: str
    second: str
    evaluations: tuple[int, int]
    nodes: tuple[int, int]
    moves: int
    result: str


def run_match(
    first: str,
    second: str,
    *,
    sizes: Sequence[tuple[int, int]] = ((7, 6),),
    ks: Sequence[int] = (4,),
    depths: Sequence[int] = (2, 3),
    seed: int | None = None,
    progress: Callable[[MatchRow], None] | None = None,
) -> list[MatchRow]:
    """Play one game per (k, size, depth): ``first`` (moving first) against ``second``.

    Args:
        first: A search name (``minimax``, ``alphabeta``, ...), searched to each depth.
        second: The opponent's search name.
        sizes: ``(width, height)`` boards.
        ks: How many in a row win.
        depths: Search depths (both sides search the same depth).
        seed: Seed for a ``random`` player.
        progress: Called with each row when its game is over.

    Raises:
        StrategySpecError: A search name is unknown.
        BoardOptionError: A size or k does not fit.
    """
    rows = []
    for k in ks:
        for width, height in sizes:
            for depth in depths:
                players = [
                    make_strategy(with_depth(spec, depth), connect_four_lines, seed)
                    for spec in (first, second)
                ]
                board = ConnectFourBoard(width, height, k)
                evaluations, nodes = [0, 0], [0, 0]
                while not board.is_over:
                    mover = board.to_move
                    result = players[mover].analyze(board)
                    evaluations[mover] += result.stats.evaluated
                    nodes[mover] += result.stats.nodes
                    board.play(result.move)
                row = MatchRow(
                    k,
                    width,
                    height,
                    depth,
                    players[0].name,
                    players[1].name,
                    (evaluations[0], evaluations[1]),
                    (nodes[0], nodes[1]),
                    board.ply,
                    board.status_text(),
                )
                rows.append(row)
                if progress is not None:
                    progress(row)
    return rows


def format_rows(rows: Sequence[MatchRow]) -> str:
    """The games as a table like the report's: evaluations of each side, moves, result."""
    if not rows:
        return "no games"
    a, b = rows[0].first.split(":")[0], rows[0].second.split(":")[0]
    lines = [
        f"{a} (X, first) against {b} (O)",
        f"{'k':>2} {'board':>6} {'depth':>5} {'evaluations X':>14} {'evaluations O':>14} "
        f"{'nodes X':>10} {'nodes O':>10} {'moves':>6}  result",
    ]
    for row in rows:
        lines.append(
            f"{row.k:>2} {f'{row.width}x{row.height}':>6} {row.depth:>5} "
            f"{row.evaluations[0]:>14,} {row.evaluations[1]:>14,} {row.nodes[0]:>10,} "
            f"{row.nodes[1]:>10,} {row.moves:>6}  {row.result}"
        )
    return "\n".join(lines)
