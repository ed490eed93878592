"""The load tool's fairness checks (BRD-7, BRD-8, BRD-9), against its running server: the best
of several attempts under one name ranks only the first; an attempt sent twice (a save restored
and played again) is refused; a copy sent under other names is the same run and ranks once; a
replay killed from outside ends verified; one address flooding big runs does not hold another's
verdict past ``HONEST_WITHIN`` seconds.

Its runs are quick ones of the day's daily, made here: the bot plays to a turn, then stops
defending itself and soon dies (``short_run``); a flood's are long waits on the island
(``waiting_run``), costly to replay and never finished.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Callable, Protocol

HONEST_WITHIN = 5.0
FLOOD = 10  # the rate limit's minute, from one address


class Board(Protocol):
    url: str

    def post(self, path: str, data: Any, address: str) -> tuple[int, Any]: ...

    def get(self, path: str) -> tuple[int, Any]: ...


Check = Callable[[bool, str], None]


def short_run(day: str, bold_until: int) -> dict[str, Any]:
    """A finished daily: the bot plays to turn ``bold_until``, then waits whenever hurt below the island."""
    from game.bot.autoplay import Autoplayer
    from game.run.daily import daily_seed, parse_date
    from game.run.run import Run
    from game.world.actions import Wait

    run, bot = Run.new(daily_seed(parse_date(day)), "island", day), Autoplayer()
    game = run.game
    while not game.over and not game.won and game.turn < 8000:
        hurt = game.turn >= bold_until and not game.on_overworld and game.player.hp < game.player.max_hp
        if hurt or bot.stalled is not None:
            run.perform(Wait())
        else:
            bot.record(game, run.perform(bot.next_action(game)))
    return run.recording_now().to_dict()


def waiting_run(day: str, waits: int) -> dict[str, Any]:
    """A daily that only waits on the island: ``waits`` commands to replay, never finished."""
    from game.run.daily import daily_seed, parse_date
    from game.run.run import Run
    from game.world.actions import Wait

    run = Run.new(daily_seed(parse_date(day)), "island", day)
    for _ in range(waits):
        run.perform(Wait())
    return run.recording_now().to_dict()


def send(board: Board, recording: dict[str, Any], name: str, address: str, attempt: bool = True,
         key: str | None = None) -> tuple[int, Any, str | None]:
    """Ask for an attempt (unless ``attempt`` is False), then send the run: ``(status, answer, key)``."""
    token = None
    if attempt:
        _, got = board.post(f"/api/daily/{recording['daily']}/attempts", {"name": name, "name_key": key}, address)
        token = got.get("attempt") if isinstance(got, dict) else None
        key = key or (got.get("name_key") if isinstance(got, dict) else None)
    status, answer = board.post("/api/runs", {"name": name, "name_key": key, "attempt": token,
                                              "recording": recording}, address)
    return status, answer, key


def settled(board: Board, run_id: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status, answer = board.get(f"/api/runs/{run_id}")
        if status == 200 and answer["status"] not in ("pending", "unverified") or time.monotonic() > deadline:
            return answer if isinstance(answer, dict) else {"status": f"HTTP {status}"}
        time.sleep(0.05)


def best_of(board: Board, day: str, check: Check) -> str | None:
    """Three attempts under one name, each sent (the best last); a fourth run with a used
    attempt. The id of the first attempt's run."""
    runs = [short_run(day, bold) for bold in (0, 400, 900)]
    name, key, sent = "load scummer", None, []
    tokens = []
    for _ in runs:
        _, got = board.post(f"/api/daily/{day}/attempts", {"name": name, "name_key": key}, "10.77.0.1")
        key = key or got.get("name_key")
        tokens.append(got.get("attempt"))
    for recording, token in zip(runs, tokens):
        status, answer = board.post("/api/runs", {"name": name, "name_key": key, "attempt": token,
                                                  "recording": recording}, "10.77.0.1")
        sent.append(answer.get("id") if status == 202 else None)
    again, _ = board.post("/api/runs", {"name": name, "name_key": key, "attempt": tokens[0],
                                        "recording": short_run(day, 1300)}, "10.77.0.1")
    check(again == 409, f"a second run sent with an attempt already used (a save restored and played again) "
          f"was refused: HTTP {again}")
    results = [settled(board, run) if run else {} for run in sent]
    scores = [(r.get("result") or {}).get("score") for r in results]
    row = _row(board, day, name)
    check(row is not None and row["id"] == sent[0] and all(r.get("status") == "verified" for r in results),
          f"the best of {len(runs)} attempts under one name ranks only its first (scores {scores}; ranked: "
          f"{row and row['score']})")
    return sent[0]


def copies(board: Board, day: str, run_id: str | None, check: Check) -> None:
    """A verified run downloaded and sent again under three other names (each with its own
    attempt 1), re-spaced, with ``"sight": "room"`` and without its trace."""
    status, recording = board.get(f"/api/runs/{run_id}/recording")
    if status != 200:
        check(False, f"a verified run's recording could be downloaded (HTTP {status})")
        return
    variants = [dict(recording, sight="room"), dict(recording, trace=None), json.loads(json.dumps(recording))]
    ids = [send(board, variant, f"load copycat {i}", f"10.78.0.{i}")[1].get("id") for i, variant in
           enumerate(variants)]
    _, answer = board.get(f"/api/daily/{day}")
    owners = [row["name"] for row in answer.get("runs", []) + answer.get("practice", []) if row["id"] == run_id]
    check(set(ids) == {run_id} and owners == ["load scummer"],
          f"copies of a verified run under {len(variants)} other names are the same run, ranked once, under its "
          f"first owner ({owners})")


def killed_replay(board: Board, engine: Any, day: str, check: Check) -> None:
    """A genuine run whose replay is killed from outside (as the out-of-memory killer would)."""
    import signal

    _, answer, _ = send(board, short_run(day, 1500), "load unlucky", "10.79.0.1")
    run_id, killed = answer.get("id"), None
    deadline = time.monotonic() + 60
    while killed is None and time.monotonic() < deadline:
        for child in _replays(engine, run_id):
            os.kill(child, signal.SIGKILL)
            killed = child
        time.sleep(0.002)
    verdict = settled(board, run_id)
    check(killed is not None and verdict.get("status") == "verified",
          f"a replay killed from outside (pid {killed}) was tried again and ended {verdict.get('status')}")


def flood(board: Board, day: str, waits: int, check: Check, within: float = HONEST_WITHIN) -> None:
    """``FLOOD`` long runs from one address, then an honest run from another: its verdict's time
    (at most ``within`` seconds)."""
    runs = [waiting_run(day, waits + index) for index in range(FLOOD)]  # made first, then sent at once
    for index, recording in enumerate(runs):
        board.post("/api/runs", {"name": f"load flood {index}", "name_key": None, "attempt": None,
                                 "recording": recording}, "10.80.0.1")
    honest = short_run(day, 200)
    began = time.monotonic()
    _, answer, _ = send(board, honest, "load honest", "10.80.0.2")
    verdict = settled(board, answer.get("id", ""))
    took = time.monotonic() - began
    check(verdict.get("status") == "verified" and took <= within,
          f"an honest verdict took {took:.1f} s while one address had {FLOOD} long runs queued (at most "
          f"{within:g} s)")


def _row(board: Board, day: str, name: str) -> dict[str, Any] | None:
    _, answer = board.get(f"/api/daily/{day}?name={name.replace(' ', '%20')}")
    return answer.get("you") if isinstance(answer, dict) else None


def _replays(engine: Any, run_id: str) -> list[int]:
    """The processes replaying ``run_id`` now: the children of the verifier holding its job."""
    import sqlalchemy as sa

    from game.server.db import jobs

    with engine.connect() as connection:
        worker = connection.execute(sa.select(jobs.c.worker).where(jobs.c.run_id == run_id)).scalar()
    if not worker:
        return []
    found: list[int] = []
    for task in Path(f"/proc/{worker.split(':')[-2]}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found
