"""The ``oogames`` command's entry point (``python -m oogames`` runs it too).

It stands outside the package so that it runs before the package is imported. Importing
oogames and its command line takes half a second; Python's own Ctrl-C handler, in place
meanwhile, would end a command stopped then with a traceback of whatever import it
landed in. Here Ctrl-C ends the command at once while it starts (the system's default,
as for any program that has not begun its work: status 130 from a shell, no words),
and does what the command says of it once :func:`oogames.cli.main` runs. A Ctrl-C that
the command's parent ignores (a job started in the background by a script) stays
ignored.
"""

from __future__ import annotations

import signal


def main() -> int:
    """Import the command line with Ctrl-C ending the process, then run it with Python's
    own Ctrl-C handler (KeyboardInterrupt, which the command catches); once it is over,
    while Python ends, Ctrl-C ends the process again."""
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
    return status
