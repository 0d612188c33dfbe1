"""The model changes its board one whole move at a time: :class:`BoardLock`.

What this boundary trusts: nothing of when a reader or a signal comes. Two things
could catch the board half-way through a change (a move played, undone or replayed,
or a new game put in place):

- another thread reading it: the web page's state, a download, a save while a
  computer plays, the terminal board's redraw. Readers hold the lock while they read.
- an exception that a signal's handler raises in the thread making the change:
  Ctrl-C's ``KeyboardInterrupt`` or the console's ``Leave``, in the console, where the
  model plays in the main thread. A board left with half a move (a stone set and no
  record of it, say) plays on wrongly and saves what it does not hold: 6 of 1,500
  Ctrl-Cs at random moments of a game of two computers did so before. A handler
  wrapped by :func:`held_back` (the console's are) waits while the main thread
  changes the board, and runs as soon as the change is whole. So does Python's own
  Ctrl-C handler, which a script that drives the model keeps: while the main thread
  changes the board, :meth:`BoardLock.changing` puts a held-back one in its place.
  A handler a program installs itself is its own to wrap.

>>> from oogames.game.changes import BoardLock
>>> lock = BoardLock()
>>> with lock.changing():
...     with lock:  # re-entrant: a change may read, and a change may hold another
...         pass
"""

from __future__ import annotations

import importlib
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType, TracebackType
from typing import ClassVar

# signal's own getsignal and signal turn each handler they return into an enum member when
# they can, which makes a change 11 µs dearer in a script; its C half's do not (0.6 µs).
_SIGNAL_C = importlib.import_module("_signal")

Handler = Callable[[int, FrameType | None], object]
"""A signal handler, as :func:`signal.signal` takes it."""


class _MainThreadChanges:
    """The main thread's changes under way, and the signals held back meanwhile."""

    depth: ClassVar[int] = 0  # changes under way in the main thread (one may hold another)
    held: ClassVar[list[tuple[Handler, int]]] = []

    @classmethod
    def hold(cls, handler: Handler, number: int, frame: FrameType | None) -> object:
        """Hold ``handler``'s signal until the change is whole; the same signal again
        runs it at once: a change that never ends (a plug-in game's move that loops, say)
        gives way to a second Ctrl-C."""
        if (handler, number) in cls.held:
            cls.held.remove((handler, number))
            return handler(number, frame)
        cls.held.append((handler, number))
        return None


def held_back(handler: Handler) -> Handler:
    """``handler`` as a signal handler that waits while the main thread changes a board
    (:meth:`BoardLock.changing`), then runs with the change whole; sent again meanwhile,
    it runs at once."""

    def handle(number: int, frame: FrameType | None) -> object:
        if _MainThreadChanges.depth:
            return _MainThreadChanges.hold(handler, number, frame)
        return handler(number, frame)

    return handle


def _hold_interrupt(number: int, frame: FrameType | None) -> None:
    """Python's own Ctrl-C handler, held back for the whole of a change (it is in place
    only then)."""
    _MainThreadChanges.hold(signal.default_int_handler, number, frame)


class BoardLock:
    """Held while the model changes its board (:meth:`changing`), and by a reader in
    another thread while it reads (``with lock:``), so that no one sees half a move.
    Re-entrant; never held while the views are told of a change, so that a view
    that waits for its own thread cannot wait for it."""

    def __init__(self) -> None:
        self._lock = threading.RLock()

    def __enter__(self) -> None:
        self._lock.acquire()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._lock.release()

    @contextmanager
    def changing(self) -> Iterator[None]:
        """Hold the lock for a change of the board; in the main thread, the handlers
        :func:`held_back` wraps, and Python's own Ctrl-C handler, wait until the change
        is whole (:func:`uninterrupted`)."""
        with uninterrupted(), self._lock:
            yield


@contextmanager
def uninterrupted() -> Iterator[None]:
    """A block the main thread does whole: Python's own Ctrl-C handler, and the handlers
    :func:`held_back` wraps, wait until it is over, then run (Ctrl-C's KeyboardInterrupt
    is raised as it ends); the same signal a second time runs at once. A board's change
    is one (:meth:`BoardLock.changing`); so is the start of a tournament's Dask cluster,
    which Dask cannot close half-made. In another thread it does nothing.

    >>> import os, signal
    >>> from oogames.game.changes import uninterrupted
    >>> before = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own
    >>> done = []
    >>> try:
    ...     with uninterrupted():
    ...         os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the middle
    ...         done.append("the rest of the block")
    ... except KeyboardInterrupt:
    ...     done.append("then the interrupt")
    >>> done
    ['the rest of the block', 'then the interrupt']
    >>> _ = signal.signal(signal.SIGINT, before)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    # Python's own Ctrl-C handler raises wherever it lands: held back from here on.
    # What a signal handler's exception, landing between any two steps, must not
    # leave behind (the held-back handler in Python's place, the count of changes,
    # Ctrl-Cs held for a change that is over) is read again on the way out, not from
    # a local variable that the exception kept from being set.
    outermost = not _MainThreadChanges.depth
    _MainThreadChanges.depth += 1
    try:
        if outermost and _SIGNAL_C.getsignal(signal.SIGINT) is signal.default_int_handler:
            _SIGNAL_C.signal(signal.SIGINT, _hold_interrupt)
        yield
    finally:
        _MainThreadChanges.depth -= 1
        if outermost:
            try:
                _end_of_changes()
            finally:
                _end_of_changes()  # again, if a signal handler's exception cut it short


def _end_of_changes() -> None:
    """The main thread's last change is over: Python's own Ctrl-C handler back in its
    place, then the handlers held meanwhile run (Ctrl-C's KeyboardInterrupt is raised
    here). Asked again, it does nothing more."""
    if _SIGNAL_C.getsignal(signal.SIGINT) is _hold_interrupt:
        _SIGNAL_C.signal(signal.SIGINT, signal.default_int_handler)
    # Taken after the handler is back: a Ctrl-C in between is among them.
    came = _MainThreadChanges.held[:]
    _MainThreadChanges.held.clear()
    for handler, number in came:
        handler(number, None)
