"""A fair daily against a real server (BRD-7, BRD-8): one attempt per name and day is ranked,
a run has one id and one owner however it is re-sent, attempts only while the date is today
somewhere, a replay killed from outside is tried again (never rejected for it), and one
address's big runs do not hold everyone else's verdicts. SQLite and PostgreSQL, as in
test_server.py; the server's clock starts at noon UTC of ``DAY`` (``--today``)."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")

import sqlalchemy as sa  # noqa: E402

from tests.server_fixtures import (DAY, Server, board_server, dying_recording, postgres_url,  # noqa: E402, F401
                                   request, waiting_recording)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request, tmp_path_factory):
    with board_server(request, tmp_path_factory, "attempts") as running:
        yield running


# Each test sends runs no other test here sends (dying_recording's bold_until 0-200 give one run,
# 600 and 700 another): the same run sent again is the run already there.


def day(offset: int) -> str:
    return (dt.date.fromisoformat(DAY) + dt.timedelta(days=offset)).isoformat()


def test_only_a_names_first_attempt_of_the_day_is_ranked(server):
    status, _, first = server.attempt("Scummer", address="10.20.0.1")
    assert status == 201 and first["number"] == 1 and len(first["name_key"]) >= 22, first
    key = first["name_key"]
    status, _, second = server.attempt("scummer", key, address="10.20.0.1")
    assert status == 201 and second["number"] == 2 and second["name_key"] is None
    assert server.attempt("Scummer", None, address="10.20.0.2")[0] == 403, "the name's attempts need its key"

    worse, better, best = (dying_recording(bold_until=b) for b in (0, 600, 1000))
    status, _, ranked = server.submit(worse, "Scummer", key, attempt=first["attempt"])
    assert status == 202, ranked
    status, _, again = server.submit(better, "Scummer", key, attempt=first["attempt"])
    assert status == 409 and "used" in again["error"], "an attempt is sent once (a save restored and played again)"
    status, _, practice = server.submit(better, "Scummer", key, attempt=second["attempt"])
    assert status == 202, practice
    status, _, loose = server.submit(best, "Scummer", key, attempt=None)
    assert status == 202, loose
    status, _, stolen = server.submit(dying_recording(bold_until=1500), "Other", attempt=first["attempt"])
    assert status == 403 and "attempt" in stolen["error"], "an attempt is its name's"

    done = {run: server.settled(run) for run in (ranked["id"], practice["id"], loose["id"])}
    assert all(answer["status"] == "verified" for answer in done.values()), done
    assert (done[ranked["id"]]["attempt"], done[ranked["id"]]["ranked"]) == (1, True)
    assert done[practice["id"]]["result"]["rank"] is None and done[practice["id"]]["attempt"] == 2
    assert done[loose["id"]]["attempt"] is None and not done[loose["id"]]["ranked"]
    assert done[loose["id"]]["result"]["score"] > done[ranked["id"]]["result"]["score"], "the practice was better"

    board = request(f"{server.url}/api/daily/{DAY}?name=Scummer")[2]
    mine = [row for row in board["runs"] if row["name"] == "Scummer"]
    assert [row["id"] for row in mine] == [ranked["id"]], "ranked: the first attempt, not the best run"
    assert board["you"]["id"] == ranked["id"] and board["state"] == "open"
    assert {row["id"]: row["attempt"] for row in board["practice"]} == {practice["id"]: 2, loose["id"]: None}
    page = request(f"{server.url}/daily/{DAY}")[2]
    assert "<h2>Practice</h2>" in page and "#2" in page


def test_attempts_and_runs_only_while_the_date_is_today_somewhere(server):
    assert server.attempt("Early", day=day(1), address="10.21.0.1")[0] == 201, "already today in UTC+14"
    for when, status in ((day(-1), 410), (day(-30), 410), (day(2), 404), ("0001-01-01", 404), ("9999-12-31", 404),
                         ("2026-02-30", 404), ("today", 404)):
        got = server.attempt("Early", day=when, address="10.21.0.2")
        assert got[0] == status, (when, got)
    for when in ("0001-01-01", "9999-12-31", day(2), "1999-12-31"):
        assert request(f"{server.url}/daily/{when}")[0] == 404, when
        assert request(f"{server.url}/api/daily/{when}")[0] == 404, when
    past = request(f"{server.url}/api/daily/{day(-30)}")
    assert past[0] == 200 and past[2]["state"] == "closed", "a past board is read"
    status, _, answer = server.submit(waiting_recording(day=day(-30), waits=3), "Late", attempt=None)
    assert status == 410 and "read-only" in answer["error"], answer
    status, _, answer = server.submit(waiting_recording(day=day(2), waits=3), "Early", attempt=None)
    assert status == 404, answer
    assert request(server.url + "/api/health")[2]["open"] == [DAY, day(1)]


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)  # the same SQL on PostgreSQL: CI time
def test_a_copy_under_another_name_is_the_same_run_and_keeps_its_owner(server):
    status, _, owned = server.submit(dying_recording(bold_until=300), "Owner", address="10.22.0.1")
    assert status == 202 and server.settled(owned["id"])["status"] == "verified"
    status, _, copy = request(f"{server.url}/api/runs/{owned['id']}/recording")
    assert status == 200
    variants = [dict(copy, sight="room"), dict(copy, trace=None), dict(copy, checkpoints=[]),
                json.loads(json.dumps(copy, indent=3, sort_keys=True))]
    for index, variant in enumerate(variants):
        status, _, answer = server.submit(variant, f"Copycat {index}", address=f"10.22.1.{index}")
        assert status == 202 and answer["id"] == owned["id"], (index, answer)
    status, _, answer = server.submit(dict(copy, extra=1), "Copycat x", address="10.22.2.1")
    assert status == 400 and "'extra'" in answer["error"], answer
    board = request(f"{server.url}/api/daily/{DAY}")[2]
    rows = [row for row in board["runs"] + board["practice"] if row["id"] == owned["id"]]
    assert [row["name"] for row in rows] == ["Owner"]
    assert not [row for row in board["runs"] if row["name"].startswith("Copycat")]


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)  # the same SQL on PostgreSQL: CI time
def test_a_note_the_game_never_writes_is_refused(server):
    recording = dying_recording(bold_until=0)
    recording["commands"].insert(3, ["note", "x" * 4000, "good"])
    recording["trace"] = None
    status, _, answer = server.submit(recording, "Noter", address="10.23.0.1")
    assert status == 202, answer
    done = server.settled(answer["id"])
    assert done["status"] == "rejected" and done["reason"].startswith("malformed") and "note" in done["reason"]


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found += [int(child) for child in text.split()]
    return found


def test_a_replay_killed_from_outside_is_tried_again_and_ends_verified(server):
    recording = dying_recording(bold_until=1500)
    status, _, answer = server.submit(recording, "Unlucky", address="10.24.0.1")
    assert status == 202
    killed, deadline = None, time.monotonic() + 20
    while killed is None and time.monotonic() < deadline:
        with server.engine.connect() as db:
            worker = db.execute(sa.text("SELECT worker FROM jobs WHERE run_id = :i"), {"i": answer["id"]}).scalar()
        replays = _children(int(worker.split(":")[1])) if worker else []
        if replays:
            os.kill(replays[0], signal.SIGKILL)  # as the out-of-memory killer would
            killed = replays[0]
        time.sleep(0.002)
    assert killed, "no replay was caught running"
    done = server.settled(answer["id"], timeout=30)
    assert done["status"] == "verified", done
    with server.engine.connect() as db:
        tries = db.execute(sa.text("SELECT attempts FROM runs WHERE id = :i"), {"i": answer["id"]}).scalar_one()
    assert tries == 2, "killed once, then verified"
    assert "tried again" in server.output()


def test_one_sender_flooding_big_runs_does_not_hold_another_senders_verdict(server):
    """From one address under many names (SQLite), or from many addresses under one name
    (PostgreSQL): each has one share of the verifiers' time."""
    spread = "one address" if server.db.startswith("sqlite") else "one name"
    flood, runs = [], [waiting_recording(waits=6_000 + index) for index in range(6)]  # made, then sent at once
    honest_run = dying_recording(bold_until=1300)
    key = None
    for index, run in enumerate(runs):
        name, address = (f"Flood {index}", "10.25.0.1") if spread == "one address" else ("Flood", f"10.25.1.{index}")
        status, _, answer = server.submit(run, name, key, address=address, gzipped=True, attempt=None)
        key = key or answer.get("name_key")
        assert status == 202, answer
        flood.append(answer["id"])
    status, _, honest = server.submit(honest_run, "Honest", address="10.25.0.2")
    assert status == 202
    assert server.settled(honest["id"], timeout=60)["status"] == "verified"
    with server.engine.connect() as db:
        times = {row.id: (row.submitted, row.finished) for row in db.execute(
            sa.text("SELECT id, submitted, finished FROM runs WHERE id IN :ids").bindparams(
                sa.bindparam("ids", expanding=True)), {"ids": flood + [honest["id"]]})}
    sent, verified = times[honest["id"]]
    waited_for = [run for run in flood if times[run][1] is not None and sent < times[run][1] < verified]
    assert sum(times[run][1] is None or times[run][1] > sent for run in flood) >= 3, "the flood was there"
    assert len(waited_for) <= 1, f"sent while one was replayed, the honest run waited for {len(waited_for)}"


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)  # the same SQL on PostgreSQL: CI time
def test_look_alike_and_blank_names_are_refused(server):
    status, _, held = server.attempt("Alice", address="10.26.0.1")
    assert status == 201, held
    for alike in ("Аlice", "A\u200dlice", "AIice", "ＡＬＩＣＥ"):
        status, _, answer = server.attempt(alike, address="10.26.0.2")
        assert status in (403, 409) and ("looks like" in answer["error"] or "taken" in answer["error"]), (alike, answer)
    for blank in ("ㅤㅤㅤ", "⠀⠀⠀", "\u200b\u200b", "\u3000"):
        status, _, answer = server.attempt(blank, address="10.26.0.3")
        assert status == 400 and "name" in answer["error"], (blank, answer)
    status, _, wide = server.attempt("Ｗｉｄｅ", address="10.26.0.4")
    assert status == 201
    status, _, run = server.submit(dying_recording(bold_until=1800), "Ｗｉｄｅ", wide["name_key"],
                                   attempt=wide["attempt"], address="10.26.0.4")
    assert server.settled(run["id"])["result"]["name"] == "Wide", "stored as NFKC"


def test_a_database_that_is_away_is_answered_503_and_said_once(tmp_path):
    import subprocess

    from game.server.pgcluster import Cluster
    from tests.server_fixtures import postgres_binaries

    cluster = Cluster(postgres_binaries())
    running = Server(cluster.url, tmp_path, workers=1)
    try:
        assert running.attempt("Steady")[0] == 201
        subprocess.run([*cluster.as_user, str(cluster.bin_dir / "pg_ctl"), "-D", str(cluster.data), "-m",
                        "immediate", "stop"], check=True, capture_output=True)
        answers = [request(f"{running.url}/api/daily/{DAY}") for _ in range(20)]
        answers += [running.attempt("Steady", address=f"10.27.0.{i}") for i in range(5)]
        answers.append(request(f"{running.url}/api/health"))
        assert {status for status, _, _ in answers} == {503}, [a[:1] for a in answers]
        assert all(headers.get("retry-after") == "30" for _, headers, _ in answers)
        assert all("try again" in answer["error"] for _, _, answer in answers)
        time.sleep(1.5)  # the verifier meets the stopped database too
        said = [line for line in running.output().splitlines() if "database is away" in line]
        assert 1 <= len(said) <= 2, said  # the web process once, the verifier once: not once per request
        assert "Traceback" not in running.output()
    finally:
        running.stop()
        cluster.stop()
