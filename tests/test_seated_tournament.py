"""Tournaments of more than two players and of chance: seats, placings, ratings, the store
and the command, each checked against what the test works out itself."""

from __future__ import annotations

import io
import itertools
import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oogames.cli import main
from oogames.errors import SettingsError, UsageError
from oogames.games import find_game
from oogames.tournament import ResultStore, fit_ratings, run_games, schedule
from oogames.tournament.games import tournament_key
from oogames.tournament.seated import (
    SeatedRecord,
    SeatedTask,
    places_of,
    play_seated,
    seated_schedule,
    seated_standings,
)
from oogames.tournament.seated_report import seated_html, seated_json, seated_text

ROLIT3 = {"players": 3, "size": 4}


@given(st.lists(st.integers(-3, 3), min_size=2, max_size=6))
def test_places_share_ties_and_sum_as_ranks_do(payoffs: list[int]) -> None:
    places = places_of(payoffs)
    size = len(payoffs)
    assert sum(places) == size * (size + 1) / 2
    for a, b in itertools.permutations(range(size), 2):
        if payoffs[a] > payoffs[b]:
            assert places[a] < places[b]
        elif payoffs[a] == payoffs[b]:
            assert places[a] == places[b]
    # the place by hand: 1 + how many are better, plus half of the others who tie
    for seat, mine in enumerate(payoffs):
        better = sum(other > mine for other in payoffs)
        ties = sum(other == mine for other in payoffs) - 1
        assert places[seat] == 1 + better + ties / 2


def test_every_table_plays_every_rotation_of_its_seats() -> None:
    players = ["random", "maxn:1", "maxn:2", "paranoid:1"]
    tasks = seated_schedule("rolit", ROLIT3, players, 3, 6, [("d1",), ("d2",)], seed=5)
    assert len(tasks) == 4 * 6 and len({task.game_id for task in tasks}) == len(tasks)
    seats: Counter[tuple[str, int]] = Counter()
    for task in tasks:
        assert task.seats == tuple(players[i] for i in task.indexes)
        for seat, name in enumerate(task.seats):
            seats[name, seat] += 1
    # each player sits at 3 tables, 6 games each, twice in each seat per table
    assert set(seats.values()) == {6} and len(seats) == 12
    gauntlet = seated_schedule("rolit", ROLIT3, players, 3, 3, [()], gauntlet=True)
    assert all(0 in task.indexes for task in gauntlet) and len(gauntlet) == 3 * 3
    with pytest.raises(SettingsError, match="seats 3 players and the tournament has 2"):
        seated_schedule("rolit", ROLIT3, ["random", "maxn:1"], 3, 1, [()])


def test_a_pairing_is_seated_as_a_table_of_two() -> None:
    """One rule seats both kinds of tournament (schedule and seated_schedule each wrote it):
    a two-player schedule seats its games as a two-seat one does, opening and all."""
    checked = 0
    for count in range(2, 6):
        players = [f"alphabeta:{i + 1}" for i in range(count)]
        for games in (1, 2, 5):
            for gauntlet in (False, True):
                openings = [("a1",), ("b2",), ("c3",)]
                pairs = schedule("tictactoe", {}, players, games, openings, 4, gauntlet)
                seated = seated_schedule("tictactoe", {}, players, 2, games, openings, 4, gauntlet)
                assert len(pairs) == len(seated)
                for pair, table in zip(pairs, seated, strict=True):
                    assert (pair.first, pair.second) == table.seats
                    assert (pair.first_index, pair.second_index) == table.indexes
                    assert pair.opening == table.opening
                    checked += 1
    print(f"checked: games seated alike: {checked}")
    assert checked == 240


def test_too_many_tables_are_refused_before_any_is_made() -> None:
    """41 billion tables of four were listed before they were counted (the process ran out
    of memory or time); now they are counted first, before the players are read."""
    many = [f"alphabeta:{i + 1}" for i in range(1_000)]
    with pytest.raises(SettingsError, match=r"^41,417,124,750 tables of 1 game is .* at most"):
        seated_schedule("rolit", ROLIT3, many, 4, 1, [()])
    with pytest.raises(SettingsError, match=r"^999 pairings of 200 games is 199,800 games"):
        schedule("tictactoe", {}, many, 200, [()], gauntlet=True)


def test_a_played_game_replays_to_the_payoffs_its_places_come_from() -> None:
    info = find_game("rolit")
    checked = 0
    for seed in range(6):
        seats = ("random", "random", "maxn:1")
        record = play_seated(SeatedTask(f"g{seed}", "rolit", ROLIT3, seats, (0, 1, 2), seed=seed))
        assert record.reason == "rules"
        board = info.make(**ROLIT3)
        for text in record.moves:
            board.play(board.parse_move(text))
        assert board.is_over and board.payoffs == record.payoffs
        assert record.places == places_of(board.payoffs)
        assert record == SeatedRecord.from_dict(json.loads(json.dumps(record.as_dict())))
        checked += 1
    print(f"checked: seated Rolit games replayed: {checked}")


def test_pig_rolls_its_die_from_the_seed_and_records_the_rolls() -> None:
    task = SeatedTask("p", "pig", {"target": 12}, ("random", "expectimax:1"), (0, 1), seed=3)
    first, again = play_seated(task), play_seated(task)
    assert first.moves == again.moves  # the same seed, the same rolls
    board = find_game("pig").make(target=12)
    for text in first.moves:
        board.play(board.parse_move(text))
    assert board.is_over and first.places == places_of(board.payoffs or ())


def test_a_fault_places_its_player_last_and_the_others_together() -> None:
    task = SeatedTask(
        "f", "rolit", ROLIT3, ("random", "maxn:7", "random"), (0, 1, 2), move_seconds=0.05,
        margin=0.0,
    )  # fmt: skip
    record = play_seated(task)
    assert record.reason.startswith("time") and record.payoffs == ()
    assert record.places == (1.5, 3.0, 1.5)
    assert [record.score_of(seat) for seat in range(3)] == [0.75, 0.0, 0.75]


def test_standings_follow_the_placings_and_two_seats_rate_as_two_players() -> None:
    players = ["a", "b", "c"]

    def record(indexes: tuple[int, ...], places: tuple[float, ...]) -> SeatedRecord:
        size = len(indexes)
        return SeatedRecord(
            "x", indexes, tuple(players[i] for i in indexes), (), (), places, "rules",
            tuple(-p for p in places), (0.0,) * size, (0,) * size, (0,) * size,
        )  # fmt: skip

    games = [record((0, 1, 2), (1.0, 2.0, 3.0))] * 3 + [record((1, 2, 0), (1.0, 2.5, 2.5))]
    result = seated_standings(players, games)
    assert result.order() == [0, 1, 2]
    assert result.intervals[0][0] == pytest.approx((1 + 1 + 1 + 0.25) / 4)
    assert result.places[2] == pytest.approx((3 + 3 + 3 + 2.5) / 4)
    assert result.firsts == (3, 1, 0)
    # Two seats: the pairs are the games themselves, each weighing one game.
    duel = [record((0, 1), (1.0, 2.0)), record((1, 0), (1.5, 1.5)), record((0, 1), (2.0, 1.0))]
    seated = seated_standings(players[:2], duel).ratings
    plain = fit_ratings(2, [(0, 1, 1.0), (1, 0, 0.5), (0, 1, 0.0)])
    assert [r.elo for r in seated] == pytest.approx([r.elo for r in plain])
    assert [r.low for r in seated] == pytest.approx([r.low for r in plain])
    text, page = seated_text(result), seated_html(result, "<t>")
    assert "placing score" in text and "&lt;t&gt;" in page and "<t>" not in page
    written = json.loads(seated_json(result))["players"]
    for index, row in zip(result.order(), written, strict=True):  # as a round robin's
        rating = result.ratings[index]
        assert f"{round(rating.low):+d} to {round(rating.high):+d}" in text
        assert row["interval"] == [round(rating.low, 1), round(rating.high, 1)]
    assert [p["player"] for p in json.loads(seated_json(result))["players"]] == players


def test_the_store_keeps_seated_games_resumes_them_and_names_damage(tmp_path: Path) -> None:
    players = ["random", "maxn:1", "paranoid:1"]
    tasks = seated_schedule("rolit", ROLIT3, players, 3, 3, [()], seed=2)
    key = tournament_key(tasks)
    db = tmp_path / "t.sqlite"
    store = ResultStore(db)
    assert run_games(tasks[:2], store, key) == 2
    assert run_games(tasks, store, key) == 1  # two found, one played
    records = store.seated_records(key, players)
    assert [r.game_id for r in records] == sorted(task.game_id for task in tasks)
    with pytest.raises(UsageError, match="is not 'random'"):
        store.seated_records(key, ["other", *players[1:]])
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE seated_games SET record = '{\"places\": 3}' WHERE game_id = ?",
                    (tasks[0].game_id,))  # fmt: skip
    with pytest.raises(UsageError, match="damaged"):
        ResultStore(db).seated_records(key, players)


def test_the_command_plays_a_three_player_tournament_and_resumes_it(tmp_path: Path) -> None:
    db, report = tmp_path / "r.sqlite", tmp_path / "r.html"
    words = [
        "tournament", "rolit", "--opt", "players=3", "--opt", "size=4",
        "--players", "random,maxn:1,paranoid:1,brs:1", "--games", "3",
        "--db", str(db), "--workers", "1", "--report", str(report),
    ]  # fmt: skip
    out = io.StringIO()
    assert main(words, out=out) == 0
    text = out.getvalue()
    assert "rolit: 12 games, 12 played now" in text and "12 games of 3 seats" in text
    assert "Standings" in report.read_text() and "<svg" in report.read_text()
    out = io.StringIO()
    assert main([*words, "--format", "json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["games"] == 12 and data["seats"] == 3
    assert sorted(p["games"] for p in data["players"]) == [9, 9, 9, 9]
    assert sum(p["placing_score"] * p["games"] for p in data["players"]) == pytest.approx(12 * 1.5)


def test_a_plug_in_in_its_own_process_plays_a_game_of_chance_to_its_end(tmp_path: Path) -> None:
    """The plug-in's process replays the moves it is sent, the die's outcomes among them."""
    bot = tmp_path / "rollbot.py"
    bot.write_text(
        "from oogames import INextMoveStrategy\n"
        "from oogames.nextmove.results import SearchResult, SearchStats\n\n\n"
        "class Roller(INextMoveStrategy):\n"
        "    name = 'roller'\n\n"
        "    def analyze(self, board, player=None):\n"
        "        move = board.legal_moves()[0]\n"
        "        return SearchResult(move, 0, (move,), SearchStats(), board.to_move)\n\n"
        "    def cancel(self):\n"
        "        pass\n"
    )
    seats = (f"{bot}:Roller", "expectimax:1")
    record = play_seated(SeatedTask("p", "pig", {"target": 12}, seats, (0, 1), seed=4))
    assert record.reason == "rules", record.reason
    board = find_game("pig").make(target=12)
    for text in record.moves:
        board.play(board.parse_move(text))
    assert board.is_over and record.places == places_of(board.payoffs or ())
    assert any(text.isdigit() for text in record.moves)  # the die was rolled and replayed
