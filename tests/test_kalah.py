"""Kalah: its rules, perft against a second move generator, and every search on extra turns."""

from __future__ import annotations

import functools
import random

import pytest
from helpers import count, mobility, play_choices, searchable, snapshot

from oogames import (
    EXTRA_TURN,
    AlphaBetaFac,
    DepthFac,
    IllegalMoveError,
    MinMax,
    MinMaxFac,
    perft,
)
from oogames.games import KalahBoard, kalah_stores
from oogames.nextmove import (
    AverageFac,
    NegaAlphaBetaFac,
    NegamaxFac,
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
