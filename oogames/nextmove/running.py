"""Running a search safely: the board put back whatever happens, and depth bounded by memory.

The Rice design recurses: ``map`` calls the lambda, the lambda makes a move,
the status visitor maps the child position. Each ply costs a handful of
Python frames, so CPython's default recursion limit (1,000 frames) stops a
search at about 140 plies. :func:`run_deep` runs a search in a thread of its
own with a large stack (:data:`STACK_BYTES`) and a raised recursion limit
(:data:`FRAME_LIMIT`): on CPython 3.11 a call from Python code to Python code
uses no C stack, so the limit, not the stack, bounds the depth, and memory
bounds the limit. A search that still goes deeper raises
:class:`~oogames.errors.SearchDepthError`, never :class:`RecursionError`.

:func:`restoring` puts the board back as it was when anything escapes from
the search: an :class:`~oogames.errors.OogamesError`, an exception from an
evaluation function, :class:`KeyboardInterrupt`. The search thread never
receives Ctrl-C itself (Python delivers signals to the main thread), so a
search is never interrupted half-way through a move: the waiting thread
asks it to stop through a :class:`StopFlag`, waits for it to put the board
back, and then raises :class:`KeyboardInterrupt`.

A search thread keeps its Python frames in one large block of memory
(:data:`FRAME_ROOM`). CPython 3.11 keeps a thread's frames in chunks of 16 KiB
and returns a chunk to the system (``munmap``) as soon as the frame at its
start returns, so a search whose depth swings across a chunk's end maps and
unmaps memory at every such swing: solving Connect Four 4 x 5 did so 122,625
times and spent a third of its time there. A worker thread therefore runs
its searches from inside a frame large enough to have CPython give it a chunk
of 4 MiB, of which the search's frames use the rest.
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, Final, Generic, TypeVar

from oogames.board.hints import search_hints
from oogames.errors import SearchDepthError

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel

T = TypeVar("T")

STACK_BYTES: Final = 1 << 30
"""The stack of a search thread, 1 GiB of address space, of which only what is used is mapped."""

FRAME_LIMIT: Final = 1_000_000
"""The recursion limit while a search runs (CPython's default is 1,000).

About seven frames make one ply of :class:`~oogames.MinMax`, so a search can go
about 140,000 plies deep. A Python frame needs no C stack on CPython 3.11
when Python code calls Python code; a call through C (a ``__call__``, a
cache decorator) needs well under :data:`STACK_BYTES` / :data:`FRAME_LIMIT`
bytes, so even such a chain ends in :class:`RecursionError`, not a crash.
"""

FRAME_ROOM: Final = 1 << 21
"""Bytes of the frame a search thread runs its searches from, beyond its own needs.

CPython gives a frame that does not fit the current chunk a chunk of the next
power of two at least its size: 4 MiB here, so about 2 MiB stay for the
search's frames (some 15,000 frames, 2,000 plies) before a chunk boundary.
"""


WAIT_SLICE: Final = 0.05
"""Seconds the caller of a search waits at a time, between looks at pending signals."""


def _call(job: Callable[[], None]) -> None:
    job()


def _roomy(function: Callable[[Callable[[], None]], None], room: int) -> Callable[..., None]:
    """``function`` with a frame ``room`` bytes larger (a deeper value stack, never used):
    on CPython, where a frame's size is its code's locals and stack size."""
    if sys.implementation.name != "cpython" or not isinstance(function, types.FunctionType):
        return function
    code = function.__code__
    code = code.replace(co_stacksize=code.co_stacksize + room // 8)
    return types.FunctionType(code, function.__globals__, function.__name__)


_call_with_room = _roomy(_call, FRAME_ROOM)

FRAMES_A_PLY: Final = 16
"""Frames a limit allows for each ply a game can still last (a search uses about seven;
decorators, tracers and evaluations add some)."""

FRAME_ROOM_ABOVE: Final = 2_000
"""Frames a limit allows beyond the plies, for the caller and an evaluation's own calls."""

#: Guards what the search threads share process-wide: the recursion limit, the stack size
#: that ``Thread.start`` reads, and the count of threads waiting for work.
_process_lock = threading.Lock()
_limit_needs: list[tuple[int, int]] = []  # each search under way: its thread, its frames
_limit_saved = 0


class StopFlag:
    """A request to stop, set from any thread or a signal handler; searches poll it.

    >>> from oogames.nextmove.running import StopFlag
    >>> flag = StopFlag()
    >>> flag.is_set
    False
    >>> flag.set()
    >>> flag.is_set
    True
    """

    __slots__ = ("is_set",)

    def __init__(self) -> None:
        self.is_set = False

    def set(self) -> None:
        """Ask the search to stop (a plain store: safe from a signal handler)."""
        self.is_set = True

    def clear(self) -> None:
        """Withdraw the request."""
        self.is_set = False


@contextmanager
def restoring(board: IBoardModel) -> Iterator[None]:
    """Put ``board`` back to the ply it had on entry if anything escapes from the block.

    Moves the block left on the board (the moves a search was exploring
    when it was interrupted) are taken back with the board's own undo
    records, newest first, so cells, counters, turn, status and key are
    restored exactly. A block that ends normally is left alone.
    """
    ply = board.ply
    try:
        yield
    except BaseException:
        while board.ply > ply:
            board.pop()
        raise


def frames_for(board: IBoardModel) -> int:
    """The recursion limit a search of ``board`` needs: enough for every ply the game can
    still last (its ``max_plies_left``), or :data:`FRAME_LIMIT` for a game that does not
    say how long it can last.

    The limit is process-wide, and C code that recurses (a JSON parser given deeply
    nested input) in another thread is bounded only by it: a limit no higher than the
    game needs keeps such a thread from running off its stack while a search runs.
    """
    plies = search_hints(board).max_plies_left()
    if plies is None or plies < 0:
        return FRAME_LIMIT
    return min(FRAME_LIMIT, FRAME_ROOM_ABOVE + FRAMES_A_PLY * plies)


@contextmanager
def _deep_frames(frames: int) -> Iterator[None]:
    """Raise the recursion limit to ``frames`` while the search runs: the limit is
    process-wide, so it is the most that any search under way needs, and back to what it
    was when none runs."""
    global _limit_saved
    need = (threading.get_ident(), frames)
    with _process_lock:
        if not _limit_needs:
            _limit_saved = sys.getrecursionlimit()
        _limit_needs.append(need)
        _set_limit()
    try:
        yield
    finally:
        with _process_lock:
            _limit_needs.remove(need)
            _set_limit()


def _set_limit() -> None:
    sys.setrecursionlimit(max([_limit_saved, *(frames for _, frames in _limit_needs)]))


def _start_worker() -> None:
    """Start one more search thread (it serves ``_jobs`` until the process ends)."""
    thread = threading.Thread(target=_loop, name="oogames search", daemon=True)
    with _process_lock:  # the stack size is process-wide and read by start()
        saved = 0  # Python's own, if a signal's exception cuts the next line short
        try:
            saved = threading.stack_size(STACK_BYTES)
            thread.start()
        except KeyError as error:  # a signal handler's (Ctrl-C, an alarm), in start()
            # CPython's start(), cut just after the thread began, hides the handler's
            # exception behind a KeyError of its own (the thread already left _limbo);
            # the thread runs, and serves the next search.
            if error.__context__ is not None:
                raise error.__context__ from None
            raise
        finally:
            threading.stack_size(saved)


def _loop() -> None:
    _call_with_room(_serve)


def _serve() -> None:
    """A search thread's life: serve the next handoff, and wait for the next. Starting a
    thread for each search costs more than a small search (touching a fresh stack), so
    threads are reused."""
    _local.deep = True
    _count_waiting(1)
    while True:
        _jobs.get()()  # counts this thread busy while it runs, waiting again before it ends


def _count_waiting(change: int, withdrawn: int = 0) -> None:
    global _waiting, _withdrawn
    with _process_lock:
        _waiting += change
        _withdrawn += withdrawn


class _Handoff(Generic[T]):
    """One piece of work for a search thread, and what came of it.

    Its caller may be cut at any moment by a signal handler's exception (Ctrl-C, an
    alarm), between any two steps of handing it over, so every step can be asked again:
    whether the work was handed over at all is decided by ``take`` and ``withdraw``,
    whichever comes first, and read from ``claims``, not from a local variable that the
    exception may have kept from being set.
    """

    __slots__ = ("claims", "done", "ended", "entry", "failure", "frames", "outcome", "what", "work")

    def __init__(self, work: Callable[[], T], frames: int, what: str) -> None:
        self.work = work
        self.frames = frames
        self.what = what
        self.claims: list[str] = []  # "run" from a thread, "withdrawn" from the caller
        # In the queue: 0 not yet (nor if cut just after the put: then counted as work), 1
        # there, 2 withdrawn there and counted in _withdrawn till a thread passes over it.
        self.entry = 0
        self.outcome: list[T] = []
        self.failure: list[BaseException] = []
        self.ended: list[bool] = []
        # Held until the work ends. A lock, not an Event: the caller's wait may be cut by
        # a signal handler's exception, and a lock's acquire, written in C, then leaves the
        # lock as it was, where an Event's Python condition can be left released by the
        # wrong thread (the thread's set() then fails, and the thread dies).
        self.done = threading.Lock()
        self.done.acquire()

    def take(self) -> bool:
        """A search thread claims the work: True unless the caller withdrew it first."""
        self.claims.append("run")
        return self.claims[0] == "run"

    def enqueue(self) -> None:
        """Put the work in the queue the search threads serve."""
        _jobs.put(self.serve)
        self.entry = 1

    def serve(self) -> None:
        """What a search thread does with the handoff: run it, unless withdrawn."""
        if self.take():
            _count_waiting(-1)
            self.run(in_thread=True)
        else:  # under the lock, after withdraw's block, which decided the claim under it
            _count_waiting(0, -(self.entry == 2))

    def withdraw(self) -> bool:
        """The caller gives the work up: True if no thread runs it, now or later. Safe to
        ask again after an interruption."""
        global _withdrawn
        with _process_lock:
            if "withdrawn" not in self.claims:
                self.claims.append("withdrawn")
                if self.claims[0] == "withdrawn" and self.entry == 1:
                    self.entry = 2
                    _withdrawn += 1
        return self.claims[0] == "withdrawn"

    def run(self, in_thread: bool) -> None:
        """Run the work, keep its result or its exception, and let the caller go on. In a
        search thread (``in_thread``), under the recursion limit the work needs, and the
        thread counts itself waiting before the caller goes on (a caller that hands over
        its next search at once then finds it waiting)."""
        limit = sys.getrecursionlimit()
        try:
            with _deep_frames(self.frames) if in_thread else nullcontext():
                limit = sys.getrecursionlimit()
                self.outcome.append(self.work())
        except RecursionError:
            self.failure.append(
                SearchDepthError(
                    f"the {self.what} went deeper than Python's frame limit allows "
                    f"({limit:,} frames, about {limit // 7:,} plies): give it a depth or a "
                    "clock (a game whose positions come round again, as Pig's, has no end "
                    "to search to, and says so with endless(); one that says how long it "
                    "can last, max_plies_left, gets the frames it needs); the board is "
                    "unchanged"
                )
            )
        except BaseException as error:  # carried to the caller's thread
            self.failure.append(error)
        finally:
            self.ended.append(True)
            if in_thread:
                _count_waiting(1)
            self.done.release()

    def wait(self) -> None:
        """Wait for the work to end, in short waits: a signal that another thread received
        has its handler run here, in the main thread, within one of them. While no thread
        has taken the work and more work waits than threads do (work withdrawn, which a
        thread passes over, not counted: each withdrawal once started a thread for good),
        one more thread is started, once (a thread that has just taken other work counts
        as waiting for a moment, so this is looked at again after each short wait; a thread
        for each handoff at most, so that searches handed over at once do not each start
        one for all). The queue is counted last: a thread takes an entry before it counts
        itself busy or the withdrawn work gone, so a count torn by a thread between the
        reads is too low for a moment (and looked at again), never too high."""
        started = False
        while not self.ended:
            withdrawn, waiting = _withdrawn, _waiting
            if not started and not self.claims and _jobs.qsize() - withdrawn > waiting:
                started = True
                _start_worker()
            self.done.acquire(timeout=WAIT_SLICE)

    def result(self) -> T:
        if self.failure:
            raise self.failure[0]
        return self.outcome[0]


_jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()  # handoffs' serve
_waiting = 0  # search threads waiting for a handoff (changed by those threads alone)
_withdrawn = 0  # handoffs withdrawn by their callers and still in the queue
_local = threading.local()


def _forget_threads() -> None:
    """In the child of a fork (``multiprocessing``'s way on Linux): only the thread that
    forked lives on, so no search thread waits for work, and the lock may be held by a
    thread that is gone. A search after a fork once waited for ever. The searches under
    way in the parent's other threads are gone too: the recursion limit they raised is
    put back (it once stayed raised in the child for good)."""
    global _process_lock, _jobs, _waiting, _withdrawn
    _process_lock = threading.Lock()
    _jobs = queue.SimpleQueue()
    _waiting = _withdrawn = 0
    if _limit_needs:
        here = threading.get_ident()  # a search that forked goes on in the child
        _limit_needs[:] = [need for need in _limit_needs if need[0] == here]
        _set_limit()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_threads)


def run_deep(
    board: IBoardModel, work: Callable[[], T], stop: StopFlag | None = None, what: str = "search"
) -> T:
    """Run ``work()``, a search of ``board``, deep-safe and exception-safe.

    ``work`` runs in a search thread with a :data:`STACK_BYTES` stack
    under a recursion limit the game needs (:func:`frames_for`), inside
    :func:`restoring`. Its result or its exception comes back to the
    caller. If the caller gets any exception while it waits
    (:class:`KeyboardInterrupt`, or what a signal handler raises: a time
    limit's alarm, SIGTERM made into :class:`SystemExit`), ``stop`` is set,
    the search is withdrawn if no thread has taken it yet or else waited for
    (it puts the board back), and that exception is raised: no search goes
    on working on the board after its caller has left.
    A search started inside a search (an evaluation that searches) runs at
    once in the same thread.

    Args:
        board: The board the search uses; it is left as it was on any exception.
        work: The search.
        stop: The flag the search polls, set on Ctrl-C (without one, Ctrl-C
            waits for the search to end).
        what: What runs, for the message of a search that goes too deep.

    Raises:
        SearchDepthError: The search went deeper than the recursion limit allows.
    """

    def restored() -> T:
        with restoring(board):
            return work()

    return deep_call(restored, frames_for(board), stop, what)


def deep_call(
    work: Callable[[], T], frames: int, stop: StopFlag | None = None, what: str = "search"
) -> T:
    """Run ``work()`` in a search thread (see :func:`run_deep`) under a recursion limit of
    ``frames``: for any work that recurses as deep as a game goes (a search, or drawing
    the tree a search made).

    Raises:
        SearchDepthError: It went deeper than ``frames`` allow.
    """
    handoff = _Handoff(work, frames, what)
    if getattr(_local, "deep", False):
        handoff.run(in_thread=False)
    else:
        _hand_over(handoff, stop)
    return handoff.result()


def _hand_over(handoff: _Handoff[T], stop: StopFlag | None) -> None:
    """Give ``handoff`` to a search thread and wait for it to end.

    An exception from a signal handler may land between any two steps here. It is kept
    and raised once the work is settled: ``stop`` is set, and the work is either
    withdrawn before any thread took it, or waited for (it puts the board back). So no
    search goes on after its caller has left, and no thread waits for work that never
    comes. (A second exception that lands while the first is being caught, in the few
    steps of the ``except`` clause, is not covered.)
    """
    interrupted: BaseException | None = None
    while True:
        try:
            if interrupted is None:
                handoff.enqueue()
                handoff.wait()
            else:
                if stop is not None:
                    stop.set()
                if not handoff.withdraw():
                    handoff.wait()
            break
        except BaseException as error:  # Ctrl-C, or any signal handler's exception
            if interrupted is None:
                interrupted = error
    if interrupted is not None:
        raise interrupted
