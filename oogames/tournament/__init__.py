"""Tournaments between strategies (built-in and plug-ins): ``oogames tournament``.

- :mod:`oogames.tournament.games`: the schedule (round robin or gauntlet, both
  colours from the same openings) and one game played under a clock.
- :mod:`oogames.tournament.runner`: the games played here or on a Dask cluster.
- :mod:`oogames.tournament.store`: every finished game in SQLite, for resuming.
- :mod:`oogames.tournament.ratings`: Elo by maximum likelihood, with intervals.
- :mod:`oogames.tournament.report`: standings, crosstable, HTML and JSON.
"""

from oogames.tournament.games import GameRecord, GameTask, play_game, schedule
from oogames.tournament.ratings import Rating, fit_ratings
from oogames.tournament.report import Standings, standings
from oogames.tournament.runner import run_games
from oogames.tournament.store import ResultStore

__all__ = [
    "GameRecord",
    "GameTask",
    "Rating",
    "ResultStore",
    "Standings",
    "fit_ratings",
    "play_game",
    "run_games",
    "schedule",
    "standings",
]
