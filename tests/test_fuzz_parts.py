"""Fuzz suites where the parts meet: damaged results databases, and a hostile web client.

The normal run checks a small slice of each; ``OOGAMES_FUZZ=full`` checks the issue's
sizes and prints the counts (``checked:`` lines at the end of the run):

    OOGAMES_FUZZ=full .venv/bin/python -m pytest tests/test_fuzz_parts.py -s

(The bad plug-ins of every kind, at every stage and in every command, are in
``tests/test_plugins.py``; the tournament's bad players in ``tests/test_tournament.py``;
signals in ``tests/test_signals.py``.)
"""

from __future__ import annotations

import io
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from helpers import count

from oogames.cli import main

FULL = os.environ.get("OOGAMES_FUZZ") == "full"
DAMAGED_DATABASES = 600 if FULL else 40

TOURNAMENT = ["tournament", "nim", "--players", "random,alphabeta:2", "--games", "2"]
TOURNAMENT += ["--workers", "1", "--format", "json"]

#: Damages to the stored rows: SQL run on a good database (each its own case).
ROW_DAMAGES = [
    "UPDATE games SET moves = '[1, 2'",
    "UPDATE games SET moves = '{\"a\": 1}'",
    "UPDATE games SET opening = 'null'",
    "UPDATE games SET moves = x'00ff'",
    "UPDATE games SET result = '2-0'",
    "UPDATE games SET result = 7",
    "UPDATE games SET first_index = 9",
    "UPDATE games SET second_index = -1",
    "UPDATE games SET first_index = 'one'",
    "UPDATE games SET first = 'alphabeta:9'",
    "UPDATE games SET nodes_first = -5",
    "UPDATE games SET nodes_second = 1.5",
    "UPDATE games SET seconds_first = 'slow'",
    "UPDATE games SET seconds_second = -1",
    "UPDATE games SET reason = 3",
    "UPDATE games SET game_id = 42 WHERE rowid = 1",
    "UPDATE tournaments SET description = 'not json'",
    "DROP TABLE games",
    "DROP TABLE tournaments",
    "CREATE TABLE extra (x)",
    "ALTER TABLE games RENAME COLUMN moves TO steps",
]


@pytest.fixture(scope="module")
def good_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished tournament's database (closed: one file, no write-ahead log)."""
    path = tmp_path_factory.mktemp("db") / "good.sqlite"
    assert main([*TOURNAMENT, "--db", str(path)], out=io.StringIO()) == 0
    return path


def _run_on(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The tournament command on ``path``: its status and what it wrote on stderr."""
    try:
        status = main([*TOURNAMENT, "--db", str(path)], out=io.StringIO())
    except SystemExit as stopped:
        status = int(stopped.code or 0)
    return status, capsys.readouterr().err


def _check(path: Path, before: bytes, capsys: pytest.CaptureFixture[str], case: str) -> None:
    """Exit 0 (the damage missed what the run reads) or one line and exit 2, the database
    untouched (nothing stored lost); never a traceback."""
    status, err = _run_on(path, capsys)
    assert "Traceback" not in err, (case, err)
    assert status in (0, 2), (case, status, err)
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("oogames: error: --db"), (case, err)
        assert path.read_bytes() == before, case  # nothing stored is lost
    count("damaged results databases: one line or a good run")


@pytest.mark.parametrize("damage", ROW_DAMAGES)
def test_a_damaged_row_is_one_line_and_the_database_is_kept(
    good_database: Path, tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "damaged.sqlite"
    shutil.copy(good_database, path)
    with sqlite3.connect(path) as db:
        db.execute(damage)
    db.close()
    _check(path, path.read_bytes(), capsys, damage)


def test_damaged_pages_and_truncations_are_one_line_or_a_good_run(
    good_database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bytes overwritten at random places, or the file cut short: never a traceback."""
    good = good_database.read_bytes()
    rng = random.Random(11)
    for case in range(DAMAGED_DATABASES):
        data = bytearray(good)
        if case % 4 == 3:
            data = data[: rng.randrange(1, len(data))]
        else:
            for _ in range(rng.randrange(1, 20)):
                at = rng.randrange(len(data))
                data[at : at + 8] = rng.randbytes(8)[: len(data) - at]
        path = tmp_path / f"damaged-{case}.sqlite"
        path.write_bytes(bytes(data))
        _check(path, bytes(data), capsys, f"case {case}")
