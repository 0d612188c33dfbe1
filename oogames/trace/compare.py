"""Compare searches the way the Debrecen paper does: by the number of evaluated states.

:func:`compare` runs several strategies on the same positions and returns a
row of figures per strategy and position (a :class:`CompareTable`, which
Jupyter shows as a table); :func:`format_table` lays the rows out as text.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from oogames.board.model import ABoardModel
from oogames.nextmove.strategy import INextMoveStrategy, checked_result


@attrs.frozen
class CompareRow:
    """The figures of one strategy on one position."""

    position: str
    strategy: str
    move: str
    value: str
    nodes: int
    leaves: int
    evaluated: int
    cutoffs: int
    seconds: float
    table_hits: int = 0
    depth: str = ""


class CompareTable(list[CompareRow]):
    """The rows of :func:`compare`: a list, which Jupyter shows as an HTML table."""

    def _repr_html_(self) -> str:
        from oogames.pictures.notebook import html_table

        header = [field.name.replace("_", " ") for field in attrs.fields(CompareRow)]
        rows = [attrs.astuple(row) for row in self]
        return html_table(header, rows)


def compare(
    boards: Sequence[tuple[str, ABoardModel]], strategies: Sequence[INextMoveStrategy]
) -> CompareTable:
    """Run every strategy on every position; each board is left as it was.

    Args:
        boards: ``(label, board)`` pairs: the positions, with how to name them.
        strategies: The strategies to compare.
    """
    rows = CompareTable()
    for label, board in boards:
        for strategy in strategies:
            result = checked_result(strategy, strategy.analyze(board.copy()), board)
            stats = result.stats
            rows.append(
                CompareRow(
                    label,
                    strategy.name,
                    board.format_move(result.move),
                    result.outcome(),
                    stats.nodes,
                    stats.leaves,
                    stats.evaluated,
                    stats.cutoffs,
                    stats.seconds,
                    stats.table_hits,
                    str(
                        stats.depth_reached if stats.depth_reached is not None else stats.max_depth
                    ),
                )
            )
    return rows


def format_table(rows: Sequence[CompareRow]) -> str:
    """The rows as an aligned text table, one block per position."""
    width = max([18, *(len(row.strategy) + 2 for row in rows)])
    header = (
        f"{'strategy':<{width}}{'move':>6}{'value':>12}{'nodes':>10}{'leaves':>9}"
        f"{'evaluated':>11}{'cut-offs':>10}{'tt hits':>9}{'depth':>7}{'seconds':>9}"
    )
    lines: list[str] = []
    position = None
    for row in rows:
        if row.position != position:
            position = row.position
            if lines:
                lines.append("")
            lines += [f"position: {position}", header]
        lines.append(
            f"{row.strategy:<{width}}{row.move:>6}{row.value:>12}{row.nodes:>10,}{row.leaves:>9,}"
            f"{row.evaluated:>11,}{row.cutoffs:>10,}{row.table_hits:>9,}{row.depth:>7}"
            f"{row.seconds:>9.3f}"
        )
    return "\n".join(lines)
