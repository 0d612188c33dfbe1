"""Rolit: the rules against a move generator written here, square by square; the game's
searches for 3 and 4 players; paranoid against alpha-beta by sides."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from oogames import DepthFac, MinMax, perft
from oogames.games import RolitBoard, rolit_discs
from oogames.nextmove.multiplayer import BRSFac, MaxNFac, ParanoidFac
from oogames.nextmove.strategy import INextMoveStrategy

DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def start(size: int, players: int) -> list[list[int | None]]:
    grid: list[list[int | None]] = [[None] * size for _ in range(size)]
    low, high = size // 2 - 1, size // 2
    for number, (r, c) in enumerate(((low, low), (low, high), (high, high), (high, low))):
        grid[r][c] = number % players
    return grid


def flips(grid: list[list[int | None]], player: int, r: int, c: int) -> list[tuple[int, int]]:
    size = len(grid)
    found = []
    for dr, dc in DIRECTIONS:
        line = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < size and 0 <= cc < size and grid[rr][cc] not in (None, player):
            line.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < size and 0 <= cc < size and grid[rr][cc] == player:
            found.extend(line)
    return found


def moves(grid: list[list[int | None]], player: int) -> list[tuple[int, int]]:
    size = len(grid)
    empty_next = [
        (r, c)
        for r in range(size)
        for c in range(size)
        if grid[r][c] is None
        and any(
            0 <= r + dr < size and 0 <= c + dc < size and grid[r + dr][c + dc] is not None
            for dr, dc in DIRECTIONS
        )
    ]
    capturing = [(r, c) for r, c in empty_next if flips(grid, player, r, c)]
    return capturing or empty_next


def place(grid: list[list[int | None]], player: int, square: tuple[int, int]) -> tuple[int, int]:
    """Play ``square`` for ``player`` on ``grid`` by the reference rules; returns the square."""
    r, c = square
    for rr, cc in flips(grid, player, r, c):
        grid[rr][cc] = player
    grid[r][c] = player
    return square


def count(grid: list[list[int | None]], player: int, players: int, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for r, c in moves(grid, player):
        after = [row[:] for row in grid]
        for rr, cc in flips(grid, player, r, c):
            after[rr][cc] = player
        after[r][c] = player
        if all(cell is not None for row in after for cell in row):
            total += depth == 1
        else:
            total += count(after, (player + 1) % players, players, depth - 1)
    return total


@pytest.mark.parametrize(
    ("size", "players", "depth"),
    [(4, 2, 5), (4, 3, 6), (4, 4, 12), (6, 3, 4), (8, 4, 3), (8, 3, 3)],
)
def test_perft_equals_the_reference(size: int, players: int, depth: int) -> None:
    board = RolitBoard(size=size, players=players)
    assert perft(board, depth=depth) == count(start(size, players), 0, players, depth)


def test_random_games_match_the_reference_move_by_move() -> None:
    rng = random.Random(7)
    for _ in range(20):
        players = rng.choice((2, 3, 4))
        board = RolitBoard(size=6, players=players)
        grid = start(6, players)
        while not board.is_over:
            player = board.to_move
            expected = sorted(moves(grid, player))
            assert sorted(board.legal_moves()) == expected
            r, c = rng.choice(expected)
            for rr, cc in flips(grid, player, r, c):
                grid[rr][cc] = player
            grid[r][c] = player
            board.play((r, c))
            assert [[board.piece_at(r2, c2) for c2 in range(6)] for r2 in range(6)] == grid
        counts = tuple(float(sum(row.count(p) for row in grid)) for p in range(players))
        assert board.payoffs == counts and sum(counts) == 36
        while board.ply:
            board.pop()
        assert board.key() == RolitBoard(size=6, players=players).key()


@pytest.mark.parametrize(
    "factory", [MaxNFac(), MaxNFac(prune=False), ParanoidFac(), BRSFac()], ids=repr
)
def test_searches_play_legal_moves_and_leave_the_board(factory: object) -> None:
    board = RolitBoard(size=6, players=3)
    rng = random.Random(3)
    for _ in range(6):
        board.play(rng.choice(board.legal_moves()))
    before = (board.key(), board.moves)
    result = MinMax(DepthFac(factory, 3, rolit_discs)).analyze(board)  # type: ignore[arg-type]
    assert result.move in board.legal_moves()
    assert (board.key(), board.moves) == before


@pytest.mark.parametrize("name", ["maxn", "paranoid", "brs", "expectimax", "star2"])
def test_an_evaluation_that_raises_leaves_the_board_as_it_was(name: str) -> None:
    """The error leaves the search; the board (its discs, its history, whose turn: best-reply
    search hands the turn round) is exactly as before, on Rolit and on Pig (chance)."""
    from oogames.games import PigBoard
    from oogames.nextmove.specs import make_strategy

    class Boom(Exception):
        pass

    for board in (RolitBoard(size=6, players=3), PigBoard.from_moves("roll 4", players=3)):
        evaluate = _raising_after(25, Boom)

        if name == "brs" and isinstance(board, PigBoard):
            continue  # best-reply search is for games without chance
        before = (board.key(), board.moves, board.to_move, board.state)
        with pytest.raises(Boom):
            make_strategy(f"{name}:4", evaluate).analyze(board)
        assert (board.key(), board.moves, board.to_move, board.state) == before


def _raising_after(count: int, error: type[Exception]) -> Callable[[object, int], float]:
    """An evaluation that returns 0.25 ``count`` times, then raises ``error`` (each player's
    0.25 keeps within Pig's payoff bounds, which max^n prunes by: they add up to at most 1)."""
    calls = [0]

    def evaluate(board: object, player: int) -> float:
        calls[0] += 1
        if calls[0] > count:
            raise error
        return 0.25

    return evaluate


def paranoid_value(
    grid: list[list[int | None]], player: int, model: int, players: int, depth: int
) -> float:
    """Paranoid search written here on the reference rules: ``model`` maximises its discs
    (its share scaled to the board at the horizon, as ``rolit_discs``), every other player
    minimises them."""
    size = len(grid)
    discs = [sum(row.count(p) for row in grid) for p in range(players)]
    occupied = sum(discs)
    if occupied == size * size:
        return float(discs[model])  # the game is over: the payoff is the discs
    if depth == 0:
        return discs[model] * size * size / occupied
    values = []
    for r, c in moves(grid, player):
        after = [row[:] for row in grid]
        for rr, cc in flips(grid, player, r, c):
            after[rr][cc] = player
        after[r][c] = player
        values.append(paranoid_value(after, (player + 1) % players, model, players, depth - 1))
    return max(values) if player == model else min(values)


@pytest.mark.parametrize("players", [3, 4])
def test_paranoid_with_a_table_equals_the_reference_for_every_model_player(players: int) -> None:
    """``paranoid+tt`` with every set of the enhancements paranoid may add, one strategy
    reused for whoever is to move (a hint engine's use: its table sees every model player)
    and a fresh one, depth-limited and by iterative deepening: each value equals paranoid
    search written in this file on the reference rules. (One model player's value of a
    position is not another's negated: the table keeps them apart.)"""
    from itertools import combinations

    from oogames.nextmove.grammar import EXTENDED_ENHANCEMENTS
    from oogames.nextmove.specs import make_strategy

    others = [name for name in EXTENDED_ENHANCEMENTS["paranoid"] if name != "tt"]
    added = ["+tt" + "".join(f"+{name}" for name in chosen)
             for k in range(len(others) + 1) for chosen in combinations(others, k)]  # fmt: skip
    rng = random.Random(f"paranoid-tt{players}")
    for enhancements in added:
        for clock in ("", "@600"):  # @600 with :3: depths 1, 2, 3 on one table
            spec = f"paranoid{enhancements}:3{clock}"
            reused = make_strategy(spec, rolit_discs)
            for size in (4, 4, 6):
                _play_and_check(spec, reused, rng, size, players)


def _play_and_check(
    spec: str, reused: INextMoveStrategy, rng: random.Random, size: int, players: int
) -> None:
    """One random game of Rolit, each position searched by ``reused`` and by a fresh
    strategy of ``spec`` for whoever is to move, against :func:`paranoid_value`."""
    from helpers import count as _count

    from oogames.nextmove.specs import make_strategy

    board = RolitBoard(size=size, players=players)
    grid = start(size, players)
    while not board.is_over and board.ply < 10:
        expected = paranoid_value(grid, board.to_move, board.to_move, players, 3)
        for search in (reused, make_strategy(spec, rolit_discs)):
            before = (board.key(), board.moves)
            assert search.analyze(board).value == expected, (spec, board.moves)
            assert (board.key(), board.moves) == before
        _count(f"{spec} = paranoid written here (value), reused and fresh")
        board.play(place(grid, board.to_move, rng.choice(moves(grid, board.to_move))))


@pytest.mark.parametrize("players", [3, 4])
def test_one_table_shared_by_every_model_player_keeps_their_values_apart(players: int) -> None:
    """One table for every search of a game, depth 2 then 3 at each position, whoever is
    to move: the depth-2 search from one ply on meets the positions the depth-3 search
    from the ply before stored, at the same depth still to search, for another model
    player. Each value equals paranoid written here (with one view for all the players,
    as the table had before it kept them apart, this test fails)."""
    from helpers import count as _count

    from oogames.nextmove.enhancements.ordering import HistoryFac
    from oogames.nextmove.enhancements.table import TranspositionTable, TTFac

    rng = random.Random(f"shared-table{players}")
    for history, killers in ((False, False), (True, False), (False, True), (True, True)):
        table = TranspositionTable()
        board = RolitBoard(size=6, players=players)
        grid = start(6, players)
        while not board.is_over and board.ply < 14:
            for depth in (2, 3):
                factory: Any = DepthFac(ParanoidFac(), depth, rolit_discs)
                if history or killers:
                    factory = HistoryFac(factory, history, killers)
                value = MinMax(TTFac(factory, table)).analyze(board).value
                assert value == paranoid_value(grid, board.to_move, board.to_move, players, depth)
                _count("paranoid with a table shared by every model player = paranoid written here")
            board.play(place(grid, board.to_move, rng.choice(moves(grid, board.to_move))))
        assert table.stores > 0  # the table was used
