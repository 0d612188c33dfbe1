"""Tournaments: the schedule, games under a clock, forfeits, the database and resuming,
the rating fit, the command, and the Dask path on a real local cluster."""

from __future__ import annotations

import io
import json
import math
import re
import textwrap
import time
from pathlib import Path

import pytest
from helpers import KEYBOARD_INTERRUPT_MAIN, count, exits_with_message, running_with

from oogames.cli import main
from oogames.tournament import ResultStore, fit_ratings, play_game, run_games, schedule, standings
from oogames.tournament.games import (
    GameRecord,
    GameTask,
    random_openings,
    read_openings,
    tournament_key,
)
from oogames.tournament.report import print_rich, to_json, to_text
from oogames.tournament.seated import SeatedRecord, seated_standings

PLAYERS = ["alphabeta:2", "random", "mcts:100"]

BOTS = """
import time
from oogames import INextMoveStrategy
from oogames.nextmove.random_move import RandomValidMove


class Crasher(INextMoveStrategy):
    name = "crasher"

    def analyze(self, board, player=None):
        raise ZeroDivisionError("my bug")


class Cheater(INextMoveStrategy):
    name = "cheater"

    def analyze(self, board, player=None):
        result = RandomValidMove(0).analyze(board, player)
        import attrs
        return attrs.evolve(result, move=(9, 9))


class Sleeper(INextMoveStrategy):
    name = "sleeper"

    def analyze(self, board, player=None):
        time.sleep(0.3)
        return RandomValidMove(0).analyze(board, player)


class Exits(RandomValidMove):
    def analyze(self, board, player=None):
        import sys
        sys.exit(5)


class Vanishes(RandomValidMove):
    def analyze(self, board, player=None):
        import os
        os._exit(0)


class Loops(RandomValidMove):  # ignores cancel() for ever

    def cancel(self):
        pass

    def analyze(self, board, player=None):
        while True:
            time.sleep(0.01)


class ReturnsNone(RandomValidMove):
    def analyze(self, board, player=None):
        return None


class Spawns(RandomValidMove):  # starts a process that would sleep for ten minutes
    def analyze(self, board, player=None):
        import subprocess, sys
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", __file__])
        return super().analyze(board, player)


class Chatty(RandomValidMove):  # prints, even straight to descriptor 1

    def analyze(self, board, player=None):
        import os
        print("thinking...")
        os.write(1, b"{not json\\n")
        return super().analyze(board, player)
"""


def tasks_for(games: int = 2, openings: int = 2, seed: int = 1) -> list[GameTask]:
    opens = random_openings("tictactoe", {}, openings, 2, seed)
    return schedule("tictactoe", {"rows": 3, "cols": 3, "k": 3}, PLAYERS, games, opens, seed)


def test_round_robin_plays_every_pairing_with_both_colours_from_each_opening() -> None:
    opens = random_openings("connectfour", {}, 3, 2, 7)
    assert len(opens) == 3 and len(set(opens)) == 3 and all(len(o) == 2 for o in opens)
    four = ["random", "alphabeta:1", "alphabeta:2", "alphabeta:3"]
    tasks = schedule("connectfour", {}, four, 6, opens, 7)
    assert len(tasks) == 6 * 6 and len({task.game_id for task in tasks}) == len(tasks)
    pairs: dict[frozenset[int], list[GameTask]] = {}
    for task in tasks:
        pairs.setdefault(frozenset((task.first_index, task.second_index)), []).append(task)
    assert len(pairs) == 6
    for games in pairs.values():
        for opening in opens:  # each opening from both sides
            sides = {task.first_index for task in games if task.opening == opening}
            assert len(sides) == 2
        count("tournament pairings checked")
    gauntlet = schedule("connectfour", {}, four, 2, opens, 7, gauntlet=True)
    assert {frozenset((t.first_index, t.second_index)) for t in gauntlet} == {
        frozenset((0, 1)),
        frozenset((0, 2)),
        frozenset((0, 3)),
    }
    assert read_openings("4 4 # a comment\n\n3 5\n") == [("4", "4"), ("3", "5")]


def test_a_played_game_is_a_legal_game_with_the_right_result() -> None:
    from oogames.games import TicTacToeBoard

    for task in tasks_for():
        record = play_game(task)
        board = TicTacToeBoard.from_moves(" ".join(record.moves))
        assert board.is_over and record.reason == "rules"
        assert record.moves[: len(task.opening)] == task.opening
        first_side = len(task.opening) % 2  # the side to move after the opening
        expected = (
            "1/2-1/2" if board.winner is None else ("1-0" if board.winner == first_side else "0-1")
        )
        assert record.result == expected
        count("tournament games replayed and checked")


@pytest.fixture
def bots(tmp_path: Path) -> str:
    path = tmp_path / "bots.py"
    path.write_text(textwrap.dedent(BOTS))
    return str(path)


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        ("Crasher", "crash: .*its analyze raised ZeroDivisionError: my bug"),
        ("Cheater", "illegal: "),
        ("Exits", r"crash: .*its analyze called sys.exit\(5\)"),
        ("Vanishes", "crash: its process exited with status 0 in the middle of the game"),
        ("Loops", r"time: no answer for a move in 0.5 s \(its process was stopped\)"),
        ("ReturnsNone", "crash: the strategy .* returned NoneType 'None' from analyze"),
    ],
)
def test_a_plugin_that_misbehaves_loses_and_the_tournament_goes_on(
    bots: str, bot: str, reason: str, tmp_path: Path
) -> None:
    """Raising, cheating, exiting, vanishing, looping for ever, answering None: the plug-in
    loses each game with the reason stored, and every game is played and stored."""
    opens = [()]
    tasks = schedule("tictactoe", {}, [f"{bots}:{bot}", "random"], 2, opens, 3, plugin_seconds=0.5)
    store = ResultStore(tmp_path / "r.sqlite")
    run_games(tasks, store, "k")
    records = store.records("k")
    assert len(records) == 2
    for record in records:
        assert re.match(reason, record.reason), record.reason
        assert record.score_of(0) == 0.0  # the plug-in lost both colours
        count("forfeits checked")


def test_a_plugin_player_that_prints_plays_its_games(bots: str) -> None:
    """What a plug-in player prints never reaches the answers of its process."""
    task = GameTask("0-1-0", "tictactoe", {}, f"{bots}:Chatty", "random", 0, 1)
    record = play_game(task)
    assert record.reason == "rules" and len(record.moves) >= 5


def test_what_a_plugin_player_starts_ends_with_its_process(bots: str) -> None:
    """A plug-in player's process runs in a process group of its own, ended whole with the
    game: the processes it started are gone too (before, each move's stayed, sleeping)."""

    if not Path("/proc/self/cmdline").exists():
        pytest.skip("reads /proc")
    record = play_game(GameTask("0-1-0", "tictactoe", {}, f"{bots}:Spawns", "random", 0, 1))
    assert record.reason == "rules"
    deadline = time.monotonic() + 5
    while running_with(bots) and time.monotonic() < deadline:  # SIGKILL is sent, not awaited
        time.sleep(0.05)
    assert running_with(bots) == [], f"left running after {len(record.moves)} moves"


def test_each_move_crosses_to_a_plugin_players_process_once(bots: str) -> None:
    """Its process keeps the position from one request to the next: each move is sent
    once over a whole game (not the whole game again each turn), and moves of another
    game are played from the start."""
    from oogames.games import NimBoard
    from oogames.tournament.isolated import IsolatedPlayer

    player = IsolatedPlayer("nim", {"target": 60}, f"{bots}:Chatty", seed=0)
    try:
        for first in ("1", "3"):  # two games: the second one's moves are not the first's
            board, moves = NimBoard(target=60), [first]
            board.play(board.parse_move(first))
            before = player.moves_sent
            while not board.is_over:
                move, _, _ = player.move(moves, 5.0)
                board.play(board.parse_move(move))
                moves.append(move)
                if not board.is_over:  # the other side: the least it may add
                    board.play(1)
                    moves.append("1")
            assert player.moves_sent - before <= len(moves)
            count("games of a plug-in whose moves were each sent once")
    finally:
        player.close()


def test_a_move_over_its_time_loses_on_time(bots: str) -> None:
    task = GameTask("0-1-0", "tictactoe", {}, f"{bots}:Sleeper", "random", 0, 1, (), 0, 0.1, 0.5)
    record = play_game(task)
    assert record.reason.startswith("time") and record.result == "0-1"
    fast = GameTask("0-1-0", "tictactoe", {}, "random", "alphabeta:1", 0, 1, (), 0, 5.0, 0.5)
    assert play_game(fast).reason == "rules"


def test_a_killed_run_resumes_without_losing_or_repeating_a_game(tmp_path: Path) -> None:
    """A run stopped after some games (as Ctrl-C or a killed worker would) and run again gives
    every game exactly once, and the same standings as an uninterrupted run."""
    tasks = tasks_for(games=4)
    key = tournament_key(tasks)
    whole = ResultStore(tmp_path / "whole.sqlite")
    run_games(tasks, whole, key)
    expected = standings(PLAYERS, whole.records(key))

    class Killed(Exception):
        pass

    stopped = ResultStore(tmp_path / "stopped.sqlite")

    def kill_after_five(done: int, running: int, total: int) -> None:
        if done == 5 and running == 0:
            raise Killed

    with pytest.raises(Killed):
        run_games(tasks, stopped, key, progress=kill_after_five)
    assert len(stopped.finished_ids(key)) == 5
    played = run_games(tasks, stopped, key)
    assert played == len(tasks) - 5
    records = stopped.records(key)
    assert sorted(r.game_id for r in records) == sorted(t.game_id for t in tasks)
    again = standings(PLAYERS, records)
    assert again == expected
    assert run_games(tasks, stopped, key) == 0  # nothing left


def test_rating_fit_against_hand_worked_examples() -> None:
    """Two players, 3 of 4: the difference is 400 log10(3). Three players in a chain with
    equal margins: equally spaced ratings. The intervals hold the estimates, and a player
    who won everything stays finite with the prior."""
    two = fit_ratings(2, [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], prior_draws=0)
    assert math.isclose(two[0].elo - two[1].elo, 400 * math.log10(3), rel_tol=1e-6)
    assert math.isclose(two[0].elo, -two[1].elo, rel_tol=1e-9)
    p = 0.75
    info = 4 * p * (1 - p)  # Fisher information of the difference (natural log scale)
    half_width = 1.96 * math.sqrt(1 / info) * 400 / math.log(10)
    assert math.isclose(two[0].high - two[0].low, half_width, rel_tol=1e-6)  # each side: half
    chain = [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)] + [(1, 2, 1.0)] * 3 + [(1, 2, 0.0)]
    spaced = fit_ratings(3, chain, prior_draws=0)
    assert math.isclose(spaced[0].elo - spaced[1].elo, spaced[1].elo - spaced[2].elo, rel_tol=1e-6)
    assert abs(sum(r.elo for r in spaced)) < 1e-6
    perfect = fit_ratings(2, [(0, 1, 1.0)] * 5)
    assert math.isfinite(perfect[0].elo) and perfect[0].elo > 0
    for rating in (*two, *spaced, *perfect):
        assert rating.low <= rating.elo <= rating.high


def test_the_command_prints_standings_and_writes_json_and_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.sqlite"
    report = tmp_path / "r.html"
    argv = ["tournament", "tictactoe", "--players", "alphabeta:2,random", "--games", "4"]
    argv += ["--openings", "2", "--db", str(db), "--workers", "1"]
    out = io.StringIO()
    assert main([*argv, "--report", str(report)], out=out) == 0
    text = out.getvalue()
    assert "4 games, 4 played now" in text and "crosstable" in text
    page = report.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "alphabeta:2" in page
    out = io.StringIO()
    assert main([*argv, "--format", "json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["games"] == 4 and {p["player"] for p in data["players"]} == {
        "alphabeta:2",
        "random",
    }
    exits_with_message(
        ["tournament", "tictactoe", "--players", "alphabeta:2,wizard", "--db", str(db)],
        "unknown strategy 'wizard'",
        lambda: capsys.readouterr().err,
    )
    exits_with_message(
        ["tournament", "tictactoe", "--players", "random", "--db", str(db), "--workers", "1"],
        "at least two players",
        lambda: capsys.readouterr().err,
    )
    openings = tmp_path / "open.txt"
    openings.write_text("b2 a1\nz9\n")
    bad_openings = ["tournament", "tictactoe", "--players", "random,random", "--openings", "2"]
    bad_openings += ["--openings-file", str(openings), "--db", str(db)]
    exits_with_message(
        bad_openings,
        "z9",
        lambda: capsys.readouterr().err,
    )
    openings.write_text("a1 " * 100_000)  # a long opening is quoted cut, not whole
    said: list[str] = []

    def err() -> str:
        said.append(capsys.readouterr().err)
        return said[-1]

    exits_with_message(bad_openings, "(100,000 moves: a1 a1 a1", err)
    assert len(said[0]) < 200, len(said[0])


def test_the_dask_path_on_a_local_cluster_gives_the_serial_games(tmp_path: Path) -> None:
    """Games are tasks on a real LocalCluster of two workers; the games (deterministic players
    with seeds) are the ones the serial path plays, and all reach the database."""
    pytest.importorskip("distributed", reason="the Dask path needs the extra oogames[scale]")
    tasks = tasks_for(games=2)
    key = tournament_key(tasks)
    serial = ResultStore(tmp_path / "serial.sqlite")
    run_games(tasks, serial, key)
    parallel = ResultStore(tmp_path / "dask.sqlite")
    seen: list[tuple[int, int, int]] = []
    assert run_games(tasks, parallel, key, workers=2, progress=lambda *a: seen.append(a)) == len(
        tasks
    )
    assert seen[-1] == (len(tasks), 0, len(tasks))
    assert all(running <= 2 for _, running, _ in seen)  # two workers: the rest wait
    assert seen[1] == (0, 2, len(tasks))

    def games(store: ResultStore) -> list[tuple[str, tuple[str, ...], str]]:
        return [(r.game_id, r.moves, r.result) for r in store.records(key)]

    assert games(parallel) == games(serial)


def test_match_runs_on_the_engine_and_resumes_from_its_database(tmp_path: Path) -> None:
    """``oogames match``'s grid is tasks of the same engine: its games go to the database,
    and a second run finds them there (same rows, nothing played again)."""
    from oogames.trace.match import run_match

    db = tmp_path / "match.sqlite"
    rows = run_match("minimax", "alphabeta", sizes=[(5, 4)], ks=[3, 4], depths=[1, 2], db=db)
    assert len(rows) == 4 and all(row.nodes[0] > 0 for row in rows)
    store = ResultStore(db)
    keys = [row[0] for row in store._db.execute("SELECT key FROM tournaments")]
    assert len(keys) == 1 and len(store.finished_ids(keys[0])) == 4
    store.close()
    again = run_match("minimax", "alphabeta", sizes=[(5, 4)], ks=[3, 4], depths=[1, 2], db=db)
    assert again == rows


def test_a_database_of_an_earlier_version_gains_the_new_columns(tmp_path: Path) -> None:
    """A results file written before games recorded evaluated positions still works."""
    import sqlite3

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:
        old.executescript(
            "CREATE TABLE games (tournament TEXT NOT NULL, game_id TEXT NOT NULL, "
            "first_index INTEGER NOT NULL, second_index INTEGER NOT NULL, first TEXT NOT NULL, "
            "second TEXT NOT NULL, opening TEXT NOT NULL, moves TEXT NOT NULL, "
            "result TEXT NOT NULL, reason TEXT NOT NULL, seconds_first REAL NOT NULL, "
            "seconds_second REAL NOT NULL, nodes_first INTEGER NOT NULL, "
            "nodes_second INTEGER NOT NULL, finished TEXT, PRIMARY KEY (tournament, game_id));"
        )
    tasks = tasks_for(games=2)
    store = ResultStore(path)
    assert run_games(tasks, store, "k") == len(tasks)
    assert len(store.records("k")) == len(tasks)


def test_replayed_games_are_counted_once_in_the_ratings() -> None:
    """Two deterministic players replay one game from one opening: the standings say how many
    games were distinct, and the ratings and intervals are those of the distinct games."""
    tasks = schedule("tictactoe", {}, ["alphabeta", "minimax"], 6, [("b2",)], seed=1)
    records = [play_game(task) for task in tasks]
    result = standings(["alphabeta", "minimax"], records)
    distinct = {(r.first_index, r.moves) for r in records}
    assert result.games == 6 and result.distinct == len(distinct) == 2
    once = [next(r for r in records if (r.first_index, r.moves) == game) for game in distinct]
    alone = standings(["alphabeta", "minimax"], once)
    assert [r.elo for r in result.ratings] == [r.elo for r in alone.ratings]
    assert [(r.low, r.high) for r in result.ratings] == [(r.low, r.high) for r in alone.ratings]
    assert [(r.games, r.score) for r in result.ratings] == [(6, 3.0), (6, 3.0)]  # every game
    assert "6 games, 2 distinct" in to_text(result)
    assert json.loads(to_json(result))["distinct"] == 2


def test_rich_tables_show_the_standings_of_both_kinds_of_tournament() -> None:
    """With rich (the teach extra), a round robin prints its standings, its games line and
    its crosstable, and a seated tournament its placings, best first."""
    pytest.importorskip("rich")
    tasks = schedule("tictactoe", {}, ["alphabeta", "minimax"], 6, [("b2",)], seed=1)
    result = standings(["alphabeta", "minimax"], [play_game(task) for task in tasks])
    out = io.StringIO()
    assert print_rich(result, out)
    shown = out.getvalue()
    assert "standings after 6 games" in shown and "6 games, 2 distinct" in shown
    assert "crosstable" in shown and all(name in shown for name in ("alphabeta", "minimax"))
    assert shown.count("│ 3/6 │") == 2  # the crosstable: each side's points against the other
    places = {"a": (1.0, 2.0, 3.0), "b": (2.0, 1.0, 3.0), "c": (3.0, 2.0, 1.0)}
    games = [
        SeatedRecord("x", (0, 1, 2), ("a", "b", "c"), (), (), places[winner], "rules",
                     (0.0,) * 3, (0.0,) * 3, (0,) * 3, (0,) * 3)
        for winner in "aab"
    ]  # fmt: skip
    out = io.StringIO()
    assert print_rich(seated_standings(["a", "b", "c"], games), out)
    shown = out.getvalue()
    assert "placing score" in shown
    assert shown.index("│ a ") < shown.index("│ b ") < shown.index("│ c ")


@pytest.mark.parametrize("name", ["a[/]b.py:Bot", "x[bold]y.py:Bot", "p[@click=q]r.py:Bot"])
def test_a_players_name_like_markup_is_shown_as_it_is_in_every_rich_table(name: str) -> None:
    """A player is a spec the user wrote, a plug-in's path among them: a path holding what
    rich reads as markup stands in the standings and the crosstable as it is written, of a
    round robin and of a seated tournament ("a[/]b.py:Bot" ended the run with a MarkupError)."""
    pytest.importorskip("rich")
    records = [
        GameRecord(str(i), 0, 1, "alphabeta", name, (), ("b2",), "1-0", "rules", (0.0, 0.0), (1, 1))
        for i in range(2)
    ]
    seated = [
        SeatedRecord(str(i), (0, 1, 2), ("a", name, "c"), (), (), (1.0, 2.0, 3.0), "rules",
                     (0.0,) * 3, (0.0,) * 3, (0,) * 3, (0,) * 3)
        for i in range(2)
    ]  # fmt: skip
    robin, placings = (
        standings(["alphabeta", name], records),
        seated_standings(["a", name, "c"], seated),
    )
    for result, tables in ((robin, 2), (placings, 1)):  # the standings, and the crosstable
        out = io.StringIO()
        assert print_rich(result, out)
        lines = out.getvalue().splitlines()
        assert sum(f" {name} " in line for line in lines) == tables, lines
        count("a player's name like markup shown as it is in a rich table")


def test_a_rich_table_at_eighty_columns_wraps_no_figure_and_cuts_no_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seated standings have eight columns: at 80 columns, every figure of every row
    stands whole on one line, every line fits, and a long name wraps, whole."""
    pytest.importorskip("rich")
    from oogames.tournament.seated_report import seated_rows

    monkeypatch.setenv("COLUMNS", "80")
    names = ("alphabeta+tt+order@0.05", "paranoid@0.05", "brs@0.05")
    records = [
        SeatedRecord(str(i), (0, 1, 2), names, (), (), places, "rules",
                     (0.0,) * 3, (0.0,) * 3, (0,) * 3, (0,) * 3)
        for i, places in enumerate([(1.0, 2.0, 3.0), (3.0, 1.0, 2.0), (2.0, 3.0, 1.0)] * 2)
    ]  # fmt: skip
    result = seated_standings(list(names), records)
    out = io.StringIO()
    assert print_rich(result, out)
    lines = out.getvalue().splitlines()
    assert max(map(len, lines)) <= 80
    checked = 0
    for row in seated_rows(result):
        line = next(line for line in lines if line.replace("│", " ").split()[:1] == row[:1])
        for cell in row[2:]:
            assert cell in line, (cell, line)
            checked += 1
    assert checked == 3 * 6
    assert "…" not in out.getvalue()  # rich cuts a cell it does not fold with an ellipsis


def test_the_default_openings_make_every_game_of_deterministic_players_distinct() -> None:
    """By default a pairing plays each opening once from each side: one opening for each two
    games, so two deterministic players play no game twice."""
    out = io.StringIO()
    argv = ["tournament", "tictactoe", "--players", "alphabeta,minimax", "--games", "6"]
    assert main([*argv, "--db", ":memory:", "--workers", "1", "--format", "json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["games"] == data["distinct"] == 6


def test_ctrl_c_in_the_middle_says_in_one_line_what_is_kept_and_how_to_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while games are played here: one line on standard error, the games finished
    so far are in the database, and the same command plays the rest."""
    import oogames.tournament.runner as runner

    played: list[str] = []

    def interrupted_after_two(task: GameTask) -> object:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(task.game_id)
        return play_game(task)

    monkeypatch.setattr(runner, "play_game", interrupted_after_two)
    db = tmp_path / "t.sqlite"
    argv = ["tournament", "tictactoe", "--players", "alphabeta:2,random", "--games", "4"]
    argv += ["--db", str(db), "--workers", "1"]
    assert main(argv, out=io.StringIO()) == 130
    err = capsys.readouterr().err
    assert (
        err == f"interrupted: 2 of 4 games are kept in {db}: the same command goes on from there\n"
    )
    monkeypatch.undo()
    out = io.StringIO()
    assert main(argv, out=out) == 0
    assert "4 games, 2 played now, 2 found in" in out.getvalue()


@pytest.mark.parametrize(
    ("name", "group", "status"),
    [("SIGINT", True, 130), ("SIGTERM", False, 143), ("SIGTERM", True, 143),
     ("SIGHUP", True, 129)],
)  # fmt: skip
def test_ctrl_c_under_dask_prints_one_line_and_no_worker_traceback(
    tmp_path: Path, name: str, group: bool, status: int
) -> None:
    """The terminal's Ctrl-C reaches every process of the command (the Dask workers too):
    the command prints one line and exits 130, the workers print nothing. ``kill``
    (SIGTERM, to the command alone) and a terminal closing (SIGHUP, to all of them) do
    the same, with 128 + the signal's number: they ended the command at once, and
    Python's resource tracker then warned of the semaphores the workers left. A stop sent
    to the whole group (SIGTERM, as systemd stops a service) ended the workers first, and
    Dask's warnings of lost tasks and restarted workers came before the line."""
    pytest.importorskip("distributed", reason="the Dask path needs the extra oogames[scale]")
    import contextlib
    import os
    import signal
    import sqlite3
    import subprocess
    import sys
    import time

    db = tmp_path / "t.sqlite"
    command = [sys.executable, "-c", KEYBOARD_INTERRUPT_MAIN]
    command += ["tournament", "connectfour", "--players", "alphabeta:7,alphabeta:6"]
    command += ["--games", "20", "--workers", "2", "--db", str(db)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )

    def stored() -> int:
        try:
            with contextlib.closing(sqlite3.connect(db)) as connection:
                return int(connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        except sqlite3.Error:  # not made yet
            return 0

    give_up = time.monotonic() + 120
    while time.monotonic() < give_up and process.poll() is None and not stored():
        time.sleep(0.5)  # the workers are up and playing once a game is stored
    time.sleep(1.0)
    if process.poll() is not None:  # it ended before the Ctrl-C: say how
        _, err = process.communicate()
        raise AssertionError(f"ended by itself with {process.returncode}: {err}")
    number = getattr(signal, name)
    if group:  # as the terminal does: the whole group
        os.killpg(process.pid, number)
    else:
        process.send_signal(number)
    _, err = process.communicate(timeout=60)
    assert process.returncode == status, err
    assert re.fullmatch(
        r"interrupted: \d+ of 20 games are kept in .*: the same command goes on from there\n", err
    ), err


_CTRL_C_AS_A_WORKER_STARTS = """
import os, signal, sys
from distributed.nanny import Nanny
start = Nanny.start_unsafe
async def interrupted(self):
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, while the cluster is half made
    return await start(self)
def main():
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal
    Nanny.start_unsafe = interrupted
    from oogames.cli import main
    raise SystemExit(main(sys.argv[1:]))
if __name__ == "__main__":  # not in the workers, which import this file
    main()
"""


def test_ctrl_c_as_the_dask_workers_start_closes_them_and_says_one_line(tmp_path: Path) -> None:
    """Ctrl-C while the tournament's Dask cluster starts waits for it to be up, then closes
    it: one line and status 130. Before, the Ctrl-C left a cluster half made, and Dask's own
    closing of it as Python ended failed with a traceback (``AssertionError:
    Status.init``): 1 of 40 Ctrl-Cs at random moments of a tournament did so."""
    pytest.importorskip("distributed", reason="the Dask path needs the extra oogames[scale]")
    import subprocess
    import sys

    script = tmp_path / "ctrl_c.py"
    script.write_text(_CTRL_C_AS_A_WORKER_STARTS)
    done = subprocess.run(
        [sys.executable, str(script), "tournament", "nim", "--players", "random,alphabeta:2",
         "--games", "2", "--workers", "2", "--db", ":memory:"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (130, "interrupted: nothing is kept (--db :memory:)\n")


def test_the_dask_workers_are_born_deaf_to_the_terminals_ctrl_c() -> None:
    """The terminal sends Ctrl-C to every process of the command (and its closing, SIGHUP;
    and a service manager its stop, SIGTERM): each Dask worker starts with them blocked,
    so that one sent while a worker starts (before it could be told to
    ignore it) does not make it print a traceback, as it did. Read from the workers' own
    signal masks (Linux's /proc)."""
    pytest.importorskip("distributed", reason="the Dask path needs the extra oogames[scale]")
    import signal
    import threading

    from oogames.tournament.runner import _client

    if not Path("/proc/self/status").exists():
        pytest.skip("the signal masks are read from Linux's /proc")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    group = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # what reaches every process

    def blocked() -> list[bool]:  # in a worker: whether each of its threads blocks them
        masks = []
        for thread in threading.enumerate():
            status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
            (mask,) = [line.split()[1] for line in status.splitlines() if line[:7] == "SigBlk:"]
            bits = int(mask, 16)
            masks.append(all(bits & 1 << (number - 1) for number in group))
        return masks

    with _client(2, None) as client:
        found = client.run(blocked)
    assert len(found) == 2 and all(all(masks) and masks for masks in found.values()), found
    assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) == before  # this thread as it was
    for _ in found:
        count("Dask workers born deaf to Ctrl-C")


def test_a_plan_that_would_spoil_its_games_is_refused_before_any_is_scheduled() -> None:
    """From Python as from the command line, what would spoil every game it is in is refused
    by both schedules, in one line, before any game: an unknown game, an option the game
    does not take, a player that is no strategy (a typo, a person), an opening the game
    refuses, a search without end on a board too big to solve. Before, ``schedule`` took
    them: a misspelt player then lost every game as a "crash", an unknown game or a bad
    opening raised in the middle of the tournament, and ``pvs+tt`` on Connect Four thought
    for hours at its first move."""
    from oogames.errors import (
        BoardOptionError,
        IllegalMoveError,
        OogamesError,
        SettingsError,
        StrategySpecError,
    )
    from oogames.tournament.seated import seated_schedule

    bad: list[tuple[str, dict[str, object], list[str], list[tuple[str, ...]], type, str]] = [
        ("chess", {}, ["random", "alphabeta:1"], [()], SettingsError, "unknown game 'chess'"),
        ("tictactoe", {"rows": 99}, ["random", "alphabeta:1"], [()], BoardOptionError, "rows"),
        ("tictactoe", {}, ["random", "alfabeta"], [()], SettingsError, "unknown strategy"),
        ("tictactoe", {}, ["random", "human"], [()], SettingsError, "a person plays"),
        (
            "tictactoe",
            {},
            ["random", "alphabeta"],
            [(), ("b2", "b2")],
            IllegalMoveError,
            "opening 2 (b2 b2): illegal move b2 by O at move 2: b2 is taken",
        ),  # which of the openings
        ("connectfour", {}, ["random", "pvs+tt"], [()], StrategySpecError, "neither a depth"),
    ]
    checked = 0
    for game, options, players, openings, kind, said in bad:
        for make in (schedule, seated_schedule):
            with pytest.raises(OogamesError) as refused:
                if make is schedule:
                    schedule(game, options, players, 2, openings)
                else:
                    seated_schedule(game, options, players, 2, 2, openings)
            assert isinstance(refused.value, kind) and said in str(refused.value)
            assert "\n" not in str(refused.value)
            checked += 1
    assert checked == 2 * len(bad)
    assert len(schedule("tictactoe", {}, ["random", "mybot.py:Bot:2"], 2, [()])) == 2  # not loaded
    assert len(schedule("connectfour", {}, ["alphabeta:end", "pvs@1"], 2, [()])) == 2


def test_a_tournament_on_dask_says_nothing_of_a_port_another_holds(tmp_path: Path) -> None:
    """With port 8787 (Dask's default for its scheduler's web routes) held by another
    program, a tournament with workers prints its standings and nothing on standard error.
    Before, Dask warned that the port was in use (``Perhaps you already have a cluster
    running?``): two tournaments at once, or a notebook's cluster, did it."""
    pytest.importorskip("distributed", reason="the Dask path needs the extra oogames[scale]")
    import socket
    import subprocess
    import sys

    with socket.socket() as holder:
        try:
            holder.bind(("", 8787))
        except OSError:  # already held (by another Dask): the case this test makes
            pass
        else:
            holder.listen()
        done = subprocess.run(
            [sys.executable, "-m", "oogames", "tournament", "nim", "--players",
             "random,alphabeta:2", "--games", "2", "--workers", "2", "--db",
             str(tmp_path / "t.sqlite")],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    assert done.returncode == 0 and "random" in done.stdout, done.stderr
    assert done.stderr == ""
