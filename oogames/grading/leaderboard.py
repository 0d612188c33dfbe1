"""A class leaderboard: ``oogames grade evaluation A.py B.py ... --tournament``.

Each submission's evaluation (the ``evaluation`` assignment's player,
:func:`~oogames.grading.evaluation.player_spec`) first qualifies: it plays the
assignment's matches against random moves and the greedy player and must score what
those tests ask. The qualified then meet in a round robin on the tournament engine
(:func:`~oogames.tournament.games.schedule`, :func:`~oogames.tournament.runner.run_games`,
:func:`~oogames.tournament.report.standings`), each player a plug-in in a process of
its own with a time limit a move and a memory limit.

The standings are safe to publish: a player is shown by the name the instructor maps
its file to (``--names``: a JSON object from a file's name, or its name without
``.py``, to the name to show), or as ``entrant N`` when the map has none, never by its
file; a game lost by a fault shows its kind (``time``, ``illegal``, ``crash``), not the
error's text, which may quote the student's code or paths. Every cell of the page is
escaped.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from oogames.errors import SettingsError, shown
from oogames.grading.evaluation import (
    EVALUATION_TESTS,
    MatchTest,
    match_tasks,
    play_match,
    player_spec,
)
from oogames.grading.process import TEST_MEMORY_MB, TEST_SECONDS
from oogames.parsing import read_user_file
from oogames.tournament.games import tournament_key
from oogames.tournament.report import (
    Standings,
    html_page,
    html_table,
    plain_table,
    standings,
    to_html,
)
from oogames.tournament.report import to_text as standings_text
from oogames.tournament.runner import run_games
from oogames.tournament.store import ResultStore

__all__ = ["QUALIFYING", "Entrant", "Leaderboard", "leaderboard", "published_names", "read_names"]

QUALIFYING: tuple[MatchTest, ...] = (
    next(test for test in EVALUATION_TESTS if test.opponent == "random"),
    MatchTest("holds a greedy player", 0, "half the points", "alphabeta:1", 0.5),
)
"""The matches an entrant must pass to play the round robin (the ``evaluation``
assignment's against random moves, and half the points against its greedy player)."""


@attrs.frozen
class Entrant:
    """One submission of the class.

    Attributes:
        name: The name it is published under.
        shares: The share of the points it scored in each qualifying match.
        qualified: Whether it scored what each asks.
    """

    name: str
    shares: tuple[float, ...]
    qualified: bool


@attrs.frozen
class Leaderboard:
    """The qualification and the round robin's standings (None: fewer than two
    qualified), every player by its published name."""

    entrants: tuple[Entrant, ...]
    standings: Standings | None

    def qualification_rows(self) -> list[list[str]]:
        """The qualification table's rows: name, each match's share, qualified."""
        return [
            [str(number), entrant.name, *map(_percent, entrant.shares), _yes(entrant.qualified)]
            for number, entrant in enumerate(self.entrants, 1)
        ]

    def qualification_header(self) -> list[str]:
        """The qualification table's header."""
        against = [f"vs {test.opponent} (needs {test.share:.0%})" for test in QUALIFYING]
        return ["#", "entrant", *against, "qualified"]

    def to_text(self) -> str:
        """The qualification and the standings, as plain text."""
        lines = [
            "qualification:",
            plain_table(self.qualification_header(), self.qualification_rows()),
        ]
        lines.append("")
        if self.standings is None:
            lines.append("fewer than two entrants qualified: no round robin")
        else:
            lines.append("round robin:")
            lines.append(standings_text(self.standings))
        return "\n".join(lines)

    def to_html(self, title: str = "Class leaderboard") -> str:
        """A page to publish: the standings (if there was a round robin), then the
        qualification, every cell escaped."""
        qualification = "<h2>Qualification</h2>" + html_table(
            self.qualification_header(), self.qualification_rows()
        )
        if self.standings is None:
            return (
                f"{html_page(title)}<p>Fewer than two entrants qualified: no round robin.</p>"
                f"{qualification}</body></html>"
            )
        page = to_html(self.standings, title)
        return page.replace("</body></html>", f"{qualification}</body></html>")


def read_names(path: Path) -> dict[str, str]:
    """The instructor's map of names: a JSON object from file names to published names.

    Raises:
        SettingsError: The file cannot be read, or is not such an object.
    """
    text = read_user_file(path, "--names", error=SettingsError)
    try:
        names = json.loads(text)
    except (ValueError, RecursionError) as error:  # not JSON, nested too deep, a huge number
        raise SettingsError(f"--names: {shown(str(path))} is not JSON: {error}") from None
    if not isinstance(names, dict) or not all(
        isinstance(key, str) and isinstance(value, str) and value.strip()
        for key, value in names.items()
    ):
        raise SettingsError(f"--names {path}: write a JSON object of file names to names")
    return names


def published_names(submissions: Sequence[Path], names: Mapping[str, str] | None) -> list[str]:
    """Each submission's published name: the map's for its file name (or its stem), else
    ``entrant N``.

    Raises:
        SettingsError: Two submissions would be published under one name.
    """
    given = names or {}
    found = [
        given.get(path.name, given.get(path.stem, f"entrant {number}")).strip()
        for number, path in enumerate(submissions, 1)
    ]
    for name in found:
        if found.count(name) > 1:
            raise SettingsError(f"two submissions are named {shown(name)}: give each its own")
    return found


def leaderboard(
    submissions: Sequence[Path],
    names: Mapping[str, str] | None = None,
    *,
    games: int = 4,
    seconds: float = TEST_SECONDS,
    memory_mb: int = TEST_MEMORY_MB,
    workers: int = 1,
) -> Leaderboard:
    """Qualify each submission, then play the qualified in a round robin of ``games``
    games a pairing (half from each side, from seeded openings); see the module.

    Raises:
        SettingsError: No submission, one that is not a file, or two with one name.
    """
    if not submissions:
        raise SettingsError("a leaderboard needs at least one submission")
    for path in submissions:
        if not path.is_file():
            raise SettingsError(f"no submission file {str(path)!r}")
    published = published_names(submissions, names)
    with tempfile.TemporaryDirectory() as folder:
        specs = [player_spec(path, Path(folder), i) for i, path in enumerate(submissions)]
        entrants = tuple(
            _qualify(spec, name, seconds, memory_mb)
            for spec, name in zip(specs, published, strict=True)
        )
        chosen = [i for i, entrant in enumerate(entrants) if entrant.qualified]
        if len(chosen) < 2:
            return Leaderboard(entrants, None)
        players = [specs[i] for i in chosen]
        tasks = match_tasks(players, games, seconds, memory_mb)
        key = tournament_key(tasks)
        store = ResultStore(Path(folder) / "games.sqlite")
        try:
            run_games(tasks, store, key, workers=workers)
            result = standings(players, store.records(key, players))
        finally:
            store.close()
    forfeits = tuple((game_id, reason.split(":")[0]) for game_id, reason in result.forfeits)
    shown_as = tuple(published[i] for i in chosen)
    return Leaderboard(entrants, attrs.evolve(result, players=shown_as, forfeits=forfeits))


def _qualify(spec: str, name: str, seconds: float, memory_mb: int) -> Entrant:
    shares = tuple(
        play_match(spec, test.opponent, seconds, memory_mb, test.share).share
        for test in QUALIFYING
        if test.opponent is not None  # every qualifying test has one
    )
    passed = all(share >= test.share for share, test in zip(shares, QUALIFYING, strict=True))
    return Entrant(name, shares, passed)


def _yes(qualified: bool) -> str:
    return "yes" if qualified else "no"


def _percent(share: float) -> str:
    return f"{share:.0%}"
