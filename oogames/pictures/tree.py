"""Trees drawn as SVG by the package itself: search trees and AND/OR strategies.

A tree to draw is made of :class:`PictureNode` objects (a box of text lines,
the move on the edge into it, a style); :func:`tree_svg` lays it out tidily
and draws it with a title and a legend. The layout is Reingold and Tilford's:
each subtree is laid out on its own, then siblings are pushed together as
close as their contours (the leftmost and rightmost extent of each level)
allow, and a parent is centred over its first and last child. So a subtree
looks the same wherever it appears, and nothing overlaps.

:func:`oogames.trace.render.draw_svg` turns a traced search into such a
tree (folding what would not fit), and
:meth:`oogames.nextmove.andor.Strategy.to_svg` an AND/OR strategy.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from oogames.pictures.svg import Svg, text_width

#: The fill and border of each style of box.
STYLES: dict[str, tuple[str, str]] = {
    "max": ("#d8eefe", "#3a78b5"),  # the searching player moves here
    "min": ("#fde5cc", "#c8781e"),  # the opponent moves here (in max^n: the next player)
    "seat2": ("#fbdde9", "#b8487a"),  # in max^n, the players after those two
    "seat3": ("#fff5c2", "#a88a12"),
    "seat4": ("#f0e2d6", "#8a5a3c"),
    "seat5": ("#eef2d8", "#6f7d2a"),
    "end": ("#e8e8e8", "#555555"),  # the game is over
    "chance": ("#e3f4e1", "#3c8d3a"),  # chance moves here (the mean of the outcomes)
    "more": ("#ffffff", "#aaaaaa"),  # folded nodes
    "cut": ("#f6f6f6", "#999999"),  # moves a cut-off skipped
}

PV_COLOUR = "#c00000"
"""The colour of the principal variation."""

CURRENT_COLOUR = "#7b2cbf"
"""The colour that frames the position a step-through is at."""

BOX_HEIGHT_LINE = 14
"""The height of one line of text in a box."""

GAP = 10
"""The least horizontal room between two boxes."""

LEVEL_GAP = 34
"""The vertical room between a box and its children (the edges and their moves)."""


@attrs.define(eq=False)
class PictureNode:
    """One box of a tree picture.

    Attributes:
        lines: The text lines in the box (the first in bold).
        edge: The label of the edge from the parent (a move), or "".
        style: A key of :data:`STYLES` (how the box is filled and framed).
        on_pv: Whether the box and its edge are on the principal variation.
        dashed: Draw the box's border (and its edge) dashed: a horizon, a stub.
        double: Draw a second border (the root).
        tooltip: Text shown when the pointer rests on the box.
        folded: For a "more" stub, how many nodes it stands for.
        faint: Draw the box (and its edge) faintly: not reached yet (a step-through).
        current: Frame the box in :data:`CURRENT_COLOUR`: where a step-through is.
        children: The boxes below.
    """

    lines: list[str]
    edge: str = ""
    style: str = "max"
    on_pv: bool = False
    dashed: bool = False
    double: bool = False
    tooltip: str = ""
    folded: int = 0
    faint: bool = False
    current: bool = False
    children: list[PictureNode] = attrs.Factory(list)

    def width(self) -> float:
        """The box's width: its longest line, and room around it."""
        return max(max(text_width(line, 11) for line in self.lines), 18.0) + 12

    def height(self) -> float:
        """The box's height: its lines, and room around them."""
        return len(self.lines) * BOX_HEIGHT_LINE + 8

    def count(self) -> int:
        """How many boxes the tree from here has (this one included)."""
        return 1 + sum(child.count() for child in self.children)


Contour = list[tuple[float, float]]


def layout(root: PictureNode) -> dict[int, float]:
    """The x of each box's centre (by ``id``), the root's at 0: Reingold-Tilford."""
    offsets: dict[int, float] = {}

    def place(node: PictureNode) -> Contour:
        half = node.width() / 2
        if not node.children:
            return [(-half, half)]
        forest: Contour = []
        positions: list[float] = []
        for child in node.children:
            contour = place(child)
            if not forest:
                offset = 0.0
            else:
                offset = max(
                    right + GAP - left
                    for (_, right), (left, _) in zip(forest, contour, strict=False)
                )
            positions.append(offset)
            for level, (left, right) in enumerate(contour):
                if level < len(forest):
                    low, high = forest[level]
                    forest[level] = (min(low, left + offset), max(high, right + offset))
                else:
                    forest.append((left + offset, right + offset))
        middle = (positions[0] + positions[-1]) / 2
        for child, offset in zip(node.children, positions, strict=True):
            offsets[id(child)] = offset - middle
        return [(-half, half)] + [(left - middle, right - middle) for left, right in forest]

    place(root)
    xs: dict[int, float] = {id(root): 0.0}

    def absolute(node: PictureNode) -> None:
        for child in node.children:
            xs[id(child)] = xs[id(node)] + offsets[id(child)]
            absolute(child)

    absolute(root)
    return xs


@attrs.frozen
class LegendEntry:
    """One entry of a picture's legend: a sample box (or line) and what it means."""

    label: str
    style: str = "max"  # "note": the label alone, no sample
    dashed: bool = False
    pv: bool = False


def tree_svg(root: PictureNode, title: str = "", legend: Iterable[LegendEntry] = ()) -> str:
    """Lay out and draw the tree under ``root``, with a title above and a legend below."""
    xs = layout(root)
    depth_heights: list[float] = []

    def measure(node: PictureNode, depth: int) -> None:
        if depth == len(depth_heights):
            depth_heights.append(0.0)
        depth_heights[depth] = max(depth_heights[depth], node.height())
        for child in node.children:
            measure(child, depth + 1)

    measure(root, 0)
    tops = [0.0]
    for height in depth_heights[:-1]:
        tops.append(tops[-1] + height + LEVEL_GAP)
    boxes: list[tuple[PictureNode, int]] = []

    def collect(node: PictureNode, depth: int) -> None:
        boxes.append((node, depth))
        for child in node.children:
            collect(child, depth + 1)

    collect(root, 0)
    low = min(xs[id(node)] - node.width() / 2 for node, _ in boxes)
    high = max(xs[id(node)] + node.width() / 2 for node, _ in boxes)
    legend = list(legend)
    legend_rows = _legend_rows(legend, max(high - low, 480))
    title_height = 30 if title else 8
    width = max(high - low, text_width(title, 14), 480) + 32
    tree_height = tops[-1] + depth_heights[-1]
    height = title_height + tree_height + 16 + len(legend_rows) * 24 + 8
    picture = Svg(width, height, title=title or "tree", font_size=11)
    picture.rect(0, 0, width, height, fill="#ffffff")
    if title:
        picture.text(16, 20, title, font_size=14, font_weight="bold", class_="title")
    shift = 16 - low + (width - 32 - (high - low)) / 2
    top = title_height + 4

    def centre(node: PictureNode) -> float:
        return xs[id(node)] + shift

    for node, depth in boxes:  # edges first, under the boxes
        for child in node.children:
            x1, y1 = centre(node), top + tops[depth] + node.height()
            x2, y2 = centre(child), top + tops[depth + 1]
            pv = node.on_pv and child.on_pv
            picture.line(
                x1, y1, x2, y2,
                stroke=PV_COLOUR if pv else "#888888",
                stroke_width=2.5 if pv else 1,
                stroke_dasharray="3,3" if child.style in ("more", "cut") else None,
                class_="edge pv" if pv else "edge",
                opacity=0.25 if child.faint else None,
            )  # fmt: skip
    for node, depth in boxes:
        for child in node.children:
            if child.edge:
                x1, y1 = centre(node), top + tops[depth] + node.height()
                x2, y2 = centre(child), top + tops[depth + 1]
                pv = node.on_pv and child.on_pv
                x, y = x1 + (x2 - x1) * 0.62, y1 + (y2 - y1) * 0.62
                label = text_width(child.edge, 10)
                picture.rect(x - label / 2 - 2, y - 6, label + 4, 12, fill="#ffffff", opacity=0.85)
                picture.text(
                    x, y + 4, child.edge, anchor="middle", font_size=10,
                    fill=PV_COLOUR if pv else "#333333", font_weight="bold" if pv else None,
                    opacity=0.3 if child.faint else None,
                )  # fmt: skip
    for node, depth in boxes:
        _box(picture, node, centre(node), top + tops[depth])
    _legend(picture, legend_rows, top + tree_height + 16)
    return picture.render()


def _box(picture: Svg, node: PictureNode, x: float, y: float) -> None:
    fill, border = STYLES.get(node.style, STYLES["max"])
    width, height = node.width(), node.height()
    if node.style in ("more", "cut"):
        kind = "stub" + (" more" if node.folded else "") + (" cut" if node.style == "cut" else "")
    else:
        kind = f"node {node.style}"
    kind += " pv" if node.on_pv else ""
    kind += " current" if node.current else ""
    picture.open_group(
        class_=kind, data_folded=node.folded or None, opacity=0.25 if node.faint else None
    )
    if node.tooltip:
        picture.element("title", node.tooltip)
    if node.style == "more":
        picture.text(x, y + 12, node.lines[0], anchor="middle", fill="#777777", font_style="italic")
    elif node.style == "cut":
        picture.rect(
            x - width / 2, y, width, height, rx=4, fill=fill, stroke=border, stroke_dasharray="4,2"
        )
        for number, line in enumerate(node.lines):
            folded = line.startswith("+")
            picture.text(
                x, y + 4 + (number + 1) * BOX_HEIGHT_LINE - 3, line, anchor="middle",
                fill="#777777" if folded else "#555555", font_size=10,
                font_style="italic" if folded else None,
            )  # fmt: skip
    else:
        if node.double:
            picture.rect(
                x - width / 2 - 3, y - 3, width + 6, height + 6, rx=6, fill="none", stroke=border
            )
        stroke = CURRENT_COLOUR if node.current else PV_COLOUR if node.on_pv else border
        picture.rect(
            x - width / 2, y, width, height, rx=4, fill=fill, stroke=stroke,
            stroke_width=3.5 if node.current else 2.5 if node.on_pv else 1,
            stroke_dasharray="4,2" if node.dashed else None,
        )  # fmt: skip
        for number, line in enumerate(node.lines):
            picture.text(
                x, y + 4 + (number + 1) * BOX_HEIGHT_LINE - 3, line, anchor="middle",
                font_weight="bold" if number == 0 else None,
                fill="#666666" if node.style == "cut" or number else "#111111",
                font_size=11 if number == 0 else 10,
            )  # fmt: skip
    picture.close_group()


def _legend_rows(legend: list[LegendEntry], width: float) -> list[list[LegendEntry]]:
    rows: list[list[LegendEntry]] = []
    used = width
    for entry in legend:
        size = 34 + text_width(entry.label, 11) + 18
        if not rows or used + size > width:
            rows.append([])
            used = 0
        rows[-1].append(entry)
        used += size
    return rows


def _legend(picture: Svg, rows: list[list[LegendEntry]], y: float) -> None:
    picture.open_group(class_="legend")
    for number, row in enumerate(rows):
        x = 16.0
        top = y + number * 24
        for entry in row:
            fill, border = STYLES.get(entry.style, STYLES["max"])
            if entry.style == "note":
                picture.text(x, top + 12, entry.label, fill="#333333")
                x += text_width(entry.label, 11) + 18
                continue
            if entry.pv:
                picture.line(x, top + 8, x + 26, top + 8, stroke=PV_COLOUR, stroke_width=2.5)
            else:
                picture.rect(
                    x, top, 26, 16, rx=3, fill=fill, stroke=border,
                    stroke_dasharray="4,2" if entry.dashed else None,
                )  # fmt: skip
            picture.text(x + 32, top + 12, entry.label, fill="#333333")
            x += 34 + text_width(entry.label, 11) + 18
    picture.close_group()
