"""Signals: every way out of a search, whatever a signal handler raises, leaves the board."""

from __future__ import annotations

import contextlib
import dis
import os
import random
import re
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest
from helpers import AS_THE_COMMAND, CTRL_C_AS_AT_A_TERMINAL, WAITER, count, snapshot

from oogames import AlphaBetaFac, MinMax
from oogames.game.changes import BoardLock
from oogames.game.model import GameModel
from oogames.games import ConnectFourBoard, connect_four_lines
from oogames.nextmove.running import deep_call
from oogames.nextmove.specs import make_strategy

CASES = 200 if os.environ.get("OOGAMES_FUZZ") == "full" else 12


class TimeLimit(Exception):
    """What the alarm's handler raises."""


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.parametrize("how", ["alarm", "terminate"])
def test_an_exception_from_any_signal_handler_leaves_the_board_at_once(how: str) -> None:
    """SIGALRM raising an exception, SIGTERM made into SystemExit, at random moments of
    searches of every kind: analyze raises that very exception, and the board is as it
    was when it does (no search goes on working on it)."""
    rng = random.Random(how)
    number = signal.SIGALRM if how == "alarm" else signal.SIGTERM
    error = TimeLimit if how == "alarm" else SystemExit

    def handler(signum: int, frame: object) -> None:
        raise error("signal")

    before_handler = signal.signal(number, handler)
    try:
        for case in range(CASES):
            board = ConnectFourBoard.from_moves([rng.randrange(7) for _ in range(rng.randrange(6))])
            spec = rng.choice(["alphabeta", "alphabeta+tt+order@30", "mcts@30", "pvs+tt:14"])
            strategy = (
                MinMax(AlphaBetaFac())
                if spec == "alphabeta"
                else make_strategy(spec, connect_four_lines)
            )
            before = snapshot(board)
            timer = threading.Timer(rng.uniform(0.02, 0.2), os.kill, (os.getpid(), number))
            timer.start()
            ended: list[bool] = []
            with pytest.raises(error):
                strategy.analyze(board)
                ended.append(True)  # it ended before the signal (a position proved at once):
                time.sleep(5)  # the signal comes here, and this case tests nothing
            timer.join()
            assert snapshot(board) == before, (case, spec)
            board.play(board.legal_moves()[0])  # the board goes on as a board
            if not ended:
                count(f"an exception from the {how} signal's handler: the board as it was")
    finally:
        signal.signal(number, before_handler)


class _Tick(Exception):
    """What the alarm's handler raises in the test below, once a case."""


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
# A handler's exception that lands in a garbage collector's callback is dropped by Python
# itself ("Exception ignored in ..."): that case then tests nothing and is not counted.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_handler_raising_while_the_caller_waits_for_the_search_thread_breaks_nothing() -> None:
    """An exception from a signal handler at any moment of the caller's wait for the search
    thread (down to the wait's own lock operations) comes out as itself, and the search
    thread lives on, to be reused: no thread dies of it and no error replaces it. The
    caller's wait once used an Event, whose Python condition such an exception could leave
    released by the wrong thread; the full fuzz size tries 10,000 moments, as the other
    fuzz suites try 10,000 cases (each point of the handoff in Python is tried one by
    one below; this finds what lands inside the calls it makes)."""
    runs = 10_000 if os.environ.get("OOGAMES_FUZZ") == "full" else 500
    rng = random.Random(5)
    died: list[BaseException | None] = []
    armed = [False]

    def handler(signum: int, frame: object) -> None:
        if armed[0]:
            armed[0] = False
            raise _Tick

    before_handler = signal.signal(signal.SIGALRM, handler)
    before_hook = threading.excepthook
    threading.excepthook = lambda args: died.append(args.exc_value)
    try:
        deep_call(lambda: None, 100)  # the search thread exists, and waits for work
        threads = threading.active_count()
        for _ in range(runs):
            try:
                armed[0] = True
                signal.setitimer(signal.ITIMER_REAL, rng.uniform(0.0001, 0.003))
                deep_call(lambda: time.sleep(0.002), 100)
            except _Tick:
                count("a handler's exception while the caller waits: itself, the thread alive")
            finally:
                armed[0] = False
                signal.setitimer(signal.ITIMER_REAL, 0)
        time.sleep(0.1)
        assert not died
        # The search threads are reused: a caller that comes back before the thread is
        # idle again makes a second one, and no more are ever needed.
        assert threading.active_count() <= threads + 2
    finally:
        threading.excepthook = before_hook
        signal.signal(signal.SIGALRM, before_handler)


def _search_threads() -> int:
    return sum(thread.name == "oogames search" for thread in threading.enumerate())


def test_work_withdrawn_before_a_thread_took_it_starts_no_thread() -> None:
    """A caller cut by Ctrl-C before a search thread took its work withdraws it, and the
    work stays in the queue till a thread passes over it. The next search is not told
    by that entry that every thread is busy: it once was, and a thread was started each
    time, for good (the full signal fuzz ended with three more threads than it allows).
    2,000 rounds of three withdrawals, each followed at once by a search, start none."""
    from oogames.nextmove import running

    deep_call(lambda: None, 100)  # a search thread exists, and waits for work
    threads = _search_threads()
    for _ in range(2_000):
        for _ in range(3):
            handoff = running._Handoff(lambda: None, 100, "search")
            handoff.enqueue()
            assert handoff.withdraw()
        assert deep_call(lambda: 7, 100) == 7
        count("a search after three withdrawals, no thread started")
    assert _search_threads() == threads


class _CountedSlowly:
    """The search threads' queue, whose count is read slowly: a waiting thread is held
    until a caller counts the queue, and passes over the work withdrawn meanwhile."""

    def __init__(self, jobs: object) -> None:
        self.jobs = jobs
        self.counted = threading.Event()

    def put(self, job: object) -> None:
        self.jobs.put(job)  # type: ignore[attr-defined]

    def get(self) -> object:
        self.counted.wait(5)
        return self.jobs.get()  # type: ignore[attr-defined]

    def qsize(self) -> int:
        size: int = self.jobs.qsize()  # type: ignore[attr-defined]
        self.counted.set()
        time.sleep(0.1)  # the thread takes the withdrawn work, and the search, meanwhile
        return size


def test_a_thread_passing_over_withdrawn_work_while_a_caller_counts_starts_no_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A caller deciding whether to start a search thread reads the queue's length, the
    work withdrawn and the threads waiting, one after the other. A thread that passed over
    withdrawn work between the reads once made the count say one more piece of work than
    threads, and a thread was started for good (seen once, under load, in the test above).
    The queue is now counted last: a thread takes an entry before it counts itself busy
    or the withdrawn work gone, so a count torn between the reads is too low for a moment,
    never too high. Here the thread passes over two withdrawn entries, and takes the
    search, exactly while the caller counts: no thread is started."""
    from oogames.nextmove import running

    deep_call(lambda: None, 100)  # a search thread exists, and waits for work
    threads = _search_threads()
    slow = _CountedSlowly(running._jobs)
    monkeypatch.setattr(running, "_jobs", slow)
    for _ in range(3):
        handoff = running._Handoff(lambda: None, 100, "search")
        handoff.enqueue()
        assert handoff.withdraw()
    assert deep_call(lambda: 7, 100) == 7
    assert slow.counted.is_set()
    monkeypatch.undo()
    assert deep_call(lambda: 8, 100) == 8  # the thread waits on the queue again
    assert _search_threads() == threads
    count("a thread passing over withdrawn work while its caller counted, none started")


def test_a_handler_raising_inside_the_start_of_a_search_thread_comes_out_as_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A signal handler's exception that lands in ``Thread.start()`` just after the new thread
    began: CPython's start() then fails to take the thread out of its starting list and
    raises a KeyError in place of the handler's exception (seen once in CI's signal fuzz,
    after 2,405 of its 20,000 moments). The caller gets the handler's exception, and the
    thread, which runs, serves the next search."""
    from oogames.nextmove import running

    start_new_thread = threading._start_new_thread  # type: ignore[attr-defined]

    def started_then_interrupted(function: object, args: tuple[object, ...]) -> int:
        start_new_thread(function, args)
        thread = getattr(function, "__self__", None)  # start() passes thread._bootstrap
        if isinstance(thread, threading.Thread):
            thread._started.wait(5)  # type: ignore[attr-defined]
            time.sleep(0.05)  # it has left the starting list (_limbo)
        raise _Tick

    threads = threading.active_count()
    monkeypatch.setattr(threading, "_start_new_thread", started_then_interrupted)
    with pytest.raises(_Tick):
        running._start_worker()
    monkeypatch.setattr(threading, "_start_new_thread", start_new_thread)
    assert threading.active_count() == threads + 1  # the thread that began is kept
    time.sleep(0.05)  # it waits for work
    assert deep_call(lambda: 7, 100) == 7  # and serves the next search
    assert threading.active_count() == threads + 1


CALLS = {"CALL", "CALL_FUNCTION_EX"}
"""Instructions after which CPython 3.11 runs pending signal handlers (besides a
function's start and a loop's jump back)."""


def raising_at_step(
    step: int, module: types.ModuleType, fired: list[int] | None = None
) -> Callable[..., object]:
    """A trace function that raises :class:`_Tick` at the ``step``-th point of the main
    thread's run through ``module`` where a signal handler's exception can land: a
    function's start, a loop's jump back, and just after a call returns (its result not
    yet stored), and then appends ``step`` to ``fired``. Where CPython runs no handler
    (between taking a lock in ``with`` and the block), it raises nothing."""
    seen = [0]
    last: dict[int, str] = {}

    def tracer(frame: types.FrameType, event: str, arg: object) -> object:
        if frame.f_code.co_filename != module.__file__:
            return None
        frame.f_trace_opcodes = True
        if event == "opcode":
            op = dis.opname[frame.f_code.co_code[frame.f_lasti]]
            after, last[id(frame)] = last.get(id(frame)), op
            if op in {"RESUME", "JUMP_BACKWARD"} or after in CALLS:
                seen[0] += 1
                if seen[0] == step:
                    if fired is not None:
                        fired.append(step)
                    raise _Tick
        return tracer

    return tracer


def test_an_exception_at_every_step_of_handing_a_search_over_settles_the_search() -> None:
    """An exception at each point in turn of :func:`deep_call` where a signal handler's
    can land: it comes out as itself, and only once the search is settled, either never
    run (withdrawn before a search thread took it) or over; and no search thread is lost
    waiting for work that never comes. A handoff once kept in local variables whether it
    had put the work in a thread's queue: an exception landing between two steps left a
    thread waiting for ever, or let the caller leave while the search ran on."""
    from oogames.nextmove import running

    deep_call(lambda: None, 100)  # a search thread exists, and waits for work
    time.sleep(0.05)
    threads = threading.active_count()
    died: list[BaseException | None] = []
    before_hook = threading.excepthook
    threading.excepthook = lambda args: died.append(args.exc_value)
    started: list[bool] = []
    ended: list[bool] = []

    def work() -> None:
        started.append(True)
        time.sleep(0.002)
        ended.append(True)

    step = 0
    try:
        while True:
            step += 1
            started.clear()
            ended.clear()
            sys.settrace(raising_at_step(step, running))
            try:
                deep_call(work, 100)
            except _Tick:
                over_on_leaving = bool(ended)
            else:
                break  # the whole handoff ran before the step: every step was tried
            finally:
                sys.settrace(None)
            if started:
                assert over_on_leaving, step
                count("an exception while handing a search over: raised once it was over")
            else:
                time.sleep(0.01)
                assert not started, step  # withdrawn: no thread runs it later
                count("an exception while handing a search over: withdrawn, never run")
        assert step > 10
        time.sleep(0.05)
        assert not died
        assert threading.active_count() <= threads + 1
    finally:
        threading.excepthook = before_hook


def test_an_exception_at_every_step_of_starting_a_search_thread_leaves_no_trace() -> None:
    """An exception at each point in turn of starting a search thread where a signal
    handler's can land: the process-wide stack size is put back and the lock is free.
    An exception between setting the stack size and keeping the old one once left every
    thread started afterwards (anyone's) with a stack of 1 GiB."""
    from oogames.nextmove import running

    step = 0
    while True:
        step += 1
        sys.settrace(raising_at_step(step, running))
        try:
            running._start_worker()
        except _Tick:
            count("an exception while starting a search thread: nothing left changed")
        else:
            break
        finally:
            sys.settrace(None)
        assert running._process_lock.acquire(timeout=5), step
        running._process_lock.release()
        assert threading.stack_size(0) == 0, step
    assert step > 3


def read_lock(lock: BoardLock, free: list[bool]) -> None:
    """What another thread that reads the board does: take the lock (``free`` says
    whether it could, within 5 s) and give it back."""
    free.append(lock._lock.acquire(timeout=5))
    if free[-1]:
        lock._lock.release()


@pytest.mark.parametrize("ctrl_c", [False, True])
def test_an_exception_at_every_step_of_a_change_in_the_main_thread_leaves_nothing_behind(
    ctrl_c: bool,
) -> None:
    """An exception at each point in turn of a change of the board in a script's main
    thread (:meth:`BoardLock.changing <oogames.game.changes.BoardLock.changing>`), where
    a signal handler's (an alarm's) can land, with a Ctrl-C held back meanwhile or not:
    afterwards Python's own Ctrl-C handler is in its place, no change counts as under
    way, no Ctrl-C is left held for later, and the lock is free. Such an exception just
    after the held-back handler was put in place, or while the change ended, once left
    it there: every later Ctrl-C was held for a change that was over."""
    from oogames.game import changes
    from oogames.game.changes import _MainThreadChanges

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    lock = BoardLock()
    step = 0
    try:
        while True:
            step += 1
            fired: list[int] = []
            came: type[BaseException] | None = None
            sys.settrace(raising_at_step(step, changes, fired))
            try:
                with lock.changing():
                    if ctrl_c:
                        signal.raise_signal(signal.SIGINT)  # held until the change is over
            except (_Tick, KeyboardInterrupt) as error:  # the held Ctrl-C may come out first
                came = type(error)
            finally:
                sys.settrace(None)
            if not fired:  # the whole change ran before the step: every step was tried
                assert came is (KeyboardInterrupt if ctrl_c else None)
                break
            count("an exception while a change begins or ends: nothing left behind")
            free: list[bool] = []
            reader = threading.Thread(target=read_lock, args=(lock, free))
            reader.start()
            reader.join()
            assert free == [True], step
            assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, step
            assert _MainThreadChanges.depth == 0 and _MainThreadChanges.held == [], step
        assert step > 5
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def people_at_nim_with_ctrl_c_of(where: str) -> Iterator[GameModel]:
    """A game of Nim of two people, with Ctrl-C handled as in ``where``: the console's
    handlers, or a script's (Python's own), which is in place again afterwards."""
    from oogames.game.settings import GameSettings, PlayerSpec
    from oogames.ui.leaving import leaving_on_signals

    human = PlayerSpec.parse("human")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with leaving_on_signals() if where == "console" else nullcontext():
            yield GameModel(GameSettings(game="nim", players=(human, human)), start=False)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("where", ["console", "script"])
def test_ctrl_c_half_way_through_the_models_move_waits_for_the_move_to_be_whole(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the model plays in the main thread, Ctrl-C raises: a Ctrl-C that comes
    half-way through a move (the counter added to, the move not yet recorded) is raised
    once the move is whole, never leaving half a move on the game's board. In the
    console through its handlers (:func:`oogames.game.changes.held_back`); in a script
    that keeps Python's own handler, through the one the change puts in its place."""
    from oogames.games import NimBoard

    played = NimBoard._play
    handlers: list[object] = []

    def play_then_ctrl_c(self: NimBoard, player: int, move: object) -> object:
        done = played(self, player, move)
        handlers.append(signal.getsignal(signal.SIGINT))
        signal.raise_signal(signal.SIGINT)  # comes before the move is recorded
        return done

    with people_at_nim_with_ctrl_c_of(where) as model:
        monkeypatch.setattr(NimBoard, "_play", play_then_ctrl_c)
        with pytest.raises(KeyboardInterrupt):
            model.play("2")
        monkeypatch.undo()
        board = model.board
        assert board.moves == (2,) and board.total == 2 and board.to_move == 1
        assert board == NimBoard.from_moves([2])
        model.play("3")  # and the game goes on
        assert board.total == 5
    assert len(handlers) == 1 and handlers[0] is not signal.default_int_handler


@pytest.mark.parametrize("where", ["console", "script"])
def test_a_second_ctrl_c_ends_a_change_that_never_ends(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move that never ends (a plug-in game's ``_play`` that loops) holds the first
    Ctrl-C; the second is raised at once, and nothing is left held for later."""
    from oogames.game.changes import _MainThreadChanges
    from oogames.games import NimBoard

    sent = []

    def endless(self: NimBoard, player: int, move: object) -> object:
        while len(sent) < 10:  # only a signal's exception gets out (the test gives up at 10)
            sent.append(signal.SIGINT)
            signal.raise_signal(signal.SIGINT)
        raise AssertionError(f"{len(sent)} Ctrl-Cs held back: the change never gave way")

    with people_at_nim_with_ctrl_c_of(where) as model:
        monkeypatch.setattr(NimBoard, "_play", endless)
        with pytest.raises(KeyboardInterrupt):
            model.play("2")
        assert len(sent) == 2 and _MainThreadChanges.held == []
        assert _MainThreadChanges.depth == 0


def test_a_signal_during_a_change_is_delivered_after_it_and_once() -> None:
    """The handlers :func:`~oogames.game.changes.held_back` wraps wait for the main
    thread's change (nested ones too) and then run, once each, in the order they came."""
    from oogames.game.changes import BoardLock, held_back

    ran: list[int] = []
    handle = held_back(lambda number, frame: ran.append(number))
    lock = BoardLock()
    with lock.changing():
        handle(signal.SIGTERM, None)
        with lock.changing():
            handle(signal.SIGINT, None)
        assert ran == []  # the outer change is not over
    assert ran == [signal.SIGTERM, signal.SIGINT]
    handle(signal.SIGHUP, None)  # no change under way: at once
    assert ran == [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]


def test_a_search_runs_while_every_search_thread_is_busy_even_if_one_is_counted_waiting() -> None:
    """Searches from several threads at once (the page's games): each runs at once, even
    when every search thread is busy but one still counts itself waiting, as it does just
    after it took its work. The count was once read only when the work was handed over,
    and such a search then waited for another search to end."""
    from oogames.nextmove import running

    deep_call(lambda: None, 100)
    time.sleep(0.05)
    release = threading.Event()
    busy = [
        threading.Thread(target=deep_call, args=(release.wait, 100))
        for _ in range(running._waiting)
    ]
    for thread in busy:
        thread.start()
    answers: list[int] = []
    asking = threading.Thread(target=lambda: answers.append(deep_call(lambda: 7, 100)))

    def moment_over() -> None:
        with running._process_lock:
            running._waiting -= 1

    later = threading.Timer(0.2, moment_over)
    try:
        for _ in range(500):  # every search thread has taken a waiting search
            if running._waiting == 0:
                break
            time.sleep(0.01)
        with running._process_lock:
            running._waiting += 1  # one of them counts itself waiting still, for a moment
        later.start()
        asking.start()
        asking.join(10)  # a guard against waiting for ever, not a measure of speed
        assert answers == [7]
    finally:
        if later.is_alive():
            later.join()
        release.set()
        for thread in busy:
            thread.join()
        asking.join()


#: How each view is left from outside while the computer thinks: the signal, and whether
#: the terminal stays open to read the last words or closes at once (it sends SIGHUP
#: itself: a terminal window closed). The console takes SIGINT as Ctrl-C, which stops the
#: search and plays on, so it is left by the other two.
LEAVINGS = [
    ("console", "SIGTERM", "open"),
    ("console", "SIGHUP", "closed"),
    ("tui", "SIGINT", "open"),
    ("tui", "SIGTERM", "open"),
    ("tui", "SIGTERM", "closed"),
    ("tui", "SIGHUP", "closed"),
]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("view", "name", "terminal"), LEAVINGS)
def test_a_signal_from_outside_keeps_the_game_in_a_recovery_file(
    view: str, name: str, terminal: str, tmp_path: Path
) -> None:
    """``oogames play`` (the console or ``--tui``) in a terminal, a move typed, then a signal
    from outside while the computer thinks: it leaves with 128 + the signal's number, the
    game kept in a recovery file that loads with the move, what the code registered with
    ``atexit`` run. Where the terminal stays open it says where the file is, and the
    terminal closing after that does not cut its exit short; where it closes at once (the
    window closed) nothing can be said, and the game is kept all the same. Before, a
    terminal closing at once lost the console's game and ended either view with status 1
    (the last words could not be written)."""
    leave_on_signal(view, name, terminal, tmp_path)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("name", ["SIGHUP", "SIGTERM"])
def test_a_terminal_gone_while_textual_has_more_to_write_than_it_holds_does_not_keep_it(
    name: str, tmp_path: Path
) -> None:
    """Textual writes to the terminal through a thread and a queue that holds 30 writes; once
    the terminal is gone, that thread ends at the first write that fails, and the write that
    finds the queue full waits for ever (Textual issue 6692). A closing terminal's SIGCONT
    and the board's leaving make some 27 writes: before, a few more (a frame drawn under
    load) and ``oogames play --tui`` never ended (its game unsaved, where the wait came
    before the board's leaving). Here the queue holds
    one write, so that the wait is sure to come (before: no end in 30 s): the board leaves
    all the same, as :func:`leave_on_signal` checks (:mod:`oogames.ui.terminal`)."""
    leave_on_signal("tui", name, "closed", tmp_path, textual_queue=1)


def leave_on_signal(
    view: str, name: str, terminal: str, tmp_path: Path, *, textual_queue: int = 0
) -> None:
    """``oogames play`` in a pseudo-terminal, a move typed, then the signal ``name`` while the
    computer thinks and the terminal left ``open`` or ``closed``: checks the exit status, the
    plug-in's ``atexit`` function and the recovery file. ``textual_queue``: how many writes
    Textual's queue to the terminal holds (0: its own bound)."""
    import pty
    import re
    import select

    from oogames.game.saving import load_game

    if view == "tui":
        pytest.importorskip("textual")
    number = getattr(signal, name)
    bot = tmp_path / "waiter.py"
    marker = tmp_path / "atexit-ran"
    at_exit = (
        f"import atexit, pathlib\natexit.register(pathlib.Path({str(marker)!r}).write_text, 'ran')"
    )
    queue = ""  # Textual's own bound, or one read as a driver starts:
    if textual_queue:
        writer = pytest.importorskip("textual.drivers._writer_thread")
        bound = writer.WriterThread(sys.stderr)._queue.maxsize  # where the child sets it:
        assert bound == writer.MAX_QUEUED_WRITES
        queue = f"import textual.drivers._writer_thread as w\nw.MAX_QUEUED_WRITES = {textual_queue}"
    bot.write_text(f"{WAITER}\n{at_exit}\n{queue}\n")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command line, in the pseudo-terminal
        os.environ.update(XDG_DATA_HOME=str(tmp_path), TERM="xterm-256color")
        flags = ["--tui"] if view == "tui" else []
        os.execv(sys.executable, [sys.executable, "-m", "oogames", "play", "tictactoe", *flags,
                                  "--player1", f"{bot}:Waiter"])  # fmt: skip
    said, done, status = b"", 0, 0

    def read_for(seconds: float) -> None:
        nonlocal said
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    said += os.read(fd, 65536)
                except OSError:  # the child has gone
                    return

    def wait_for(text: str, tries: int = 150) -> bool:
        for _ in range(tries):  # up to 30 s, on a loaded machine
            read_for(0.2)
            shown = re.sub(r"\x1b\[[0-9;?<>]*[A-Za-z]", "", said.decode(errors="replace"))
            if text in re.sub(r"\s+", " ", shown):
                return True
        return False

    try:
        assert wait_for("a move or a command" if view == "tui" else "Type help"), said[-300:]
        for _ in range(6):  # keys typed as the board first shows may come before its focus
            os.write(fd, b"b2\r")
            if wait_for("is thinking", 25):
                break
        else:
            pytest.fail(f"the move was not played: {said[-300:]!r}")
        if name != "SIGHUP":
            os.kill(pid, number)
        if terminal == "open":
            assert wait_for("interrupted: the game is saved in"), said[-300:]
        os.close(fd)  # the terminal closes (now SIGHUP comes, and its output goes nowhere)
        for _ in range(150):
            time.sleep(0.2)
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
    finally:
        if not done:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        with contextlib.suppress(OSError):
            os.close(fd)
    assert done == pid
    leaving = os.waitstatus_to_exitcode(status)
    if terminal == "closed" and name != "SIGHUP":  # which came first, its SIGHUP or the kill
        assert leaving in (128 + number, 128 + signal.SIGHUP)
    else:
        assert leaving == 128 + number
    assert marker.read_text() == "ran"  # what the plug-in registered with atexit ran
    saved = list((tmp_path / "oogames" / "recovery").glob("tictactoe-*.json"))
    assert len(saved) == 1
    _, board = load_game(saved[0], trusted=[f"{bot}:Waiter"])
    assert board.moves == ((1, 1),)


CTRL_CS = 40 if os.environ.get("OOGAMES_FUZZ") == "full" else 6

_STARTED_AS_THE_COMMAND = (
    CTRL_C_AS_AT_A_TERMINAL
    + "import os\n"
    + "os.write(int(os.environ['OOGAMES_STARTED']), b'.')  # Python is up: time the Ctrl-C\n"
    + AS_THE_COMMAND
)


def test_ctrl_c_at_a_random_moment_of_a_command_prints_no_traceback() -> None:
    """Ctrl-C sent as a terminal sends it (to every process of the command) at a random
    moment of a command, from its imports to its end, run as the ``oogames`` command is:
    the command ends with status 130 and says it was interrupted (or what a solve had
    proven when it stopped) in its last line, or is
    ended by the signal (while it starts or ends), or had finished (0);
    never a traceback, from it or from a process it started. Before, 12 of 40 printed one
    (11 an import's, 1 Dask's of a cluster half made), and Dask workers starting printed
    theirs."""
    import subprocess

    rng = random.Random("ctrl-c")
    commands = [
        ["list"],
        ["solve", "tictactoe"],
        ["compare", "connectfour", "--depth", "5"],
        ["tree", "nim", "--strategy", "alphabeta+tt:5", "--max-nodes", "20"],
        ["demo", "pig", "--target", "12"],
        ["tournament", "nim", "--players", "random,alphabeta:2,mcts@0.05", "--games", "2",
         "--db", ":memory:"],  # on Dask's workers where Dask is installed
    ]  # fmt: skip
    for _ in range(CTRL_CS):
        words = rng.choice(commands)
        started, tell = os.pipe()
        process = subprocess.Popen(
            [sys.executable, "-c", _STARTED_AS_THE_COMMAND, *words],
            env={**os.environ, "OOGAMES_STARTED": str(tell)},
            pass_fds=(tell,),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        os.close(tell)
        os.read(started, 1)
        os.close(started)
        time.sleep(rng.uniform(0.05, 1.5))
        with contextlib.suppress(ProcessLookupError):  # ended already
            os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
        assert "Traceback" not in err, (words, err)
        assert process.returncode in (0, 130, -signal.SIGINT), (words, process.returncode, err)
        if process.returncode == 130:  # "interrupted", or solve's "stopped; proven ..."
            assert re.search(r"interrupted|: stopped; ", err.splitlines()[-1]), (words, err)
        count(f"Ctrl-Cs at a random moment of a command (status {process.returncode})")
