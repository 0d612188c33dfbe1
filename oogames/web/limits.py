"""What a web server lets its clients start (:class:`GameLimits`): how many games it keeps
on disk, how fast one client may start them, how many pages it keeps up to date at once.
Read by ``oogames serve``'s flags and by the registry of games
(:class:`~oogames.web.registry.OpenGames`)."""

from __future__ import annotations

import ipaddress
from typing import Final

import attrs

from oogames.errors import SettingsError

MAX_GAME_FILES: Final = 10_000
"""The games a server keeps on disk at most (their files in its folder, whoever made
them). Past it, a new game or an upload is refused (HTTP 503) until the person who runs
the server makes room; a game's file is bounded by how long its game can last, so the
disk a server uses is bounded too."""

NEW_GAMES_A_MINUTE: Final = 60
"""The games (new ones and uploads) one client address may start in a minute; past it
the next is refused (HTTP 429, with when to ask again)."""

MAX_PAGES: Final = 500
"""The pages a server keeps up to date at once (each listens to its game's news, a
connection held open); past it a page gets 503 and is told to reload later. Every
page listening was kept open: a client that opened pages without end held the
server's memory and connections."""

PAGES_PER_CLIENT: Final = 50
"""The pages one client (see :func:`client_of`) may have kept up to date at once: one
client alone cannot take every page the server keeps (:data:`MAX_PAGES`) from the
others."""

MAX_CONNECTIONS: Final = 2 * MAX_PAGES
"""The connections a server holds open at once (twice the pages it keeps up to date:
each holds one, and asks with others); past it a new one is answered 503 and closed
(:mod:`oogames.web.connections`). Never more than the process may open files for,
less :data:`~oogames.web.connections.FILES_KEPT_BACK`."""

CONNECTIONS_PER_CLIENT: Final = 2 * PAGES_PER_CLIENT
"""The connections one client address may hold open at once (twice its pages); past it a
new one from there is answered 503 and closed."""

REQUEST_SECONDS: Final = 10
"""The seconds a connection has to send a whole request, from when it opens or its
previous answer ends, and to take an answer the system holds back for it; as long again
while it keeps sending or taking (see :data:`~oogames.web.connections.BYTES_A_SECOND`);
then it is cut. A connection that sent nothing, or a byte now and then, or read
nothing, was held for ever."""

CLIENTS_REMEMBERED: Final = 10_000
"""The client addresses whose starts of this minute are counted at most (the oldest are
forgotten first): what counts them is bounded too, however many addresses ask."""


@attrs.frozen
class GameLimits:
    """What a server lets its clients start and hold (``oogames serve --max-games``,
    ``--new-games-a-minute``, ``--max-pages``, ``--pages-per-address``,
    ``--max-connections``, ``--connections-per-address``, ``--request-seconds``).

    Args:
        files: The games kept on disk at most (:data:`MAX_GAME_FILES`).
        per_minute: The games one client address may start in a minute
            (:data:`NEW_GAMES_A_MINUTE`). An address is a connection's, or, from a
            proxy on the same machine, the ``X-Forwarded-For`` it sends, counted by
            :func:`client_of`; a classroom that reaches the server through one address
            counts as one client.
        pages: The pages kept up to date at once (:data:`MAX_PAGES`).
        pages_per_client: The pages one client may have kept up to date at once
            (:data:`PAGES_PER_CLIENT`).
        connections: The connections held open at once (:data:`MAX_CONNECTIONS`).
        connections_per_client: The connections one address may hold open at once
            (:data:`CONNECTIONS_PER_CLIENT`; the machine's own, a proxy's, count only
            towards ``connections``).
        request_seconds: The seconds a connection has to send a whole request, and to
            take an answer the system holds back for it (:data:`REQUEST_SECONDS`; as
            long again while it sends or takes 500 bytes a second).

    Raises:
        SettingsError: More pages than connections (each page holds one open).
    """

    files: int = MAX_GAME_FILES
    per_minute: int = NEW_GAMES_A_MINUTE
    pages: int = MAX_PAGES
    pages_per_client: int = PAGES_PER_CLIENT
    connections: int = MAX_CONNECTIONS
    connections_per_client: int = CONNECTIONS_PER_CLIENT
    request_seconds: int = REQUEST_SECONDS

    def __attrs_post_init__(self) -> None:
        for pages, connections, flags in (
            (self.pages, self.connections, ("--max-pages", "--max-connections")),
            (self.pages_per_client, self.connections_per_client,
             ("--pages-per-address", "--connections-per-address")),
        ):  # fmt: skip
            if pages > connections:
                raise SettingsError(
                    f"{flags[0]} {pages} is more than {flags[1]} {connections}: "
                    "each page kept up to date holds a connection open"
                )


DEFAULT_LIMITS: Final = GameLimits()
"""The limits of a server started without the flags of :data:`LIMIT_FLAGS`."""

LIMIT_FLAGS: Final = (
    ("--max-games", "files", "the games kept on disk; past it no game is started"),
    ("--new-games-a-minute", "per_minute", "the games one address may start in a minute"),
    ("--max-pages", "pages", "the pages kept up to date at once (each holds a connection)"),
    ("--pages-per-address", "pages_per_client", "the pages of one address kept up to date"),
    ("--max-connections", "connections", "the connections held open at once"),
    ("--connections-per-address", "connections_per_client", "the connections of one address"),
    (
        "--request-seconds",
        "request_seconds",
        "the seconds a connection has to send a request, or to take an answer",
    ),
)
"""The flags of ``oogames serve`` that set the limits: each flag, the field of
:class:`GameLimits` it sets (its default the field's) and its help."""


def client_of(host: str | None) -> str:
    """The client a request's address counts for: an IPv4 address itself, an IPv6 address
    its /64 network (one machine or home holds a whole /64, and would otherwise start a
    minute's games from each of its addresses), anything else as it is.

    >>> from oogames.web.limits import client_of
    >>> client_of("203.0.113.7"), client_of("2001:db8::1"), client_of("2001:db8::2")
    ('203.0.113.7', '2001:db8::/64', '2001:db8::/64')
    >>> client_of("::ffff:203.0.113.7"), client_of("testclient"), client_of(None)
    ('203.0.113.7', 'testclient', 'unknown')
    """
    if host is None:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a name (a test client's), or a Unix socket's path
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
