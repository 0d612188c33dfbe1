"""Tournaments between strategies (built-in and plug-ins): ``oogames tournament``.

- :mod:`oogames.tournament.games`: the schedule (round robin or gauntlet, both
  colours from the same openings) and one game played under a clock.
- :mod:`oogames.tournament.seated`: games of more players or chance, by seats and
  placings (:mod:`oogames.tournament.seated_report` shows their standings);
  :mod:`oogames.tournament.playing` plays one game of either kind under a clock.
- :mod:`oogames.tournament.runner`: the games played here or on a Dask cluster.
- :mod:`oogames.tournament.store`: every finished game in SQLite, for resuming.
- :mod:`oogames.tournament.ratings`: Elo by maximum likelihood, with intervals.
- :mod:`oogames.tournament.report`: standings, crosstable, HTML and JSON.
"""

from oogames.tournament.games import GameRecord, GameTask, play_game, schedule
from oogames.tournament.ratings import Rating, fit_ratings
from oogames.tournament.report import Standings, standings
from oogames.tournament.runner import run_games
from oogames.tournament.seated import (
    SeatedRecord,
    SeatedTask,
    play_seated,
    seated_schedule,
    seated_standings,
)
from oogames.tournament.store import ResultStore

__all__ = [
    "GameRecord",
    "GameTask",
    "Rating",
    "ResultStore",
    "SeatedRecord",
    "SeatedTask",
    "Standings",
    "fit_ratings",
    "play_game",
    "play_seated",
    "run_games",
    "schedule",
    "seated_schedule",
    "seated_standings",
    "standings",
]
