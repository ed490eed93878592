"""The board's queue of runs to verify, against SQLite and a real PostgreSQL (BRD-6):
claims, leases, a claim taken over when its lease runs out, SKIP LOCKED, the CPU limit of a
replay, the schema's start-up, and a server with two verifiers on PostgreSQL."""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sa = pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")

from game.server import jobs, store  # noqa: E402
from game.server.db import engine_for, migrate  # noqa: E402
from game.server.intake import canonical_json, run_id  # noqa: E402
from game.server.verdicts import Verdict, judge  # noqa: E402
from game.server.verifier import Fault, judge_in_child, work  # noqa: E402
from tests.conftest import ROOT  # noqa: E402
from tests.server_fixtures import (Server, dying_recording, new_database, postgres_binaries,  # noqa: E402
                                   postgres_url, request, waiting_recording)  # noqa: F401


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path):
    """A fresh database's URL: a SQLite file, or a new database in the test cluster."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'queue.sqlite3'}"
        return
    yield new_database(request.getfixturevalue("postgres_url"))


@pytest.fixture
def engine(database):
    made = engine_for(database)
    migrate(made)
    yield made
    made.dispose()


def queued(engine, count: int) -> list[str]:
    """``count`` submissions, one a millisecond apart (so the queue's order is theirs)."""
    ids = []
    for index in range(count):
        text = canonical_json({"n": index, "tag": uuid.uuid4().hex})
        ids.append(store.submit(engine, run_id(text), f"player {index}", None, text).id)
        time.sleep(0.002)
    return ids


def test_a_claim_lasts_its_lease_and_then_another_verifier_takes_the_job(engine):
    first, second = queued(engine, 2)
    assert jobs.claim(engine, "w1", 0.3) == jobs.Job(first, 1)
    assert jobs.claim(engine, "w2", 0.3) == jobs.Job(second, 1)
    assert jobs.claim(engine, "w3", 0.3) is None
    assert jobs.renew(engine, second, "w2", 30)
    time.sleep(0.4)
    assert jobs.claim(engine, "w3", 30) == jobs.Job(first, 2)  # w1's lease ran out
    assert not jobs.renew(engine, first, "w1", 30)
    verdict = Verdict("rejected", "not finished: a test")
    assert not jobs.finish(engine, first, "w1", verdict), "w1 no longer holds it"
    assert jobs.finish(engine, first, "w3", verdict)
    with engine.connect() as connection:
        row = connection.execute(sa.text("SELECT status, attempts, verifier FROM runs WHERE id = :i"),
                                 {"i": first}).one()
    assert tuple(row) == ("rejected", 2, "w3")
    assert jobs.pending_count(engine) == 1


def test_verifiers_claiming_at_once_never_share_a_job(engine):
    ids = set(queued(engine, 24))
    taken: list[str] = []
    lock = threading.Lock()

    def claimer(worker: str) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with lock:
                if len(taken) >= len(ids):
                    return
            job = jobs.claim(engine, worker, 60)
            if job is not None:
                with lock:
                    taken.append(job.run_id)

    threads = [threading.Thread(target=claimer, args=(f"w{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(taken) == sorted(ids)


@pytest.mark.parametrize("database", ["postgres"], indirect=True)
def test_postgres_claims_skip_a_row_another_verifier_has_locked(engine):
    first, second = queued(engine, 2)
    got: list[object] = []
    with engine.connect() as holder:
        holder.begin()
        holder.execute(sa.text("SELECT run_id FROM jobs WHERE run_id = :i FOR UPDATE"), {"i": first})
        claiming = threading.Thread(target=lambda: got.append(jobs.claim(engine, "w2", 30)))
        claiming.start()
        claiming.join(5)
        assert not claiming.is_alive(), "the claim waited for the locked row"
        holder.rollback()
    assert got == [jobs.Job(second, 1)]


def test_a_job_that_stopped_its_verifier_three_times_is_held_not_rejected(engine):
    (only,) = queued(engine, 1)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE jobs SET attempts = 3"))
    assert work(engine, "w", 30, 5, 0.1, once=True) == 1
    with engine.connect() as connection:
        status, reason = connection.execute(sa.text("SELECT status, reason FROM runs")).one()
        lease, tries = connection.execute(sa.text("SELECT lease_until, attempts FROM jobs")).one()
    assert status == "unverified" and reason.startswith("could not be verified yet"), reason
    assert lease > time.time() + jobs.HOLD - 60 and tries == 0, "tried again later, with its tries afresh"
    assert jobs.claim(engine, "w2", 30) is None, "not before its hold is over"


def test_a_replay_killed_from_outside_is_a_fault_not_a_verdict():
    if sys.platform != "linux":
        pytest.skip("the replay's process is found in /proc")
    slow = gzip.compress(canonical_json(waiting_recording(waits=30_000)).encode())  # some 1.5 s of replay

    def kill_the_replay() -> None:
        for task in Path(f"/proc/{os.getpid()}/task").glob("*"):
            for child in (task / "children").read_text().split():
                os.kill(int(child), signal.SIGKILL)  # as the out-of-memory killer would

    outcome = judge_in_child(slow, 30, tick=kill_the_replay, tick_every=0.1)
    assert isinstance(outcome, Fault) and "stopped from outside" in outcome.why, outcome


def test_a_replay_runs_in_a_child_and_is_stopped_past_its_cpu_limit():
    good = gzip.compress(canonical_json(dying_recording(bold_until=200)).encode())
    verdict = judge_in_child(good, 30)
    assert verdict == judge(good) and verdict.status == "verified"
    if sys.platform != "linux":
        pytest.skip("RLIMIT_CPU is checked on Linux")
    slow = gzip.compress(canonical_json(waiting_recording(waits=150_000)).encode())  # some 8 s of replay
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    verdict = judge_in_child(slow, 0.5)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert verdict.status == "rejected" and verdict.reason.startswith("too slow"), verdict
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    # the child's CPU, not the wall clock: a loaded machine (another test worker) stretches the
    # wall time of a second of CPU, but not the CPU the replay was allowed
    assert cpu < 3.0, f"stopped at its limit (RLIMIT_CPU: a whole second), not at the end ({cpu:.1f} s of CPU)"
    assert judge_in_child(b"not gzip", 5).reason.startswith("malformed")


def test_a_16_mib_body_does_not_hold_up_the_board_meanwhile(tmp_path):
    """A body is unpacked and parsed away from the web process's event loop (and its GIL): the
    board's reads answer while 16 MiB of JSON, seconds of parsing, is taken in."""
    recording = dict(dying_recording(bold_until=0), commands=[["move", 1, 0]] * 1_250_000)
    text = json.dumps({"name": "Heavy", "name_key": None, "recording": recording}, separators=(",", ":")).encode()
    assert 15 << 20 < len(text) <= 16 << 20
    body = gzip.compress(text, 6)
    headers = {"Content-Type": "application/json", "Content-Encoding": "gzip"}
    server = Server(f"sqlite:///{tmp_path / 'heavy.sqlite3'}", tmp_path, workers=0)
    try:
        board = f"{server.url}/api/daily/2026-11-20"
        request(board)
        posted: list[tuple[int, float, object]] = []

        def post() -> None:
            started = time.monotonic()
            status, _, answer = request(server.url + "/api/runs", body, headers)
            posted.append((status, time.monotonic() - started, answer))

        sending = threading.Thread(target=post)
        sending.start()
        reads: list[float] = []
        while sending.is_alive():
            started = time.monotonic()
            assert request(board)[0] == 200
            reads.append(time.monotonic() - started)
            time.sleep(0.02)
        sending.join()
        ((status, took, answer),) = posted
        assert status == 202 and answer["status"] == "pending", answer
        assert len(reads) >= 5 and max(reads) < took / 4, (took, len(reads), max(reads))
    finally:
        server.stop()


def test_a_server_with_a_small_cpu_limit_rejects_a_long_replay_as_too_slow(tmp_path):
    if sys.platform != "linux":
        pytest.skip("RLIMIT_CPU is checked on Linux")
    server = Server(f"sqlite:///{tmp_path / 'cpu.sqlite3'}", tmp_path, "--cpu-limit", "0.5", workers=1)
    try:
        short = dying_recording(bold_until=0)  # replays well within the limit
        slow = waiting_recording(waits=40_000)  # a second and more of CPU to replay
        ids = [server.submit(recording, name, address=f"10.30.0.{index}")[2]["id"]
               for index, (recording, name) in enumerate(((short, "Quick"), (slow, "Slow")))]
        quick, too_slow = (server.settled(run, timeout=30) for run in ids)
        assert quick["status"] == "verified", quick
        assert too_slow["status"] == "rejected", too_slow
        assert too_slow["reason"] == "too slow: the replay ran past 0.5 s of CPU", too_slow
    finally:
        server.stop()


def test_the_schema_is_made_once_and_a_newer_one_is_refused(engine):
    assert migrate(engine) == migrate(engine)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE meta SET value = '99' WHERE key = 'schema'"))
    with pytest.raises(RuntimeError, match="newer server"):
        migrate(engine)


def test_a_board_of_schema_1_is_migrated_and_its_runs_still_read(database):
    """Schema 1 kept the island's regions (always 5) as ``regions``; schema 2 keeps them as
    ``island_regions`` and ``regions`` counts the regions a run entered. A run verified before
    still reads, its Wardens out of 5, its regions not known (None), never a wrong number."""
    from game.server import board
    from game.server.db import SCHEMA_VERSION, metadata, runs
    from game.server.names import canonical
    from game.server.pages import daily_page, result_text

    old = sa.MetaData()
    for table in metadata.sorted_tables:
        if table.name != "runs":
            table.to_metadata(old)
    columns = [sa.Column("regions" if column.name == "island_regions" else column.name, column.type,
                         primary_key=column.primary_key, nullable=column.nullable)
               for column in runs.columns if column.name != "regions"]
    old_runs = sa.Table("runs", old, *columns)
    engine = engine_for(database)
    try:
        old.create_all(engine)
        with engine.begin() as connection:
            connection.execute(sa.text("INSERT INTO meta (key, value) VALUES ('schema', '1')"))
            connection.execute(old_runs.insert().values(
                id="old", name="Ann", name_canon=canonical("Ann"), recording=b"", size=0, status="verified",
                submitted=1_800_000_000.0, attempts=1, day="2026-11-20", score=1010, wardens=1, regions=5,
                won=False, cause="killed by the rat on floor 1 of Orrine", turns=900, kills=1, coins=0,
                sight="room"))
        assert migrate(engine) == SCHEMA_VERSION == 3
        row = board.daily(engine, "2026-11-20")["runs"][0]
        assert (row["id"], row["wardens"], row["regions"], row["island_regions"]) == ("old", 1, None, 5)
        assert board.status(engine, "old")["result"]["regions"] is None
        assert result_text(row).startswith("1/5 Wardens") and "1/5 Wardens" in daily_page(
            board.daily(engine, "2026-11-20"), dt.date(2026, 11, 20))
        assert migrate(engine) == 3, "once migrated, a start changes nothing"
    finally:
        engine.dispose()


def test_the_game_and_its_page_leave_the_server_out():
    assert '"/game/server"' in (ROOT / "pygbag.ini").read_text(encoding="utf-8")
    outside = [path for path in (ROOT / "game").rglob("*.py") if "server" not in path.relative_to(ROOT).parts
               and "game.server" in path.read_text(encoding="utf-8")]
    assert not outside and "game.server" not in (ROOT / "main.py").read_text(encoding="utf-8")


def test_the_command_line_says_what_is_wrong(tmp_path):
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "game.server", *args], cwd=ROOT, capture_output=True,
                              text=True, timeout=60)

    assert run("--help").returncode == 0
    bad = run("--db", "nosuch://x", "--no-web")
    assert bad.returncode == 2 and "cannot use the database" in bad.stderr
    assert run("--workers", "-1").returncode == 2
    missing = run("--db", f"sqlite:///{tmp_path / 'b.sqlite3'}", "--web", str(tmp_path / "nothing"))
    assert missing.returncode != 0 and "no built page" in missing.stderr


def test_a_server_on_postgres_verifies_with_two_verifiers(postgres_url, tmp_path):  # noqa: F811
    server = Server(new_database(postgres_url), tmp_path, workers=2)
    try:
        sent = [server.submit(dying_recording(bold_until=bold), f"pg {bold}", address=f"10.20.0.{index}")[2]["id"]
                for index, bold in enumerate((0, 300, 400, 600))]
        results = [server.settled(run)["result"] for run in sent]
        board = request(f"{server.url}/api/daily/2026-11-20")[2]["runs"]
        assert [row["id"] for row in board] == [run for _, run in sorted(zip(
            [(-r["score"], r["turns"]) for r in results], sent))]
        engine = engine_for(server.db)
        with engine.connect() as connection:
            attempts = connection.execute(sa.text("SELECT attempts FROM runs")).scalars().all()
        engine.dispose()
        assert attempts == [1, 1, 1, 1]
    finally:
        server.stop()


def test_without_postgresql_its_tests_skip_unless_ci_requires_them(monkeypatch, tmp_path):
    nowhere = str(tmp_path / "no-postgresql" / "initdb")
    monkeypatch.delenv("THRESHOLD_REQUIRE_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        postgres_binaries(nowhere)
    monkeypatch.setenv("THRESHOLD_REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="THRESHOLD_REQUIRE_POSTGRES=1"):
        postgres_binaries(nowhere)


def test_text_a_recording_brings_reaches_a_reason_escaped(engine):
    """A NUL (PostgreSQL refuses it in text), a control or a bidirectional character in a
    recording's text is written as its escape in the reason, and the run is rejected at once."""
    base = dying_recording(bold_until=0)
    nul_version = dict(base, game_version="9.9\x00\u202e")
    nul_command = dict(base, commands=["fly\x00\x07", *base["commands"][1:]])
    sent = {}
    for index, (reason, recording) in enumerate((("another game version", nul_version),
                                                  ("malformed", nul_command))):
        text = canonical_json(recording)
        sent[store.submit(engine, run_id(text), f"nul {index}", None, text).id] = reason
    assert work(engine, "w", 30, 30, 0.1, once=True) == 2
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT id, status, reason, attempts FROM runs")).all()
    assert len(rows) == 2
    for run, status, reason, attempts in rows:
        assert status == "rejected" and reason.startswith(sent[run]) and attempts == 1, (status, reason)
        assert reason.isprintable() and "\\x00" in reason, reason
    assert any("\\u202e" in reason for *_, reason, _ in rows)


@pytest.mark.parametrize("database", ["postgres"], indirect=True)
def test_a_verdict_the_database_refuses_rejects_the_run_and_the_verifier_goes_on(engine, monkeypatch):
    from game.server import verifier

    first, second = queued(engine, 2)
    result = {"date": "2026-11-20", "wardens": 0, "regions": 1, "island_regions": 5, "won": False, "cause": "killed by a test",
              "turns": 10, "kills": 0, "coins": 0, "sight": "by the room, far too long for its column", "score": 0}
    monkeypatch.setattr(verifier, "judge_in_child", lambda *args, **kwargs: Verdict("verified", None, result))
    assert work(engine, "w", 30, 30, 0.1, once=True) == 2, "both jobs done, no exception"
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT status, reason, score FROM runs ORDER BY submitted")).all()
    for status, reason, score_ in rows:
        assert status == "rejected" and score_ is None, (status, reason)
        assert reason.startswith("the verifier failed: the database refused its verdict"), reason
    assert jobs.pending_count(engine) == 0


def test_commands_that_take_no_turn_are_stopped_at_the_cap_not_replayed_to_the_end():
    """A recording of commands that take no turn is cheap to make and slow to replay: the replay
    stops once the commands pass what the turns so far can need."""
    import datetime as dt_

    from game.run.daily import daily_seed
    from game.run.run import Run
    from game.server.verdicts import SPARE_COMMANDS, commands_for
    from game.world.actions import CloseDoor

    day = "2026-11-20"
    run = Run.new(daily_seed(dt_.date.fromisoformat(day)), "island", day)
    for _ in range(SPARE_COMMANDS + 400):
        run.perform(CloseDoor())  # no door here: refused, no turn taken
    assert run.game.turn == 0 and len(run.recording.commands) > commands_for(0)
    began = time.process_time()
    verdict = judge(gzip.compress(canonical_json(run.recording_now().to_dict()).encode()))
    assert verdict.status == "rejected" and verdict.reason.startswith("oversized"), verdict
    assert "by turn 0" in verdict.reason and time.process_time() - began < 5
