"""``oogames serve``: run the browser view's app (:mod:`oogames.web.app`) on uvicorn until
Ctrl-C, ``kill`` or its terminal closing (:data:`~oogames.ui.leaving.SIGNALS`), which end
the open pages' streams of news and then the server, the games kept."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TextIO

from oogames.errors import UsageError, shown
from oogames.game.players import limit_searches
from oogames.ui.leaving import SIGNALS, handling, unheard
from oogames.web.app import create_app, default_folder
from oogames.web.limits import DEFAULT_LIMITS, GameLimits

SWITCH_SECONDS = 0.0005
"""How often the server's threads hand over Python's lock (``sys.setswitchinterval``)."""

SEARCHES_AT_ONCE = 2
"""How many of the server's computers search at once; the others wait their turn (see
:func:`oogames.game.players.limit_searches`)."""

SHUTDOWN_SECONDS = 2
"""How long Ctrl-C lets the requests under way finish before it ends them (the streams of
news of open pages, which would never finish, are ended at once)."""


def serve(
    host: str, port: int, folder: Path | None, out: TextIO, limits: GameLimits = DEFAULT_LIMITS
) -> int:
    """Run the server until Ctrl-C, ``kill`` or its terminal closing (uvicorn), within
    ``limits`` (see :func:`create_app`); returns the exit status: 0 after Ctrl-C, 128 + the
    signal's number after another (as the console's)."""
    import uvicorn

    from oogames.web.connections import BACKLOG, LOCAL, OutOfFiles, guarded_protocol

    try:  # refuse an address that cannot be listened on with one line, before uvicorn tries
        with socket.create_server((host, port)):
            pass
    except (OSError, ValueError, TypeError, UnicodeError) as error:  # TypeError: a NUL
        raise UsageError(f"cannot listen on {shown(host)} port {port}: {error}") from None
    where = folder or default_folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise UsageError(
            f"{'--data' if folder else 'the data folder'}: cannot use {shown(str(where))}: "
            f"{getattr(error, 'strerror', None) or error}"
        ) from None
    print(f"oogames: serving on http://{host}:{port}/ (games kept in {where}; Ctrl-C stops)",
          file=out, flush=True)  # fmt: skip
    if host not in LOCAL | {"localhost"}:
        print(
            f"oogames: listening on {host}: anyone who can reach this machine can play "
            "and see the games",
            file=out,
            flush=True,
        )
    # The computers search in threads of this process, and every step of a request (each
    # await, each read and write) takes Python's lock back from them: handed over every
    # 5 ms by default, a request waited 40 ms behind one search; every 0.5 ms, 8 ms. Beside
    # twenty searches it waited 180 ms: two search at once, the rest wait their turn, and a
    # request answers in 17 ms beside twenty thinking games (benchmarks/web_load.py).
    sys.setswitchinterval(SWITCH_SECONDS)
    limit_searches(SEARCHES_AT_ONCE)
    app = create_app(where, limits)

    class Server(uvicorn.Server):
        signalled = 0

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            """Each of :data:`~oogames.ui.leaving.SIGNALS` stops the server as Ctrl-C does,
            and is not raised again once it has stopped: uvicorn's own raised ``kill``'s
            SIGTERM again before the games were kept (the process ended there, the
            computers' last moves unsaved), and took no SIGHUP (a terminal closing)."""
            with handling(dict.fromkeys(SIGNALS, self.handle_exit)):
                yield

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            self.signalled = self.signalled or sig
            app.state.games.close()  # the open pages' streams end, not waited for
            super().handle_exit(sig, frame)

    logging.getLogger("uvicorn.error").addFilter(_not_cancelled)
    logging.getLogger("asyncio").addFilter(OutOfFiles())
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_protocol(limits, most_files()),
        backlog=BACKLOG,
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
    server = Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C as uvicorn starts
        server.run()
    lost = app.state.games.keep(SHUTDOWN_SECONDS)
    with unheard(out):  # a terminal that closed (SIGHUP) takes no words: the games are kept
        for why in lost:  # the stop reports what it could not keep, never says it kept it
            print(f"oogames: not saved: {why}", file=out, flush=True)
        kept = "the games are kept" if not lost else f"{len(lost)} game(s) not saved"
        print(f"oogames: stopped; {kept}", file=out, flush=True)
    return 0 if server.signalled in (0, signal.SIGINT) else 128 + server.signalled


def most_files() -> int | None:
    """The open files this process may have, raised first as far as the system lets it
    (the soft limit to the hard one: 1,024 is a common soft limit, where the hard one is
    far higher); None where that cannot be read."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return None if soft == resource.RLIM_INFINITY else soft


def _not_cancelled(record: logging.LogRecord) -> bool:
    """Whether uvicorn's log keeps ``record``: not the traceback of a request it ended
    itself when Ctrl-C's time for the requests under way ran out."""
    return not (record.exc_info and isinstance(record.exc_info[1], asyncio.CancelledError))
