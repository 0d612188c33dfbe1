"""A lesson in one script: see a search, compare searches, find a winning strategy.

1. Draws the tree alpha-beta searched on a tic-tac-toe position (SVG if
   Graphviz is installed, else DOT) and prints it as text.
2. Compares minimax, negamax and their alpha-beta forms on the same
   positions: the same answers, very different amounts of work.
3. Finds B's winning strategy in Grundy's game from a heap of 7 (the lecture
   slides' question) and prints it.

    python demos/teaching_tools.py [OUTPUT_FOLDER]
"""

from __future__ import annotations

import sys
from pathlib import Path

from oogames import AlphaBetaFac, DepthFac, MinMax, MinMaxFac, TicTacToeBoard
from oogames.games import GrundyBoard, open_lines
from oogames.nextmove.andor import winning_strategy
from oogames.nextmove.negamax import NegaAlphaBetaFac, NegamaxFac
from oogames.trace import RenderError, to_dot, to_svg, to_text, trace_search
from oogames.trace.compare import compare, format_table


def main(folder: Path) -> None:
    """Run the three parts, writing the drawing into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    board = TicTacToeBoard.from_moves("b2 a1 c3")

    print("1. The tree alpha-beta searched, two plies deep, after b2 a1 c3:\n")
    trace = trace_search(board, DepthFac(AlphaBetaFac(), 2, open_lines))
    print(to_text(trace))
    dot = to_dot(trace)
    try:
        target = folder / "alphabeta.svg"
        target.write_bytes(to_svg(dot))
    except RenderError:
        target = folder / "alphabeta.dot"
        target.write_text(dot + "\n")
    print(f"\n   drawn in {target}\n")

    print("2. Four searches, three plies deep, on the same positions:\n")
    strategies = [
        MinMax(DepthFac(factory, 3, open_lines))
        for factory in (MinMaxFac(), NegamaxFac(), AlphaBetaFac(), NegaAlphaBetaFac())
    ]
    positions = [
        ("b2", TicTacToeBoard.from_moves("b2")),
        ("b2 a1", TicTacToeBoard.from_moves("b2 a1")),
    ]
    print(format_table(compare(positions, strategies)))

    print("\n3. Grundy's game from a heap of 7: who can force a win?\n")
    grundy = GrundyBoard((7,))
    print(f"   A (moving first): {'yes' if winning_strategy(grundy, 0) else 'no'}")
    strategy = winning_strategy(grundy, 1)
    assert strategy is not None
    print(strategy.to_text(grundy))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("."))
