"""A daily begun with a board: the board records an **attempt** before the first move, and only
a name's first attempt of the day is ranked (BRD-7). No pygame here.

As a new daily is made (``game.app.run_steps``), the game asks the board for an attempt
(``POST /api/daily/DATE/attempts`` with the name and its key) and keeps the answer in
``board.json`` beside the name (``Identity.daily``, ``attempt``, ``number``); the end screen
sends it with the run. The request goes out before the world is made and its answer is awaited
after, so it rarely costs a frame; the world never waits longer than ``WAIT_MS``. Without a board
there is nothing to say; with one that cannot be reached, or that refuses, the run is practice
and the player is told so before the first move.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from game.app.board import Board, keep_identity
from game.app.board_http import Reply, request
from game.progress import Steps

if TYPE_CHECKING:
    from game.storage.storage import Storage

WAIT_MS = 8000.0
"""The longest a daily waits for the board's attempt once its world is ready; then it is practice."""


def ask(board: Board | None, daily: str) -> Reply | None:
    """Start asking ``board`` for an attempt at the daily of ``daily`` (None: no board, one known
    unreachable, or no name kept yet: the daily is practice). The page's own site is asked before
    its health check has answered: it may be no board, and then says so by its answer."""
    if board is None or board.reach == "unreachable":
        return None
    identity = board.identity()
    if identity.name is None or identity.key is None:
        return None
    body = json.dumps({"name": identity.name, "name_key": identity.key}, separators=(",", ":"))
    return request("POST", f"{board.url}/api/daily/{daily}/attempts", body)


def answer_steps(board: Board | None, reply: Reply | None, daily: str) -> Steps[str]:
    """Wait (a step a frame, at most ``WAIT_MS``) for ``reply``, keep the attempt it gives; the
    line that tells the player what this run counts for ("" without a board)."""
    if board is None:
        return ""
    if reply is None:
        if board.guessed and board.reach != "ok":
            return ""  # the page's own site, not (yet) known to be a board: nothing to say
        why = "no name on the board yet" if board.reach != "unreachable" else "the board could not be reached"
        return f"Practice: {why}, so this daily will not be ranked."
    deadline = time.monotonic() + WAIT_MS / 1000.0
    while not reply.poll() or (board.guessed and board.reach == "unknown"):
        board.poll()
        if time.monotonic() >= deadline:
            return "Practice: the board did not answer in time, so this daily will not be ranked."
        yield "Asking the board for your attempt"
    if board.guessed and board.reach != "ok":
        return ""  # the page's own site is no board: there was none to ask
    return taken(board.storage, board, reply, daily)


def taken(storage: Storage, board: Board, reply: Reply, daily: str) -> str:
    """Keep the attempt ``reply`` gives (in ``board.json``); the line for the player."""
    data = reply.json()
    if reply.status is None:
        return "Practice: the board could not be reached, so this daily will not be ranked."
    if reply.status != 201 or not isinstance(data, dict) or not isinstance(data.get("number"), int):
        reason = str(data.get("error"))[:100] if isinstance(data, dict) and data.get("error") else reply.status
        return f"Practice: the board gave no attempt ({reason}), so this daily will not be ranked."
    number = int(data["number"])
    identity = replace(board.identity(), daily=daily, attempt=str(data.get("attempt")), number=number)
    problem = keep_identity(storage, identity)
    if problem is not None:
        return f"Practice: {problem}."
    return counts(number)


def counts(number: int | None) -> str:
    """What an attempt numbered ``number`` counts for, in words."""
    if number is None:
        return "Practice: no attempt was given when this daily began, so it is not ranked."
    if number == 1:
        return "Attempt 1 of this daily: it counts on the board."
    return f"Attempt {number} of this daily: practice. Only your first attempt of the day is ranked."
