"""Standings of a tournament: scores, Elo with intervals, the crosstable, each pairing.

:func:`standings` computes them from the stored games; :func:`to_text` lays
them out for a terminal (with rich's tables when it is installed),
:func:`to_html` writes a report page with the tables and a picture of the
ratings, :func:`to_json` gives them to scripts.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

import attrs

from oogames.errors import counted
from oogames.pictures.svg import Svg
from oogames.tournament.games import GameRecord
from oogames.tournament.ratings import Rating, fit_ratings

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from oogames.tournament.seated import SeatedStandings


@attrs.frozen
class Standings:
    """What a tournament's games say of its players.

    Attributes:
        players: The players' specs, in the tournament's order.
        ratings: Each player's :class:`~oogames.tournament.ratings.Rating`.
        cross: ``cross[i][j]``: (points of i against j, games between them).
        pairings: For each pair that met: (i, j, wins of i, draws, wins of j).
        games: How many games were counted.
        forfeits: Games lost on time, by an illegal move or a crash: (game id, reason).
        distinct: How many of the games were distinct: two deterministic players
            replay one game from one opening with the same colours, and a replay
            tells nothing new. The ratings and their intervals count each distinct
            game once; the scores and the crosstable count every game.
    """

    players: tuple[str, ...]
    ratings: tuple[Rating, ...]
    cross: tuple[tuple[tuple[float, int], ...], ...]
    pairings: tuple[tuple[int, int, int, int, int], ...]
    games: int
    forfeits: tuple[tuple[str, str], ...]
    distinct: int

    def order(self) -> list[int]:
        """The players' places, best rating first."""
        return sorted(range(len(self.players)), key=lambda i: -self.ratings[i].elo)


def standings(players: Sequence[str], records: Sequence[GameRecord]) -> Standings:
    """The standings of ``players`` after ``records``."""
    size = len(players)
    cross = [[[0.0, 0] for _ in range(size)] for _ in range(size)]
    tally: dict[tuple[int, int], list[int]] = {}
    results = []
    seen: set[tuple[int, int, tuple[str, ...], str]] = set()  # the distinct games
    forfeits = []
    for record in records:
        a, b = record.first_index, record.second_index
        score = record.score_of(a)
        game = (a, b, record.moves, record.result)
        if game not in seen:
            seen.add(game)
            results.append((a, b, score))
        cross[a][b][0] += score
        cross[a][b][1] += 1
        cross[b][a][0] += 1 - score
        cross[b][a][1] += 1
        low, high = min(a, b), max(a, b)
        counts = tally.setdefault((low, high), [0, 0, 0])
        mine = record.score_of(low)
        counts[0 if mine == 1 else 1 if mine == 0.5 else 2] += 1
        if record.reason != "rules":
            forfeits.append((record.game_id, record.reason))
    fitted = fit_ratings(size, results)  # each distinct game once
    ratings = [  # every game's points in the table
        attrs.evolve(
            rating, games=int(sum(n for _, n in cross[i])), score=sum(p for p, _ in cross[i])
        )
        for i, rating in enumerate(fitted)
    ]
    return Standings(
        tuple(players),
        tuple(ratings),
        tuple(tuple((cell[0], int(cell[1])) for cell in row) for row in cross),
        tuple((i, j, c[0], c[1], c[2]) for (i, j), c in sorted(tally.items())),
        len(records),
        tuple(forfeits),
        len(results),
    )


def games_line(result: Standings) -> str:
    """How many games, and how many distinct when some were replays."""
    games = counted(result.games, "game")
    if result.distinct == result.games:
        return games
    return (
        f"{games}, {result.distinct:,} distinct (a deterministic pairing replayed an "
        "opening: the ratings and intervals count each distinct game once; more "
        "--openings make more distinct games)"
    )


def _points(value: float) -> str:
    return f"{value:g}"


def rows(result: Standings) -> list[list[str]]:
    """The standings table: rank, player, games, score, percent, Elo and its interval."""
    table = []
    for rank, i in enumerate(result.order(), 1):
        rating = result.ratings[i]
        share = 100 * rating.score / rating.games if rating.games else 0.0
        table.append(
            [
                str(rank),
                result.players[i],
                str(rating.games),
                _points(rating.score),
                f"{share:.1f}%",
                *rating_cells(rating),
            ]
        )
    return table


def rating_cells(rating: Rating) -> list[str]:
    """A rating as the standings show it, for both kinds of tournament: the Elo and its
    95 % interval, in whole points (``+81``, ``-117 to +279``)."""
    elo, low, high = (f"{round(value):+d}" for value in (rating.elo, rating.low, rating.high))
    return [elo, f"{low} to {high}"]


def rating_json(rating: Rating) -> dict[str, object]:
    """A rating as the JSON standings write it, for both kinds of tournament: the Elo and
    its 95 % interval, to a tenth of a point."""
    return {"elo": round(rating.elo, 1), "interval": [round(rating.low, 1), round(rating.high, 1)]}


def forfeit_lines(forfeits: Sequence[tuple[str, str]]) -> list[str]:
    """The games not ended by the rules, as the text and rich reports end: a count, then
    the first 20 with their reasons (none: no line)."""
    if not forfeits:
        return []
    lines = [f"games not ended by the rules: {len(forfeits)}"]
    return lines + [f"  game {game_id}: {reason}" for game_id, reason in forfeits[:20]]


HEADER = ["#", "player", "games", "score", "%", "Elo", "95% interval"]


def crosstable(result: Standings) -> list[list[str]]:
    """The crosstable: each row a player's points against each column's (by rank)."""
    order = result.order()
    table = []
    for rank, i in enumerate(order, 1):
        cells = [str(rank), result.players[i]]
        for j in order:
            points, games = result.cross[i][j]
            cells.append("-" if i == j else f"{_points(points)}/{games}" if games else "")
        table.append(cells)
    return table


def to_text(result: Standings | SeatedStandings) -> str:
    """The standings, the crosstable and the pairings as plain text (a seated
    tournament's: :func:`~oogames.tournament.seated_report.seated_text`)."""
    if not isinstance(result, Standings):
        from oogames.tournament.seated_report import seated_text

        return seated_text(result)
    lines = [games_line(result)]
    lines.append(plain_table(HEADER, rows(result)))
    lines.append("")
    lines.append("crosstable (points/games, rows against columns):")
    ranks = [str(n) for n in range(1, len(result.players) + 1)]
    lines.append(plain_table(["#", "player", *ranks], crosstable(result)))
    lines.append("")
    lines.append("pairings (wins-draws-losses of the first named):")
    for i, j, wins, draws, losses in result.pairings:
        lines.append(f"  {result.players[i]} vs {result.players[j]}: {wins}-{draws}-{losses}")
    if result.forfeits:
        lines += ["", *forfeit_lines(result.forfeits)]
    return "\n".join(lines)


def plain_table(header: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    """A table in plain text: a header and the rows, each column as wide as its widest."""
    widths = [max(len(str(row[c])) for row in [header, *body]) for c in range(len(header))]
    out = ["  ".join(str(cell).ljust(widths[c]) for c, cell in enumerate(header)).rstrip()]
    for row in body:
        out.append("  ".join(str(cell).ljust(widths[c]) for c, cell in enumerate(row)).rstrip())
    return "\n".join(out)


def rich_console(file: TextIO) -> Console | None:
    """A rich console writing to ``file``, or None if rich is not installed."""
    try:
        from rich.console import Console
    except ImportError:
        return None
    return Console(file=file)


def rich_table(
    console: Console, title: str, header: Sequence[str], body: Sequence[Sequence[str]]
) -> Table:
    """A table for rich (:func:`plain_table`'s and :func:`html_table`'s): the player's
    name to the left, every other column to the right. No figure is wrapped or cut (a
    long name wraps); a table wider than ``console`` is drawn without column lines and
    with less padding."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    # Every cell and the title as text, never read as markup: a player is a spec the user
    # wrote, a plug-in's path among them ("a[/]b.py:Bot" ended the run with a MarkupError).
    table = Table(title=Text(title))
    for index, name in enumerate(header):
        if name == "player":
            table.add_column(name, overflow="fold")
        else:
            widest = max((len(row[index]) for row in body), default=1)
            table.add_column(name, justify="right", min_width=widest)
    for row in body:
        table.add_row(*map(Text, row))
    if console.measure(table, options=console.options.update_width(10_000)).maximum > (
        console.width
    ):
        table.box, table.show_edge, table.pad_edge = box.SIMPLE_HEAVY, False, False
        table.collapse_padding = True
    return table


def print_rich(result: Standings | SeatedStandings, file: TextIO) -> bool:
    """Print the standings with rich's tables; False if rich is not installed."""
    if not isinstance(result, Standings):
        from oogames.tournament.seated_report import seated_rich

        return seated_rich(result, file)
    console = rich_console(file)
    if console is None:
        return False
    console.print(
        rich_table(
            console, f"standings after {counted(result.games, 'game')}", HEADER, rows(result)
        )
    )
    if result.distinct != result.games:
        console.print(games_line(result), markup=False)
    numbers = [str(n) for n in range(1, len(result.players) + 1)]
    cross = "crosstable (points/games, rows against columns)"
    console.print(rich_table(console, cross, ["#", "player", *numbers], crosstable(result)))
    for line in forfeit_lines(result.forfeits):
        console.print(line, markup=False)
    return True


def ratings_svg(result: Standings | SeatedStandings) -> str:
    """A picture of the ratings: each player's Elo with its 95 % interval."""
    order = result.order()
    low = min(result.ratings[i].low for i in order)
    high = max(result.ratings[i].high for i in order)
    if high - low < 1:
        low, high = low - 50, high + 50
    left, width, row = 220, 460, 26
    picture = Svg(left + width + 40, 50 + row * len(order), title="ratings")
    picture.rect(0, 0, picture.width, picture.height, fill="#ffffff")

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * width

    picture.line(x(0), 20, x(0), 30 + row * len(order), stroke="#bbbbbb", stroke_dasharray="3,3")
    picture.text(x(0), 14, "0", anchor="middle", fill="#777777")
    for place, i in enumerate(order):
        rating = result.ratings[i]
        y = 36 + place * row
        picture.text(left - 10, y + 4, result.players[i], anchor="end")
        picture.line(x(rating.low), y, x(rating.high), y, stroke="#3a78b5", stroke_width=2)
        picture.circle(x(rating.elo), y, 5, fill="#1f5fbf")
        picture.text(x(rating.high) + 6, y + 4, f"{rating.elo:+.0f}", fill="#333333")
    return picture.render()


def to_html(result: Standings | SeatedStandings, title: str) -> str:
    """A report page: the standings, the ratings picture, the crosstable and the pairings
    (a seated tournament's: :func:`~oogames.tournament.seated_report.seated_html`)."""
    if not isinstance(result, Standings):
        from oogames.tournament.seated_report import seated_html

        return seated_html(result, title)

    ranks = [str(n) for n in range(1, len(result.players) + 1)]
    pairings = [
        [result.players[i], result.players[j], f"{w}-{d}-{lost}"]
        for i, j, w, d, lost in result.pairings
    ]
    return (
        standings_page(title, games_line(result), HEADER, rows(result), result)
        + f"<h2>Crosstable</h2>{html_table(['#', 'player', *ranks], crosstable(result))}"
        f"<h2>Pairings</h2>{html_table(['player', 'against', 'wins-draws-losses'], pairings)}"
        f"{forfeits_html(result.forfeits)}</body></html>"
    )


def html_table(header: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    """A table in HTML, every cell escaped."""
    head = "".join(f"<th>{html.escape(str(cell))}</th>" for cell in header)
    lines = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in body
    )
    return f"<table><tr>{head}</tr>{lines}</table>"


def forfeits_html(forfeits: Sequence[tuple[str, str]]) -> str:
    """The games not ended by the rules, as a heading and a table (nothing if none)."""
    if not forfeits:
        return ""
    return f"<h2>Games not ended by the rules</h2>{html_table(['game', 'reason'], forfeits)}"


def standings_page(
    title: str,
    games: str,
    header: list[str],
    table: list[list[str]],
    result: Standings | SeatedStandings,
) -> str:
    """A report page up to the tables of its kind of tournament: its head, the line of its
    games, the standings and the ratings' picture (every name escaped)."""
    return (
        html_page(title) + f"<p>{html.escape(games)}.</p>"
        f"<h2>Standings</h2>{html_table(header, table)}"
        f"<h2>Ratings (Elo, 95% intervals)</h2>{ratings_svg(result)}"
    )


def html_page(title: str) -> str:
    """The head of a report page, its title escaped, up to its heading."""
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>"
        "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
        "td:nth-child(2),th:nth-child(2){text-align:left}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>"
    )


def to_json(result: Standings | SeatedStandings) -> str:
    """The standings as JSON (a seated tournament's:
    :func:`~oogames.tournament.seated_report.seated_json`)."""
    if not isinstance(result, Standings):
        from oogames.tournament.seated_report import seated_json

        return seated_json(result)
    return json.dumps(
        {
            "games": result.games,
            "distinct": result.distinct,
            "players": [
                {
                    "player": result.players[i],
                    "games": result.ratings[i].games,
                    "score": result.ratings[i].score,
                    **rating_json(result.ratings[i]),
                }
                for i in result.order()
            ],
            "crosstable": [[list(cell) for cell in row] for row in result.cross],
            "pairings": [list(pairing) for pairing in result.pairings],
            "forfeits": [list(forfeit) for forfeit in result.forfeits],
        },
        indent=2,
    )
