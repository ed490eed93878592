"""The daily board from the game's side (BRD-5): which board, the player's name and
name key, and one submission's progress. No pygame here; the end screen draws what this says.

Which board: ``--board URL`` on the desktop (or ``"board"`` in ``board.json``); in the page a
URL baked into the build (``webbuild --board URL`` writes ``assets/board.json``), else the
page's own origin when a Threshold server answers ``/api/health`` there. ``Board.reach`` is
"unknown" until the health check answers, then "ok" or "unreachable".

The name and its key live in ``board.json`` beside the settings (the same Storage: the data
folder on the desktop, ``localStorage`` in the page). The key is made here
(``secrets.token_urlsafe(24)``) and kept *before* the first submission, so the name is never
reserved with a key the game has lost. The file is read strictly; a damaged one is ignored
(and set aside when a new one is written), never a crash.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from game.app.board_http import Reply, board_url, request

if TYPE_CHECKING:
    from game.storage.storage import Storage

BOARD_NAME = "board.json"
DAMAGED_NAME = "board-damaged.json"
MAX_BYTES = 4096
MAX_NAME = 24
POLL_MS = 1000.0


def check_name(name: str) -> str:
    """``name`` trimmed if a board takes it (1-24 printable characters), else ValueError."""
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ValueError(f"a name is 1 to {MAX_NAME} printable characters")
    return name


@dataclass(frozen=True)
class Identity:
    name: str | None = None
    key: str | None = None
    board: str | None = None  # a board named in the file (the desktop's --board wins)
    daily: str | None = None  # the date of the daily the attempt below is for
    attempt: str | None = None  # the board's attempt for that daily (game.app.board_attempts)
    number: int | None = None  # its number: 1 is the one that counts

    def attempt_for(self, daily: str | None) -> tuple[str | None, int | None]:
        """``(attempt, number)`` kept for the daily of ``daily``, or ``(None, None)``."""
        return (self.attempt, self.number) if daily is not None and daily == self.daily else (None, None)


def identity_from_json(text: str) -> Identity:
    """Strict: ValueError for anything that is not what ``identity_to_json`` writes."""
    if len(text) > MAX_BYTES:
        raise ValueError("too large to be the board's file")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("not valid JSON") from None
    if not isinstance(data, dict) or data.get("version", 1) != 1:
        raise ValueError("not the board's file")
    name, key, board = data.get("name"), data.get("key"), data.get("board")
    if name is not None:
        name = check_name(name) if isinstance(name, str) else None
    if key is not None and not (isinstance(key, str) and 22 <= len(key) <= 128
                                and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)):
        raise ValueError("the name key is not one")
    if board is not None:
        board = board_url(board) if isinstance(board, str) else None
    daily, attempt, number = data.get("daily"), data.get("attempt"), data.get("number")
    if not (isinstance(daily, str) and len(daily) == 10 and isinstance(attempt, str) and len(attempt) == 32
            and attempt.isalnum() and type(number) is int and number >= 1):
        daily = attempt = number = None  # none kept (or not one: as if none)
    return Identity(name, key, board, daily, attempt, number)


def identity_to_json(identity: Identity) -> str:
    data: dict[str, Any] = {"version": 1, "name": identity.name, "key": identity.key}
    if identity.board:
        data["board"] = identity.board
    if identity.attempt:
        data.update(daily=identity.daily, attempt=identity.attempt, number=identity.number)
    return json.dumps(data, ensure_ascii=False, indent=1)


def load_identity(storage: Storage) -> Identity:
    """The kept name and key; an empty ``Identity`` when there are none or the file is unreadable."""
    try:
        text = storage.read(BOARD_NAME)
        return Identity() if text is None else identity_from_json(text)
    except Exception:  # noqa: BLE001 - StorageError or ValueError: as if none were kept
        return Identity()


def keep_identity(storage: Storage, identity: Identity) -> str | None:
    """Write ``identity``; None when kept, else why not. A stored file that cannot be read is set aside first."""
    try:
        text = storage.read(BOARD_NAME)
        if text is not None:
            identity_from_json(text)
    except Exception:  # noqa: BLE001 - unreadable: keep its bytes aside, never overwrite them
        try:
            storage.set_aside(BOARD_NAME, DAMAGED_NAME)
        except Exception as problem:  # noqa: BLE001
            return f"your board file could not be replaced ({problem})"
    try:
        storage.write(BOARD_NAME, identity_to_json(identity))
    except Exception as problem:  # noqa: BLE001 - StorageError
        return f"your name key could not be kept ({problem})"
    return None


def new_key() -> str:
    return secrets.token_urlsafe(24)


class Board:
    """One board: its address, whether it answers, and the player's identity there."""

    def __init__(self, url: str, storage: Storage, guessed: bool = False) -> None:
        """``guessed``: the page's own site, which may be no board at all (usable only once it answers)."""
        self.url, self.storage, self.guessed = board_url(url), storage, guessed
        self.reach = "unknown"  # "ok" once /api/health answered, "unreachable" when it could not be reached
        self.version: str | None = None
        self._health: Reply | None = request("GET", self.url + "/api/health")

    def poll(self) -> None:
        """Read the health check's answer when it has come (each frame; cheap)."""
        if self._health is not None and self._health.poll():
            answer, self._health = self._health, None
            data = answer.json()
            if answer.status == 200 and isinstance(data, dict) and data.get("ok") is True:
                self.reach, self.version = "ok", str(data.get("game_version"))
            else:
                self.reach = "unreachable"

    @property
    def usable(self) -> bool:
        self.poll()
        return self.reach == "ok" if self.guessed else self.reach != "unreachable"

    def identity(self) -> Identity:
        return load_identity(self.storage)

    def page_of(self, date: str, name: str | None) -> str:
        return f"{self.url}/daily/{date}" + (f"?name={quote(name)}" if name else "")


class Submission:
    """One recording on its way to the board: ``stage`` is "sending", "pending", "verified",
    "rejected", "waiting" (429), "taken" (403: the name is another's), or "failed" (not reached);
    ``line`` says it in words. ``update(now_ms)`` moves it on; call it every frame."""

    def __init__(self, board: Board, recording: dict[str, Any], name: str, key: str, now_ms: float,
                 attempt: str | None = None) -> None:
        self.board, self.name, self.key = board, name, key
        self.body = json.dumps({"name": name, "name_key": key, "attempt": attempt, "recording": recording},
                               separators=(",", ":"))
        self.stage, self.line = "sending", "Sending your run to the board…"
        self.run_id: str | None = None  # the board's name for the run, once it has one
        self.rank: int | None = None
        self.result: dict[str, Any] | None = None
        self._reply: Reply | None = None
        self._next_ms = now_ms
        self._send()

    @property
    def settled(self) -> bool:
        return self.stage in ("verified", "rejected", "taken", "failed")

    def _send(self) -> None:
        self.stage, self._reply = "sending", request("POST", self.board.url + "/api/runs", self.body, zipped=True)

    def update(self, now_ms: float) -> None:
        if self.stage == "waiting" and now_ms >= self._next_ms:
            self._send()
        elif self.stage == "pending" and self._reply is None and now_ms >= self._next_ms:
            self._reply = request("GET", f"{self.board.url}/api/runs/{quote(self.run_id or '')}")
        if self._reply is None or not self._reply.poll():
            return
        reply, self._reply = self._reply, None
        data = reply.json()
        if reply.status is None:
            self.stage, self.line = "failed", (f"The board could not be reached ({reply.error}). Your run is kept: "
                                               "E exports its recording; Retry sends it again.")
        elif _name_refused(reply.status, data):
            self.stage, self.line = "taken", f"The name {self.name} is someone else's (or looks like it): choose another."
        elif reply.status == 429:
            wait = reply.retry_after()
            self.stage, self._next_ms = "waiting", now_ms + wait * 1000.0
            self.line = f"The board is busy: sending again in {wait:.0f} s…"
        elif reply.status in (200, 202) and isinstance(data, dict) and "status" in data:
            self._read_status(data, now_ms)
        else:
            detail = (data.get("error") or data.get("reason")) if isinstance(data, dict) else None
            self.stage = "failed"
            self.line = (f"The board refused the run ({reply.status}{': ' + str(detail)[:120] if detail else ''}). "
                         "E exports its recording.")

    def _read_status(self, data: dict[str, Any], now_ms: float) -> None:
        self.run_id = str(data.get("id") or self.run_id or "")
        status = data.get("status")
        if status == "verified" and not isinstance(data.get("result"), dict):  # a run sent before: ask for its result
            self.stage, self.line, self._next_ms = "pending", "Pending: the board is replaying your run…", now_ms
        elif status == "verified":
            found = data.get("result")
            result: dict[str, Any] = found if isinstance(found, dict) else {}
            self.result, self.rank = result, result.get("rank")
            self.stage = "verified"
            number = data.get("attempt")
            if self.rank is not None:
                self.line = f"Verified: rank {self.rank} of the day (score {result.get('score', '?')})"
            else:
                which = f"attempt {number}" if isinstance(number, int) else "no attempt"
                self.line = f"Verified as practice ({which}, not ranked): score {result.get('score', '?')}"
        elif status == "rejected":
            self.stage, self.line = "rejected", f"Rejected: {str(data.get('reason') or 'no reason given')[:160]}"
        elif status == "unverified":
            self.stage, self._next_ms = "pending", now_ms + 10 * POLL_MS
            self.line = "The board could not verify it yet and will try again: it is kept there."
        else:
            self.stage, self.line, self._next_ms = "pending", "Pending: the board is replaying your run…", now_ms + POLL_MS


def _name_refused(status: int | None, data: Any) -> bool:
    """The board refused the name itself (403: held by another key; 409: it looks like a name held)."""
    reason = str(data.get("error", "")) if isinstance(data, dict) else ""
    return (status == 403 and "name is taken" in reason) or (status == 409 and "looks like" in reason)
