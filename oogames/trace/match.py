"""Strategies playing each other over a grid of N-in-a-row games (the Radboud report's Table 1).

:func:`run_match` plays, for each number in a row ``k``, board size and
depth, one game of Connect Four-style N-in-a-row between two strategies of
that depth, and records each side's evaluations (horizon positions scored),
nodes, the number of moves and the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from oogames.errors import BoardOptionError
from oogames.games.connectfour import ConnectFourBoard, connect_four_lines
from oogames.nextmove.grammar import StrategySpec
from oogames.nextmove.specs import make_strategy


@attrs.frozen
class MatchRow:
    """One game of the match."""

    k: int
    width: int
    height: int
    depth: int
    first: str
    second: str
    evaluations: tuple[int, int]
    nodes: tuple[int, int]
    moves: int
    result: str


def _check_size(width: int, height: int, k: int) -> None:
    """Refuse a board of the match's grid that cannot be made, naming the size and k it is
    given as (the board's own option, ``width``, is no flag of ``oogames match``)."""
    try:
        ConnectFourBoard(width, height, k)
    except BoardOptionError as error:
        raise BoardOptionError(f"the size {width}x{height} with k {k}: {error}") from None


def run_match(
    first: str,
    second: str,
    *,
    sizes: Sequence[tuple[int, int]] = ((7, 6),),
    ks: Sequence[int] = (4,),
    depths: Sequence[int] = (2, 3),
    seed: int | None = None,
    progress: Callable[[MatchRow], None] | None = None,
    db: str | Path = ":memory:",
    workers: int = 1,
    scheduler: str | None = None,
) -> list[MatchRow]:
    """Play one game per (k, size, depth): ``first`` (moving first) against ``second``.

    The games run on the tournament engine (:mod:`oogames.tournament.runner`): each is
    a task, played here (``workers=1``) or on a Dask cluster, and stored in the
    results database ``db`` as it ends, so a match run again with the same
    database plays only the games it does not find there.

    Args:
        first: A search name (``minimax``, ``alphabeta``, ...), searched to each depth.
        second: The opponent's search name.
        sizes: ``(width, height)`` boards.
        ks: How many in a row win.
        depths: Search depths (both sides search the same depth).
        seed: Seed for a ``random`` player.
        progress: Called with each row when its game is over (in the grid's order).
        db: The results database (default: in memory, kept for this call only).
        workers: Worker processes on a local Dask cluster (1: play here).
        scheduler: A running Dask scheduler's address.

    Raises:
        StrategySpecError: A search name is unknown.
        BoardOptionError: A size or k does not fit.
    """
    from oogames.tournament import ResultStore, run_games
    from oogames.tournament.games import GameTask, tournament_key

    tasks = []
    grid: list[tuple[int, int, int, int]] = []  # k, width, height and depth of each task
    for k in ks:
        for width, height in sizes:
            _check_size(width, height, k)  # a bad size or k stops here, before any game
            for depth in depths:
                specs = [
                    str(StrategySpec.parse(spec, people=False).with_depth(depth))
                    for spec in (first, second)
                ]
                for spec in specs:
                    make_strategy(spec, connect_four_lines, seed)
                grid.append((k, width, height, depth))
                tasks.append(
                    GameTask(
                        f"k{k}-{width}x{height}-d{depth}",
                        "connectfour",
                        {"width": width, "height": height, "k": k},
                        specs[0],
                        specs[1],
                        0,
                        1,
                        (),
                        seed or 0,
                    )
                )
    key = tournament_key(tasks)
    store = ResultStore(db)
    store.register(key, {"match": [first, second], "games": len(tasks)})
    run_games(tasks, store, key, workers=workers, scheduler=scheduler)
    found = {record.game_id: record for record in store.records(key)}
    store.close()
    rows = []
    for task, (k, width, height, depth) in zip(tasks, grid, strict=True):
        record = found[task.game_id]
        board = ConnectFourBoard(width, height, k)
        for text in record.moves:
            board.play(board.parse_move(text))
        row = MatchRow(
            k,
            width,
            height,
            depth,
            make_strategy(task.first, connect_four_lines, seed).name,
            make_strategy(task.second, connect_four_lines, seed).name,
            record.evaluated,
            record.nodes,
            len(record.moves),
            board.status_text() if record.reason == "rules" else f"forfeit: {record.reason}",
        )
        rows.append(row)
        if progress is not None:
            progress(row)
    return rows


def format_rows(rows: Sequence[MatchRow]) -> str:
    """The games as a table like the report's: evaluations of each side, moves, result."""
    if not rows:
        return "no games"
    a, b = (StrategySpec.parse(spec, people=False).name for spec in (rows[0].first, rows[0].second))
    lines = [
        f"{a} (X, first) against {b} (O)",
        f"{'k':>2} {'board':>6} {'depth':>5} {'evaluations X':>14} {'evaluations O':>14} "
        f"{'nodes X':>10} {'nodes O':>10} {'moves':>6}  result",
    ]
    for row in rows:
        lines.append(
            f"{row.k:>2} {f'{row.width}x{row.height}':>6} {row.depth:>5} "
            f"{row.evaluations[0]:>14,} {row.evaluations[1]:>14,} {row.nodes[0]:>10,} "
            f"{row.nodes[1]:>10,} {row.moves:>6}  {row.result}"
        )
    return "\n".join(lines)
