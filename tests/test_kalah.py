"""Kalah: its rules, perft against a second move generator, and every search on extra turns."""

from __future__ import annotations

import functools
import random

import pytest
from helpers import count, mobility, play_choices, searchable, snapshot

from oogames import (
    EXTRA_TURN,
    PASS,
    AlphaBetaFac,
    DepthFac,
    IllegalMoveError,
    MinMax,
    MinMaxFac,
    SearchError,
    SettingsError,
    perft,
)
from oogames.games import KalahBoard, OthelloBoard, TicTacToeBoard, kalah_stores
from oogames.nextmove import (
    AverageFac,
    GameOrderFac,
    IAccFactory,
    NegaAlphaBetaFac,
    NegamaxFac,
    PVSFac,
    TTFac,
    winning_strategy,
)
from oogames.nextmove.minmax import WIN_VALUE
from oogames.nextmove.solve import solve
from oogames.nextmove.specs import make_strategy
from oogames.trace import trace_search

# -- a second move generator, written from the rules, from the mover's side --------------
# A position is (mine, my store, theirs, their store) with each row in its owner's
# sowing order; the mover sows along mine, into the store, along theirs, and round.


Side = tuple[tuple[int, ...], int, tuple[int, ...], int]


def sow(position: Side, pit: int, empty_capture: bool) -> tuple[Side, bool, bool]:
    """The position after sowing ``pit`` (0-based), from the mover's side; whether the mover
    moves again; whether the game is over (the rows swept into the stores)."""
    mine, store, theirs, their_store = (
        list(position[0]),
        position[1],
        list(position[2]),
        position[3],
    )
    size = len(mine)
    ring = (
        [("mine", i) for i in range(size)] + [("store", 0)] + [("theirs", i) for i in range(size)]
    )
    seeds, mine[pit] = mine[pit], 0
    spot = pit
    for _ in range(seeds):
        spot = (spot + 1) % len(ring)
        kind, index = ring[spot]
        if kind == "mine":
            mine[index] += 1
        elif kind == "store":
            store += 1
        else:
            theirs[index] += 1
    kind, index = ring[spot]
    if kind == "mine" and mine[index] == 1:
        facing = size - 1 - index
        if theirs[facing] or empty_capture:
            store += theirs[facing] + 1
            mine[index] = theirs[facing] = 0
    over = sum(mine) == 0 or sum(theirs) == 0
    if over:
        store += sum(mine)
        their_store += sum(theirs)
        mine, theirs = [0] * size, [0] * size
    return (tuple(mine), store, tuple(theirs), their_store), kind == "store", over


def second_perft(position: Side, depth: int, empty_capture: bool) -> int:
    """perft by the second generator: lines of ``depth`` plies, a finished game ending a line."""
    if depth == 0:
        return 1
    total = 0
    for pit, seeds in enumerate(position[0]):
        if not seeds:
            continue
        after, again, over = sow(position, pit, empty_capture)
        if over:
            total += depth == 1
        else:
            child = after if again else (after[2], after[3], after[0], after[1])
            total += second_perft(child, depth - 1, empty_capture)
    return total


def side_of(board: KalahBoard) -> Side:
    """The board's position from the side of the player to move."""
    me = board.to_move
    return (board.row(me), board.store(me), board.row(1 - me), board.store(1 - me))


@pytest.mark.parametrize(
    ("pits", "seeds", "empty_capture", "depth"),
    [(6, 4, False, 5), (6, 4, True, 4), (3, 3, False, 9), (4, 2, True, 9), (2, 5, False, 10)],
)
def test_perft_agrees_with_a_second_move_generator(
    pits: int, seeds: int, empty_capture: bool, depth: int
) -> None:
    """perft through the board contract equals perft by the second generator, at every
    depth, from the start and from random positions."""
    rng = random.Random(pits * 100 + seeds * 10 + empty_capture)
    for start in range(4):
        board = KalahBoard(pits, seeds, empty_capture)
        if start:
            play_choices(board, [rng.randrange(9) for _ in range(rng.randrange(1, 8))], True)
        for plies in range(1, depth + 1 - 2 * (start > 0)):
            assert perft(board, depth=plies) == second_perft(side_of(board), plies, empty_capture)
            count("Kalah perft = the second move generator")


# -- the rules, one by one -------------------------------------------------------------


def test_sowing_skips_the_opponents_store_and_wraps() -> None:
    """Thirteen seeds from South's pit 1 of Kalah(6, 1) go round the board, North's store
    skipped, and the last lands back in pit 1, empty: it captures the opposite pit."""
    board = KalahBoard(6, 1)
    board._cells[0] = 13
    board.play(1)
    # pits 2-6 and the store get one each, North's six pits one each, pit 1 the last: it and
    # North's pit 6 (1 + 1 seeds) go to South's store.
    assert board.row(0) == (0, 2, 2, 2, 2, 2) and board.store(0) == 1 + 3
    assert board.row(1) == (2, 2, 2, 2, 2, 0) and board.store(1) == 0
    assert board.to_move == 1


def test_last_seed_in_the_store_is_an_extra_turn() -> None:
    """South's pit 3 of Kalah(6, 4) ends in the store: South moves again; the state says so."""
    board = KalahBoard()
    board.play(3)
    assert board.to_move == 0 and board.state is EXTRA_TURN
    assert board.status_text() == "South to move again"
    board.play(1)
    assert board.to_move == 1 and board.state is not EXTRA_TURN


def test_capture_and_its_variant() -> None:
    """A last seed in an empty pit of one's own takes the opposite pit with it (North too);
    with the empty-capture variant it is taken even when the opposite pit is empty."""
    board = KalahBoard(3, 1)
    board._cells[:] = [1, 0, 1, 0, 2, 1, 1, 0]  # South 1 0 1, North 2 1 1
    board.play(1)  # the seed lands in South's empty pit 2, facing North's pit 2 (1 seed)
    assert board.row(0) == (0, 0, 1) and board.store(0) == 2 and board.row(1) == (2, 0, 1)
    board.play(1)  # North's 2 seeds: its pit 2 (empty) then pit 3
    assert board.row(1) == (0, 1, 2) and board.store(1) == 0 and board.to_move == 0
    board._cells[:] = [0, 0, 1, 0, 1, 0, 0, 0]  # South 0 0 1, North 1 0 0; North to move
    board._to_move = 1
    board.play(1)  # North's seed lands in its empty pit 2, facing South's pit 2: empty
    assert board.row(1) == (0, 1, 0) and board.store(1) == 0
    plain, variant = KalahBoard(2, 1), KalahBoard(2, 1, empty_capture=True)
    for game in (plain, variant):
        game._cells[:] = [1, 0, 0, 0, 1, 0]  # South 1 0, North 0 1
        game.play(1)  # into South's empty pit 2, facing North's pit 1: empty
    assert plain.row(0) == (0, 1) and plain.store(0) == 0
    assert variant.row(0) == (0, 0) and variant.store(0) == 1


def test_the_end_sweeps_each_row_to_its_owner_and_undo_gives_it_back() -> None:
    """When a row empties the rest goes to its owner and the game is decided by the stores;
    undo restores the seeds, the captures, the turn and the state exactly."""
    rng = random.Random(5)
    for _ in range(200):
        board = KalahBoard(rng.randint(1, 6), rng.randint(1, 6), rng.random() < 0.5)
        seen = [snapshot(board)]
        undos = []
        while not board.is_over:
            undos.append(board.play(rng.choice(board.legal_moves())))
            seen.append(snapshot(board))
        total = 2 * board.pits * board.seeds
        assert board.store(0) + board.store(1) == total
        assert sum(board.row(0)) == sum(board.row(1)) == 0
        margin = board.margin()
        assert board.winner == (None if margin == 0 else 0 if margin > 0 else 1)
        for undo in reversed(undos):
            seen.pop()
            undo()
            assert snapshot(board) == seen[-1]
        count("Kalah games played out and undone")


def test_notation_and_refusals() -> None:
    """Pits are numbers; an empty pit, a pit that does not exist, a word: one clear error."""
    board = KalahBoard(3, 2)
    assert board.parse_move("3") == 3 and board.format_move(3) == "3"
    board.play(2)  # extra turn: pit 2 is now empty
    with pytest.raises(IllegalMoveError, match="pit 2 is empty"):
        board.play(2)
    with pytest.raises(IllegalMoveError, match="1 to 3"):
        board.parse_move("4")
    with pytest.raises(IllegalMoveError):
        board.parse_move("north")
    assert KalahBoard.from_moves("2 1", pits=3, seeds=2).moves == (2, 1)


# -- every search on a game with extra turns ---------------------------------------------


def reference(board: KalahBoard, root: int, ply: int = 0, depth: int | None = None) -> float:
    """Minimax by hand over legal_moves/play/undo, following whoever is to move (no
    accumulators): the value MinMax gives, quick wins preferred; at ``depth`` the
    evaluation :func:`mobility`."""
    if board.is_over:
        winner = board.winner
        if winner is None:
            return 0.0
        return WIN_VALUE - ply if winner == root else -(WIN_VALUE - ply)
    if depth is not None and ply >= depth:
        return mobility(board, root)
    values = []
    for move in board.legal_moves():
        undo = board.play(move)
        values.append(reference(board, root, ply + 1, depth))
        undo()
    return max(values) if board.to_move == root else min(values)


EXACT = (
    "minimax",
    "alphabeta",
    "negamax",
    "negamax-ab",
    "pvs",
    "alphabeta+tt",
    "alphabeta+order",
    "alphabeta+history+killer",
    "pvs+tt+order",
    "negamax-ab+tt",
    "mtdf",
)


def kalah_positions(seed: int, how_many: int) -> list[KalahBoard]:
    """Random positions of small Kalah games (extra turns and captures in every one), played
    on until a full minimax tree below them is small (a hand-written minimax checks them)."""
    rng = random.Random(seed)
    boards = []
    for _ in range(how_many):
        pits, seeds = rng.choice([(3, 2), (2, 3), (3, 3), (4, 2), (2, 4)])
        capture = rng.random() < 0.3
        choices = [rng.randrange(9) for _ in range(rng.randrange(0, 6))]
        board = searchable(functools.partial(KalahBoard, pits, seeds, capture), choices, cap=20_000)
        assert isinstance(board, KalahBoard)
        boards.append(board)
    return boards


def test_every_exact_search_equals_minimax_by_hand() -> None:
    """On random Kalah positions every exact strategy's value is the hand-written minimax's,
    its move is legal, and the board is left as it was; solve agrees too."""
    for board in kalah_positions(1, 40):
        expected = reference(board, board.to_move)
        before = snapshot(board)
        for spec in EXACT:
            result = make_strategy(spec, mobility).analyze(board)
            assert result.value == expected, (spec, board.options(), board.moves)
            assert result.move in board.legal_moves()
            assert snapshot(board) == before
            count("Kalah: exact search = minimax by hand")
        solution = solve(board)
        assert solution.value == expected
        assert snapshot(board) == before


def test_depth_limited_searches_equal_minimax_by_hand() -> None:
    """Under depth limits (extra turns count as plies), every search gives the hand-written
    depth-limited minimax's value."""
    for board in kalah_positions(2, 30):
        for depth in (1, 2, 3, 4):
            expected = reference(board, board.to_move, depth=depth)
            for factory in (
                DepthFac(MinMaxFac(), depth, mobility),
                DepthFac(AlphaBetaFac(), depth, mobility),
                DepthFac(NegamaxFac(), depth, mobility),
                DepthFac(NegaAlphaBetaFac(), depth, mobility),
            ):
                assert MinMax(factory).analyze(board).value == expected
                count("Kalah: depth-limited search = minimax by hand")
            for spec in ("alphabeta+tt", "pvs+order", "alphabeta+killer", "mtdf"):
                value = make_strategy(f"{spec}:{depth}", mobility).analyze(board).value
                assert value == expected, (spec, depth, board.moves)
                count("Kalah: depth-limited search = minimax by hand")


def test_and_or_strategy_exists_exactly_for_a_won_position() -> None:
    """A winning strategy (AND/OR search across extra turns) is found exactly where minimax
    by hand says the player to move wins."""
    for board in kalah_positions(3, 30):
        wins = reference(board, board.to_move) > 0
        assert (winning_strategy(board) is not None) == wins
        count("Kalah: AND/OR strategy exists = minimax win")


def test_averaging_selective_and_traced_searches_run_on_extra_turns() -> None:
    """(m,n)-averaging and a traced search work across extra turns; the tracer has exactly
    the searched nodes; the board is unchanged."""
    board = KalahBoard(3, 3)
    board.play(1)  # 3 seeds from pit 1: pits 2, 3, then the store: South again
    assert board.to_move == 0
    before = snapshot(board)
    averaged = MinMax(DepthFac(AverageFac(2, 2), 3, kalah_stores)).analyze(board)
    assert averaged.move in board.legal_moves()
    traced = trace_search(board, DepthFac(AlphaBetaFac(), 4, kalah_stores))
    plain = MinMax(DepthFac(AlphaBetaFac(), 4, kalah_stores)).analyze(board)
    assert traced.result.value == plain.value
    assert traced.nodes() == plain.stats.nodes
    assert snapshot(board) == before


def test_play_in_the_console_to_the_end() -> None:
    """A person plays Kalah(3, 2) against alpha-beta in the console: the extra turn is
    announced, the computer's turns (extra ones included) come by themselves, and the game
    ends with the stores' margin."""
    from test_console import console

    model, text = console(
        "2\n1\n3\n2\n1\n3\n2\n1\n3\n", "alphabeta", game="kalah", options={"pits": 3, "seeds": 2}
    )
    assert "South to move again" in text
    assert model.board.is_over and "game over" in text
    assert sum(model.board.store(player) for player in (0, 1)) == 12


# -- margins: the store difference as the value ------------------------------------------


@functools.cache
def margin_by_hand(position: Side, empty_capture: bool) -> int:
    """The exact store margin for the mover, by the second move generator alone (no board,
    no accumulator): the best of the mover's sowings, following extra turns."""
    best: int | None = None
    for pit, seeds in enumerate(position[0]):
        if not seeds:
            continue
        after, again, over = sow(position, pit, empty_capture)
        if over:
            value = after[1] - after[3]
        elif again:
            value = margin_by_hand(after, empty_capture)
        else:
            value = -margin_by_hand((after[2], after[3], after[0], after[1]), empty_capture)
        best = value if best is None or value > best else best
    assert best is not None, "the mover of an unfinished game always has seeds"
    return best


def margin_searches() -> list[tuple[str, MinMax]]:
    """Every exact search valued by margins."""
    factories: list[tuple[str, IAccFactory]] = [
        ("minimax", MinMaxFac()),
        ("alphabeta", AlphaBetaFac()),
        ("negamax", NegamaxFac()),
        ("negamax-ab", NegaAlphaBetaFac()),
        ("pvs", PVSFac()),
        ("alphabeta+tt", TTFac(AlphaBetaFac())),
        ("alphabeta+order", GameOrderFac(AlphaBetaFac(), by_margin=True)),
        ("alphabeta+order+tt", TTFac(GameOrderFac(AlphaBetaFac(), by_margin=True))),
    ]
    return [(name, MinMax(factory, by_margin=True)) for name, factory in factories]


def test_margin_searches_equal_the_margin_by_hand() -> None:
    """Valued by margins, every exact search and ``solve(margin=True)`` (null windows and one
    full window) give the store margin the second move generator computes, and leave the
    board as it was."""
    for board in kalah_positions(4, 30):
        expected = margin_by_hand(side_of(board), board.empty_capture)
        before = snapshot(board)
        for name, search in margin_searches():
            result = search.analyze(board)
            assert result.value == expected, (name, board.options(), board.moves)
            assert result.by_margin and result.move in board.legal_moves()
            assert snapshot(board) == before
            count("Kalah: margin search = margin by hand")
        for narrow in (True, False):
            solution = solve(board, margin=True, narrow=narrow)
            assert solution.margin == expected and solution.value == expected
            assert solution.outcome == (
                "win" if expected > 0 else "loss" if expected < 0 else "draw"
            )
            assert snapshot(board) == before
            count("Kalah: margin solve = margin by hand")


@pytest.mark.parametrize(
    ("pits", "seeds", "empty_capture", "margin"),
    # Kalah(4,2) and Kalah(4,3) (ran 12 s, not here) agree with a third-party
    # retrograde solver (jakesellison/kalah, RESULTS.md): South wins by 6.
    [(2, 2, False, -2), (3, 3, False, 2), (4, 2, False, 6), (4, 2, True, 6), (3, 2, False, 4)],
)
def test_margins_from_the_start(pits: int, seeds: int, empty_capture: bool, margin: int) -> None:
    """Small variants solved from the start: the margin, the same by the second generator,
    and a principal line that, played out, ends with that margin."""
    board = KalahBoard(pits, seeds, empty_capture)
    solution = solve(board, margin=True, full_pv=True)
    assert solution.margin == margin
    assert margin_by_hand(side_of(board), empty_capture) == margin
    line = KalahBoard(pits, seeds, empty_capture)
    for move in solution.pv:
        line.play(move)
    assert line.is_over and line.margin(0) == margin


def test_margin_outcome_words_and_refusals() -> None:
    """A margin result reads "win by N"; a game without margins, and a weak margin solve,
    are refused with one clear error."""
    result = MinMax(AlphaBetaFac(), by_margin=True).analyze(KalahBoard(3, 2))
    assert result.outcome() == "win by 4"
    assert MinMax(AlphaBetaFac(), by_margin=True).analyze(KalahBoard(2, 2)).outcome() == "loss by 2"
    with pytest.raises(SearchError, match="no margins"):
        MinMax(AlphaBetaFac(), by_margin=True).analyze(TicTacToeBoard())
    with pytest.raises(SettingsError, match="no margins"):
        solve(TicTacToeBoard(), margin=True)
    with pytest.raises(SettingsError, match="leave out weak"):
        solve(KalahBoard(2, 2), margin=True, weak=True)
    over = KalahBoard.from_moves("1", pits=1, seeds=2)
    assert over.is_over and over.margin_bounds() == (over.margin(over.to_move),) * 2
    assert solve(over, margin=True).margin == over.margin(over.to_move)


def test_margin_bounds_hold_along_random_games() -> None:
    """``margin_bounds()`` always contains the margin the game ends with (for the player
    to move at the time)."""
    rng = random.Random(5)
    for _ in range(200):
        board = KalahBoard(rng.randint(1, 6), rng.randint(1, 6), rng.random() < 0.5)
        seen = []
        while not board.is_over:
            seen.append((board.to_move, board.margin_bounds()))
            board.play(rng.choice(board.legal_moves()))
        for player, (low, high) in seen:
            assert low <= board.margin(player) <= high
            count("Kalah: margin bounds hold")


def othello_margin(board: OthelloBoard, root: int) -> int:
    """Othello's disc margin for ``root`` by hand over legal_moves/play/undo (passes too)."""
    if board.is_over:
        return board.count(root) - board.count(1 - root)
    moves = board.legal_moves() or [PASS]
    values = []
    for move in moves:
        undo = board.play(move)
        values.append(othello_margin(board, root))
        undo()
    return max(values) if board.to_move == root else min(values)


def test_othello_margins_by_every_search() -> None:
    """Othello endgames valued by disc margins: every exact search and solve agree with a
    hand-written minimax over the disc count."""
    rng = random.Random(6)
    checked = 0
    while checked < 12:
        board = OthelloBoard(4)
        while not board.is_over and bin(board.discs(0) | board.discs(1)).count("1") < 10:
            board.play(rng.choice(board.legal_moves() or [PASS]))
        if board.is_over:
            continue  # a game over before the endgame: nothing to search (not counted)
        expected = othello_margin(board, board.to_move)
        for name, search in margin_searches():
            assert search.analyze(board).value == expected, (name, board.moves)
            count("Othello: margin search = disc margin by hand")
        assert solve(board, margin=True).margin == expected
        checked += 1
