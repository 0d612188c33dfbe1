"""The results database: every finished game in SQLite, as it finishes.

Each game is committed on its own (write-ahead log), so Ctrl-C or a killed
worker loses no finished game; a tournament is known by the fingerprint of
its schedule, and a run with the same database plays only the games it does
not find there.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from oogames.errors import UsageError, shown
from oogames.parsing import user_path
from oogames.tournament.games import RESULTS, GameRecord
from oogames.tournament.seated import SeatedRecord

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    key TEXT PRIMARY KEY,
    description TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    tournament TEXT NOT NULL,
    game_id TEXT NOT NULL,
    first_index INTEGER NOT NULL,
    second_index INTEGER NOT NULL,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    opening TEXT NOT NULL,
    moves TEXT NOT NULL,
    result TEXT NOT NULL,
    reason TEXT NOT NULL,
    seconds_first REAL NOT NULL,
    seconds_second REAL NOT NULL,
    nodes_first INTEGER NOT NULL,
    nodes_second INTEGER NOT NULL,
    evaluated_first INTEGER NOT NULL DEFAULT 0,
    evaluated_second INTEGER NOT NULL DEFAULT 0,
    finished TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (tournament, game_id)
);
CREATE TABLE IF NOT EXISTS seated_games (
    tournament TEXT NOT NULL,
    game_id TEXT NOT NULL,
    record TEXT NOT NULL,
    finished TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (tournament, game_id)
);
"""


#: What reading a damaged file can raise: SQLite's errors, and a text that is not UTF-8
#: (a ValueError) or a number too big for Python's types.
_DB_ERRORS = (sqlite3.Error, ValueError, OverflowError)


class ResultStore:
    """A SQLite file of tournaments and their finished games.

    Args:
        path: The database file (created if missing).

    Raises:
        UsageError: The file cannot be opened as a database.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = user_path(path, "--db")
        try:
            self._db = sqlite3.connect(self.path)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
            for column in ("evaluated_first", "evaluated_second"):  # added in a later version
                if column not in columns:
                    self._db.execute(
                        f"ALTER TABLE games ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0"
                    )
        except _DB_ERRORS as error:
            raise UsageError(f"--db: {self.path} cannot be used as a database: {error}") from None

    def _fail(self, error: Exception) -> UsageError:
        return UsageError(f"--db: {self.path}: {error} (the games stored so far are kept)")

    def register(self, key: str, description: dict[str, object]) -> None:
        """Note the tournament ``key`` and what it is (kept from its first run).

        Raises:
            UsageError: The database cannot be read or written (damaged, locked).
        """
        try:
            with self._db:
                self._db.execute(
                    "INSERT OR IGNORE INTO tournaments (key, description) VALUES (?, ?)",
                    (key, json.dumps(description, sort_keys=True)),
                )
        except _DB_ERRORS as error:
            raise self._fail(error) from None

    def finished_ids(self, key: str) -> set[str]:
        """The ids of the games of tournament ``key`` already stored."""
        try:
            found = set()
            for table in ("games", "seated_games"):
                rows = self._db.execute(f"SELECT game_id FROM {table} WHERE tournament = ?", (key,))
                found |= {row[0] for row in rows}
            return found
        except _DB_ERRORS as error:
            raise self._fail(error) from None

    def add(self, key: str, record: GameRecord | SeatedRecord) -> None:
        """Store a finished game (committed at once; a game stored twice is kept once).

        Raises:
            UsageError: The database cannot be written (full, locked, removed).
        """
        try:
            if isinstance(record, SeatedRecord):
                with self._db:
                    self._db.execute(
                        "INSERT OR IGNORE INTO seated_games (tournament, game_id, record) "
                        "VALUES (?, ?, ?)",
                        (key, record.game_id, json.dumps(record.as_dict())),
                    )
            else:
                self._insert(key, record)
        except _DB_ERRORS as error:
            raise self._fail(error) from None

    def seated_records(self, key: str, players: Sequence[str]) -> list[SeatedRecord]:
        """Every stored game of the seated tournament ``key``, in the order of their ids;
        each seat's player must be one of ``players``.

        Raises:
            UsageError: The database cannot be read, or a stored game is damaged (the
                database is left as it is).
        """
        try:
            rows = list(
                self._db.execute(
                    "SELECT game_id, record FROM seated_games WHERE tournament = ? "
                    "ORDER BY game_id",
                    (key,),
                )
            )
        except _DB_ERRORS as error:
            raise self._fail(error) from None
        records = []
        for row in rows:
            try:
                record = SeatedRecord.from_dict(json.loads(row[1]))
                for index, spec in zip(record.indexes, record.seats, strict=True):
                    if not (0 <= index < len(players) and players[index] == spec):
                        raise ValueError(f"its player {index} is not {shown(spec)}")
            except (ValueError, TypeError) as error:
                raise self._damaged(row, str(error)) from None
            records.append(record)
        return records

    def _insert(self, key: str, record: GameRecord) -> None:
        with self._db:
            self._db.execute(
                "INSERT OR IGNORE INTO games (tournament, game_id, first_index, second_index, "
                "first, second, opening, moves, result, reason, seconds_first, seconds_second, "
                "nodes_first, nodes_second, evaluated_first, evaluated_second) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    record.game_id,
                    record.first_index,
                    record.second_index,
                    record.first,
                    record.second,
                    json.dumps(record.opening),
                    json.dumps(record.moves),
                    record.result,
                    record.reason,
                    record.seconds[0],
                    record.seconds[1],
                    record.nodes[0],
                    record.nodes[1],
                    record.evaluated[0],
                    record.evaluated[1],
                ),
            )

    def records(self, key: str, players: Sequence[str] | None = None) -> list[GameRecord]:
        """Every stored game of tournament ``key``, in the order of their ids.

        Args:
            key: The tournament's fingerprint.
            players: The tournament's players, if known: each game's players must be
                theirs.

        Raises:
            UsageError: The database cannot be read, or a stored game is damaged (the
                database is left as it is: nothing stored is lost).
        """
        try:
            rows = self._read(key)
        except _DB_ERRORS as error:
            raise self._fail(error) from None
        return [self._checked(row, players) for row in rows]  # each says what is damaged

    def _checked(self, row: Sequence[Any], players: Sequence[str] | None) -> GameRecord:
        """The record of a row, or a UsageError saying what is damaged in it."""
        try:
            record = _record(row)
        except (ValueError, TypeError) as error:
            raise self._damaged(row, str(error)) from None
        if players is not None:
            for index, spec in (
                (record.first_index, record.first),
                (record.second_index, record.second),
            ):
                if not (0 <= index < len(players) and players[index] == spec):
                    raise self._damaged(row, f"its player {index} is not {shown(spec)}")
        return record

    def _damaged(self, row: Sequence[Any], what: str) -> UsageError:
        game = shown(row[0]) if row else "?"
        return UsageError(
            f"--db: {self.path}: the stored game {game} is damaged ({what}); the database is "
            "left as it is"
        )

    def _read(self, key: str) -> list[Sequence[Any]]:
        rows = self._db.execute(
            "SELECT game_id, first_index, second_index, first, second, opening, moves, result, "
            "reason, seconds_first, seconds_second, nodes_first, nodes_second, evaluated_first, "
            "evaluated_second FROM games "
            "WHERE tournament = ? ORDER BY game_id",
            (key,),
        )
        return list(rows)

    def close(self) -> None:
        """Close the file."""
        self._db.close()


def _record(row: Sequence[Any]) -> GameRecord:
    """The record a row stores.

    Raises:
        ValueError: A value of the row is not what the games table holds.
    """
    (game_id, a, b, first, second, opening, moves, result, reason, s1, s2, n1, n2, e1, e2) = row
    texts = {"game id": game_id, "first": first, "second": second, "reason": reason}
    for name, value in texts.items():
        if not isinstance(value, str):
            raise ValueError(f"its {name} is {shown(value)}, not a text")
    counts = {"player": a, "other player": b, "nodes": n1, "its nodes": n2}
    counts |= {"evaluated": e1, "its evaluated": e2}
    for name, value in counts.items():
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"its {name} is {shown(value)}, not a count")
    for value in (s1, s2):
        if not isinstance(value, (int, float)) or not 0 <= value < math.inf:
            raise ValueError(f"its seconds are {shown(value)}, not a time")
    if result not in RESULTS:
        raise ValueError(f"its result is {shown(result)}, not one of {', '.join(RESULTS)}")
    lines = []
    for name, text in (("opening", opening), ("moves", moves)):
        try:
            line = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            line = None
        if not isinstance(line, list) or not all(isinstance(m, str) for m in line):
            raise ValueError(f"its {name} are {shown(text)}, not a list of moves")
        lines.append(tuple(line))
    return GameRecord(
        game_id,
        a,
        b,
        first,
        second,
        lines[0],
        lines[1],
        result,
        reason,
        (s1, s2),
        (n1, n2),
        (e1, e2),
    )
