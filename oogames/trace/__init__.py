"""Teaching tools: record the tree a search explored and draw it (text, SVG, DOT)."""

from oogames.errors import RenderError, TraceLimitError
from oogames.trace.mcts_tree import mcts_trace
from oogames.trace.render import draw_svg, to_dot, to_svg, to_text
from oogames.trace.tracer import SearchTrace, TraceAcc, TraceNode, trace_search

__all__ = [
    "RenderError",
    "SearchTrace",
    "TraceAcc",
    "TraceLimitError",
    "TraceNode",
    "draw_svg",
    "mcts_trace",
    "to_dot",
    "to_svg",
    "to_text",
    "trace_search",
]
