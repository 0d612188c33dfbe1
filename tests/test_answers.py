"""Regressions: each a combination of enhancements that once gave a wrong answer.

Every expected value here is computed by plain minimax or alpha-beta without
the enhancement under test, in the test, on the same position.
"""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import count, snapshot

from oogames import AlphaBetaFac, DepthFac, MinMax, MinMaxFac, SearchStopped, SettingsError
from oogames.game import GameModel, GameSettings, PlayerSpec
from oogames.games import (
    ConnectFourBoard,
    GameTreeBoard,
    KalahBoard,
    NimBoard,
    OthelloBoard,
    TicTacToeBoard,
    connect_four_lines,
    kalah_stores,
    open_lines,
    othello_weighted_squares,
)
from oogames.nextmove import TTFac
from oogames.nextmove.enhancements.ordering import GameOrderFac
from oogames.nextmove.enhancements.table import TranspositionTable
from oogames.nextmove.mcts import MCTS
from oogames.nextmove.pvs import PVSFac
from oogames.nextmove.specs import make_strategy
from oogames.nextmove.values import WIN_VALUE, win_threshold

#: An Othello 6x6 position near the end where MTD(f)'s passes prove the two bounds of its
#: depth-6 value in different ways (found by the full differential run).
MTDF_BOUNDS = [(2, 1), (3, 1), (4, 4), (1, 1), (2, 0), (1, 3), (0, 3), (0, 4), (4, 2), (2, 4)]
MTDF_BOUNDS += [(1, 5), (0, 2), (0, 1), (2, 5), (4, 3), (5, 1), (4, 1), (5, 3), (1, 2), (5, 2)]
MTDF_BOUNDS += [(5, 4), (0, 0), (5, 0), (4, 0), (3, 0), (5, 5)]


def exact_value(board: Any) -> float:
    """The game's value by plain alpha-beta to the end."""
    return MinMax(AlphaBetaFac()).analyze(board.copy()).value  # type: ignore[return-value]


def test_pvs_re_searches_a_null_window_child_a_table_or_the_rules_settled() -> None:
    """PVS asks for the re-search after a probe settled a null-window child (issue 20, 1)."""
    board = ConnectFourBoard.from_moves([0, 1, 2, 1], width=3, height=5, k=3)
    expected = MinMax(DepthFac(MinMaxFac(), 5, connect_four_lines)).analyze(board).value
    assert expected == 5
    for spec in ("pvs+tt+order+history:5", "pvs+order:5", "pvs+tt:5"):
        assert make_strategy(spec, connect_four_lines).analyze(board).value == expected, spec


def test_a_reused_pvs_object_stays_exact_across_positions() -> None:
    """One pvs+order+history object over four positions gives each one's exact value."""
    strategy = make_strategy("pvs+order+history", connect_four_lines)
    for moves in (
        [0, 3, 2, 1, 1, 0, 0, 1, 2, 3],
        [0, 2, 1, 3, 1, 0, 0, 1, 1, 2],
        [2, 2, 2, 0, 0, 1, 2, 0, 0, 1],
        [0, 3, 0, 2, 1, 3, 0, 1, 2, 3, 3],
    ):
        board = ConnectFourBoard.from_moves(moves, width=4, height=4)
        assert strategy.analyze(board).value == exact_value(board), moves


def test_a_table_filled_by_a_narrowed_window_misleads_no_later_search() -> None:
    """A PVS table filled with a narrowed root window, then a full search: alpha-beta's value."""
    board = OthelloBoard.from_moves([(2, 3), (3, 1), (0, 0), (0, 1)], size=4)
    factory = TTFac(DepthFac(PVSFac(), 5, othello_weighted_squares))
    root = factory.make_acc(board.to_move)
    root.narrow(-20, 62)
    MinMax(factory).search(board, root)
    plain = MinMax(DepthFac(AlphaBetaFac(), 5, othello_weighted_squares)).analyze(board).value
    assert plain == 185
    assert MinMax(factory).analyze(board).value == plain


def test_deepening_reused_with_a_table_does_not_stop_early_or_claim_exactness() -> None:
    """A reused alphabeta+tt:4@1000 deepens to 4 on each position; a heuristic is not exact."""
    strategy = make_strategy("alphabeta+tt:4@1000", open_lines)
    for moves in ([], [(2, 1)], [(2, 1), (0, 1)]):
        board = TicTacToeBoard.from_moves(moves)
        result = strategy.analyze(board)
        limited = MinMax(DepthFac(AlphaBetaFac(), 4, open_lines)).analyze(board)
        assert result.stats.depth_reached == 4 and result.value == limited.value
        assert not result.exact


@pytest.mark.parametrize(
    ("spec", "board", "evaluate"),
    [
        ("mtdf:3@1000", KalahBoard.from_moves([2], pits=3, seeds=2), kalah_stores),
        (
            "minimax+tt+aspiration:4@1000",
            OthelloBoard.from_moves([(3, 2), (3, 3), (2, 3)], size=4),
            othello_weighted_squares,
        ),
        ("mtdf:2", KalahBoard(pits=1, seeds=5), kalah_stores),
        # The pass that proved the lower bound 0 scored no horizon; the pass that proved
        # the upper bound did: the value is a guess (the game's is a win in 7).
        ("mtdf:6", OthelloBoard.from_moves(MTDF_BOUNDS, size=6), othello_weighted_squares),
    ],
)
def test_a_heuristic_value_is_never_reported_exact(spec: str, board: Any, evaluate: Any) -> None:
    """Deepened or MTD(f) searches with a table: exact only if the value is the game's."""
    result = make_strategy(spec, evaluate).analyze(board)
    if result.exact:
        assert result.value == exact_value(board)
    depth = int(spec.split(":")[1].split("@")[0])
    if result.stats.depth_reached is not None:
        assert result.stats.depth_reached == depth or result.exact


def test_every_base_with_a_reused_table_reports_a_depth_limited_value_as_a_guess() -> None:
    """Each base with +tt, searched twice on one position at depth 2: not exact the 2nd time."""
    board = TicTacToeBoard.from_moves([(0, 4)], rows=1, cols=7, k=3)
    checked = 0
    for base in ("minimax", "alphabeta", "negamax", "negamax-ab", "pvs"):
        strategy = make_strategy(f"{base}+tt:2", open_lines)
        first, second = strategy.analyze(board), strategy.analyze(board)
        assert first.value == second.value
        assert not second.exact and second.outcome() != "draw"
        checked += 1
    assert checked == 5


def test_a_small_win_value_keeps_wins_and_guesses_apart() -> None:
    """win_value=5000: the table keeps the distance of a loss; a heuristic 1 is no win."""
    board = NimBoard.from_moves([1, 3, 1, 3, 1])
    plain = MinMax(AlphaBetaFac(), win_value=5000).analyze(board)
    tabled = MinMax(TTFac(AlphaBetaFac(), win_value=5000), win_value=5000).analyze(board)
    assert plain.outcome() == tabled.outcome() == "loss in 6"
    guess = MinMax(DepthFac(AlphaBetaFac(), 2, open_lines), win_value=5000).analyze(
        TicTacToeBoard()
    )
    assert guess.outcome() == "1" and not guess.exact
    assert win_threshold(5000) == 2500


@pytest.mark.parametrize("bad", [0, 99, -5, float("inf"), float("nan"), "1e6", True])
def test_a_win_value_that_cannot_work_is_refused(bad: Any) -> None:
    """win_value below 100, not finite or not a number: one SettingsError, by MinMax and TTFac."""
    with pytest.raises(SettingsError, match="win_value"):
        MinMax(AlphaBetaFac(), win_value=bad)
    with pytest.raises(SettingsError, match="win_value"):
        TTFac(AlphaBetaFac(), win_value=bad)


def test_mcts_tries_a_move_before_it_settles_for_a_proven_loss() -> None:
    """One iteration proves move a lost; b is untried and wins: MCTS plays b, unproven."""
    result = MCTS(iterations=1, seed=1).analyze(GameTreeBoard({"a": "O", "b": {"x": "X"}}))
    assert result.move == "b" and not result.proven and not result.exact


def test_mcts_prefers_an_untried_move_to_a_loss_at_once() -> None:
    """Othello 4x4: (3, 0) loses at once, (3, 1) later; MCTS never plays (3, 0)."""
    board = OthelloBoard.from_moves(
        [(1, 0), (2, 0), (3, 3), (0, 3), (1, 3), (0, 2), (3, 2), (0, 0), (0, 1), (2, 3)], size=4
    )
    for iterations in range(1, 12):
        assert MCTS(iterations=iterations, seed=1).analyze(board).move == (3, 1), iterations


def test_an_mcts_tree_survives_an_evaluation_that_raised_inside_it() -> None:
    """The evaluation raises in the 2nd search; the kept tree serves a 3rd search."""
    calls, armed = [0], [False]

    def evaluate(board: Any, player: int) -> float:
        calls[0] += 1
        if armed[0] and calls[0] == 50:
            raise ValueError("boom")
        return connect_four_lines(board, player)

    mcts, board = MCTS(iterations=300, seed=1, evaluate=evaluate), ConnectFourBoard()
    before = snapshot(board)
    mcts.analyze(board)
    armed[0], calls[0] = True, 0
    with pytest.raises(ValueError, match="boom"):
        mcts.analyze(board)
    assert snapshot(board) == before
    assert mcts.root is not None and all(child.visits for child in mcts.root.children)
    assert mcts.analyze(board).move in board.legal_moves()


@pytest.mark.parametrize(
    "spec", ["alphabeta:9", "alphabeta+tt+order@30", "mtdf@30", "mtdf:9", "mcts@30", "pvs+tt:9"]
)
def test_a_cancel_before_the_search_starts_is_not_lost(spec: str) -> None:
    """cancel() before analyze: that analyze raises SearchStopped; the next one runs."""
    strategy = make_strategy(spec, connect_four_lines)
    strategy.cancel()
    with pytest.raises(SearchStopped):
        strategy.analyze(ConnectFourBoard())
    strategy.clear_cancel()
    fresh = make_strategy(spec.replace("@30", "@0.05").replace(":9", ":2"), connect_four_lines)
    assert fresh.analyze(ConnectFourBoard()).move in range(7)


@pytest.mark.parametrize("spec", ["alphabeta+tt+order@30", "mtdf@30", "mcts@30", "alphabeta:12"])
def test_stop_in_the_game_model_keeps_the_computer_to_move(spec: str) -> None:
    """GameModel.stop() while the computer thinks: SearchStopped, no move, the computer to move."""
    settings = GameSettings("connectfour", players=(PlayerSpec.parse(spec), PlayerSpec("human")))
    model = GameModel(settings, start=False)
    errors: list[BaseException] = []

    def think() -> None:
        try:
            model.start()
        except SearchStopped as error:
            errors.append(error)

    thread = threading.Thread(target=think)
    thread.start()
    threading.Timer(0.3, model.stop).start()
    thread.join(20)
    assert not thread.is_alive() and errors and model.board.ply == 0
    assert not model.current.is_human


@pytest.mark.parametrize("spec", ["alphabeta+tt+order@30", "mcts@30", "mtdf@30"])
def test_move_now_in_the_game_model_plays_the_best_move_so_far(spec: str) -> None:
    """GameModel.move_now() while a timed computer or MCTS thinks: it plays at once."""
    settings = GameSettings("connectfour", players=(PlayerSpec.parse(spec), PlayerSpec("human")))
    model = GameModel(settings, start=False)
    thread = threading.Thread(target=model.start)
    thread.start()
    while not model.move_now():  # True once the computer thinks
        thread.join(0.01)
    thread.join(20)
    assert not thread.is_alive() and model.board.ply == 1 and model.current.is_human


def test_the_search_gives_its_scoring_to_its_table_and_ordering() -> None:
    """The win value and quick wins are given once, to the search: a table and an ordering
    given none take the search's (they were refused, and had to be given them again)."""
    boards = [TicTacToeBoard.from_moves("a1 b1 a2"), KalahBoard(pits=2, seeds=2)]
    for win, quick in itertools.product((5000, WIN_VALUE), (True, False)):
        table, order = TTFac(AlphaBetaFac()), GameOrderFac(AlphaBetaFac())
        for factory in (table, order, TTFac(GameOrderFac(AlphaBetaFac()))):
            search = MinMax(factory, win_value=win, prefer_quick_wins=quick)
            plain = MinMax(AlphaBetaFac(), win_value=win, prefer_quick_wins=quick)
            for board in boards:
                assert search.analyze(board).value == plain.analyze(board).value
                count("a table and an ordering scored by their search = plain alpha-beta")
        assert (table.win_value, table.quick_wins) == (order.win_value, order.quick_wins)
        assert (table.win_value, table.quick_wins) == (win, quick)


def test_a_table_that_values_wins_otherwise_than_its_search_is_refused() -> None:
    """MinMax(TTFac(..., win_value=A), win_value=B) with A != B: one SettingsError; so is
    a factory that serves one search and then another that scores otherwise."""
    with pytest.raises(SettingsError, match="win_value"):
        MinMax(TTFac(AlphaBetaFac(), win_value=6000), win_value=5000)
    with pytest.raises(SettingsError, match="quick wins"):
        MinMax(TTFac(AlphaBetaFac(), quick_wins=True), prefer_quick_wins=False)
    assert MinMax(TTFac(AlphaBetaFac(), win_value=5000), win_value=5000).win_value == 5000
    served = TTFac(GameOrderFac(AlphaBetaFac()))
    MinMax(served, win_value=5000)
    MinMax(served, win_value=5000)  # a second search that scores alike: served
    others: list[dict[str, Any]] = [{}, {"prefer_quick_wins": False}, {"by_margin": True}]
    others[0]["win_value"] = WIN_VALUE
    for other in others:
        with pytest.raises(SettingsError, match="needs a TTFac of its own"):
            MinMax(served, **({"win_value": 5000} | other))
    # a refused search leaves every factory of its stack as it was, the outer one too
    unserved = TTFac(GameOrderFac(AlphaBetaFac(), by_margin=True))
    with pytest.raises(SettingsError, match="by_margin"):
        MinMax(unserved, win_value=5000)
    assert MinMax(unserved, by_margin=True).analyze(KalahBoard(pits=2, seeds=2)).value == -2


def test_a_table_shared_by_searches_that_score_otherwise_answers_as_a_fresh_one() -> None:
    """One table given to a search that scores wins at 5,000 and then to one at 10^6 (or
    with quick wins and then without): its entries were read as the new scoring's, and
    tic-tac-toe after a1 b1 a2 came out -4,997 where it is -999,996 (a loss in 4)."""
    board = TicTacToeBoard.from_moves("a1 b1 a2")
    for first, second in itertools.permutations(
        ((5000, True), (WIN_VALUE, True), (WIN_VALUE, False)), 2
    ):
        table = TranspositionTable()
        for win, quick in (first, second):
            tabled = TTFac(AlphaBetaFac(), table, win_value=win, quick_wins=quick)
            value = MinMax(tabled, win_value=win, prefer_quick_wins=quick).analyze(board).value
            plain = MinMax(AlphaBetaFac(), win_value=win, prefer_quick_wins=quick)
            assert value == plain.analyze(board).value, (first, second)
            count("a table shared across scorings = plain alpha-beta")


def test_an_ordering_that_values_finished_games_otherwise_than_its_search_is_refused() -> None:
    """MinMax(GameOrderFac(..., by_margin=A), by_margin=B) with A != B: one SettingsError.
    It was not checked, and the ordering's bounds by margin misread a search by wins:
    Kalah 3x2 after the moves 1 and 2, 'win in 6' (999,994) where the game is a win in 4."""
    board = KalahBoard(pits=3, seeds=2)
    for move in (1, 2):
        board.play(move)
    right = MinMax(AlphaBetaFac()).analyze(board).value
    assert right == 999_996
    for by_margin in (True, False):
        with pytest.raises(SettingsError, match="by_margin"):
            MinMax(GameOrderFac(AlphaBetaFac(), by_margin=by_margin), by_margin=not by_margin)
        agreed = MinMax(GameOrderFac(AlphaBetaFac(), by_margin=by_margin), by_margin=by_margin)
        plain = MinMax(AlphaBetaFac(), by_margin=by_margin)
        assert agreed.analyze(board).value == plain.analyze(board).value


def test_the_strategies_that_run_many_searches_take_the_scoring_too() -> None:
    """MTD(f), iterative deepening and aspiration windows build their searches themselves;
    they take a ``scoring`` and give it to each (they could not, and a table given a
    win value was refused with no way to give it to their search). Each, reused over
    every scoring, answers as plain alpha-beta scored alike."""
    from oogames.nextmove.enhancements.deepening import AspirationDeepening, IterativeDeepening
    from oogames.nextmove.mtdf import MTDF, MTDFDeepening
    from oogames.nextmove.values import Scoring

    boards = [
        TicTacToeBoard.from_moves("a1 b1 a2"),
        TicTacToeBoard.from_moves("b2 a1"),
        KalahBoard(pits=2, seeds=2),
        KalahBoard.from_moves([1, 2], pits=3, seeds=2),
    ]
    table = TranspositionTable()  # one table for every strategy and scoring below
    scorings = [Scoring(), Scoring(5000), Scoring(quick_wins=False), Scoring(by_margin=True)]
    for scoring in scorings * 2:
        given = {"win_value": scoring.win_value, "quick_wins": scoring.quick_wins}
        strategies = [
            MTDF(TTFac(AlphaBetaFac(), table), scoring=scoring),
            MTDF(TTFac(AlphaBetaFac(), **given), scoring=scoring),
        ]
        for deepening in (IterativeDeepening, AspirationDeepening, MTDFDeepening):
            strategies.append(
                deepening(
                    lambda depth: TTFac(DepthFac(AlphaBetaFac(), depth, _zero), table),
                    max_depth=12,
                    scoring=scoring,
                )
            )
        plain = MinMax(
            AlphaBetaFac(),
            win_value=scoring.win_value,
            prefer_quick_wins=scoring.quick_wins,
            by_margin=scoring.by_margin,
        )
        for board in boards[2:] if scoring.by_margin else boards:  # Kalah has margins
            right = plain.analyze(board).value
            for strategy in strategies:
                assert strategy.analyze(board).value == right, (strategy, scoring, board)
                count("a strategy of many searches, scored = plain alpha-beta scored alike")


def _zero(board: Any, player: int) -> float:
    return 0.0


def test_one_table_holds_one_game_at_a_time() -> None:
    """A search with a table (built into alpha-beta, as a decorator, MTD(f)), reused on
    boards of other games and sizes, answers as a fresh search does. The table kept the
    positions of the game searched before and tried their moves: Connect Four 4x4 and
    then tic-tac-toe raised "illegal move 1" from inside the search, tic-tac-toe 3x4 and
    then 4x3 "c2 is taken"."""
    boards = [
        ConnectFourBoard.from_moves("1", width=4, height=4),
        TicTacToeBoard(),
        TicTacToeBoard(3, 4, 3),
        TicTacToeBoard.from_moves("a2 c2 c3", rows=4, cols=3),
        KalahBoard(pits=3, seeds=2),
        ConnectFourBoard.from_moves("12", width=4, height=4),
        TicTacToeBoard.from_moves("b2"),
    ]
    fresh = [MinMax(AlphaBetaFac()).analyze(board).value for board in boards]
    reused = [
        MinMax(TTFac(AlphaBetaFac(), size=1 << 10)),
        MinMax(TTFac(AlphaBetaFac(), size=1 << 10, built_in=False)),
        make_strategy("pvs+tt", open_lines),
        make_strategy("mtdf", open_lines),
    ]
    checked = 0
    for search in reused:
        for board, value in [*zip(boards, fresh, strict=True)] * 2:
            before = snapshot(board)
            result = search.analyze(board)
            assert result.value == value, (search, board.options(), board.ply)
            assert result.move in board.legal_moves() and snapshot(board) == before
            checked += 1
    assert checked == 4 * 2 * len(boards)


@pytest.mark.parametrize("spec", ["alphabeta:6@30", "mcts:300"])
def test_a_move_now_that_comes_as_the_search_ends_is_not_kept_for_the_next_turn(
    spec: str,
) -> None:
    """Move now pressed as a computer's search ends (its turn still under way): the turn
    takes it or drops it, and the next turn searches in full. The strategy kept it, and
    the next turn moved after its first depth (alphabeta:6@30 reached depth 1, not 6)."""
    from oogames.game.players import ComputerPlayer, IRequestor

    strategy = make_strategy(spec, connect_four_lines, seed=1)
    player = ComputerPlayer(0, "computer", strategy)
    found: list[Any] = []

    class Requestor(IRequestor):
        def request_move(self, player: int, move: Any, result: Any = None) -> None:
            found.append(result)

    search = strategy.analyze

    def ends_with_move_now(board: Any, side: int | None = None) -> Any:
        result = search(board, side)
        assert player.move_now()  # the turn is still under way
        return result

    board = ConnectFourBoard(5, 4)
    strategy.analyze = ends_with_move_now  # type: ignore[method-assign]
    player.take_turn(board, Requestor())
    strategy.analyze = search  # type: ignore[method-assign]
    player.take_turn(board, Requestor())
    first, second = found
    if spec.startswith("mcts"):
        assert first.iterations == second.iterations == 300
    else:
        assert first.stats.depth_reached == second.stats.depth_reached == 6
    count("a late move now is not kept for the next turn")


def _every_spec_with_a_depth() -> list[str]:
    """Every search and driver with each subset of its enhancements (aspiration aside, which
    needs a clock), and MCTS with its evaluation, each three plies (iterations) deep."""
    from oogames.nextmove.grammar import DRIVERS, SEARCHES, enhancements_of

    specs = ["mcts+eval:3", "mcts:3"]
    for base in [*SEARCHES, *DRIVERS]:
        allowed = [name for name in enhancements_of(base) if name != "aspiration"]
        for size in range(len(allowed) + 1):
            for chosen in itertools.combinations(allowed, size):
                specs.append("+".join((base, *chosen)) + ":3")
    return specs


def _every_strategy_after_a_move(
    info: Any, options: dict[str, object], evaluate: Any
) -> Iterator[tuple[str, Any, Any]]:
    """Each spec of :func:`_every_spec_with_a_depth` this game takes, its strategy made with
    ``evaluate``, and a new board after the first move (and Pig's die: a player moves)."""
    from oogames.board.moves import CHANCE
    from oogames.errors import OogamesError

    for spec in _every_spec_with_a_depth():
        board = info.make(**options)
        board.play(board.legal_moves()[0])
        while board.to_move == CHANCE:
            board.play(board.legal_moves()[-1])
        try:
            strategy = make_strategy(spec, evaluate, 1, False)
        except OogamesError:  # a search this game does not take
            continue
        yield spec, board, strategy


@pytest.mark.parametrize(
    "bad", [float("nan"), None, "x", 5e6, -995_000], ids=["nan", "None", "text", "5e6", "-995000"]
)
@pytest.mark.parametrize(
    ("game", "options"),
    [("tictactoe", {}), ("kalah", {"pits": 3, "seeds": 2}), ("rolit", {"players": 3, "size": 4}),
     ("pig", {"players": 2, "target": 6})],
)  # fmt: skip
def test_an_evaluation_that_returns_no_number_is_refused_not_passed_over(
    game: str, options: dict[str, object], bad: object
) -> None:
    """An evaluation that returns NaN for some positions: every comparison passes NaN over,
    so a search that met one answered as if those positions were not there (the root's
    value finite, the answer silently another). One that returns None (a function that
    ends without ``return``) had the search take the position for one to search on: 104 of
    the 108 searches of tic-tac-toe searched to the end and answered, the depth silently
    ignored (Kalah's tables raised "negative shift count"); text raised a ``TypeError``
    from inside the search. Now every search of the grammar that was handed any of them
    refuses it with one line, and leaves the board as it was; one that was not (no such
    position below it, or MCTS without ``+eval``) answers as before. So does one that
    returns a number a search would take for a proven win or loss (beyond the default
    ``win_threshold``, 990,000): 5,000,000 had alpha-beta prefer it to a win in one and
    call it "win in -4000000" (MCTS reads only an evaluation's sign: it takes them)."""
    from oogames.errors import SearchError
    from oogames.games import find_game

    info = find_game(game)
    checked = refused = 0
    handed: list[bool] = []  # whether each value handed to the search was the bad one

    def evaluate(board: Any, player: int) -> Any:
        value = bad if hash(board.key()) % 3 == 0 else float(player)
        handed.append(value is bad)
        return value

    for spec, board, strategy in _every_strategy_after_a_move(info, options, evaluate):
        handed.clear()
        before = snapshot(board)
        try:
            strategy.get_next_move(board)
        except SearchError as error:
            if not str(error).startswith("an evaluation returned"):
                assert not any(handed), (spec, str(error))  # refused for another reason
                continue
            assert any(handed), spec
            assert str(error).startswith("an evaluation returned"), spec
            assert repr(bad) in str(error), spec  # or a vector of it, beyond max^n's bounds
            refused += 1
        else:
            sign_only = spec.startswith("mcts") and isinstance(bad, int | float) and bad == bad
            assert sign_only or not any(handed), f"{spec} passed {bad!r} over"
        assert snapshot(board) == before, spec
        checked += 1
        count(f"searches of {game} with an evaluation that returns {bad!r}")
    print(f"checked: {checked} searches of {game}, {refused} handed {bad!r} and refused it")
    assert refused > 0.8 * checked


@pytest.mark.parametrize(
    ("game", "options", "outside"),
    [("rolit", {"players": 3, "size": 4}, 17.0), ("pig", {"players": 2, "target": 6}, 1.5),
     ("pig", {"players": 3, "target": 5}, -0.5)],
)  # fmt: skip
def test_an_evaluation_outside_the_payoff_bounds_is_refused_where_a_search_prunes_by_them(
    game: str, options: dict[str, object], outside: float
) -> None:
    """Star1 and Star2 cut chance positions, and max^n's shallow pruning cuts positions, by
    the bounds the game declares on its payoffs and evaluations (``payoff_bounds``). An
    evaluation outside them had those searches cut what they had to search, and answer
    wrongly without a word: an evaluation of Pig in [-3, 7] gave star1 1.96 where
    expectimax found 2.13, and max^n with pruning gave another move than without on 5 of
    20 Rolit positions. Now every search of the grammar that prunes by the bounds and was
    handed such a value refuses it in one line, naming the bounds; every other search
    answers. The board is left as it was either way."""
    from oogames.errors import SearchError
    from oogames.games import find_game

    info = find_game(game)
    refused: list[str] = []
    answered = 0
    handed: list[bool] = []  # whether each value handed to the search was outside

    def evaluate(board: Any, player: int) -> float:
        outside_here = hash(board.key()) % 3 == 0
        handed.append(outside_here)
        return outside if outside_here else 0.0

    for spec, board, strategy in _every_strategy_after_a_move(info, options, evaluate):
        handed.clear()
        before = snapshot(board)
        prunes = spec.split("+")[0].split(":")[0] in ("star1", "star2", "maxn")
        try:
            strategy.get_next_move(board)
        except SearchError as error:
            message = str(error)
            if "payoff bounds" not in message:
                assert not any(handed), (spec, message)  # refused for another reason
                continue
            assert prunes and any(handed), (spec, message)
            assert message.startswith("an evaluation returned "), message
            assert f"outside {type(board).__name__}'s payoff bounds (each within [" in message
            refused.append(spec)
        else:
            assert not (prunes and any(handed)), f"{spec} searched with {outside} and answered"
            answered += 1
        assert snapshot(board) == before, spec
        count(f"searches of {game} with an evaluation outside its payoff bounds")
    print(f"{game}: {len(refused)} refused ({', '.join(refused)}), {answered} answered")
    assert refused and answered


@pytest.mark.parametrize(
    ("game", "options"),
    [("tictactoe", {}), ("kalah", {"pits": 3, "seeds": 2}), ("rolit", {"players": 3, "size": 4}),
     ("pig", {"players": 2, "target": 6}), ("pig", {"players": 3, "target": 5}),
     ("nim", {"target": 9})],
)  # fmt: skip
def test_a_search_that_cannot_search_a_game_is_refused_before_it_plays(
    game: str, options: dict[str, object]
) -> None:
    """``brs`` on Pig or ``star1`` on tic-tac-toe raised at their first move: a demo ended
    in the middle, a tournament lost every game of theirs as a "crash", a game on the page
    stopped at their turn. Each search says what it cannot search
    (``IAccFactory.refuses``), and ``check_fits`` refuses the spec before a game starts,
    in one line. For every spec of the grammar, on each game: refused before, or it
    plays a whole random game's positions without such an error."""
    from oogames.board.moves import PASS
    from oogames.errors import SearchError, StrategySpecError
    from oogames.games import find_game
    from oogames.nextmove.grammar import StrategySpec
    from oogames.nextmove.specs import check_fits

    info = find_game(game)
    refused, played = [], 0
    for spec in _every_spec_with_a_depth():
        board = info.make(**options)
        try:
            check_fits(StrategySpec.parse(spec), board)
        except StrategySpecError as error:
            assert str(error).startswith(f"{spec} cannot play this game: "), error
            assert "\n" not in str(error)
            refused.append(spec)
            continue
        strategy = make_strategy(spec, info.evaluate, 1, False)
        rng = random.Random(spec)
        while not board.is_over:
            if not board.at_chance:
                try:
                    strategy.analyze(board)
                except SearchError as error:  # only what check_fits should have said
                    raise AssertionError(f"{spec} passed check_fits and raised: {error}") from None
                played += 1
            board.play(rng.choice(board.legal_moves() or [PASS]))
        count(f"specs checked to fit {game} or refused before it")
    print(f"{game}: refused {refused}; {played} searches of the others")
    assert played
