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


def format_table(rows: Sequence[CompareRow], width: int | None = None) -> str:
    """The rows as an aligned text table, one block per position: each column as wide as
    its widest cell, two spaces apart, or one where two would make a line longer than
    ``width`` (a strategy with a table adds ``tt-hits``, only then). Where even then a
    line would pass ``width`` (long strategies' names), each name stands on a line of its
    own, above its figures."""
    columns = [
        ("strategy", [row.strategy for row in rows]),
        ("move", [row.move for row in rows]),
        ("value", [row.value for row in rows]),
        ("nodes", [f"{row.nodes:,}" for row in rows]),
        ("leaves", [f"{row.leaves:,}" for row in rows]),
        ("evaluated", [f"{row.evaluated:,}" for row in rows]),
        ("cut-offs", [f"{row.cutoffs:,}" for row in rows]),
        ("tt-hits", [f"{row.table_hits:,}" for row in rows]),
        ("depth", [row.depth for row in rows]),
        ("seconds", [f"{row.seconds:.3f}" for row in rows]),
    ]
    if not any(row.table_hits for row in rows):
        columns = [column for column in columns if column[0] != "tt-hits"]
    widths = [max(len(cell) for cell in [name, *cells]) for name, cells in columns]
    gap = "  " if width is None or sum(widths) + 2 * (len(widths) - 1) <= width else " "
    if stacked := width is not None and sum(widths) + len(widths) - 1 > width:
        widths[0] = 1  # the names above the figures, which stand in by a column of one
        gap = "  " if sum(widths) + 2 * (len(widths) - 1) <= (width or 0) else " "

    def line(cells: Sequence[str]) -> str:
        first, *others = zip(cells, widths, strict=True)
        return gap.join([first[0].ljust(first[1]), *(cell.rjust(w) for cell, w in others)])

    names = [name for name, _ in columns]
    header = ["strategy", line([" ", *names[1:]])] if stacked else [line(names)]
    lines: list[str] = []
    position = None
    for index, row in enumerate(rows):
        if row.position != position:
            position = row.position
            if lines:
                lines.append("")
            lines += [f"position: {position}", *header]
        cells = [cells[index] for _, cells in columns]
        lines += [row.strategy, line([" ", *cells[1:]])] if stacked else [line(cells)]
    return "\n".join(lines)
