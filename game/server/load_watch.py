"""What the load tool watches while it runs (``game.server.load``): threads reading the board,
the moment a verifier first claims a job, and the HTTP they (and the tool) speak."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any


def http(url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    asked = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(asked, timeout=60) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode("utf-8", errors="replace")


class Readers:
    """``count`` threads reading the board (JSON, then the page) until stopped; each read's seconds."""

    def __init__(self, url: str, day: str, count: int, pause: float) -> None:
        self.pause = pause
        self.urls = (f"{url}/api/daily/{day}", f"{url}/daily/{day}")
        self.times: list[float] = []
        self.failures: list[str] = []
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._read, args=(i,), daemon=True) for i in range(count)]
        for thread in self.threads:
            thread.start()

    def _read(self, index: int) -> None:
        while not self.stopping.is_set():
            began = time.perf_counter()
            status, _ = http(self.urls[index % 2])
            self.times.append(time.perf_counter() - began)
            if status != 200:
                self.failures.append(f"{self.urls[index % 2]}: {status}")
            index += 1
            self.stopping.wait(self.pause)

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(30)


class FirstClaim:
    """Watches the queue from a thread: ``at``, the time (``time.time()``) a verifier first claimed
    a job, to within ``every`` seconds. A claim sets the job's lease to end ``lease`` seconds later
    (renewals only every lease/3), so the claim's time is read off the first lease seen."""

    def __init__(self, engine: Any, lease: float, every: float = 0.01) -> None:
        self.engine, self.lease, self.every = engine, lease, every
        self.at: float | None = None
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        import sqlalchemy as sa

        from game.server.db import jobs

        query = sa.select(sa.func.min(jobs.c.lease_until)).where(jobs.c.worker.is_not(None))
        while self.at is None and not self.stopping.wait(self.every):
            seen = time.time()
            try:
                with self.engine.connect() as connection:
                    until = connection.execute(query).scalar()
            except Exception:  # noqa: BLE001 - a busy database: look again
                continue
            if until is not None:
                self.at = min(seen, until - self.lease)

    def stop(self) -> float | None:
        self.stopping.set()
        self.thread.join(5)
        return self.at
