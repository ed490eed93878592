"""Taking a submission in: the body read with a cap, gunzipped with a cap, parsed, and the
per-address rate limit. Everything here runs before the game is asked anything.

``prepared`` (gunzip, parse, the name's check, the canonical recording and its gzip) runs in a
worker process (``game.server.app``): a 16 MiB body takes seconds of CPU in ``json``, which
holds the GIL throughout, so in a thread it would stall every other request of the web process.

>>> canonical_json({"b": 1, "a": [1, 2]})
'{"a":[1,2],"b":1}'
>>> limiter = RateLimit(2, 60.0)
>>> limiter.wait("1.2.3.4", now=0.0), limiter.wait("1.2.3.4", now=1.0), limiter.wait("1.2.3.4", now=2.0)
(0, 0, 58)
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import json
import math
import re
import zlib
from collections import deque
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from game.server import names

MAX_BODY = 1 << 20  # compressed (as sent)
MAX_JSON = 16 << 20  # decompressed
DRAIN = 8 << 20
"""A body over the cap is still read (and thrown away) up to this much, so the client, still
sending, gets its 413 rather than a reset connection."""


class Refused(Exception):
    """A submission refused with an HTTP status and a reason."""

    def __init__(self, status: int, reason: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.headers = headers or {}

    def __reduce__(self) -> tuple[Any, ...]:  # raised in a worker process, raised again here
        return type(self), (self.status, self.reason, self.headers)


SUBMISSION_KEYS = frozenset({"name", "name_key", "attempt", "recording"})
RECORDING_KEYS = frozenset({"format", "version", "save_version", "game_version", "seed", "start", "daily", "sight",
                            "commands", "checkpoints", "final", "trace"})
"""What the game writes (``game.run.recording.Recording.to_dict``): anything else is refused."""
REPLAYED = ("version", "save_version", "game_version", "seed", "start", "daily", "sight", "commands")
"""What a replay depends on, and so the run's id: not its checks (checkpoints, trace) nor the
words of its notes, which anyone may change without changing the run."""
ATTEMPT = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class Submission:
    """A submission ready to store: the name (NFKC) and key as sent, the attempt it names (None:
    practice), the run's id, its daily's date, its commands, and its canonical recording
    gzipped (``blob``; ``size`` bytes unpacked)."""

    name: str
    key: str | None
    attempt: str | None
    run_id: str
    day: str
    commands: int
    blob: bytes
    size: int


def ready() -> bool:
    """Nothing: what the web process asks a new worker process, to have it started."""
    return True


def prepared(body: bytes, encoding: str) -> Submission:
    """The body as sent (``Content-Encoding`` ``encoding``) made a ``Submission``; ``Refused``
    (400, 413, 415) otherwise. CPU-bound, no I/O: the web process runs it in a worker process."""
    data = parsed(decoded(body, encoding))
    problem = names.problem(data.get("name"))
    if problem is not None:
        raise Refused(400, problem)
    recording = data["recording"]
    canonical = canonical_json(recording).encode("utf-8")
    return Submission(names.normalised(data["name"]), data.get("name_key"), data.get("attempt"),
                      replay_id(recording), recording["daily"], len(recording["commands"]),
                      gzip.compress(canonical, 6), len(canonical))


def asking(body: bytes) -> tuple[str, str | None]:
    """``(name, key)`` of an attempt's request ``{"name", "name_key"}`` (small: read here, not in a
    worker); ``Refused`` (400, 413) otherwise."""
    if len(body) > 4096:
        raise Refused(413, "an attempt's request is a name and its key: at most 4096 bytes")
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(400, 'the body is not JSON {"name", "name_key"}') from None
    if not isinstance(data, dict):
        raise Refused(400, 'the body is not an object {"name", "name_key"}')
    _only(data, frozenset({"name", "name_key"}), "the body")
    problem = names.problem(data.get("name"))
    if problem is not None:
        raise Refused(400, problem)
    key = data.get("name_key")
    if key is not None and not isinstance(key, str):
        raise Refused(400, "name_key is a string or null")
    return names.normalised(data["name"]), key


def replay_id(recording: dict[str, Any]) -> str:
    """The run's id: the digest of what its replay depends on (``REPLAYED``), written one way.
    A copy re-spaced, re-ordered, with ``"sight": "room"`` spelled out, other checks or other
    words in its notes is the same run.

    >>> run = {"seed": "s", "daily": "2026-11-28", "commands": [["wait"], ["note", "hi", "info"]]}
    >>> replay_id(run) == replay_id({**run, "sight": "room", "trace": None,
    ...                              "commands": [["wait"], ["note", "Claim a prize!", "good"]]})
    True
    """
    replayed = {key: recording.get(key) for key in REPLAYED}
    replayed["sight"] = replayed["sight"] or "room"
    replayed["commands"] = [["note"] if isinstance(c, list) and c[:1] == ["note"] else c
                            for c in recording.get("commands") or []]
    return run_id(canonical_json(replayed))


async def read_body(request: Request) -> bytes:
    """The body as sent, at most ``MAX_BODY`` bytes (413 past it, before anything is parsed)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        await drain(request, DRAIN)
        raise Refused(413, f"the body is over {MAX_BODY} bytes")
    chunks: list[bytes] = []
    total = 0
    async for chunk in request.stream():
        total += len(chunk)
        if total <= MAX_BODY:
            chunks.append(chunk)
        elif total > DRAIN:
            break
    if total > MAX_BODY:
        raise Refused(413, f"the body is over {MAX_BODY} bytes")
    return b"".join(chunks)


async def drain(request: Request, limit: int) -> None:
    """Read and drop up to ``limit`` more bytes of the body (a refused client hears its answer)."""
    try:
        async for chunk in request.stream():
            limit -= len(chunk)
            if limit < 0:
                return
    except Exception:  # noqa: BLE001 - the client went away: nothing to drain
        return


def decoded(body: bytes, encoding: str) -> bytes:
    """The body gunzipped when ``Content-Encoding: gzip``, at most ``MAX_JSON`` bytes out
    (413 past it: the output is capped as it is made, so a zip bomb never unfolds)."""
    encoding = encoding.strip().lower()
    if encoding in ("", "identity"):
        out = body
    elif encoding == "gzip":
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            out = inflater.decompress(body, MAX_JSON + 1)
        except zlib.error as error:
            raise Refused(400, f"the body is not gzip ({error})") from None
        if len(out) > MAX_JSON or inflater.unconsumed_tail:
            raise Refused(413, f"the body unpacks to over {MAX_JSON} bytes")
        if not inflater.eof or inflater.unused_data:
            raise Refused(400, "the gzip body is cut short or has data after its end")
    else:
        raise Refused(415, f"Content-Encoding {encoding[:40]!r}: only gzip or none")
    if len(out) > MAX_JSON:
        raise Refused(413, f"the body is over {MAX_JSON} bytes")
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parsed(text: bytes) -> dict[str, Any]:
    """The submission ``{"name", "name_key", "recording"}``, its shape checked (400 otherwise)."""
    try:
        data = json.loads(text.decode("utf-8"), parse_constant=_no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Refused(400, f"the body is not JSON ({str(error)[:80]})") from None
    if not isinstance(data, dict):
        raise Refused(400, 'the body is not an object {"name", "name_key", "attempt", "recording"}')
    _only(data, SUBMISSION_KEYS, "the body")
    if data.get("name_key") is not None and not isinstance(data.get("name_key"), str):
        raise Refused(400, "name_key is a string or null")
    attempt = data.get("attempt")
    if attempt is not None and not (isinstance(attempt, str) and ATTEMPT.fullmatch(attempt)):
        raise Refused(400, "attempt is the board's answer to POST /api/daily/DATE/attempts, or null (practice)")
    recording = data.get("recording")
    if not isinstance(recording, dict):
        raise Refused(400, "recording is the recording object as the game exports it")
    _only(recording, RECORDING_KEYS, "the recording")
    if not isinstance(recording.get("commands"), list):
        raise Refused(400, "the recording has no list of commands")
    if not (isinstance(recording.get("daily"), str) and _is_date(recording["daily"])):
        raise Refused(400, "the recording is not a daily's: it names no date like 2026-11-25")
    return data


def _only(data: dict[str, Any], allowed: frozenset[str], what: str) -> None:
    unknown = sorted(str(key)[:40] for key in data if key not in allowed)
    if unknown:
        raise Refused(400, f"{what} holds what the game never writes: {', '.join(map(repr, unknown[:5]))}")


def _is_date(text: str) -> bool:
    try:
        return dt.date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def canonical_json(value: Any) -> str:
    """One text per recording, however it was spaced or ordered: its digest is the run's id."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def run_id(canonical: str) -> str:
    return run_id_of(canonical.encode("utf-8"))


def run_id_of(canonical: bytes) -> str:
    """The run's id: the start of the canonical recording's SHA-256, in hex."""
    return hashlib.sha256(canonical).hexdigest()[:32]


class RateLimit:
    """At most ``limit`` submissions per ``window`` seconds from one address (a sliding
    window, kept in this process: with several servers, each counts its own)."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._seen: dict[str, deque[float]] = {}

    def wait(self, address: str, now: float) -> int:
        """0 when ``address`` may submit now (and it counts), else the seconds to wait."""
        if len(self._seen) > 100_000:
            self._seen = {a: q for a, q in self._seen.items() if q and q[-1] > now - self.window}
        times = self._seen.setdefault(address, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return max(1, math.ceil(times[0] + self.window - now))
        times.append(now)
        return 0
