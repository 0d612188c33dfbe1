"""What the browser view reads of a request's body, and its bounds: at most so many bytes
(:data:`MAX_BODY`, :data:`MAX_UPLOAD` for a save file), JSON nested at most
:data:`MAX_NESTING` deep. A body past its bound is read and dropped to its end while that
is near (:data:`MAX_DROPPED`), and refused; the routes of :mod:`oogames.web.app` answer a
refusal with its status and one line.

What this boundary trusts: nothing of the body but its length as it arrives; the JSON is
parsed only once its size and nesting are known to be small."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from starlette.requests import Request

from oogames.errors import shown
from oogames.parsing import unknown_field

MAX_UPLOAD = 256 * 1024
"""The largest save file an upload may send, in bytes."""

MAX_OPTIONS = 1000
"""The longest options text ``/api/seats`` reads (the form's options are a few words)."""

MAX_BODY = 16 * 1024
"""The largest JSON body of any other request, in bytes."""

MAX_DROPPED = 1024 * 1024
"""How much of a body past its bound is read and dropped, at most, so that the client reads
the refusal (a client's system may drop an answer it had not read when the server closes a
connection with data still coming); past it the connection is closed, so that a client
sending gigabytes holds neither the connection nor the server's time."""

MAX_NESTING = 32
"""How deeply a request's JSON may nest (a save file nests 3 deep)."""


class BadRequest(Exception):
    """A request the routes refuse (HTTP 400), with the line that says why."""


class TooBig(Exception):
    """A body past its bound (HTTP 413); ``cut`` when it was not read to its end (the
    connection is then closed after the answer)."""

    def __init__(self, message: str, cut: bool = False) -> None:
        super().__init__(message)
        self.cut = cut


async def json_body(request: Request, limit: int = MAX_BODY, what: str = "the request") -> object:
    """The request's JSON, a value the caller checks before it reads it; ``what`` names it
    in a refusal (``"that file"`` for an upload, as the page's person chose a file)."""
    kept: list[bytes] = []
    size = 0
    async for chunk in request.stream():  # what is past the limit is read, not kept
        size += len(chunk)
        if size <= limit:
            kept.append(chunk)
        elif size > limit + MAX_DROPPED:
            raise TooBig(f"{what} is too big (more than {limit + MAX_DROPPED:,} bytes)", True)
    if size > limit:  # read to its end all the same, so that the client reads the answer
        raise TooBig(f"{what} is too big ({size:,} bytes; at most {limit:,})")
    body = b"".join(kept)
    if nesting(body) > MAX_NESTING:  # before the parser's C recursion sees it
        raise BadRequest(f"{what} is not one to read: its JSON nests more than {MAX_NESTING} deep")
    try:
        return json.loads(body or b"{}")
    except (ValueError, RecursionError):  # not JSON, not UTF-8, a number over 4,300 digits
        raise BadRequest(f"{what} is not JSON") from None


async def json_fields(request: Request, fields: Sequence[str], shape: str) -> dict[str, object]:
    """The request's JSON object, each of whose keys is one of ``fields`` (a misspelt or
    unknown field is refused: left out, it would start a game other than the one asked
    for); ``shape`` is what a refusal shows the request should look like."""
    data = await json_body(request)
    if not isinstance(data, dict):
        raise BadRequest(f"send a JSON object: {shape}")
    key = unknown_field(data, fields)
    if key is not None:
        raise BadRequest(f"unknown field {shown(key)}; send {shape}")
    return data


_BRACKETS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def nesting(body: bytes) -> int:
    """How deeply ``body``'s brackets nest, outside strings (at most its length).

    >>> from oogames.web.bodies import nesting
    >>> nesting(b'{"a": [1, "]]][[["], "b": {}}')
    2
    """
    deepest = depth = 0
    for found in _BRACKETS.finditer(body):
        token = found.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest
