"""The connections ``oogames serve`` holds: each request must arrive whole in time and each
answer be taken in time, and one client address, or all of them, may hold only so many
open (:func:`guarded_protocol`).

uvicorn closes a connection that sits idle *after* a response (its keep-alive timeout),
but not one that never finishes a request, nor one whose client never reads its answer:
a client that opened a connection and sent nothing, or a byte now and then, held it for
ever. 1,100 such connections, from one program on one machine, took every file the
server's process may open (1,024 by default): every page then waited in vain, and each
refused connection printed a traceback. And 20 connections that each sent requests for
the page and read nothing held a server limited to 20 connections for ever. Now:

- a connection has ``request_seconds`` (:class:`~oogames.web.limits.GameLimits`) to
  send a whole request (its head and its body), from when it opens or its previous
  answer ends; one that has sent :data:`BYTES_A_SECOND` bytes a second meanwhile (a
  large upload) has as long again, and so on; else it is cut;
- an answer (or a page's stream of events) the client leaves unread has the same: from
  when the system takes no more of it, ``request_seconds``, as long again each time
  the client has taken :data:`BYTES_A_SECOND` bytes a second meanwhile; else the
  connection is cut;
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
``transport`` and ``loop``, and that it waits for the transport to resume writing before
it writes more; and asyncio's transports (``set_write_buffer_limits``,
``get_write_buffer_size``). ``tests/test_web_connections.py`` runs each rule on real
sockets, and fails if any of them changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import struct
import sys
import time
from collections import Counter
from typing import TYPE_CHECKING, Final, cast

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from oogames.web.limits import client_of

if TYPE_CHECKING:
    from oogames.web.limits import GameLimits

try:
    import fcntl
    import termios

    _SEND_QUEUE: int | None = termios.TIOCOUTQ  # SIOCOUTQ of a socket, on Linux
except (ImportError, AttributeError):  # Windows
    _SEND_QUEUE = None

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
"""A request that is still coming, or an answer still going, at this many bytes a second
at least over its time (``request_seconds``), is given its time again (the least rate of
Apache's ``mod_reqtimeout``): a large upload or page over a slow line arrives, one sent
or read a byte now and then does not. Its time is given again, not stretched by what it
moved: a burst of bytes buys no more than one time more."""

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
    a request and to take an answer, and their counts of connections, with at most
    ``files`` (the process's limit of open files, None: unknown) less
    :data:`FILES_KEPT_BACK` open at once."""
    most = limits.connections
    if files is not None:
        most = max(1, min(most, files - FILES_KEPT_BACK))
    per_client = limits.connections_per_client
    seconds = limits.request_seconds
    open_from: Counter[str] = Counter()
    everyone = [0]

    class Guarded(H11Protocol):
        """One connection: uvicorn's, with a deadline while a request is coming or an
        answer waits unread, and the counts."""

        _deadline: asyncio.TimerHandle | None = None
        _moved = 0  # bytes the client has sent or taken since its time began
        _counted: str | None = None
        _unsent = 0  # bytes of the answer the system had not taken (while writing waits)
        _held_up = False  # writing waits for the client to take what was written

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
            # Writing waits as soon as the system takes less than all that is written, so
            # that even a small answer left unread is timed (see pause_writing).
            self.transport.set_write_buffer_limits(high=0)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if not self._waiting():
                self._disarm()  # its answer may take its time
            elif self._deadline is None:
                self._arm()  # the next request on a connection kept alive has begun
            else:  # a long request that keeps coming may have longer (a large upload)
                self._moved += len(data)

        def pause_writing(self) -> None:
            super().pause_writing()
            self._held_up = True
            if self._deadline is None:
                self._arm()  # which measures what is unsent
            else:  # a request's time runs: what the client takes counts from here
                self._unsent = _unsent(self.transport)

        def resume_writing(self) -> None:
            super().resume_writing()
            self._held_up = False
            if not self._waiting():
                self._disarm()

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

        def _waiting(self) -> bool:
            """Whether the connection waits on its client: for a request still coming
            (h11: the client is idle before one or sending one's body), or to take an
            answer."""
            return self._held_up or self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

        def _arm(self) -> None:
            """Give the client ``seconds`` from now (what it has moved counted from now)."""
            self._disarm()
            self._moved = 0
            if self._held_up:
                self._unsent = _unsent(self.transport)
            self._deadline = self.loop.call_later(seconds, self._too_late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_late(self) -> None:
            self._deadline = None
            if not self._waiting():
                return
            if self._held_up:
                self._moved += max(0, self._unsent - _unsent(self.transport))
            if self._moved >= seconds * BYTES_A_SECOND:  # it keeps coming or going
                self._arm()
            else:  # not in whole, or not taken, in time: let go (what is unsent too)
                _reset(self.transport)

    return Guarded


def _unsent(transport: asyncio.Transport) -> int:
    """The bytes written to ``transport`` that its client has not taken: those asyncio
    holds and, on Linux, those in the system's queue (sent, not yet acknowledged), which
    may be megabytes: counted by asyncio's alone, an answer read steadily seemed to
    stand still until the client had read half the system's queue."""
    unsent = transport.get_write_buffer_size()
    connection = transport.get_extra_info("socket")
    if _SEND_QUEUE is not None and connection is not None:
        with contextlib.suppress(OSError):  # not a system that says (macOS): asyncio's
            queued = fcntl.ioctl(connection.fileno(), _SEND_QUEUE, b"\0\0\0\0")
            unsent += int.from_bytes(queued, sys.byteorder, signed=True)
    return unsent


def _reset(transport: asyncio.Transport) -> None:
    """Cut the connection of ``transport`` at once, and have the system drop what it
    still holds for the client (a reset: closed, it held megabytes for a client that
    never reads, for minutes)."""
    connection = transport.get_extra_info("socket")
    if connection is not None:
        with contextlib.suppress(OSError):
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


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
