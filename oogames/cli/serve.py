"""``oogames serve``: the web server."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames.cli.common import Subcommand, flag, whole_from
from oogames.errors import SettingsError
from oogames.parsing import user_path
from oogames.web.limits import DEFAULT_LIMITS, LIMIT_FLAGS, GameLimits


def run_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Run the web server until Ctrl-C; returns the exit status."""
    try:
        from oogames.web.server import serve
    except ImportError:
        raise SettingsError(
            "the browser view needs Starlette: pip install 'oogames[web]'"
        ) from None
    folder = user_path(args.data, "--data") if args.data else None
    limits = GameLimits(**{field: getattr(args, field) for _, field, _ in LIMIT_FLAGS})
    return serve(args.host, args.port, folder, out, limits)


COMMANDS: Final = (
    Subcommand(
        "serve",
        help="play in the browser: a web server for the games (oogames[web])",
        description="Start a web server and print its address; the page plays every game "
        "against people or computers, with hints, undo, a stop button, downloads and "
        "uploads of save files. Every game is saved as it is played (--data), and kept "
        "when the server stops.",
        run=run_serve,
        flags=(
            flag("--host", default="127.0.0.1", help="the address to listen on"),
            flag("--port", type=whole_from(1, 65_535), default=8000, help="the port"),
            flag("--data", help="where the games are kept", note="the data folder"),
            *(
                flag(
                    name,
                    dest=field,
                    metavar="N",
                    type=whole_from(1, 10_000_000),
                    default=getattr(DEFAULT_LIMITS, field),
                    help=text,
                )
                for name, field, text in LIMIT_FLAGS
            ),
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
