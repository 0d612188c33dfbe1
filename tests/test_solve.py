"""Solving positions: exact values by search only, the solve command and its batch mode."""

from __future__ import annotations

import io
import itertools
import json
import random
import sys
from pathlib import Path

import pytest
from helpers import count, exits_with_message, run_cli, searchable, snapshot

from oogames import AlphaBetaFac, MinMax, MinMaxFac
from oogames.cli import main
from oogames.games import ConnectFourBoard, GrundyBoard, KalahBoard, NimBoard, TicTacToeBoard
from oogames.games.grundy import grundy_value
from oogames.nextmove.enhancements.table import TranspositionTable
from oogames.nextmove.solve import pons_score, solve

PONS = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4" / "Test_L3_R1"


def test_solve_agrees_with_minimax_on_random_positions() -> None:
    """Strong and weak solutions match plain minimax's value on small games; board unchanged."""
    rng = random.Random(8)
    for make in (TicTacToeBoard, lambda: ConnectFourBoard(4, 4, 3), lambda: NimBoard(15, 3)):
        for _ in range(15):
            board = searchable(
                make, [rng.randrange(30) for _ in range(rng.randrange(1, 7))], 20_000
            )
            before = snapshot(board)
            exact = MinMax(MinMaxFac()).analyze(board)
            strong, weak = solve(board), solve(board, weak=True)
            assert strong.value == exact.value and snapshot(board) == before
            assert weak.outcome == strong.outcome
            count("solve = minimax (strong and weak)")


def test_grundy_single_heaps_to_24_match_sprague_grundy() -> None:
    """A single heap of n is lost for the side to move exactly when its Grundy value is 0."""
    for n in range(1, 25):
        assert (solve(GrundyBoard((n,)), weak=True).outcome == "loss") == (grundy_value([n]) == 0)


def test_a_finished_game_is_reported_not_refused() -> None:
    """A single Grundy heap of 2: a loss for the side to move, 0 nodes, in text and JSON."""
    out = io.StringIO()
    assert main(["solve", "grundy", "--heaps", "2", "--format", "json"], out=out) == 0
    fields = json.loads(out.getvalue())
    assert fields["outcome"] == "loss" and fields["nodes"] == 0 and fields["plies"] == 0
    assert {"outcome", "value", "plies", "move", "pv", "nodes", "seconds"} <= set(fields)
    assert "outcome: loss in 0 plies" in run_cli("solve", "grundy", "--heaps", "2")


def test_one_ply_one_game_one_move_are_said_in_the_singular() -> None:
    """A count of one read "win in 1 plies", "1 games", "after 1 moves"."""
    assert "outcome: win in 1 ply for X" in run_cli("solve", "tictactoe", "--moves", "a1 b1 a2 b2")
    assert "result: A has won after 1 move\n" in run_cli(
        "demo", "nim", "--target", "1", "--max-add", "1"
    )
    standings = run_cli(
        "tournament", "nim", "--players", "random,alphabeta", "--games", "1", "--db", ":memory:"
    )
    assert (
        standings.startswith("nim: 1 game, 1 played now\n1 game\n") and "1 games" not in standings
    )


def test_solve_text_names_the_best_move_and_line() -> None:
    """Tic-tac-toe after b2 a1: a draw for X; the move and line are in the game's notation."""
    text = run_cli("solve", "tictactoe", "--moves", "b2 a1")
    assert "outcome: draw for X" in text and "best move: " in text and "line: " in text


def test_batch_writes_pons_lines_and_skips_bad_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """--batch: '<position> <score> <nodes> <us>' lines with Pons' scores; a bad line: exit 2."""
    if not PONS.is_file():
        pytest.skip(f"Pons' positions are not at {PONS} (shared/ beside the repository)")
    lines = PONS.read_text().splitlines()[:20]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join([*lines, "4444444 x"]) + "\n"))
    out = io.StringIO()
    assert main(["solve", "connectfour", "--batch"], out=out) == 2
    written = out.getvalue().splitlines()
    assert len(written) == len(lines)
    for given, line in zip(lines, written, strict=True):
        position, score, nodes, micro = line.split()
        assert position == given.split()[0] and int(nodes) >= 0 and int(micro) >= 0
        if len(given.split()) > 1:
            assert int(score) == int(given.split()[1])  # Pons' exact score


def test_pons_score_of_a_quick_win() -> None:
    """A win with the stone that makes p stones scores (cells + 2 - p) // 2 (4 x 4 here)."""
    board = ConnectFourBoard.from_moves("1122", width=4, height=4, k=3)  # X wins with 3
    assert pons_score(board, solve(board)) == (16 + 2 - 5) // 2
    assert MinMax(AlphaBetaFac()).analyze(board).outcome() == "win in 1"


def test_a_full_principal_variation_plays_out_the_result() -> None:
    """With full_pv, the line is legal, ends the game as the solution says, and is exactly
    ``plies`` long for a win or a loss; the board is unchanged."""
    rng = random.Random(21)
    for make in (TicTacToeBoard, lambda: ConnectFourBoard(5, 4), lambda: NimBoard(15, 3)):
        for _ in range(10):
            board = searchable(
                make, [rng.randrange(30) for _ in range(rng.randrange(1, 7))], 20_000
            )
            before = snapshot(board)
            solution = solve(board, full_pv=True)
            assert snapshot(board) == before
            position = board.copy()
            for move in solution.pv:
                position.play(move)
            if solution.plies is not None:
                assert len(solution.pv) == solution.plies and position.is_over
                winner = board.to_move if solution.outcome == "win" else 1 - board.to_move
                assert position.winner == winner
            else:
                assert position.is_over and position.winner is None
            count("a full principal variation plays out the result")


def test_solve_margin_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``oogames solve kalah --margin`` says by how much; JSON carries the margin; a game
    without margins and --weak with --margin are one clear line each."""
    text = run_cli("solve", "kalah", "--pits", "3", "--seeds", "3", "--margin")
    assert "outcome: win by 2 for South" in text
    out = io.StringIO()
    assert (
        main(
            ["solve", "kalah", "--pits", "2", "--seeds", "2", "--margin", "--format", "json"],
            out=out,
        )
        == 0
    )
    fields = json.loads(out.getvalue())
    assert fields["margin"] == -2 and fields["outcome"] == "loss"
    exits_with_message(
        ["solve", "tictactoe", "--margin"], "no margins", lambda: capsys.readouterr().err
    )
    exits_with_message(
        ["solve", "kalah", "--pits", "2", "--margin", "--weak"],
        "leave out weak",
        lambda: capsys.readouterr().err,
    )


def test_one_table_shared_by_solves_of_every_kind_answers_as_fresh_ones() -> None:
    """``solve(board, table=t)`` by wins, by margin and weak, in every order on one table:
    each answer is a fresh solve's. The table kept the values of the solve before and read
    them as its own: Kalah 2x3 by margin after a solve by wins gave -4 (it is -2), by wins
    after a margin solve "loss in 999,998 plies" (a loss in 6), tic-tac-toe after a1 b1 a2
    strong after weak "loss in 2" (in 4)."""
    boards = [
        lambda: KalahBoard(pits=3, seeds=2),
        lambda: KalahBoard(pits=2, seeds=3),
        lambda: TicTacToeBoard.from_moves("a1 b1 a2"),
        lambda: ConnectFourBoard.from_moves("12", width=4, height=4),
    ]
    kinds = {"wins": {}, "margin": {"margin": True}, "weak": {"weak": True}}
    for make in boards:
        fresh = {kind: solve(make(), **given) for kind, given in kinds.items()
                 if "margin" not in given or isinstance(make(), KalahBoard)}  # fmt: skip
        for order in itertools.permutations(fresh):
            table = TranspositionTable()
            for kind in order:
                board = make()
                before = snapshot(board)
                got = solve(board, table=table, **kinds[kind])
                want = fresh[kind]
                assert (got.outcome, got.plies, got.margin) == (
                    want.outcome,
                    want.plies,
                    want.margin,
                ), (board.options(), order, kind)
                assert snapshot(board) == before
                count("a table shared by solves of every kind = a fresh solve")
