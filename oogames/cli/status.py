"""A line of progress on standard error: rewritten in place at a terminal, where a line
every few seconds would push everything else off the screen, and a line each time
elsewhere, where a log keeps them all.

>>> import io
>>> from oogames.cli.status import StatusLine
>>> log = io.StringIO()  # not a terminal
>>> status = StatusLine(log)
>>> status.show("1,000 nodes")
>>> status.show("2,000 nodes")
>>> status.end("stopped; 2,500 nodes")
>>> status.show("3,000 nodes")  # after the end: nothing
>>> print(log.getvalue(), end="")
1,000 nodes
2,000 nodes
stopped; 2,500 nodes
"""

from __future__ import annotations

import os
import shutil
import threading
from typing import TextIO

#: Back to the first column, then clear to the end of the screen; up ``n`` rows first.
CLEAR: str = "\r\x1b[J"
UP: str = "\x1b[{}A"


class StatusLine:
    """One line of progress written to ``file`` from any thread: at a terminal each
    :meth:`show` replaces the last (all its rows, when it is longer than the terminal is
    wide) and :meth:`end` clears it; elsewhere each is a line of its own."""

    def __init__(self, file: TextIO) -> None:
        self.file = file
        self.live = file.isatty()
        self._rows = 0  # the rows the text shown in place takes
        self._ended = False
        self._lock = threading.RLock()  # an end() cut by Ctrl-C is called again

    def show(self, text: str) -> None:
        """Show ``text`` as the progress so far (nothing once :meth:`end` was called)."""
        with self._lock:
            if self._ended:
                return
            if not self.live:
                print(text, file=self.file, flush=True)
                return
            self.file.write(self._clearing() + text)
            self.file.flush()
            self._rows = max(1, -(-len(text) // self._width()))

    def end(self, text: str = "") -> None:
        """Clear the progress shown in place, then write ``text`` (if any) as a line."""
        with self._lock:
            self._ended = True
            if self.live:
                self.file.write(self._clearing())
            if text:
                print(text, file=self.file, flush=True)
            else:
                self.file.flush()

    def _width(self) -> int:
        """The width of the terminal written to (standard error's, which may not be standard
        output's), else what :func:`shutil.get_terminal_size` says (``COLUMNS``, 80)."""
        try:
            columns = os.get_terminal_size(self.file.fileno()).columns
        except (AttributeError, ValueError, OSError):  # no file number, or no terminal
            columns = 0
        return max(1, columns or shutil.get_terminal_size().columns)

    def _clearing(self) -> str:
        rows, self._rows = self._rows, 0
        if not rows:
            return ""
        return (UP.format(rows - 1) if rows > 1 else "") + CLEAR
