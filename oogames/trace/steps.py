"""Step through a traced search, node by node: what a teacher shows on the board.

:class:`SearchSteps` turns a :class:`~oogames.trace.tracer.SearchTrace` into
the sequence of events of the search, in the order they happened: the search
*reaches* a position (with the window it searches it in), and later *returns*
from it with its value (and, if it was cut off, the moves it did not try).
:meth:`SearchSteps.svg` draws the whole tree at any step -- the positions not
reached yet faint, the ones being searched with "?" for their value, the
finished ones with their value, the current one framed -- so the layout stays
still while the search moves through it. In Jupyter,
:meth:`SearchSteps.widget` puts a slider over the steps (with the optional
``ipywidgets``).

>>> from oogames import AlphaBetaFac, TicTacToeBoard
>>> from oogames.trace import trace_search
>>> from oogames.trace.steps import SearchSteps
>>> steps = SearchSteps(trace_search(TicTacToeBoard.from_moves("a1 b1 a2 b2"), AlphaBetaFac()))
>>> len(steps) == 2 * (steps.trace.nodes() + 1)
True
>>> print(steps.describe(1))
step 1: c1 (O to move) is reached with the window [-inf, +inf]
>>> print(steps.describe(len(steps) - 1))
step 125: the root is worth win1
"""

from __future__ import annotations

from typing import Any

import attrs

from oogames.errors import TraceLimitError
from oogames.pictures.tree import LegendEntry, PictureNode, tree_svg
from oogames.trace.movers import mover_name
from oogames.trace.render import node_value_text, trace_box, value_text
from oogames.trace.tracer import SKIPPED_BY, SearchTrace, TraceNode, node_notes

MAX_STEP_NODES = 400
"""The largest traced tree :class:`SearchSteps` steps through (a bigger one is unreadable
one node at a time: trace a shallower search)."""


@attrs.frozen
class Step:
    """One event of a search.

    Attributes:
        node: The position.
        reached: True when the search reaches the position, False when it
            returns from it with its value.
        path: The moves from the root to the position, in notation.
    """

    node: TraceNode
    reached: bool
    path: tuple[str, ...]


class SearchSteps:
    """The events of a traced search in order, each drawable as a picture of the tree.

    Args:
        trace: The traced search.

    Raises:
        TraceLimitError: The trace has more than :data:`MAX_STEP_NODES` nodes.
    """

    def __init__(self, trace: SearchTrace) -> None:
        if trace.nodes() > MAX_STEP_NODES:
            raise TraceLimitError(
                f"the trace has {trace.nodes():,} nodes; stepping through more than "
                f"{MAX_STEP_NODES} is unreadable: trace a shallower search"
            )
        self.trace = trace
        self.steps: list[Step] = []
        self._walk(trace.root, ())

    def _walk(self, node: TraceNode, path: tuple[str, ...]) -> None:
        self.steps.append(Step(node, True, path))
        for child in node.children:
            assert child.move is not None
            self._walk(child, (*path, self.trace.format_move(child.move)))
        self.steps.append(Step(node, False, path))

    def __len__(self) -> int:
        return len(self.steps)

    def describe(self, number: int) -> str:
        """Step ``number`` (0 is the root reached) in words."""
        step = self.steps[number]
        node = step.node
        trace = self.trace
        where = " ".join(step.path) or "the root"
        mover = "the game is over" if node.kind == "end" else f"{mover_name(node, trace)} to move"
        if step.reached:
            window = ""
            if node.alpha is not None or node.beta is not None:
                low, high = value_text(node.alpha, trace), value_text(node.beta, trace)
                window = f" with the window [{low}, {high}]"
            return f"step {number}: {where} ({mover}) is reached{window}"
        worth = node_value_text(node, trace)
        text = f"step {number}: {where} is worth {worth}"
        if node.kind == "horizon":
            text += " (a horizon: scored by the evaluation)"
        elif node.kind == "end":
            text += " (the game is over)"
        _, probed = node_notes(node, trace.format_move)
        if probed:
            text += f" ({probed})"
        why, skipped = node.skipped()
        if skipped:
            names = " ".join(trace.format_move(move) for move in skipped)
            text += f"; {SKIPPED_BY[why]}: {names} not tried"
        return text

    def svg(self, number: int) -> str:
        """The whole tree at step ``number``: faint where the search has not been yet."""
        if not 0 <= number < len(self.steps):
            raise IndexError(f"there are steps 0 to {len(self.steps) - 1}, not {number}")
        reached: set[int] = set()
        returned: set[int] = set()
        for step in self.steps[: number + 1]:
            (reached if step.reached else returned).add(id(step.node))
        current = self.steps[number].node
        final = number == len(self.steps) - 1

        def draw(node: TraceNode) -> PictureNode:
            box = trace_box(node, self.trace)
            box.on_pv = node.on_pv and final
            if id(node) not in returned:
                box.lines[0] = "?"
            box.faint = id(node) not in reached
            if box.faint:  # nothing of the future shows; the same widths keep the layout still
                box.lines = ["?", *(" " * len(line) for line in box.lines[1:])]
            box.current = node is current
            box.children = [draw(child) for child in node.children]
            return box

        legend = [
            LegendEntry("faint: not reached yet", "note"),
            LegendEntry("? : being searched", "note"),
            LegendEntry("framed: this step's position", "note"),
        ]
        return tree_svg(draw(self.trace.root), self.describe(number), legend)

    def widget(self) -> Any:
        """A slider over the steps with the picture and the step in words (Jupyter, with the
        optional ``ipywidgets``; ``pip install "oogames[notebooks]"``).

        Raises:
            ImportError: ipywidgets is not installed.
        """
        import ipywidgets  # type: ignore[import-untyped, import-not-found, unused-ignore]

        picture = ipywidgets.HTML(self.svg(0))
        slider = ipywidgets.IntSlider(
            value=0, min=0, max=len(self.steps) - 1, description="step", continuous_update=True
        )

        def show(change: dict[str, int]) -> None:
            picture.value = self.svg(int(change["new"]))

        slider.observe(show, names="value")
        return ipywidgets.VBox([slider, picture])

    def _repr_html_(self) -> str:
        """Without a widget: the last step's picture and every step in words."""
        from html import escape

        words = "".join(f"<li>{escape(self.describe(n))}</li>" for n in range(len(self.steps)))
        return f"<div>{self.svg(len(self.steps) - 1)}<ol start='0'>{words}</ol></div>"
