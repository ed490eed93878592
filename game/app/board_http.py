"""HTTP for the daily board, never blocking a frame (BRD-5).

``request(...)`` starts one request and returns a ``Reply`` at once; the screen polls
``Reply.poll()`` each frame. On the desktop the request runs in a thread (urllib); in the
browser the page's own ``fetch`` runs it (``threshold_http`` in ``web/threshold.tmpl``,
which also gzips the body with ``CompressionStream``), and the answer is read back as
one JSON string: plain strings and numbers are all that cross pygbag's bridge, so the
same code works there and under any other bridge (no promise is awaited from Python).

The game talks to the board only through HTTP: it never imports the server's package.
"""

from __future__ import annotations

import gzip
import itertools
import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from game import __version__
from game.app.platform import BROWSER

TIMEOUT_S = 20.0
MAX_URL = 300
"""The longest board address taken (it is kept in ``board.json``, read only up to 4 KiB)."""
MAX_ANSWER = 16 * 1024 * 1024
"""The most a board's answer may hold (a long run's recording is a few MB): more is not read."""
_IDS = itertools.count(1)


def board_url(text: str) -> str:
    """``text`` as a board's address (``http://`` or ``https://`` and a host, no query), without a
    trailing slash; ``ValueError`` otherwise.

    >>> board_url("https://board.example.org/")
    'https://board.example.org'
    >>> board_url("ftp://x")
    Traceback (most recent call last):
    ValueError: 'ftp://x' is not a board's address: http:// or https:// and a host
    >>> board_url("http://board example.org")
    Traceback (most recent call last):
    ValueError: 'http://board example.org' is not a board's address: http:// or https:// and a host
    """
    text = text.strip() if isinstance(text, str) else ""
    parts = urlsplit(text) if len(text) <= MAX_URL and all(c.isprintable() and not c.isspace() for c in text) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"{text[:60]!r} is not a board's address: http:// or https:// and a host")
    return text.rstrip("/")


class Reply:
    """One request on its way: ``poll()`` is True once ``status`` (an HTTP status, or None when
    the board could not be reached: then ``error`` says why), ``headers`` and ``text`` are set."""

    def __init__(self) -> None:
        self.done = False
        self.status: int | None = None
        self.headers: dict[str, str] = {}
        self.text = ""
        self.error = ""
        self._page_id: str | None = None

    def poll(self) -> bool:
        if not self.done and self._page_id is not None:
            _take_from_page(self)
        return self.done

    def json(self) -> Any:
        """The answer's JSON, or None when it is not JSON."""
        try:
            return json.loads(self.text)
        except ValueError:
            return None

    def retry_after(self, default: float = 30.0) -> float:
        """Seconds a ``429`` asks to wait (``Retry-After``; ``default`` when it is not given or not a number)."""
        value = {k.lower(): v for k, v in self.headers.items()}.get("retry-after", "")
        try:
            return max(1.0, min(600.0, float(value)))
        except ValueError:
            return default


def request(method: str, url: str, body: str | None = None, zipped: bool = False) -> Reply:
    """Start ``method url`` (a JSON ``body``, gzipped when ``zipped``); the ``Reply`` fills in later."""
    reply = Reply()
    if BROWSER:
        _start_in_page(reply, method, url, body, zipped)
    else:
        from game.app.board_thread import start  # desktop only: the browser has no threads

        start(_native, reply, method, url, body, zipped)
    return reply


def _native(reply: Reply, method: str, url: str, body: str | None, zipped: bool) -> None:
    headers = {"Accept": "application/json", "Accept-Encoding": "gzip", "User-Agent": f"Threshold/{__version__}"}
    data = None
    if body is not None:
        data = body.encode("utf-8")
        headers["Content-Type"] = "application/json"
        if zipped:
            data, headers["Content-Encoding"] = gzip.compress(data), "gzip"
    asked = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        try:
            with urllib.request.urlopen(asked, timeout=TIMEOUT_S) as answer:  # noqa: S310 - http(s) only (board_url)
                reply.status, reply.headers, raw = answer.status, dict(answer.headers), answer.read(MAX_ANSWER + 1)
        except urllib.error.HTTPError as error:
            reply.status, reply.headers, raw = error.code, dict(error.headers), error.read(MAX_ANSWER + 1)
        if {k.lower(): v for k, v in reply.headers.items()}.get("content-encoding", "").lower() == "gzip":
            raw = gzip.decompress(raw)
        reply.text = raw[:MAX_ANSWER].decode("utf-8", errors="replace")
    except Exception as problem:  # noqa: BLE001 - refused, timed out, no network, a broken answer: all "not reached"
        reply.status, reply.error = None, _reason(problem)
    reply.done = True


def _reason(problem: Exception) -> str:
    if isinstance(problem, urllib.error.URLError):
        return str(problem.reason)[:120]
    return f"{type(problem).__name__}: {problem}"[:120]


def _start_in_page(reply: Reply, method: str, url: str, body: str | None, zipped: bool) -> None:
    try:
        from game.app.platform import page

        reply._page_id = f"r{next(_IDS)}"
        page().threshold_http(reply._page_id, method, url, "" if body is None else body,
                                       1 if zipped else 0, 1 if body is not None else 0)
    except Exception as problem:  # noqa: BLE001 - a page without our helper, or a bridge that refused
        reply._page_id, reply.status, reply.error, reply.done = None, None, f"the page cannot send it ({problem})", True


def _take_from_page(reply: Reply) -> None:
    try:
        from game.app.platform import page

        answer = page().threshold_http_take(reply._page_id)
        answer = "" if answer is None else str(answer)
        if not answer or answer in ("null", "undefined"):
            return
        data = json.loads(answer)
        reply.status = data.get("status") or None
        reply.headers = {"Retry-After": str(data.get("retry_after") or "")}
        reply.text, reply.error = str(data.get("text") or ""), str(data.get("error") or "")
    except Exception as problem:  # noqa: BLE001 - the bridge failed: the request counts as not sent
        reply.status, reply.error = None, f"the page's answer could not be read ({problem})"
    reply._page_id, reply.done = None, True


def open_page(url: str) -> bool:
    """Open ``url`` in the player's browser (a new tab in the page); False when that failed."""
    try:
        if BROWSER:
            from game.app.platform import page

            page().open(url, "_blank")
            return True
        import webbrowser

        return bool(webbrowser.open(url))
    except Exception:  # noqa: BLE001 - no browser to open: the caller says where the board is
        return False
