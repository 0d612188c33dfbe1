"""Run a tournament's games, in this process or on a Dask cluster, storing each as it ends.

With one worker the games are played here, one after the other, with no Dask
at all. With more (``workers=N``) a local Dask cluster of N single-threaded
worker processes plays them, or an existing cluster (``scheduler=
"tcp://HOST:PORT"``); each game is a task, and the results reach the
database from this process as the tasks finish. Games already in the
database are not played again, so a run stopped in the middle (Ctrl-C, a
killed worker, a crash) goes on where it stopped.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from oogames.errors import SettingsError, one_line, shown
from oogames.game.changes import uninterrupted
from oogames.tournament.games import GameRecord, GameTask, play_game
from oogames.tournament.seated import SeatedRecord, SeatedTask, play_seated
from oogames.tournament.store import ResultStore

Progress = Callable[[int, int, int], None]
"""Called as games finish with (games done, games running, games in all)."""


def play_task(task: GameTask | SeatedTask) -> GameRecord | SeatedRecord:
    """Play one game of either kind: two players by colour, or any number by seat."""
    return play_seated(task) if isinstance(task, SeatedTask) else play_game(task)


def run_games(
    tasks: Sequence[GameTask] | Sequence[SeatedTask],
    store: ResultStore,
    key: str,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> int:
    """Play every game of ``tasks`` not yet in ``store`` and store each as it finishes.

    Args:
        tasks: The tournament's games.
        store: The results database.
        key: The tournament's fingerprint in the database.
        workers: 1: play here, without Dask; more: a local Dask cluster of that
            many worker processes (the extra ``oogames[scale]``).
        scheduler: The address of a running Dask scheduler (then ``workers`` is
            not used).
        progress: Told how many games are done, running and in all.

    Returns:
        How many games this run played.

    Raises:
        SettingsError: Dask is needed and not installed, or the scheduler cannot be reached.
    """
    finished = store.finished_ids(key)
    todo = [task for task in tasks if task.game_id not in finished]
    done = len(tasks) - len(todo)
    tell = progress or (lambda done, running, total: None)
    tell(done, 0, len(tasks))
    if scheduler is None and workers <= 1:
        for task in todo:
            tell(done, 1, len(tasks))
            store.add(key, play_task(task))
            done += 1
            tell(done, 0, len(tasks))
        return len(todo)
    with _client(workers, scheduler) as client:
        as_completed = importlib.import_module("distributed").as_completed
        slots = sum(client.nthreads().values()) or 1  # games that can run at once
        futures = client.map(play_task, todo, pure=False)
        try:
            left = len(futures)
            tell(done, min(left, slots), len(tasks))  # the others wait in the queue
            for future in as_completed(futures):
                record: GameRecord | SeatedRecord = future.result()
                store.add(key, record)
                done += 1
                left -= 1
                tell(done, min(left, slots), len(tasks))
        except BaseException:  # a signal or an error: the games cancelled now are no news
            quiet_dask()  # before the cancel, which a result being fetched logged (SIGTERM)
            raise
        finally:
            client.cancel(futures)
    return len(todo)


def quiet_dask() -> None:
    """Dask's log says nothing below a critical error (once a run is interrupted)."""
    logging.getLogger("distributed").setLevel(logging.CRITICAL)


def ignore_interrupts() -> None:
    """Run on each Dask worker (in its main thread): the worker ignores Ctrl-C (SIGINT),
    which the terminal sends to every process of the command; the command's own Ctrl-C
    ends the run and closes the workers, with no traceback of theirs. Where signals can
    be blocked, the workers never see one (:func:`_born_deaf`); this is for the others
    (Windows), from the moment it runs."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


_DEAF_TO: Final = {signal.SIGINT, signal.SIGTERM} | (
    {signal.SIGHUP} if hasattr(signal, "SIGHUP") else set()
)
"""The signals sent to every process of the command, which the workers never see: a
terminal's (Ctrl-C, its closing) and a service manager's stop (systemd's SIGTERM to the
whole group, which ended the workers first: Dask's warnings of lost tasks and restarted
workers came before the command's one line). The command closes the workers itself; Dask
stops a worker with a message, and kills it (SIGKILL) only if it does not go."""


@contextlib.contextmanager
def _born_deaf() -> Iterator[None]:
    """This thread blocks Ctrl-C (SIGINT), a terminal's closing (SIGHUP) and a stop (SIGTERM)
    for the block:
    the threads Dask starts in it, and the worker processes those start, inherit the block,
    so a signal the terminal sends to every process of the command never reaches a worker
    (one that came while a worker started printed its traceback; SIGHUP ended the workers
    and Python's resource tracker, which Dask then started again, with tracebacks). A
    signal sent meanwhile comes to this thread as the block ends. Where signals cannot be
    blocked (Windows), nothing."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _DEAF_TO - {signal.SIGINT})
    try:
        # Python starts the tracker of its processes' resources on first need, in the
        # thread that needs it, and unblocks SIGINT and SIGTERM there after (not SIGHUP):
        # started here, before they are blocked, and deaf to SIGHUP, which it does not ignore.
        importlib.import_module("multiprocessing.resource_tracker").ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, _DEAF_TO)
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextlib.contextmanager
def _client(workers: int, scheduler: str | None) -> Iterator[Any]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SettingsError(
            "playing on several workers needs Dask: pip install 'oogames[scale]' "
            "(or --workers 1 plays here)"
        ) from None
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout="10s")
        except Exception as error:  # unreachable, no address, or something that is not a
            # Dask scheduler answering there (one once sent a length that ran out of memory)
            raise SettingsError(
                f"--scheduler: cannot reach a Dask scheduler at {shown(scheduler)}: "
                f"{type(error).__name__}: {one_line(error)}"
            ) from None
        try:
            yield client
        finally:
            client.close()
        return
    cluster = client = None
    try:
        # Ctrl-C while the workers start waits for them: Dask cannot close a cluster it
        # was stopped making (its own closing at exit failed on it, with a traceback).
        with uninterrupted(), _born_deaf():
            cluster = distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,  # no dashboard; the scheduler's HTTP routes listen
                scheduler_kwargs={"dashboard_address": ":0"},  # on a free port, not 8787
            )
            client = distributed.Client(cluster)
            client.run(ignore_interrupts)
        yield client
    except BaseException:  # Ctrl-C, a signal, an error: closing stops games in the middle:
        if client is not None:  # Dask's warnings of it, here and in the workers, say nothing
            with contextlib.suppress(Exception):
                client.run(quiet_dask)
        quiet_dask()
        raise
    finally:
        with uninterrupted():  # and while they close
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
