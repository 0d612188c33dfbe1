"""What Jupyter shows: HTML for search results and tables (no Jupyter needed to make it).

Jupyter asks an object for ``_repr_svg_`` or ``_repr_html_`` and shows what it
returns. The package's objects answer without importing anything of
Jupyter's: a board (``ABoardModel._repr_svg_``) shows its picture, a traced
search its tree, an AND/OR strategy its tree, a
:class:`~oogames.nextmove.results.SearchResult` the table made here, a
comparison (:func:`~oogames.trace.compare.compare`) its table.
:func:`show_result` also draws a result's principal variation, one board a
move.

>>> from oogames import AlphaBetaFac, MinMax, TicTacToeBoard
>>> from oogames.pictures.notebook import show_result
>>> board = TicTacToeBoard.from_moves("a1 b1 a2 b2")
>>> shown = show_result(board, MinMax(AlphaBetaFac()).analyze(board))
>>> "<svg" in shown._repr_html_() and "win in 1" in shown._repr_html_()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from oogames.errors import OogamesError

if TYPE_CHECKING:
    from oogames.board.model import ABoardModel
    from oogames.nextmove.results import SearchResult

PV_PICTURES = 6
"""How many boards :func:`show_result` draws along a principal variation."""


class Shown:
    """HTML that Jupyter shows as it is (``_repr_html_``); ``str()`` gives the HTML too."""

    __slots__ = ("html",)

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html


def html_table(header: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "") -> str:
    """A small HTML table; every cell escaped, numbers right-aligned with thousands
    separators."""
    parts = ['<table style="border-collapse:collapse;font-size:90%">']
    if caption:
        parts.append(f'<caption style="text-align:left">{escape(caption)}</caption>')
    cells = "".join(
        f'<th style="padding:2px 8px;border-bottom:1px solid #999">{escape(name)}</th>'
        for name in header
    )
    parts.append(f"<tr>{cells}</tr>")
    for row in rows:
        tds = []
        for cell in row:
            if isinstance(cell, bool) or not isinstance(cell, int | float):
                tds.append(f'<td style="padding:2px 8px">{escape(str(cell))}</td>')
            else:
                text = f"{cell:,}" if isinstance(cell, int) else f"{cell:.3f}"
                tds.append(f'<td style="padding:2px 8px;text-align:right">{text}</td>')
        parts.append(f"<tr>{''.join(tds)}</tr>")
    parts.append("</table>")
    return "".join(parts)


def result_html(result: SearchResult, board: ABoardModel | None = None) -> str:
    """A search result as an HTML table: the move, the value in words, the line and the
    statistics (moves in the board's notation when ``board`` is given)."""
    write = board.format_move if board is not None else str
    stats = result.stats
    rows: list[tuple[str, object]] = [
        ("move", write(result.move)),
        ("value", result.outcome()),
        ("principal variation", " ".join(write(move) for move in result.pv)),
        ("nodes", stats.nodes),
        ("leaves", stats.leaves),
        ("evaluated", stats.evaluated),
        ("cut-offs", stats.cutoffs),
        ("table hits", stats.table_hits),
        ("deepest ply", stats.max_depth),
        ("seconds", stats.seconds),
    ]
    if stats.depth_reached is not None:
        rows.append(("depth reached", stats.depth_reached))
    return html_table(("", ""), rows)


def _small(svg: str, width: int) -> str:
    return svg.replace("<svg ", f'<svg style="width:{width}px;height:auto" ', 1)


def show_result(board: ABoardModel, result: SearchResult, width: int = 170) -> Shown:
    """The result's table and its principal variation drawn: the position, then the board
    after each of the first :data:`PV_PICTURES` moves of the line (``board`` is not
    changed)."""
    position = board.copy()
    pictures = [_small(position.to_svg(), width)]
    captions = ["now"]
    for move in result.pv[:PV_PICTURES]:
        captions.append(position.format_move(move))
        try:
            position.play(move)
        except OogamesError:  # a line that does not fit this board: draw what was played
            break
        pictures.append(_small(position.to_svg(), width))
    strip = "".join(
        f'<figure style="display:inline-block;margin:4px;text-align:center">{picture}'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
        for picture, caption in zip(pictures, captions, strict=False)
    )
    return Shown(f"<div>{result_html(result, board)}<div>{strip}</div></div>")
