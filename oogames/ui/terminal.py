"""Textual's driver, made to outlive its terminal: :func:`outliving_its_terminal`.

What this boundary trusts: not the terminal to stay. Textual writes to the terminal from a
thread, through a queue that holds 30 writes; a write that fails (the terminal closed:
OSError) ends that thread, and the write that then finds the queue full waits for ever, in
whatever thread made it: the app's, or the signal handler in which Textual draws the board
again on SIGCONT (Textual issue 6692). A terminal closing sends SIGHUP and SIGCONT, and the
board's leaving (:class:`~oogames.ui.leaving.SignalWatch`) came some 27 writes after: a few
more, a frame drawn on a loaded machine, and the process never ended (nor saved its game,
where the wait came before the leaving).
Here the writes no one can hear are let go (:func:`~oogames.ui.leaving.unheard`), so that
thread lives on, and writing never waits on a terminal that is gone.
"""

from __future__ import annotations

from functools import cache
from typing import TextIO, cast

from textual.app import App
from textual.driver import Driver

from oogames.ui.leaving import unheard


class LettingGo:
    """What Textual's writing thread writes to: ``stream``, whose writes and flushes that
    fail (its terminal gone) are let go, as :func:`~oogames.ui.leaving.unheard` does, not
    raised (which would end the thread).

    Args:
        stream: The terminal's stream (Textual's: standard error).
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text``, or let it go if the terminal is gone; returns its length."""
        with unheard(self.stream):
            self.stream.write(text)
        return len(text)

    def flush(self) -> None:
        """Flush, or let what is held go if the terminal is gone."""
        with unheard(self.stream):
            self.stream.flush()

    def fileno(self) -> int:
        """The stream's file descriptor."""
        return self.stream.fileno()

    def isatty(self) -> bool:
        """Whether the stream is a terminal."""
        return self.stream.isatty()


@cache
def outliving_its_terminal(driver: type[Driver]) -> type[Driver]:
    """``driver`` (a Textual driver class), its writes to the terminal made through
    :class:`LettingGo`. Textual keeps the stream a driver writes to in ``_file`` (Linux and
    macOS, Textual 8); a driver without one is as it was."""

    def __init__(
        self: Driver,
        app: App[object],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        driver.__init__(self, app, debug=debug, mouse=mouse, size=size)
        stream = getattr(self, "_file", None)
        if stream is not None:
            vars(self)["_file"] = LettingGo(stream)  # Textual's attribute, not typed

    return cast(type[Driver], type(driver.__name__, (driver,), {"__init__": __init__}))
