"""Every name that moved (docs/moved.rst) still imports from where users imported it, and
is the same object as at its new home."""

from __future__ import annotations

import importlib

import pytest
from helpers import count

#: (old module, new module, names): each name, imported from the old module, is the new one.
MOVED = [
    (
        "oogames.nextmove.accumulators",
        "oogames.nextmove.decorators",
        ["AAccDecorator", "DepthAcc", "depth_limit", "limit_depth"],
    ),
    (
        "oogames.nextmove.accumulators",
        "oogames.nextmove.evaluation",
        ["Payoff", "LambdaEvaluation", "as_evaluation", "Evaluation"],
    ),
    ("oogames.board.model", "oogames.board.interface", ["IBoardModel"]),
    ("oogames", "oogames.board.interface", ["IBoardModel"]),
    ("oogames.board", "oogames.board.hints", ["ISearchHints", "search_hints"]),
    ("oogames.games", "oogames.games.declaration", ["GameInfo"]),
    ("oogames", "oogames.board.options", ["Option"]),
    ("oogames.ui.tui", "oogames.ui.screens", ["SettingsScreen", "HelpScreen"]),
    (
        "oogames.nextmove.mcts",
        "oogames.nextmove.mcts_tree",
        ["MCTSNode", "MCTSResult", "WIN", "LOSS", "DRAW"],
    ),
    ("oogames.pictures.boards", "oogames.pictures.drawing", ["CELL", "MARGIN", "LAST", "COLOURS"]),
    ("oogames.trace", "oogames.trace.mcts_tree", ["mcts_trace"]),
    ("oogames.nextmove", "oogames.nextmove.decorators", ["AAccDecorator", "DepthAcc"]),
    ("oogames", "oogames.nextmove.decorators", ["DepthAcc"]),
    ("oogames.board", "oogames.nextmove.running", ["StopFlag", "restoring", "run_deep"]),
    ("oogames.board.deep", "oogames.nextmove.running", ["run_deep", "deep_call", "FRAME_LIMIT"]),
    ("oogames", "oogames.board.perft", ["perft"]),
    (
        "oogames.nextmove.grammar",
        "oogames.nextmove.spec_help",
        ["DEFAULT_CHOICE", "grammar_help", "player_help"],
    ),
    ("oogames.board", "oogames.board.perft", ["perft"]),
    ("oogames.cli.common", "oogames.cli.parser", ["Parser"]),
    ("oogames.cli.common", "oogames.cli.demo", ["describe_move"]),
    ("oogames.cli.common", "oogames.cli.match", ["read_sizes"]),
]


@pytest.mark.parametrize(("old", "new", "names"), MOVED)
def test_a_moved_name_imports_from_its_old_module(old: str, new: str, names: list[str]) -> None:
    """``from OLD import NAME`` gives the object that NEW defines."""
    if old == "oogames.ui.tui":
        pytest.importorskip("textual")
    before, after = importlib.import_module(old), importlib.import_module(new)
    for name in names:
        assert getattr(before, name) is getattr(after, name), (old, name)
        count("moved name imported from its old module")


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    """The old module's alias lookup answers only for the names that moved."""
    accumulators = importlib.import_module("oogames.nextmove.accumulators")
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        accumulators.Nothing  # noqa: B018
