"""The ``oogames`` command's entry point (``python -m oogames`` runs it too).

It stands outside the package so that it runs before the package is imported. Importing
oogames and its command line takes half a second; Python's own Ctrl-C handler, in place
meanwhile, would end a command stopped then with a traceback of whatever import it
landed in. Here Ctrl-C ends the command at once while it starts (the system's default,
as for any program that has not begun its work: status 130 from a shell, no words),
and does what the command says of it once :func:`oogames.cli.main` runs. A Ctrl-C that
the command's parent ignores (a job started in the background by a script) stays
ignored.

It also sets how the command's text meets an encoding that cannot take every character
(an ASCII locale, ``PYTHONIOENCODING=ascii``, a Windows code page), where a tree's lines
printed, or a name typed with an accent, ended the command with a traceback: a character
the output cannot write is written as its escape (``\\u00b1``), as Python writes standard
error, and a byte typed that the input's encoding cannot read is kept as Python keeps such
bytes in file names (``surrogateescape``): refused as a move, saved to as a name. A
standard stream the caller closed (``<&-``) is the null device: input ends at once.

And it ends the process once the command has ended, though a plug-in's code left a thread
running (Python waits for every thread that is not a daemon: ``oogames play`` with such a
plug-in, quit, never ended). oogames' own threads are daemons.
"""

from __future__ import annotations

import io
import os
import signal
import sys


def main() -> int:
    """Import the command line with Ctrl-C ending the process, then run it with Python's
    own Ctrl-C handler (KeyboardInterrupt, which the command catches); once it is over,
    while Python ends, Ctrl-C ends the process again."""
    for name, mode, errors in (("stdin", "r", "surrogateescape"),
                               ("stdout", "w", "backslashreplace"),
                               ("stderr", "w", "backslashreplace")):  # fmt: skip
        stream = getattr(sys, name)
        if stream is None:  # closed by the caller (<&-): read nothing, write nowhere
            setattr(sys, name, open(os.devnull, mode, errors=errors))  # noqa: SIM115
        elif isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
    ours = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if ours:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    from oogames.cli import main as command

    if ours:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        try:
            status = command()
        finally:
            if ours:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
    except KeyboardInterrupt:  # one that came as the command ended, past its own handling
        return 130
    except SystemExit as stop:  # a refusal (status 2), --help (0)
        if not isinstance(stop.code, int):
            raise
        status = stop.code
    return _without_threads_left(status)


def _without_threads_left(status: int, seconds: float = 1.0) -> int:
    """``status``, once the threads Python would wait for (not daemons, which oogames'
    are) have ended, given ``seconds``; if some have not, the process ends here with
    ``status``, saying which (:func:`oogames.ui.leaving.end_now`)."""
    import threading
    import time

    from oogames.ui.leaving import end_now

    end = time.monotonic() + seconds
    left = []
    for thread in threading.enumerate():
        if thread is not threading.main_thread() and not thread.daemon:
            thread.join(max(0.0, end - time.monotonic()))
            if thread.is_alive():
                left.append(thread.name)
    if not left:
        return status
    print(
        f"oogames: the command has ended; {len(left)} thread(s) that oogames did not start "
        f"were still running and end with it: {', '.join(left)[:200]}",
        file=sys.stderr,
    )
    end_now(status)
