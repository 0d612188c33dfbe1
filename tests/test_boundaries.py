"""Strategies and boards of one's own that misbehave are named in one line."""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import count, run_cli

from oogames import WON, BoardContractError, MinMax, PluginError, SearchError
from oogames.game import GameModel, GameSettings, PlayerSpec
from oogames.games import NimBoard
from oogames.nextmove import DepthFac
from oogames.nextmove.factories import AlphaBetaFac
from oogames.nextmove.random_move import RandomValidMove
from oogames.nextmove.results import SearchResult, SearchStats
from oogames.nextmove.strategy import INextMoveStrategy, checked_result


class Returns(INextMoveStrategy):
    """A strategy that returns whatever it is given."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def analyze(self, board: Any, player: int | None = None) -> Any:
        return self.answer

    @property
    def name(self) -> str:
        return "returns"


@pytest.mark.parametrize(
    ("answer", "error", "words"),
    [
        (None, PluginError, "returned NoneType"),
        (3, PluginError, "not a SearchResult"),
        (SearchResult(99, 0.0, (), SearchStats(), 0), PluginError, "not a legal move"),
        (SearchResult(1, float("nan"), (), SearchStats(), 0), SearchError, "NaN"),
    ],
)
def test_a_strategy_that_returns_the_wrong_thing_is_named(
    answer: Any, error: type[Exception], words: str
) -> None:
    """None, a bare move, an illegal move, a NaN value: one error naming the strategy."""
    board = NimBoard()
    with pytest.raises(error, match=words):
        checked_result(Returns(answer), answer, board)
    good = RandomValidMove(1).analyze(board)
    assert checked_result(RandomValidMove(1), good, board) is good


@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_an_evaluation_that_is_not_a_finite_number_is_a_search_error(value: float) -> None:
    """An evaluation returning NaN or infinity: SearchError, never an OverflowError later."""
    board = NimBoard()
    with pytest.raises(SearchError, match="evaluation"):
        MinMax(DepthFac(AlphaBetaFac(), 2, lambda b, p: value)).analyze(board)
    assert board.ply == 0


class Stuck(NimBoard):
    """A board whose game never ends once the total reaches 5: nobody can move then."""

    def _map_moves(self, player: int, lam: Any, param: Any) -> None:
        if self._total >= 5:
            lam.no_apply(player, self, param)
            return
        super()._map_moves(player, lam, param)


def test_a_game_no_player_can_go_on_with_is_refused_and_kept() -> None:
    """No player can move and the game is not over: one BoardContractError naming the board,
    and the game as it was (no endless passes)."""
    settings = GameSettings("nim", players=(PlayerSpec("human"), PlayerSpec("human")))
    model = GameModel(settings, start=False, board=Stuck())
    model.play("3")
    with pytest.raises(BoardContractError, match="Stuck: no player can move"):
        model.play("2")
    assert model.board.key() == Stuck.from_moves([3, 2]).key() and model.board.ply == 2


class Answers(NimBoard):
    """A Nim whose _play returns what ``answer`` makes of the record and state it would
    return, as a new game's author may get it wrong."""

    answer: Any = None

    def _play(self, player: int, move: Any) -> Any:
        played = super()._play(player, move)
        assert played is not None
        return type(self).answer(*played)


@pytest.mark.parametrize(
    ("answer", "said", "undone"),
    [
        (lambda r, s: r, "_Add <undo 1 by player 0>", False),
        (lambda r, s: True, "bool True", False),
        (lambda r, s: (r, s, 1), "tuple (<undo 1 by player 0>, <playing>, 1)", False),
        (lambda r, s: (s, r), "NonTerminalState <playing> as the move's record", False),
        (lambda r, s: (r, WON), "tuple (<player0 won>, <player1 won>) as the new state", True),
        (lambda r, s: (r, "won"), "str 'won' as the new state", True),
    ],
)  # fmt: skip
def test_a_play_that_returns_neither_a_pair_nor_none_names_the_board_and_the_rule(
    answer: Any, said: str, undone: bool
) -> None:
    """The template method says what the game's _play returned and what it must return, in
    play and in a search: a record alone, True for a move accepted, a triple, the pair the
    wrong way round, WON for WON[player], a word for a state. Where the record came with a
    wrong state, the move is taken back: the board is as it was."""
    from oogames.nextmove.specs import make_strategy

    board = type("Answering", (Answers,), {"answer": staticmethod(answer)})()
    rule = re.escape(f"Answering: its _play returned {said}; it must return (the move's record")
    with pytest.raises(BoardContractError, match=rule):
        board.play(1)
    if undone:
        assert (board.ply, board.total, board.to_move, board.is_over) == (0, 0, 0, False)
        with pytest.raises(BoardContractError, match=rule):
            make_strategy("alphabeta", None, 0, True).analyze(board)
        assert (board.ply, board.total, board.to_move, board.is_over) == (0, 0, 0, False)
        count("a _play with a wrong state: named, the board as it was")


class Silent(NimBoard):
    """Stuck's twin that maps no move at all once the total reaches 5 (not even a pass:
    the search's nodes there have no child, and their value stays infinite)."""

    def _map_moves(self, player: int, lam: Any, param: Any) -> None:
        if self._total < 5:
            super()._map_moves(player, lam, param)


@pytest.mark.parametrize("board_class", [Stuck, Silent])
@pytest.mark.parametrize("spec", ["minimax", "alphabeta", "alphabeta+tt", "pvs", "negamax"])
def test_a_search_that_meets_a_stuck_position_below_the_root_names_the_board(
    spec: str, board_class: type[NimBoard]
) -> None:
    """A position deep in the tree where no player can move and the game is not over: the
    search names the board's fault (not an evaluation, not the frame limit), and the board
    is as it was."""
    from oogames.nextmove.specs import make_strategy

    board = board_class()
    name = board_class.__name__
    with pytest.raises(BoardContractError, match=f"{name}: no player can move"):
        make_strategy(spec, None, 0, True).analyze(board)
    assert board.ply == 0 and board.key() == board_class().key()


def test_the_tree_of_a_search_as_deep_as_the_game_is_drawn() -> None:
    """A traced search 1,000 plies deep (Nim of 1,000, one at a time) is drawn as text, DOT
    and SVG: the drawings recurse as deep as the trace, in a deep-safe thread."""
    from oogames import MinMaxFac
    from oogames.games import NimBoard
    from oogames.trace import draw_svg, to_dot, to_text, trace_search

    trace = trace_search(NimBoard(1000, 1), MinMaxFac(), limit=5_000)
    assert trace.root.height() == 1000 and trace.nodes() == 1000
    assert "loss1000" in to_text(trace) and "digraph" in to_dot(trace)
    assert draw_svg(trace).startswith("<svg")
    text = run_cli("tree", "nim", "--target", "1000", "--max-add", "1")
    assert "more nodes" in text


def test_a_game_tree_as_deep_as_memory_allows_and_one_that_contains_itself() -> None:
    """A tree nested 5,000 deep is read and searched; a tree that contains itself is refused
    in one line (it would never end); a subtree may be shared."""
    from oogames.errors import BoardOptionError
    from oogames.games import GameTreeBoard

    deep: object = "X"
    for _ in range(5000):
        deep = {"a": deep}
    assert MinMax(AlphaBetaFac()).analyze(GameTreeBoard(deep)).outcome() == "win in 5000"
    looped: dict[str, object] = {}
    looped["a"] = {"b": looped}
    with pytest.raises(BoardOptionError, match="contains itself"):
        GameTreeBoard(looped)
    shared = {"x": "O"}
    assert GameTreeBoard({"a": shared, "b": shared}).legal_moves() == ["a", "b"]
