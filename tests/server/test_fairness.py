"""The fair queue's order (``game.server.fairness``), on a clock the test moves: a sender's many
runs queue behind each other however slowly they arrive, and another's run sent after them is
taken next."""

from __future__ import annotations

import gzip
import uuid

import pytest

sa = pytest.importorskip("sqlalchemy")

from game.server import jobs, store  # noqa: E402
from game.server.db import engine_for, migrate  # noqa: E402
from game.server.verdicts import Verdict  # noqa: E402


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def queue(tmp_path, monkeypatch):
    """A fresh SQLite queue whose store and verifiers read ``Clock``."""
    clock = Clock()
    monkeypatch.setattr(store, "time", clock)
    monkeypatch.setattr(jobs, "time", clock)
    engine = engine_for(f"sqlite:///{tmp_path / 'fair.sqlite3'}")
    migrate(engine)
    yield engine, clock
    engine.dispose()


def send(engine, name: str, sender: str, commands: int) -> str:
    data = uuid.uuid4().hex.encode()
    return store.submit_packed(engine, uuid.uuid4().hex, name, None, gzip.compress(data), len(data),
                               "2026-11-20", None, sender, commands).id


@pytest.mark.parametrize("gap", [0.01, 1.0, 30.0])
def test_a_run_sent_after_a_flood_is_replayed_next_however_slowly_the_flood_came(queue, gap):
    """Six big runs from one address, ``gap`` seconds apart (1 s and 30 s: slower than one's
    replay, as a loaded server takes them in), then one small run from another address: it is
    the next one claimed after the run being replayed, and the flood's come after it in order."""
    engine, clock = queue
    flood = []
    for index in range(6):
        flood.append(send(engine, f"Flood {index}", "10.0.0.1", commands=6_000))
        if index == 0:
            assert jobs.claim(engine, "verifier", 60) == jobs.Job(flood[0], 1)
        clock.now += gap
    honest = send(engine, "Honest", "10.0.0.2", commands=1_300)
    assert jobs.finish(engine, flood[0], "verifier", Verdict("rejected", "not finished: a test"))
    order = []
    while (job := jobs.claim(engine, "verifier", 60)) is not None:
        order.append(job.run_id)
        assert jobs.finish(engine, job.run_id, "verifier", Verdict("rejected", "not finished: a test"))
    assert order == [honest, *flood[1:]]
