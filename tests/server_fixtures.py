"""Helpers and fixtures for the board's server tests: a real server (uvicorn in a subprocess on
127.0.0.1 and a free port), HTTP through urllib, real daily recordings made by the bot, and a
throwaway PostgreSQL cluster (Debian's ``postgresql`` package) when one is installed."""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

from game.server.pgcluster import PATTERN, binaries, free_port, throwaway
from tests.conftest import ROOT

DAY = "2026-11-20"


class Server:
    """``python -m game.server`` for real, on a free port; ``stop()`` ends it and its verifiers."""

    def __init__(self, db: str, tmp: Path, *extra: str, workers: int = 1) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db
        web = tmp / "web"
        web.mkdir(exist_ok=True)
        (web / "index.html").write_text("<!doctype html><title>Threshold</title>the game's page", encoding="utf-8")
        self.log = open(tmp / f"server-{self.port}.log", "wb")  # noqa: SIM115 - closed in stop()
        command = [sys.executable, "-m", "game.server", "--db", db, "--port", str(self.port), "--web", str(web),
                   "--workers", str(workers), "--lease", "2", "--poll", "0.1", "--today", DAY, *extra]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server ended ({self.process.returncode}): {self.output()}")
            try:
                if request(self.url + "/api/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not answer: {self.output()}")

    def output(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return Path(self.log.name).read_text(encoding="utf-8", errors="replace")[-6000:]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()

    def attempt(self, name: Any, key: str | None = None, day: str = DAY,
                address: str = "10.0.0.1") -> tuple[int, dict[str, str], Any]:
        """``POST /api/daily/DAY/attempts``: a daily begins."""
        body = json.dumps({"name": name, "name_key": key}).encode("utf-8")
        return request(f"{self.url}/api/daily/{day}/attempts", body,
                       {"Content-Type": "application/json", "X-Forwarded-For": address})

    def submit(self, recording: Any, name: str, key: str | None = None, address: str = "10.0.0.1",
               gzipped: bool = False, attempt: str | bool | None = True) -> tuple[int, dict[str, str], Any]:
        """``POST /api/runs``. ``attempt`` True: an attempt is asked for first, as the game asks
        when the daily begins (and the key it issues for a new name is the answer's ``name_key``);
        None: sent without one (practice); a string: that attempt."""
        issued = None
        if attempt is True:
            day = recording.get("daily") if isinstance(recording, dict) else None
            got = self.attempt(name, key, day if isinstance(day, str) else DAY, address)[2]
            attempt = got.get("attempt") if isinstance(got, dict) else None
            issued = got.get("name_key") if isinstance(got, dict) else None
            key = key or issued
        body = json.dumps({"name": name, "name_key": key, "attempt": attempt, "recording": recording}).encode("utf-8")
        headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
        if gzipped:
            body, headers["Content-Encoding"] = gzip.compress(body), "gzip"
        status, got, answer = request(self.url + "/api/runs", body, headers)
        if isinstance(answer, dict) and issued:
            answer["name_key"] = answer.get("name_key") or issued  # the name was reserved by its attempt
        return status, got, answer

    def settled(self, run_id: str, timeout: float = 20.0) -> dict[str, Any]:
        """The run's status once it is verified or rejected."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status, _, answer = request(f"{self.url}/api/runs/{run_id}")
            assert status == 200, answer
            if answer["status"] != "pending":
                return answer
            time.sleep(0.05)
        raise AssertionError(f"run {run_id} still pending after {timeout} s: {self.output()}")


def request(url: str, body: bytes | None = None, headers: dict[str, str] | None = None,
            method: str | None = None) -> tuple[int, dict[str, str], Any]:
    """``(status, headers, JSON or text)`` of one HTTP request; error statuses are answers too."""
    asked = urllib.request.Request(url, data=body, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(asked, timeout=20) as answer:
            status, got, raw = answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        status, got, raw = error.code, dict(error.headers), error.read()
    text = raw.decode("utf-8", errors="replace")
    try:
        return status, got, json.loads(text)
    except ValueError:
        return status, got, text


@functools.lru_cache(maxsize=None)
def _dying_json(day: str, bold_until: int, sight: str) -> str:
    """A real daily run: the bot plays it to turn ``bold_until``, then stops defending itself
    (it waits whenever hurt below the island), so the run soon ends in death."""
    import datetime as dt

    from game.bot.autoplay import Autoplayer
    from game.run.daily import daily_seed
    from game.run.run import Run
    from game.world.actions import Wait

    run, bot = Run.new(daily_seed(dt.date.fromisoformat(day)), "island", day, sight=sight), Autoplayer()
    game = run.game
    while not game.over and not game.won:
        assert game.turn < 6000, "the run did not end: choose another turn to stop defending"
        if game.turn >= bold_until and not game.on_overworld and game.player.hp < game.player.max_hp:
            run.perform(Wait())
        elif bot.stalled is not None:
            run.perform(Wait())
        else:
            bot.record(game, run.perform(bot.next_action(game)))
    return run.recording_now().to_json()


def dying_recording(day: str = DAY, bold_until: int = 0, sight: str = "room") -> dict[str, Any]:
    """A fresh copy of a finished daily recording (``_dying_json``)."""
    return json.loads(_dying_json(day, bold_until, sight))


@functools.lru_cache(maxsize=None)
def _unfinished_json(day: str, waits: int) -> str:
    from game.run.daily import daily_seed
    import datetime as dt

    from game.run.run import Run
    from game.world.actions import Wait

    run = Run.new(daily_seed(dt.date.fromisoformat(day)), "island", day)
    for _ in range(waits):
        run.perform(Wait())
    return run.recording_now().to_json()


def waiting_recording(day: str = DAY, waits: int = 20) -> dict[str, Any]:
    """A daily that only waits on the island: in sync, never finished (slow to replay when long)."""
    return json.loads(_unfinished_json(day, waits))


def postgres_binaries(pattern: str = PATTERN) -> Path:
    """The newest installed PostgreSQL's ``bin`` folder. Without one the test is skipped, or
    fails when THRESHOLD_REQUIRE_POSTGRES=1 (CI installs it: its tests must not vanish)."""
    found = binaries(pattern)
    if found is not None:
        return found
    message = "PostgreSQL is not installed (apt-get install -y postgresql)"
    if os.environ.get("THRESHOLD_REQUIRE_POSTGRES") == "1":
        pytest.fail(message + ", and THRESHOLD_REQUIRE_POSTGRES=1")
    pytest.skip(message)


def new_database(cluster: str) -> str:
    """The URL of a new, empty database in the throwaway cluster at ``cluster`` (``postgres_url``)."""
    import uuid

    import sqlalchemy as sa

    name = "board_" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(cluster.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(sa.text(f"CREATE DATABASE {name}"))
    finally:
        admin.dispose()
    return cluster.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="session")
def postgres_url():
    """``postgresql://…`` of a throwaway cluster (``game.server.pgcluster``: initdb + pg_ctl into a
    temporary folder, on 127.0.0.1 and a free port). Skipped when PostgreSQL is not installed,
    unless THRESHOLD_REQUIRE_POSTGRES=1 (as in CI): then it fails."""
    with throwaway(postgres_binaries()) as url:
        yield url


@contextlib.contextmanager
def board_server(request: Any, tmp_path_factory: Any, folder: str, *extra: str) -> Iterator[Server]:
    """A server (``extra``: its options) on a new SQLite file or, for ``request.param ==
    "postgres"``, on a new database of the test session's PostgreSQL cluster; its ``engine``
    looks into the database behind the API. For the modules' ``server`` fixtures."""
    from game.server.db import engine_for

    tmp = tmp_path_factory.mktemp(folder)
    db = f"sqlite:///{tmp / 'board.sqlite3'}" if request.param == "sqlite" else \
        new_database(request.getfixturevalue("postgres_url"))
    running = Server(db, tmp, *extra)
    running.engine = engine_for(db)  # to look into the database behind the API
    try:
        yield running
    finally:
        running.stop()
        running.engine.dispose()
