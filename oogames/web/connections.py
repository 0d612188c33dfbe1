"""The connections ``oogames serve`` holds: each request must arrive whole in time, and one
client address, or all of them, may hold only so many open (:func:`guarded_protocol`).

uvicorn closes a connection that sits idle *after* a response (its keep-alive timeout),
but not one that never finishes a request: a client that opened a connection and sent
nothing, or a byte now and then, held it for ever. 1,100 such connections, from one
program on one machine, took every file the server's process may open (1,024 by
default): every page then waited in vain, and each refused connection printed a
traceback. Now:

- a connection has ``request_seconds`` (:class:`~oogames.web.limits.GameLimits`) to
  send a whole request (its head and its body), from when it opens or its previous
  answer ends, and a second more for each :data:`BYTES_A_SECOND` bytes it sends
  meanwhile; then it is closed;
- a connection past ``connections``, or past ``connections_per_client`` from one
  address, is answered 503 and closed at once, and the connections are never more
  than the process may open files for (:data:`FILES_KEPT_BACK` kept back);
- if the process runs out of files all the same, that is said in one line a minute
  (:class:`OutOfFiles`), not a traceback a connection.

Connections from the machine itself (``127.0.0.1``, ``::1``) count only towards all
connections, not as one address: a proxy on the same machine brings every client's
connections from there (the requests it forwards are counted by the client they name,
see :func:`~oogames.web.limits.client_of`).

What this relies on: uvicorn's h11 protocol (``H11Protocol``, given to uvicorn as its
``http`` class: uvicorn uses it whatever else is installed) and its attributes ``conn``
(h11's connection, whose ``their_state`` says whether a request is in whole), ``client``,
``transport`` and ``loop``. ``tests/test_web_connections.py`` runs each rule on real
sockets, and fails if any of them changes.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections import Counter
from typing import TYPE_CHECKING, Final, cast

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from oogames.web.limits import client_of

if TYPE_CHECKING:
    from oogames.web.limits import GameLimits

BACKLOG: Final = 100
"""The connections the system queues for the server to take (uvicorn's ``backlog``, 2,048
by default): asyncio takes up to this many at a time before it can close those past the
limits, so these are open files too."""

FILES_KEPT_BACK: Final = BACKLOG + 100
"""Open files the server keeps back from its connections, for those it takes before it
can refuse them (:data:`BACKLOG`), and a hundred for its games' files, its threads and
Python's own. The connections allowed are at most the process's limit of open files less
these."""

BYTES_A_SECOND: Final = 500
"""A request that is still coming is given a second more for each this many bytes it
sends (Apache's ``mod_reqtimeout`` rule): a large upload over a slow line arrives, a
request sent a byte now and then does not."""

LOCAL: Final = frozenset({"127.0.0.1", "::1"})
"""The addresses of the machine itself, whose connections count only towards the total."""

_BUSY_TEXT: Final = b"too many connections are open: try again in a few seconds\n"
_BUSY: Final = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"retry-after: 10\r\nconnection: close\r\ncontent-length: %d\r\n\r\n%s"
    % (len(_BUSY_TEXT), _BUSY_TEXT)
)
"""What a connection past the limits is told before it is closed."""


def guarded_protocol(limits: GameLimits, files: int | None) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (h11's), each connection held to ``limits``' time to send
    a request and their counts of connections, with at most ``files`` (the process's limit
    of open files, None: unknown) less :data:`FILES_KEPT_BACK` open at once."""
    most = limits.connections
    if files is not None:
        most = max(1, min(most, files - FILES_KEPT_BACK))
    per_client = limits.connections_per_client
    seconds = limits.request_seconds
    open_from: Counter[str] = Counter()
    everyone = [0]

    class Guarded(H11Protocol):
        """One connection: uvicorn's, with a deadline for each request and the counts."""

        _deadline: asyncio.TimerHandle | None = None
        _until = 0.0
        _counted: str | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(cast(asyncio.Transport, transport))
            host = self.client[0] if self.client else None
            client: str | None = client_of(host)
            if host in LOCAL or client in LOCAL:  # the machine's own (::ffff:127.0.0.1 too)
                client = None
            if everyone[0] >= most or (client is not None and open_from[client] >= per_client):
                self.transport.write(_BUSY)
                self.transport.close()
                return
            everyone[0] += 1
            self._counted = client or ""
            if client is not None:
                open_from[client] += 1
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._request_in():
                self._disarm()  # its answer may take its time
            elif self._deadline is None:
                self._arm()  # the next request on a connection kept alive has begun
            else:  # a long request that keeps coming has longer (a large upload)
                self._until += len(data) / BYTES_A_SECOND

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._counted is not None:
                everyone[0] -= 1
                if self._counted:
                    open_from[self._counted] -= 1
                    if not open_from[self._counted]:
                        del open_from[self._counted]
                self._counted = None
            super().connection_lost(exc)

        def _request_in(self) -> bool:
            """Whether no request is still coming (h11: the client is neither idle before
            one nor sending one's body)."""
            return self.conn.their_state not in (h11.IDLE, h11.SEND_BODY)

        def _arm(self) -> None:
            self._disarm()
            self._until = self.loop.time() + seconds
            self._deadline = self.loop.call_at(self._until, self._too_late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_late(self) -> None:
            self._deadline = None
            if self._request_in():
                return
            if self.loop.time() < self._until:  # it has sent more since: later
                self._deadline = self.loop.call_at(self._until, self._too_late)
            else:
                self.transport.close()  # a request not in whole in time: let go

    return Guarded


class OutOfFiles(logging.Filter):
    """Says in one line, once a minute, that the process ran out of open files, where
    asyncio would log a traceback for each connection it could not take (every second)."""

    def __init__(self) -> None:
        super().__init__()
        self.said = -float("inf")

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether the log keeps ``record`` (rewritten to one line if it is out of files)."""
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, OSError) or error.errno not in (errno.EMFILE, errno.ENFILE):
            return True
        now = time.monotonic()
        if now - self.said < 60:
            return False
        self.said = now
        record.msg, record.args, record.exc_info = (
            "oogames: out of open files: new connections wait (see --max-connections)",
            (),
            None,
        )
        return True
