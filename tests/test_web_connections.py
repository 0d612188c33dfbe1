"""``oogames serve`` and the connections it holds (:mod:`oogames.web.connections`): a
connection that sends no whole request in time is closed, connections past the limits are
told 503, and a flood of connections past the files the process may open leaves the server
answering, with no traceback. Each server runs in a process of its own, on real sockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import count, start_server

pytest.importorskip("uvicorn", reason="the web server needs the extra oogames[web]")

#: A second a request, for tests that wait for the deadline.
QUICK = ("--request-seconds", "1")


def connect(address: str, source: str = "127.0.0.1") -> socket.socket:
    """A connection to the server at ``address`` from the local address ``source``."""
    host, port = address.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=5, source_address=(source, 0))


def closed(connection: socket.socket, within: float) -> bytes | None:
    """What the server sent before it closed ``connection`` within ``within`` seconds
    (None: still open then)."""
    connection.settimeout(within)
    said = b""
    try:
        while chunk := connection.recv(4096):
            said += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return said


def answers(address: str) -> int:
    """The status of a plain request to the server (0: no answer)."""
    try:
        return int(urllib.request.urlopen(f"{address}/api/meta", timeout=5).status)
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def served_again(address: str, within: float = 20) -> bool:
    """Whether the server answers a plain request with 200 within ``within`` seconds (on
    a busy machine the idle connections' time may end a little late)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        if answers(address) == 200:
            return True
        time.sleep(0.2)
    return False


Server = subprocess.Popen[str]


@pytest.fixture
def stopped() -> Iterator[list[Server]]:
    """Servers to stop after the test (each a process)."""
    servers: list[Server] = []
    yield servers
    for server in servers:
        server.kill()
        server.wait()


def output(server: Server) -> str:
    """What the server said, once stopped."""
    server.kill()
    return server.communicate(timeout=10)[0]


def test_a_connection_that_sends_no_whole_request_in_time_is_closed(
    tmp_path: Path, stopped: list[Server]
) -> None:
    """uvicorn held a connection that sent nothing, or a byte now and then, for ever: one
    that sent nothing, one that trickles a request's head, and one that trickles its next
    request after an answer (kept alive) are each closed once their second is up; a
    request in whole is answered meanwhile."""
    server, address = start_server(tmp_path, *QUICK)
    stopped.append(server)
    silent, trickling, kept = connect(address), connect(address), connect(address)
    kept.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
    kept.settimeout(5)
    assert kept.recv(4096).startswith(b"HTTP/1.1 200")
    start = time.monotonic()
    while time.monotonic() - start < 2.5:
        for connection in (trickling, kept):
            with contextlib.suppress(OSError):  # closed: what the test waits for
                connection.send(b"X")
        time.sleep(0.1)
    assert answers(address) == 200
    for connection in (silent, trickling, kept):
        assert closed(connection, 10) is not None
        count("connections closed for a request not sent in time")
    assert "Traceback" not in output(server)


def test_a_long_request_that_keeps_coming_is_given_its_time(
    tmp_path: Path, stopped: list[Server]
) -> None:
    """A request is given its time again while it sends 500 bytes a second: a new game's
    3,000 bytes sent over 2.5 seconds (more than its two seconds) are answered."""
    server, address = start_server(tmp_path, "--request-seconds", "2")
    stopped.append(server)
    body = json.dumps({"game": "tictactoe", "player0": "human", "player1": "human"})
    body += " " * (3_000 - len(body))
    head = (
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    connection = connect(address)
    connection.sendall(head.encode())
    for start in range(0, len(body), 120):
        connection.sendall(body[start : start + 120].encode())
        time.sleep(0.1)
    said = closed(connection, 10)
    assert said is not None and said.startswith(b"HTTP/1.1 200"), said


def asking(address: str, requests: int, source: str = "127.0.0.1") -> socket.socket:
    """A connection that asks for the page ``requests`` times in a row (pipelined, about
    24,600 bytes an answer), then once for the metadata, closing; it has read nothing yet."""
    connection = connect(address, source)
    connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" * requests + CLOSING)
    return connection


#: A request for the metadata, after which the server closes the connection.
CLOSING = b"GET /api/meta HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"


def test_a_connection_that_takes_no_answer_in_time_is_cut(
    tmp_path: Path, stopped: list[Server]
) -> None:
    """uvicorn held a connection whose client asked and read nothing for ever (its
    answers waiting to be sent): six such connections held a server allowing six from
    their address for ever. Each asks for 10 MB, more than the system holds for it (4 MB
    at most here), so that the server's answers wait: each is cut once its second is up,
    and their address is served again."""
    per_address = ("--pages-per-address", "2", "--connections-per-address", "6")
    server, address = start_server(tmp_path, *QUICK, *per_address)
    stopped.append(server)
    held = [asking(address, 400, "127.0.0.2") for _ in range(6)]
    time.sleep(0.3)
    refused = closed(connect(address, "127.0.0.2"), 5)
    assert refused is not None and refused.startswith(b"HTTP/1.1 503"), refused
    served = b""
    end = time.monotonic() + 20
    while not served.startswith(b"HTTP/1.1 200") and time.monotonic() < end:
        time.sleep(0.5)
        served = closed(asking(address, 0, "127.0.0.2"), 5) or b""
    assert served.startswith(b"HTTP/1.1 200"), served
    for connection in held:
        connection.close()
    count("connections cut for answers not taken in time")
    assert "Traceback" not in output(server)


def test_an_answer_read_slowly_but_steadily_is_given_its_time(
    tmp_path: Path, stopped: list[Server]
) -> None:
    """An answer is given its time again while its client takes 500 bytes a second: 300 pages
    (7.4 MB), read 8,000 bytes at a time with a pause between, over several times the
    server's one second, all arrive."""
    server, address = start_server(tmp_path, *QUICK)
    stopped.append(server)
    page = urllib.request.urlopen(f"{address}/", timeout=5).read()
    connection = asking(address, 300)
    start, said = time.monotonic(), bytearray()
    while chunk := connection.recv(8_000):
        said += chunk
        time.sleep(0.005)
    assert said.count(page) == 300 and said.count(b"HTTP/1.1 200") == 301, len(said)
    assert time.monotonic() - start > 2  # longer than the server's second
    count("answers read slowly but steadily, arrived whole")


def test_connections_past_the_limits_are_told_503_and_others_are_served(
    tmp_path: Path, stopped: list[Server]
) -> None:
    """One address may hold ``--connections-per-address`` open, and all of them
    ``--max-connections``: the next is told 503 and closed, another address is served, and
    once the idle connections' time is up (four seconds) the server serves everyone again."""
    limits = ("--max-pages", "4", "--pages-per-address", "2", "--max-connections", "12")
    server, address = start_server(
        tmp_path, "--request-seconds", "4", *limits, "--connections-per-address", "5"
    )
    stopped.append(server)
    held = [connect(address, "127.0.0.2") for _ in range(5)]
    time.sleep(0.2)
    said = closed(connect(address, "127.0.0.2"), 3)
    assert said is not None and said.startswith(b"HTTP/1.1 503"), said
    head, _, body = said.partition(b"\r\n\r\n")
    assert b"too many connections" in body and b"\r\nretry-after: 10\r\n" in head
    assert f"\r\ncontent-length: {len(body)}\r\n".encode() in head + b"\r\n"  # all of it
    other = connect(address, "127.0.0.3")
    other.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert (closed(other, 5) or b"").startswith(b"HTTP/1.1 200")
    held += [connect(address) for _ in range(7)]  # the machine's own: all of them, 12
    time.sleep(0.2)
    assert answers(address) == 503
    assert served_again(address)  # the held connections' time is up
    for connection in held:
        assert closed(connection, 10) is not None
    count("connections past the limits told 503, others served")
    assert "Traceback" not in output(server)


def test_a_flood_of_connections_past_the_files_it_may_open_leaves_the_server_answering(
    tmp_path: Path, stopped: list[Server]
) -> None:
    """1,100 idle connections took every file a server may open (1,024): every request
    then waited in vain, and each connection refused printed a traceback. With 300 files,
    600 idle connections: the server holds no more than it can, says nothing but one line,
    and answers once their time is up."""
    server, address = start_server(tmp_path, *QUICK, files=300)
    stopped.append(server)
    flood = []
    for _ in range(600):
        try:
            flood.append(connect(address))
        except OSError:  # the system's queue of connections is full: the flood waits
            break
    assert served_again(address)
    for connection in flood:
        connection.close()
    said = output(server)
    assert "Traceback" not in said and said.count("\n") <= 2, said
    count("a flood of connections past the server's files, the server answering")


def test_running_out_of_files_is_said_in_one_line_a_minute() -> None:
    """asyncio logs a traceback for each connection it cannot take for want of files (and
    tries again every second): the server's filter says it in one line, once a minute, and
    lets every other record through as it was."""
    import errno
    import logging

    from oogames.web.connections import OutOfFiles

    def record(error: BaseException) -> logging.LogRecord:
        return logging.LogRecord(
            "asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system resource",
            (), (type(error), error, None),
        )  # fmt: skip

    kept = OutOfFiles()
    first = record(OSError(errno.EMFILE, "Too many open files"))
    assert kept.filter(first) and first.exc_info is None
    assert first.getMessage().startswith("oogames: out of open files")
    assert not kept.filter(record(OSError(errno.ENFILE, "File table overflow")))
    other = record(ConnectionResetError(errno.ECONNRESET, "reset"))
    assert kept.filter(other) and other.exc_info is not None
    count("records of running out of files, said once")


class _Transport:
    """As much of an asyncio transport as a connection uses, with what the system has
    not taken of its writes set by the test, and the loop's time it was cut at."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop, self.unsent, self.cut_at = loop, 0, None

    def get_extra_info(self, name: str, default: object = None) -> object:
        return {"peername": ("192.0.2.1", 4000), "sockname": ("127.0.0.1", 80)}.get(name)

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        assert high == 0  # even a small answer left unread is timed

    def abort(self) -> None:
        self.cut_at = self.loop.time()

    def is_closing(self) -> bool:
        return self.cut_at is not None

    def write(self, data: bytes) -> None: ...
    def close(self) -> None: ...
    def pause_reading(self) -> None: ...
    def resume_reading(self) -> None: ...


def test_a_request_or_an_answer_is_given_its_time_again_while_500_bytes_a_second_move() -> None:
    """The rule on a connection driven by hand (real sockets on one machine hold
    megabytes of answers, so a test there cannot show it), with a second a request:

    - an answer of which nothing, or 400 bytes, are taken is cut at one second; one of
      which 100,000 bytes are taken at once, then nothing, at two;
    - a request's head with nothing more is cut at one second; one with 100,000 bytes
      of its body at once, then nothing, at two.

    A burst buys one second more, not 200 (as a second more each 500 bytes gave)."""
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    from oogames.web.connections import guarded_protocol
    from oogames.web.limits import GameLimits

    async def never_answers(scope: object, receive: object, send: object) -> None:
        await asyncio.Event().wait()

    protocol = guarded_protocol(GameLimits(request_seconds=1), None)
    config = Config(app=never_answers, http=protocol, log_level="error", lifespan="off")

    async def cut_at(taken: int, sent: int | None = None) -> float:
        """When a connection is cut, in seconds from its time's start: one whose answer
        waits and of which ``taken`` bytes are taken half a second on, or, if ``sent`` is
        given, one that sends a request's head and ``sent`` bytes of its body then."""
        loop = asyncio.get_running_loop()
        connection = protocol(config=config, server_state=ServerState(), app_state={})
        transport = _Transport(loop)
        connection.connection_made(transport)
        start = loop.time()
        if sent is None:
            connection.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")  # no deadline
            await asyncio.sleep(1.5)
            assert transport.cut_at is None  # an answer may take its time
            start = loop.time()
            transport.unsent = 200_000
            connection.pause_writing()
        await asyncio.sleep(0.5)
        if sent is None:
            transport.unsent -= taken
        else:
            head = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n"
            connection.data_received(head + b" " * sent)
        await asyncio.sleep(2.5)
        connection.connection_lost(None)
        assert transport.cut_at is not None
        return transport.cut_at - start

    for taken, seconds in ((0, 1), (400, 1), (100_000, 2)):
        assert asyncio.run(cut_at(taken)) == pytest.approx(seconds, abs=0.1), taken
        count("answers not taken, cut at their time")
    for sent, seconds in ((0, 1), (100_000, 2)):
        assert asyncio.run(cut_at(0, sent)) == pytest.approx(seconds, abs=0.1), sent
        count("requests not sent, cut at their time")


def post_body(address: str, size: int) -> tuple[int, bytes]:
    """Send a ``POST /api/games`` of ``size`` bytes (spaces) for as long as the server takes
    them: how many bytes it took before it closed the connection, and what it answered."""
    connection = connect(address)
    connection.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\nContent-Length: %d\r\n\r\n" % size
    )
    chunk, sent = b" " * (1 << 16), 0
    with contextlib.suppress(OSError):  # the server closed it: the client's system says so
        while sent < size:
            connection.sendall(chunk[: size - sent])
            sent += min(len(chunk), size - sent)
    return sent, closed(connection, 30) or b""


def test_a_body_past_the_limit_is_read_not_kept(tmp_path: Path, stopped: list[Server]) -> None:
    """The server read a request's whole body into memory before it refused it as too
    big: one request of 400 MB took 400 MB (so a few at once took every byte the machine
    had); and then, read and dropped, a client sending gigabytes held its connection and
    the server's time for as long as it sent. A body a little past its bound (500 KB) is
    read to its end and refused with its size (so that the client reads the answer); one
    of 200 MB is refused once 1 MB past its bound, its connection closed: the server
    takes a few MB of it (the systems' buffers), and the most memory it has held grows by
    less than 20 MB."""
    from oogames.web.app import MAX_BODY, MAX_DROPPED

    server, address = start_server(tmp_path)
    stopped.append(server)

    def memory() -> int:
        """The most memory the server has held (its peak, kB)."""
        status = Path(f"/proc/{server.pid}/status").read_text()
        return int(
            next(line for line in status.splitlines() if line.startswith("VmHWM")).split()[1]
        )

    sent, said = post_body(address, 500_000)
    assert sent == 500_000 and said.startswith(b"HTTP/1.1 413"), said
    assert b"too big (500,000 bytes; at most 16,384)" in said, said
    count("bodies a little past the limit, read to their end and refused with their size")
    before = memory()
    size = 200 << 20
    sent, said = post_body(address, size)
    assert sent < 40 << 20, sent  # the rest was never taken
    if said:  # the client's system may drop the answer, reset, before it is read
        assert said.startswith(b"HTTP/1.1 413"), said
        assert f"more than {MAX_BODY + MAX_DROPPED:,} bytes".encode() in said, said
    assert memory() - before < 20_000, (before, memory())  # kB
    assert served_again(address)
    count("bodies far past the limit, refused and cut without being kept")
