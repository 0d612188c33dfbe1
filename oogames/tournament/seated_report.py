"""What a seated tournament (:mod:`oogames.tournament.seated`) shows: its standings as
text, with rich's tables, as an HTML report with the ratings' picture, and as JSON."""

from __future__ import annotations

import json
import math
from typing import TextIO

from oogames.errors import counted
from oogames.tournament.report import (
    forfeit_lines,
    forfeits_html,
    plain_table,
    rating_cells,
    rating_json,
    rich_console,
    rich_table,
    standings_page,
)
from oogames.tournament.seated import SeatedStandings

HEADER = ["#", "player", "games", "placing score", "place", "firsts", "Elo", "95% interval"]
"""The standings table's columns."""


def games_line(result: SeatedStandings) -> str:
    """How many games of how many seats, and how the placing score reads."""
    return (
        f"{counted(result.games, 'game')} of {result.seats} seats; placing score: 1 first, 0 last "
        "(ties share), mean and 95 % interval; place: the mean place"
    )


def seated_rows(result: SeatedStandings) -> list[list[str]]:
    """The standings table (:data:`HEADER`): a row a player, best placing score first."""
    body = []
    for rank, i in enumerate(result.order(), 1):
        rating = result.ratings[i]
        mean, half = result.intervals[i]
        body.append(
            [
                str(rank),
                result.players[i],
                str(rating.games),
                f"{mean:.2f} ± {half:.2f}" if math.isfinite(half) else f"{mean:.2f}",
                f"{result.places[i]:.2f}",
                str(result.firsts[i]),
                *rating_cells(rating),
            ]
        )
    return body


def seated_text(result: SeatedStandings) -> str:
    """The standings as plain text."""
    lines = [games_line(result), plain_table(HEADER, seated_rows(result))]
    if result.forfeits:
        lines += ["", *forfeit_lines(result.forfeits)]
    return "\n".join(lines)


def seated_rich(result: SeatedStandings, file: TextIO) -> bool:
    """Print the standings with rich's table; False if rich is not installed."""
    console = rich_console(file)
    if console is None:
        return False
    console.print(rich_table(console, games_line(result), HEADER, seated_rows(result)))
    for line in forfeit_lines(result.forfeits):
        console.print(line, markup=False)
    return True


def seated_html(result: SeatedStandings, title: str) -> str:
    """A report page: the standings, the ratings' picture and the games not ended by the
    rules (every name escaped)."""
    page = standings_page(title, games_line(result), HEADER, seated_rows(result), result)
    return f"{page}{forfeits_html(result.forfeits)}</body></html>"


def seated_json(result: SeatedStandings) -> str:
    """The standings as JSON: each player's figures, best first, and the forfeits."""
    players = []
    for i in result.order():
        rating = result.ratings[i]
        mean, half = result.intervals[i]
        players.append(
            {
                "player": result.players[i],
                "games": rating.games,
                "placing_score": mean,
                "placing_score_half_interval": half if math.isfinite(half) else None,
                "mean_place": result.places[i],
                "firsts": result.firsts[i],
                **rating_json(rating),
            }
        )
    forfeits = [list(forfeit) for forfeit in result.forfeits]  # as a round robin's
    return json.dumps(
        {"seats": result.seats, "games": result.games, "players": players, "forfeits": forfeits},
        indent=2,
    )
