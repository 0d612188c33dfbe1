"""Every enhancement and null-window search gives plain alpha-beta's value, on every small game."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from helpers import count, mobility, searchable, snapshot, tree_is_smaller_than
from test_table import SMALL

from oogames import AlphaBetaFac, DepthFac, MinMax, SearchStopped, StrategySpecError
from oogames.games import ConnectFourBoard, GrundyBoard, TicTacToeBoard
from oogames.nextmove.enhancements.deepening import AspirationDeepening
from oogames.nextmove.enhancements.ordering import GameOrderFac, HistoryFac
from oogames.nextmove.enhancements.table import TranspositionTable, TTFac
from oogames.nextmove.minmax import POLL_EVERY
from oogames.nextmove.mtdf import MTDF, MTDFDeepening
from oogames.nextmove.pvs import PVSFac
from oogames.nextmove.solve import solve
from oogames.nextmove.specs import make_strategy, parse_spec

#: Strategy names whose value must equal alpha-beta's (to the end, or with ":DEPTH" added).
SPECS = (
    "pvs",
    "alphabeta+order",
    "alphabeta+history",
    "alphabeta+killer",
    "alphabeta+history+killer",
    "alphabeta+tt+order",
    "alphabeta+tt+history+killer",
    "pvs+tt",
    "pvs+tt+order",
    "mtdf",
    "mtdf+order",
    "negamax-ab+order",
    "negamax-ab+tt+order",
)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_enhancement_keeps_the_value(name: str) -> None:
    """Random positions, to the end or under a depth limit: the value of each spec is plain
    alpha-beta's, its move is legal, and the board is left as it was."""
    rng = random.Random(sum(map(ord, name)))
    for _ in range(20):
        board = searchable(SMALL[name], [rng.randrange(40) for _ in range(rng.randrange(2, 9))])
        depth = rng.choice([None, 1, 2, 3, 4])
        if depth is None and not tree_is_smaller_than(board, 100_000):
            depth = 4
        inner: Any = AlphaBetaFac() if depth is None else DepthFac(AlphaBetaFac(), depth, mobility)
        plain = MinMax(inner).analyze(board)
        before = snapshot(board)
        for spec in SPECS:
            full = spec if depth is None else f"{spec}:{depth}"
            result = make_strategy(full, mobility).analyze(board)
            assert result.value == plain.value, (name, board.moves, full)
            assert result.move in board.legal_moves() or board.can_pass(), (full, result.move)
            assert snapshot(board) == before
            count("enhancement = plain alpha-beta (value)")


@pytest.mark.parametrize("name", ["tictactoe-4x4-k3", "connectfour-5x4-k4", "grundy-9"])
def test_tiny_tables_and_enhancements_together(name: str) -> None:
    """A table of 3 slots (collisions everywhere) under every stack keeps the value."""
    rng = random.Random(len(name))
    for _ in range(6):
        board = searchable(SMALL[name], [rng.randrange(40) for _ in range(rng.randrange(2, 7))])
        depth = rng.choice([2, 3, 4])
        plain = MinMax(DepthFac(AlphaBetaFac(), depth, mobility)).analyze(board)
        for stack in (
            TTFac(GameOrderFac(DepthFac(PVSFac(), depth, mobility)), size=3),
            TTFac(HistoryFac(DepthFac(AlphaBetaFac(), depth, mobility), killers=True), size=3),
        ):
            assert MinMax(stack).analyze(board).value == plain.value
            count("tiny table + enhancements = plain alpha-beta")
        mtdf = MTDF(TTFac(DepthFac(AlphaBetaFac(), depth, mobility), TranspositionTable(3)))
        assert mtdf.analyze(board).value == plain.value
        count("tiny table + enhancements = plain alpha-beta")


def test_the_names_of_the_grammar() -> None:
    """Enhancements parse in any order; unknown and repeated ones are refused in one line."""
    assert parse_spec("PVS+TT+Order:6@1") == ("pvs+tt+order", 6, 1.0)
    assert parse_spec("mtdf@0.5") == ("mtdf", None, 0.5)
    assert make_strategy("mtdf:3", mobility).name == "mtdf:3"
    assert make_strategy("alphabeta+killer+history:2", mobility).name == (
        "alphabeta+killer+history:2"  # as written (see the test of every spec's name)
    )
    for bad in ("alphabeta+tt+tt", "alphabeta+fast", "mtdf:0", "pvs@-1"):
        with pytest.raises(StrategySpecError) as caught:
            parse_spec(bad)
        assert "\n" not in str(caught.value)


def test_orderings_save_nodes_on_connect_four() -> None:
    """Depth 6 after 4 4 5 3 on 7 x 6: node counts are exact, and each ordering cuts more."""
    board = ConnectFourBoard.from_moves("4453")
    nodes = {
        spec: make_strategy(f"{spec}:6", mobility).analyze(board).stats.nodes
        for spec in ("alphabeta", "alphabeta+order", "alphabeta+history+killer", "pvs+tt+order")
    }
    assert nodes["alphabeta"] > nodes["alphabeta+history+killer"]
    assert nodes["alphabeta"] > nodes["pvs+tt+order"]
    again = {
        spec: make_strategy(f"{spec}:6", mobility).analyze(board).stats.nodes for spec in nodes
    }
    assert again == nodes  # no wall clock, no randomness: the same nodes every time


def test_connect_four_skips_moves_that_lose_at_once() -> None:
    """O must block X's three in column 1: the exact order offers only the block."""
    board = ConnectFourBoard.from_moves("12121")
    moves: list[int] = []

    class Collect:
        def apply(self, player: int, host: Any, move: Any, param: Any) -> bool:
            moves.append(move)
            return True

    board.map_best_first(board.to_move, Collect(), None, exact=True)  # type: ignore[arg-type]
    assert moves == [0]
    moves.clear()
    board.map_best_first(board.to_move, Collect(), None, exact=False)  # type: ignore[arg-type]
    assert sorted(moves) == sorted(board.legal_moves())
    assert board.outcome_bounds() == (-4, 3)


def test_grundy_table_key_ignores_dead_heaps() -> None:
    """Heaps of 1 and 2 can never be split: positions that differ only in them share a key."""
    assert GrundyBoard((7, 2, 1)).table_key() == GrundyBoard((7,)).table_key()
    assert GrundyBoard((7, 3)).table_key() != GrundyBoard((7,)).table_key()


def test_tictactoe_solved_by_every_driver() -> None:
    """From the empty board every exact driver finds the draw."""
    for spec in ("pvs+tt", "mtdf", "alphabeta+tt+history+killer"):
        assert make_strategy(spec, mobility).analyze(TicTacToeBoard()).value == 0


def test_mtdf_deepening_keeps_a_node_budget_and_plays_a_completed_depth() -> None:
    """mtdf under a node budget: every depth's nodes are counted, the board is unchanged, and
    the move is MTD(f)'s at the depth reached (which is alpha-beta's value there)."""
    board = ConnectFourBoard.from_moves("4433")
    before = snapshot(board)
    for budget in (1, 300, 3_000):
        table = TranspositionTable()
        deep = MTDFDeepening(
            lambda depth, table=table: TTFac(DepthFac(AlphaBetaFac(), depth, mobility), table),
            nodes=budget,
        ).analyze(board)
        reached = deep.stats.depth_reached
        assert reached is not None and snapshot(board) == before
        plain = MinMax(DepthFac(AlphaBetaFac(), reached, mobility)).analyze(board)
        assert deep.value == plain.value
        assert reached == 1 or deep.stats.nodes <= budget + 3_000  # the stopped depth's nodes
        count("mtdf under a node budget")


def test_cancelling_mtdf_leaves_the_board_and_raises() -> None:
    """MTDF.cancel() from the evaluation (as another thread would): SearchStopped, board intact."""
    board = ConnectFourBoard.from_moves("44")
    before = snapshot(board)
    strategy: MTDF
    calls = 0

    def evaluate(position: Any, player: int) -> float:
        nonlocal calls
        calls += 1
        if calls == 100:
            strategy.cancel()
        return 0.0

    strategy = MTDF(TTFac(DepthFac(AlphaBetaFac(), 6, evaluate)))
    with pytest.raises(SearchStopped):
        strategy.analyze(board)
    assert snapshot(board) == before
    assert calls < 100 + 2 * POLL_EVERY  # stopped within the poll interval


@pytest.mark.parametrize("name", ["tictactoe-4x4-k3", "connectfour-5x4-k4", "othello-4"])
def test_aspiration_windows_keep_the_value_of_each_depth(name: str) -> None:
    """Deepening with aspiration windows, capped at depth d, gives alpha-beta:d's value."""
    rng = random.Random(len(name) * 7)
    for _ in range(10):
        board = searchable(SMALL[name], [rng.randrange(40) for _ in range(rng.randrange(2, 7))])
        depth = rng.choice([2, 3, 4])
        plain = MinMax(DepthFac(AlphaBetaFac(), depth, mobility)).analyze(board)
        for delta in (0.5, 1.0, 64.0):
            deep = AspirationDeepening(
                lambda d: DepthFac(AlphaBetaFac(), d, mobility), max_depth=depth, delta=delta
            ).analyze(board)
            assert deep.value == plain.value
            count("aspiration deepening = alpha-beta:d")


def test_aspiration_needs_a_clock() -> None:
    """+aspiration without @SECONDS, or on mtdf, is refused in one line."""
    for bad in ("alphabeta+aspiration:4", "mtdf+aspiration@1"):
        with pytest.raises(StrategySpecError, match=r"needs a clock|null windows"):
            make_strategy(bad, mobility)
    assert make_strategy("pvs+tt+aspiration@0.5", mobility).name == "pvs+tt+aspiration@0.5"


class _Boom(Exception):
    """Raised from inside a search by the tests below."""


@pytest.mark.parametrize("spec", [*SPECS, "alphabeta+tt+order+aspiration", "mtdf+order"])
def test_an_exception_inside_any_enhanced_search_leaves_the_board(spec: str) -> None:
    """An evaluation that raises part-way (at its first call, in the middle, at its last):
    the exception comes out and the board is as it was (depth-limited and timed forms)."""
    board = ConnectFourBoard.from_moves("4453")
    before = snapshot(board)
    for form in (":4", ":5", "@30"):
        if "aspiration" in spec and not form.startswith("@"):
            continue
        if form.startswith("@"):
            form = ":5@30"  # deepening to a cap, so that the dry run ends
        state = {"calls": 0, "raise_at": 0}  # raise_at 0: the dry run, which counts the calls

        def evaluate(position: Any, player: int, state: dict[str, int] = state) -> float:
            state["calls"] += 1
            if state["calls"] == state["raise_at"]:
                raise _Boom
            return mobility(position, player)

        make_strategy(spec + form, evaluate).analyze(board)
        total = state["calls"]
        for raise_at in (1, total // 2, total):
            state.update(calls=0, raise_at=raise_at)
            with pytest.raises(_Boom):
                make_strategy(spec + form, evaluate).analyze(board)
            assert snapshot(board) == before
            count("an exception inside an enhanced search: board unchanged")


class _BoomBoard(ConnectFourBoard):
    """Connect Four whose rules' bounds raise at a given call (the exact path); 0: never."""

    __slots__ = ("calls", "raise_at")

    def __init__(self, width: int = 7, height: int = 6, k: int = 4) -> None:
        super().__init__(width, height, k)
        self.calls = self.raise_at = 0  # copies (the whole line's solves) never raise

    def outcome_bounds(self) -> tuple[int, int] | None:
        self.calls += 1
        if self.calls == self.raise_at:
            raise _Boom
        return super().outcome_bounds()


def test_an_exception_inside_a_solve_leaves_the_board() -> None:
    """solve() (narrowing, the game's order, the table, the whole line): the board is put
    back wherever the exception comes from."""
    board = _BoomBoard.from_moves("7422341735647741166133573473242566")
    solve(board, full_pv=True)
    total = board.calls
    assert total > 10
    before = snapshot(board)
    for raise_at in (1, total // 3, 2 * total // 3, total):
        board.calls, board.raise_at = 0, raise_at
        with pytest.raises(_Boom):
            solve(board, full_pv=True)
        assert snapshot(board) == before
        count("an exception inside a solve: board unchanged")


def test_a_history_or_killer_strategy_reused_across_games_searches_as_a_fresh_one() -> None:
    """The ordering memory forgets another game's moves, as a table does: each search of a
    strategy reused over games visits the nodes a fresh one visits. It kept them, and
    tried Nim's counts first in Kalah and Connect Four (pvs+history+killer:5 on Connect
    Four 5x4 after Nim and Kalah: 595 nodes where a fresh one searches 799)."""
    from oogames.games import GAMES, KalahBoard, NimBoard

    def evaluate(board: Any, player: int) -> float:
        return GAMES[board.game_name].evaluate(board, player)

    boards = [NimBoard(21, 3), KalahBoard(3, 3), ConnectFourBoard(5, 4), NimBoard(15, 4)]
    for spec in ("alphabeta+killer:4", "alphabeta+history:4", "pvs+history+killer:5"):
        reused = make_strategy(spec, evaluate)
        for board in boards * 2:
            fresh = make_strategy(spec, evaluate).analyze(board)
            again = reused.analyze(board)  # each board is another game than the one before
            assert (again.value, again.move) == (fresh.value, fresh.move), spec
            assert again.stats.nodes == fresh.stats.nodes, (spec, board.game_name)
            count("a reused ordering strategy = a fresh one (nodes)")


def test_killers_are_kept_per_player_as_well_as_per_depth() -> None:
    """In a game with extra turns (Kalah), one depth holds both players' positions: a
    move that cut player 0 off at depth 0 is not tried first at player 1's position of
    that depth (it was: killers were kept per depth only); player 1's own killer is."""
    from oogames.board.lambdas import CollectMoves
    from oogames.games import KalahBoard

    def first_tried(player: int, board: KalahBoard) -> object:
        seen: list[object] = []
        ordering.make_acc(player).expand(board, CollectMoves(), seen)
        assert sorted(map(str, seen)) == sorted(map(str, board.legal_moves(player)))
        return seen[0]

    ordering = HistoryFac(AlphaBetaFac(), history=False, killers=True)
    board = KalahBoard(4, 3)
    ordering.memory.hold(board)
    ours = board.legal_moves(0)
    ordering.memory.cut(0, 0, ours[-1], 3)
    assert first_tried(0, board) == ours[-1]
    board.play(next(move for move in ours if KalahBoard.from_moves([move]).to_move == 1))
    theirs = board.legal_moves(1)
    for killer in theirs[1:]:
        ordering.memory.cut(0, 0, killer, 3)  # player 0's killers of depth 0
        assert first_tried(1, board) == theirs[0]
        count("another player's killer of the depth is not tried first")
    ordering.memory.cut(1, 0, theirs[-1], 3)
    assert first_tried(1, board) == theirs[-1]


def test_every_strategy_is_named_by_its_spec_as_written() -> None:
    """Every spec of the grammar (each search and driver with each subset of its
    enhancements in each order, to a depth, on a clock, with both; MCTS; random): the
    strategy built is named by the spec's text. A search to a depth was named by its
    factories, which print the enhancements in the order they stack: ``oogames demo`` and
    ``oogames compare`` showed ``alphabeta+history+tt:5`` for ``alphabeta+tt+history:5``."""
    from oogames.games import open_lines
    from oogames.nextmove.grammar import DRIVERS, SEARCHES, StrategySpec, enhancements_of

    texts = ["random", "mcts:50", "mcts+eval@0.5", "mcts+eval:50@0.5"]
    for base in [*SEARCHES, *DRIVERS]:
        allowed = list(enhancements_of(base))
        for size in range(len(allowed) + 1):
            for chosen in itertools.permutations(allowed, size):
                name = "+".join((base, *chosen))
                clocked = [f"{name}@0.5", f"{name}:4@0.5"]
                texts += clocked if "aspiration" in chosen else [f"{name}:3", *clocked]
    checked = 0
    for text in texts:
        try:
            spec = StrategySpec.parse(text)
        except StrategySpecError:  # mtdf+aspiration: a driver searches with null windows
            assert "+aspiration" in text and text.startswith("mtdf")
            continue
        assert make_strategy(spec, open_lines, 1).name == str(spec) == text
        checked += 1
        count("strategies named by their spec")
    assert checked > 1000
