"""Draw a :class:`~oogames.trace.tracer.SearchTrace`: indented text, an SVG picture, DOT.

:func:`draw_svg` draws the picture itself (no Graphviz needed); :func:`to_dot`
exports Graphviz DOT for those who have it, and :func:`to_svg` runs Graphviz
on it.

Each drawing shows the move into every position, the value it gave its
parent, the (alpha, beta) window it was searched with, horizons (scored by
the evaluation) and ends of the game; the principal variation is marked
(``*`` in text, bold red in DOT) and the moves a cut-off skipped are listed
under the position that was cut. Big trees are summarised: past
``max_nodes`` (or below ``max_depth``) a subtree is drawn as one
"... N more nodes" line.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from collections.abc import Callable, Iterator
from typing import Concatenate, Final, ParamSpec, TypeVar

from oogames.board.moves import Move
from oogames.errors import RenderError
from oogames.nextmove.mcts_tree import MCTSResult
from oogames.nextmove.running import FRAME_ROOM_ABOVE, FRAMES_A_PLY, deep_call
from oogames.nextmove.values import is_proven, plies_to_end
from oogames.pictures.tree import STYLES, LegendEntry, PictureNode, tree_svg
from oogames.trace.movers import PLAYER_STYLES, box_style, mover_name, player_legend
from oogames.trace.tracer import SKIPPED_BY, SearchTrace, TraceNode, node_notes

P = ParamSpec("P")
R = TypeVar("R")

MAX_NODES = 300
"""How many nodes a drawing shows at most by default (the rest summarised)."""


def _deep(
    render: Callable[Concatenate[SearchTrace, P], R],
) -> Callable[Concatenate[SearchTrace, P], R]:
    """Run a drawing of a trace where it may recurse as deep as the trace goes (a trace of
    a long game is as deep as the game; see :func:`oogames.nextmove.running.deep_call`)."""

    def drawn(trace: SearchTrace, /, *args: P.args, **kwargs: P.kwargs) -> R:
        frames = FRAME_ROOM_ABOVE + FRAMES_A_PLY * trace.root.height()
        return deep_call(lambda: render(trace, *args, **kwargs), frames, what="drawing")

    functools.update_wrapper(drawn, render)  # its name, its docs, its signature
    return drawn


def value_text(value: float | None, trace: SearchTrace) -> str:
    """A node's value as the drawings write it (wins and losses in plies, ``?`` unknown)."""
    if value is None:
        return "?"
    if value in (float("inf"), float("-inf")):
        return "+inf" if value > 0 else "-inf"
    if is_proven(value, trace.win_value):
        plies = plies_to_end(value, trace.win_value)
        return f"{'win' if value > 0 else 'loss'}{plies or ''}"  # no plies: MCTS's proofs
    return f"{value:g}"


def node_value_text(node: TraceNode, trace: SearchTrace) -> str:
    """A node's value as the drawings write it: every player's in a search by vectors
    (max^n, ``(3, 1, 2)``), else :func:`value_text`."""
    if node.payoffs is not None:
        return "(" + ", ".join(f"{payoff:g}" for payoff in node.payoffs) + ")"
    return value_text(node.value, trace)


def _window(node: TraceNode, trace: SearchTrace) -> str:
    if node.alpha is None and node.beta is None:
        return ""
    return f"[{value_text(node.alpha, trace)}, {value_text(node.beta, trace)}]"


def _move(node: TraceNode, trace: SearchTrace) -> str:
    return "root" if node.move is None else trace.format_move(node.move)


def _budgeted(root: TraceNode, max_nodes: int, max_depth: int | None) -> set[int]:
    """The ids of the nodes to draw: pre-order, at most ``max_nodes``, not below ``max_depth``."""
    shown: set[int] = set()

    def walk(node: TraceNode) -> Iterator[TraceNode]:
        yield node
        if max_depth is None or node.depth < max_depth:
            for child in node.children:
                yield from walk(child)

    for node in walk(root):
        if len(shown) > max_nodes:
            break
        shown.add(id(node))
    return shown


@_deep
def to_text(trace: SearchTrace, max_nodes: int = MAX_NODES, max_depth: int | None = None) -> str:
    """The searched tree as indented text, one position a line.

    A line reads ``move = value [alpha, beta]``, then ``*`` on the principal
    variation, ``(horizon)`` or ``(end)``; ``cut: ...`` lists the moves a
    cut-off skipped.
    """
    shown = _budgeted(trace.root, max_nodes, max_depth)
    result = trace.result
    work = f"{result.stats.nodes:,} nodes, {result.stats.cutoffs:,} cut-offs"
    if isinstance(result, MCTSResult):  # it cuts nothing off: its iterations, their moves
        work = f"{result.iterations:,} iterations, {result.stats.nodes:,} moves made"
    head = (
        f"{trace.player_names[trace.model_player]} to move; {work}; "
        f"best {trace.format_move(result.move)} = {value_text(result.value, trace)}"
    )
    lines = [head]

    def describe(node: TraceNode) -> str:
        parts = [f"{_move(node, trace)} = {node_value_text(node, trace)}"]
        window = _window(node, trace)
        if window:
            parts.append(window)
        if node.on_pv:
            parts.append("*")
        if node.kind in ("horizon", "end"):
            parts.append(f"({node.kind})")
        short, _ = node_notes(node, trace.format_move)
        if short:
            parts.append(f"({short})")
        return " ".join(parts)

    def walk(node: TraceNode, prefix: str, last: bool, top: bool) -> None:
        branch = "" if top else ("└── " if last else "├── ")
        lines.append(prefix + branch + describe(node))
        inner = prefix if top else prefix + ("    " if last else "│   ")
        visible = [child for child in node.children if id(child) in shown]
        hidden = node.size() - sum(1 + child.size() for child in visible)
        why, skipped = node.skipped()
        extras = bool(hidden) + bool(skipped)
        for index, child in enumerate(visible):
            walk(child, inner, index == len(visible) - 1 and not extras, False)
        if hidden:
            extras -= 1
            lines.append(inner + ("└── " if not extras else "├── ") + f"... {hidden} more nodes")
        if skipped:
            names = " ".join(trace.format_move(move) for move in skipped)
            lines.append(inner + f"└── {why}: {names}")

    walk(trace.root, "", True, True)
    return "\n".join(lines)


ASCII_LINES: Final = str.maketrans("├└│─", "|`|-")
""":func:`to_text`'s lines in ASCII (``text.translate(ASCII_LINES)``), for an output
that cannot write them."""


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


@_deep
def to_dot(trace: SearchTrace, max_nodes: int = MAX_NODES, max_depth: int | None = None) -> str:
    """The searched tree as a Graphviz DOT graph.

    Positions are filled as in :func:`draw_svg` (:func:`~oogames.trace.movers.box_style`);
    horizons are dashed boxes, ends of the game bold grey boxes; the principal variation
    is bold and red; a grey note under a cut position lists the moves the cut-off skipped.
    """
    shown = _budgeted(trace.root, max_nodes, max_depth)
    out = [
        "digraph search {",
        '  graph [rankdir=TB, nodesep=0.15, ranksep=0.35, fontname="Helvetica"];',
        '  node [fontname="Helvetica", fontsize=10, style=filled, shape=box, margin="0.06,0.03"];',
        '  edge [fontname="Helvetica", fontsize=9, arrowsize=0.5];',
    ]
    counter = iter(range(10_000_000))

    def walk(node: TraceNode) -> str:
        name = f"n{next(counter)}"
        color = STYLES[box_style(node, trace)][0]
        label = _quote(node_value_text(node, trace))
        window = _window(node, trace)
        if window:
            label += "\\n" + _quote(window)  # DOT's line break
        short, _ = node_notes(node, trace.format_move)
        if short:
            label += "\\n" + _quote(short)
        shape = "box"
        style = "filled"
        if node.kind == "horizon":
            style = "filled,dashed"
        elif node.kind == "end":
            style = "filled,bold"
        elif node.kind == "root":
            shape = "doubleoctagon"
        pen = ', penwidth=2, color="#c00000"' if node.on_pv else ""
        out.append(
            f'  {name} [label="{label}", shape={shape}, style="{style}", fillcolor="{color}"{pen}];'
        )
        visible = [child for child in node.children if id(child) in shown]
        for child in visible:
            target = walk(child)
            edge = ', penwidth=2.5, color="#c00000"' if child.on_pv and node.on_pv else ""
            out.append(f'  {name} -> {target} [label="{_quote(_move(child, trace))}"{edge}];')
        hidden = node.size() - sum(1 + child.size() for child in visible)
        if hidden:
            more = f"n{next(counter)}"
            out.append(f'  {more} [label="... {hidden} more", shape=plaintext, style=""];')
            out.append(f"  {name} -> {more} [style=dotted];")
        why, skipped = node.skipped()
        if skipped:
            cut = f"n{next(counter)}"
            names = " ".join(trace.format_move(move) for move in skipped)
            out.append(
                f'  {cut} [label="{why}: {_quote(names)}", shape=note, style="filled,dashed", '
                f'fillcolor="#f4f4f4", color="#888888", fontcolor="#666666"];'
            )
            out.append(f'  {name} -> {cut} [style=dashed, color="#888888", arrowhead=tee];')
        return name

    walk(trace.root)
    out.append("}")
    return "\n".join(out)


def to_svg(dot: str, timeout: float = 60) -> bytes:
    """Render DOT text as SVG with Graphviz's ``dot`` program.

    Raises:
        RenderError: ``dot`` is not installed, failed, or took longer than ``timeout`` seconds.
    """
    program = shutil.which("dot")
    if program is None:
        raise RenderError("Graphviz's dot program is not installed: write a .dot or .txt file")
    try:
        done = subprocess.run(
            [program, "-Tsvg"],
            input=dot.encode(),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise RenderError(f"dot took longer than {timeout:g} s; draw fewer nodes") from None
    if done.returncode != 0:
        raise RenderError(f"dot failed: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


LEVEL_WIDTH = 12
"""How many boxes a level of :func:`draw_svg`'s picture shows by default."""

_CUT_NAMES = 3  # moves named in a "cut:" stub


def _short(value: float | None, trace: SearchTrace) -> str:
    """A value for a box: ``3``, ``win 5`` (plies), ``-inf`` written as ``-∞``."""
    return value_text(value, trace).replace("inf", "∞").replace("win", "win ").rstrip()


def _loss_spaced(text: str) -> str:
    return text.replace("loss", "loss ").rstrip()


def trace_box(node: TraceNode, trace: SearchTrace) -> PictureNode:
    """The box of one node of a trace in the tree pictures (value, window, move)."""
    value = _loss_spaced(_short(node.value, trace))
    if node.payoffs is not None:  # max^n: every player's value
        value = node_value_text(node, trace)
    lines = [value]
    if node.alpha is not None or node.beta is not None:
        low = _loss_spaced(_short(node.alpha, trace))
        high = _loss_spaced(_short(node.beta, trace))
        lines.append(f"[{low}, {high}]")
    kind = {"root": "the root", "inner": "searched", "horizon": "a horizon: scored by the "
            "evaluation", "end": "the game is over"}.get(node.kind, node.kind)  # fmt: skip
    short, long = node_notes(node, trace.format_move)
    if short:
        lines.append(short)
        kind += f"; {long}"
    tip = f"{_move(node, trace)}: value {value}; {kind}"
    if node.kind != "end":
        tip += f"; {mover_name(node, trace)} to move"
    return PictureNode(
        lines,
        edge="" if node.move is None else trace.format_move(node.move),
        style=box_style(node, trace),
        on_pv=node.on_pv,
        dashed=node.kind == "horizon",
        double=node.kind == "root",
        tooltip=tip,
    )


def _shown(node: TraceNode, k: int, keep_pv: bool) -> list[TraceNode]:
    """The children a picture shows: the first ``k``, and the one on the principal
    variation (with ``keep_pv``) wherever it is."""
    return [
        child for index, child in enumerate(node.children) if index < k or (keep_pv and child.on_pv)
    ]


def _stubs(node: TraceNode, shown: list[TraceNode]) -> int:
    """1 if the position needs a stub (folded children, or moves a cut-off skipped)."""
    return int(len(node.children) > len(shown) or bool(node.skipped()[1]))


def _stub(
    trace: SearchTrace, hidden: list[TraceNode], skipped: list[Move], why: str
) -> PictureNode:
    """One stub for a position: the nodes folded under ``hidden`` ("+N more") and the moves
    ``skipped``, and ``why`` (:meth:`TraceNode.skipped`: "cut: ...", "not probed: ...")."""
    lines = []
    tips = []
    folded = sum(1 + child.size() for child in hidden)
    if hidden:
        lines.append(f"+{folded:,} more")
        moves = " ".join(trace.format_move(child.move) for child in hidden[:20])
        more = " ..." if len(hidden) > 20 else ""
        tips.append(f"folded: {folded:,} nodes below the moves {moves}{more}")
    if skipped:
        names = " ".join(trace.format_move(move) for move in skipped[:_CUT_NAMES])
        if len(skipped) > _CUT_NAMES:
            names += f" +{len(skipped) - _CUT_NAMES}"
        lines.append(f"{why}: {names}")
        every = " ".join(trace.format_move(move) for move in skipped)
        tips.append(f"{SKIPPED_BY[why]}: the search did not try {every}")
    return PictureNode(
        lines,
        style="cut" if skipped else "more",
        dashed=bool(skipped),
        folded=folded,
        tooltip="; ".join(tips),
    )


@_deep
def picture_tree(
    trace: SearchTrace,
    level_width: int = LEVEL_WIDTH,
    max_depth: int | None = None,
    max_nodes: int = MAX_NODES,
) -> PictureNode:
    """The traced tree as :class:`~oogames.pictures.tree.PictureNode` boxes, folded to fit.

    Level by level, every position shows the same number ``k`` of its first
    children, the largest that keeps the level within ``level_width`` boxes
    (stubs included), plus its child on the principal variation; the rest
    are folded into a stub, "+N more" (N: the nodes folded), which for a
    cut-off position also names the moves it skipped ("cut: ..."). Below ``max_depth``,
    or once ``max_nodes`` boxes are drawn, everything is folded.
    """
    root = trace_box(trace.root, trace)
    level: list[tuple[TraceNode, PictureNode]] = [(trace.root, root)]
    drawn = 1
    depth = 0
    while level:
        folded = (max_depth is not None and depth >= max_depth) or drawn >= max_nodes
        widest = max(len(node.children) for node, _ in level)
        k = 0
        if not folded:
            for k in range(widest, -1, -1):
                cost = sum(
                    len(shown) + _stubs(node, shown)
                    for node, _ in level
                    for shown in [_shown(node, k, True)]
                )
                if cost <= level_width:
                    break
        following: list[tuple[TraceNode, PictureNode]] = []
        for node, box in level:
            shown = _shown(node, k, not folded)
            for child in shown:
                child_box = trace_box(child, trace)
                box.children.append(child_box)
                following.append((child, child_box))
            hidden = [child for child in node.children if child not in shown]
            why, skipped = node.skipped()
            if hidden or skipped:
                box.children.append(_stub(trace, hidden, skipped, why))
            drawn += len(shown)
        level = following
        depth += 1
    return root


@_deep
def draw_svg(
    trace: SearchTrace,
    title: str = "",
    level_width: int = LEVEL_WIDTH,
    max_depth: int | None = None,
    max_nodes: int = MAX_NODES,
) -> str:
    """The searched tree as an SVG picture, drawn by the package (no Graphviz).

    Boxes show the value a position gave its parent and, for alpha-beta, the
    window it was searched with; blue boxes are positions where the searching
    player moves (max), orange the other players' (min), or in a search by vectors
    (max^n) a colour for each player (:mod:`oogames.trace.movers`); green chance's,
    grey the ends of the game, dashed borders horizons scored by the evaluation; the
    principal variation is red; the moves on the edges. A legend explains it, and
    wide levels are folded (see :func:`picture_tree`).

    Args:
        trace: The traced search.
        title: The picture's title (default: the best move, its value, the nodes).
        level_width: The most boxes a level shows.
        max_depth: Fold everything below this many plies.
        max_nodes: Fold everything once this many boxes are drawn.
    """
    root = picture_tree(trace, level_width, max_depth, max_nodes)
    result = trace.result
    if not title:
        title = (
            f"best {trace.format_move(result.move)} = {_loss_spaced(_short(result.value, trace))}"
            f"; {result.stats.nodes:,} nodes searched, {root.count() - 1:,} boxes drawn"
        )
    seen: set[tuple[str, bool]] = set()

    def look(box: PictureNode) -> None:
        seen.add((box.style, box.dashed))
        for child in box.children:
            look(child)

    look(root)
    drawn = {style for style, _ in seen}
    legend = [entry for entry in player_legend(trace) if entry.style in drawn]
    players = len(legend)
    horizon = LegendEntry("horizon (evaluated)", "max", dashed=True)
    chance = LegendEntry(f"{trace.chance_name}: the mean of its outcomes", "chance")
    optional = [
        (("end", False), LegendEntry("game over", "end")),
        (("chance", False), chance),
        *(((style, True), horizon) for style in PLAYER_STYLES),
        (("cut", True), LegendEntry("cut-off: moves not tried", "cut", dashed=True)),
        (("more", False), LegendEntry("+N more: nodes folded", "more")),
    ]
    for key, entry in optional:
        if key in seen and entry not in legend:
            legend.append(entry)
    legend.insert(players, LegendEntry("principal variation", pv=True))
    if trace.root.alpha is not None or trace.root.beta is not None:
        legend.append(LegendEntry("second line: the (alpha, beta) window", "note"))
    return tree_svg(root, title, legend)
