"""Signals from outside keep the game: the terminal board's :class:`SignalWatch`, the
console's :func:`leaving_on_signals`.

What this boundary trusts: nothing of what a signal brings but its number. A signal may
come at any moment of a game; the first one makes the view leave, with the game saved to
a recovery file (:func:`~oogames.game.saving.recovery_text`) and the exit status 128 +
the signal's number, and later ones are ignored while it leaves. In the console,
SIGINT is Ctrl-C, which stops a search and, at the prompt, leaves the same way. Nor does
it trust the terminal to be there: SIGHUP comes as a terminal closes, so the game is
saved before a word is written, and words no one can hear are let go (:func:`unheard`).
"""

from __future__ import annotations

import asyncio
import atexit
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Final, NoReturn, TextIO

from oogames.game.changes import Handler, held_back

SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that make the app leave, from ``kill`` (SIGINT, SIGTERM) or a terminal
closing (SIGHUP), those of them the platform has (Windows has no SIGHUP)."""


class SignalWatch:
    """Catches :data:`SIGNALS` in a running app's event loop and hands the first to ``leave``.

    Args:
        leave: What the app does on the first signal, given its number (it saves the game
            and exits with 128 + the number).

    Attributes:
        signalled: The number of the signal that made the app leave, or 0.
    """

    def __init__(self, leave: Callable[[int], None]) -> None:
        self.leave = leave
        self.signalled = 0
        self._watching = False

    def start(self) -> None:
        """Catch the signals from now on (in the main thread only, where they come)."""
        if threading.current_thread() is not threading.main_thread():
            return
        loop = asyncio.get_running_loop()
        try:
            for number in SIGNALS:
                loop.add_signal_handler(number, self._caught, number)
        except NotImplementedError:  # Windows' event loop takes no signal handlers
            return
        self._watching = True

    def _caught(self, number: int) -> None:
        if not self.signalled:
            self.signalled = number
            self.leave(number)

    def stop(self) -> None:
        """Give the signals back (asyncio's defaults); once one made the app leave, later
        ones (the terminal closing after a ``kill``) are ignored: the exit is not cut short."""
        if not self._watching:
            return
        self._watching = False
        for number in SIGNALS:
            asyncio.get_running_loop().remove_signal_handler(number)
            if self.signalled:
                signal.signal(number, signal.SIG_IGN)

    def run(self, app: Callable[[], int | None]) -> int:
        """Run ``app`` (it returns when the app has ended) and return its exit status, as
        :meth:`end` does. After a signal the terminal may be gone (a terminal closing sends
        SIGHUP), so what the app writes as it leaves may fail (OSError): the game was saved
        before, and the status is 128 + the signal's number all the same."""
        try:
            status = app() or 0
        except OSError:  # the terminal went with the signal: its last words are lost
            if not self.signalled:
                raise
            status = 128 + self.signalled
        return self.end(status)

    def end(self, status: int) -> int:
        """``status``, once the app has ended; after a signal, the process ends here with
        it: the terminal may be gone, and Textual's input thread, which waits for a
        terminal to give back, would then keep the process from ending. The functions
        registered with :mod:`atexit` run first, as at a normal exit (Python runs them after
        its threads end, which this exit does not wait for)."""
        if not self.signalled:
            return status
        end_now(status)


def end_now(status: int) -> NoReturn:
    """End the process with ``status`` at once, not waiting for its threads: after the
    functions registered with :mod:`atexit` (Python runs them after its threads end, which
    this exit does not wait for) and what the standard streams hold, as far as they can
    take it (a terminal, if gone, cannot)."""
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with unheard(stream):
            stream.flush()
    os._exit(status)


@contextmanager
def unheard(stream: TextIO) -> Iterator[None]:
    """Words written to ``stream`` in this block are let go if no one can hear them: its
    terminal closed (and sent SIGHUP) or its reader went away, so writing failed
    (OSError). What it still held is let go too (:func:`let_go`)."""
    try:
        yield
    except OSError:
        let_go(stream)


def let_go(stream: TextIO) -> None:
    """Send what ``stream`` still holds and will be given to nowhere (:data:`os.devnull`):
    its terminal or reader is gone, and a write that fails again as the process ends would
    change its exit status (to 120)."""
    with suppress(OSError, ValueError):  # ValueError: a stream closed, or with no file
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


class Leave(BaseException):
    """Raised in the console's thread by a signal from outside (:func:`leaving_on_signals`):
    not an error, so that no ``except Exception`` takes it on its way out.

    Attributes:
        number: The signal's number.
    """

    def __init__(self, number: int) -> None:
        super().__init__(f"signal {number}")
        self.number = number


@contextmanager
def handling(handlers: dict[int, Handler]) -> Iterator[bool]:
    """In this block, each signal of ``handlers`` is handled by its handler; after it,
    their handlers are as before. Only the main thread can set them: elsewhere the block
    changes nothing. Yields whether the handlers are set."""
    if threading.current_thread() is not threading.main_thread():
        yield False
        return
    before = {number: signal.signal(number, handler) for number, handler in handlers.items()}
    try:
        yield True
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@contextmanager
def leaving_on_signals() -> Iterator[None]:
    """In this block, SIGTERM and SIGHUP raise :class:`Leave` (once; later ones are
    ignored), and they and Ctrl-C's ``KeyboardInterrupt`` wait while the board changes
    (:func:`~oogames.game.changes.held_back`: never half a move); after it, their handlers
    are as before. Only the main thread can set them: elsewhere the block changes nothing."""
    numbers = [number for number in SIGNALS if number != signal.SIGINT]

    def leave(number: int, frame: object) -> None:
        for each in numbers:
            signal.signal(each, signal.SIG_IGN)
        raise Leave(number)

    handlers: dict[int, Handler] = {number: held_back(leave) for number in numbers}
    interrupt = signal.getsignal(signal.SIGINT)
    if callable(interrupt):  # Python's own, KeyboardInterrupt
        handlers[signal.SIGINT] = held_back(interrupt)
    with handling(handlers):
        yield
