"""The daily board's server for real (BRD-1, BRD-2, BRD-3): uvicorn in a subprocess on 127.0.0.1, one
verifier process, against SQLite and against a real PostgreSQL (each test runs on both); real
daily recordings made by the bot, and hostile ones, submitted over HTTP."""

from __future__ import annotations

import gzip
import json
import os
import signal
import time
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")

import sqlalchemy as sa  # noqa: E402

from game.server.verdicts import score  # noqa: E402
from tests.server_fixtures import (DAY, board_server, dying_recording, postgres_url,  # noqa: E402, F401
                                   request, waiting_recording)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request, tmp_path_factory):
    """A server on a new SQLite file, or on a new database of the test's PostgreSQL cluster."""
    with board_server(request, tmp_path_factory, "board", "--allow-origin", "https://board.example") as running:
        yield running


def test_a_daily_run_is_verified_ranked_and_watchable(server):
    short, longer = dying_recording(bold_until=0), dying_recording(bold_until=300)
    status, _, first = server.submit(short, "Ann", address="10.1.0.1")
    assert status == 202 and first["status"] == "pending" and first["name_key"], first
    status, _, second = server.submit(longer, "Bo", address="10.1.0.1", gzipped=True)
    assert status == 202, second
    done = server.settled(second["id"])
    assert done["status"] == "verified" and done["reason"] is None, done
    result = done["result"]
    assert result["date"] == DAY and result["name"] == "Bo" and result["turns"] == longer["final"][1]
    assert result["cause"].startswith("killed by") and result["won"] is False
    assert result["score"] == score(result["wardens"], result["kills"], result["coins"], result["won"])
    assert (result["wardens"], result["regions"], result["island_regions"]) == (0, 1, 5), \
        "the regions the run went down into: it died in the first (TRU-8: the board said 5)"
    assert server.settled(first["id"])["status"] == "verified"

    board = request(f"{server.url}/api/daily/{DAY}?name=ANN")[2]
    assert board["date"] == DAY
    ranked = [(row["rank"], row["name"]) for row in board["runs"] if row["name"] in ("Ann", "Bo")]
    assert [name for _, name in sorted(ranked)] == ["Bo", "Ann"], board  # the higher score first
    assert board["you"]["name"] == "Ann" and board["you"]["id"] == first["id"]
    assert set(board["runs"][0]) == {"rank", "id", "name", "score", "wardens", "regions", "island_regions", "won",
                                     "cause", "turns", "kills", "coins", "sight", "submitted"}
    assert board["you"]["regions"] == 1 and board["you"]["island_regions"] == 5
    assert board["you"]["sight"] == "room" and result["sight"] == "room"

    status, _, page = request(f"{server.url}/daily/{DAY}")
    assert status == 200 and f'href="/?watch={second["id"]}"' in page and "<script" not in page
    assert 'href="/daily/2026-11-19"' in page and 'href="/daily/2026-11-21"' in page

    status, _, recording = request(f"{server.url}/api/runs/{second['id']}/recording")
    assert status == 200 and recording == longer
    status, headers, packed = request(f"{server.url}/api/runs/{second['id']}/recording",
                                      headers={"Accept-Encoding": "gzip"})
    assert headers.get("content-encoding") == "gzip"
    assert request(server.url + "/")[2].endswith("the game's page")
    health = request(server.url + "/api/health")[2]
    assert health["ok"] and health["game_version"] == recording["game_version"]


def test_forged_and_foreign_recordings_are_rejected_with_their_reason(server):
    base = dying_recording(bold_until=1200)  # sent by no other test here: a copy with other checks is the same run
    forged = dict(base, final=[*base["final"][:3], "0" * 64])
    edited = json.loads(json.dumps(base))
    edited["commands"][5] = ["wait"] if edited["commands"][5] != ["wait"] else ["move", 1, 0]
    not_daily = dict(base, seed="7")
    no_date = dict(base, daily=None)
    other_day = dict(base, daily="2026-11-21")
    newer = dict(base, save_version=base["save_version"] + 1)
    nul = dict(base, game_version="0.0\x00\u202e")  # PostgreSQL refuses a NUL in text: the reason escapes it
    garbled = json.loads(json.dumps(base))
    garbled["commands"][0] = ["fly", 1]
    too_long = dict(base, commands=[["wait"]] * 200_001, trace=None, checkpoints=[], final=None)
    cases = {"out of sync": [forged, edited], "not a daily seed": [not_daily, other_day],
             "another game version": [newer, nul], "malformed": [garbled, {"format": "nothing", "daily": DAY,
                                                                           "commands": []}],
             "not finished": [waiting_recording(waits=20)], "oversized": [too_long]}
    sent = []
    for reason, recordings in cases.items():
        for recording in recordings:
            status, _, answer = server.submit(recording, f"forger {len(sent)}", address=f"10.2.0.{len(sent)}",
                                              gzipped=True)
            assert status == 202, answer
            sent.append((reason, answer["id"]))
    for refused in (no_date, {"format": "nothing"}):
        status, _, answer = server.submit(refused, "forger", address="10.2.1.1", attempt=None)
        assert status == 400 and "recording" in answer["error"], answer  # not a daily's, or not the game's keys
    for reason, run_id in sent:
        done = server.settled(run_id)
        assert done["status"] == "rejected" and done["reason"].startswith(reason), (reason, done)
        assert done["reason"].isprintable(), done
        assert done["result"] is None
        assert request(f"{server.url}/api/runs/{run_id}/recording")[0] == 404  # only what it ranks is served


def test_bodies_too_big_and_bodies_not_json_are_refused_before_parsing(server):
    headers = {"Content-Type": "application/json", "X-Forwarded-For": "10.3.0.1"}
    big = b'{"name": "x", "recording": {"pad": "' + b"a" * (1 << 20) + b'"}}'
    assert request(server.url + "/api/runs", big, headers)[0] == 413
    bomb = gzip.compress(b" " * (17 << 20), 9)
    assert len(bomb) < 100_000
    status, _, answer = request(server.url + "/api/runs", bomb, {**headers, "Content-Encoding": "gzip",
                                                                 "X-Forwarded-For": "10.3.0.2"})
    assert status == 413, answer
    assert request(server.url + "/api/runs", b"{}", {**headers, "Content-Type": "text/plain",
                                                     "X-Forwarded-For": "10.3.0.3"})[0] == 415
    for body in (b"not json", b"[1, 2]", b'{"name": "x", "recording": [1]}', b'{"name": "x", "recording": NaN}',
                 b"[" * 100_000):
        assert request(server.url + "/api/runs", body, {**headers, "X-Forwarded-For": "10.3.0.4"})[0] == 400


def test_an_address_that_submits_too_often_is_told_when_to_come_back(server):
    headers = {"Content-Type": "application/json", "X-Forwarded-For": "10.4.0.1"}
    statuses = [request(server.url + "/api/runs", b"{}", headers)[0] for _ in range(10)]
    assert statuses == [400] * 10
    status, got, answer = request(server.url + "/api/runs", b"{}", headers)
    assert status == 429 and 1 <= int(got["retry-after"]) <= 60, (got, answer)
    assert request(server.url + "/api/runs", b"{}", {**headers, "X-Forwarded-For": "10.4.0.2"})[0] == 400


def test_the_same_recording_twice_is_the_same_run(server):
    recording = dying_recording(bold_until=400)
    status, _, first = server.submit(recording, "Twice", address="10.5.0.1")
    assert status == 202 and set(first) == {"id", "status", "name_key"} and first["status"] == "pending", first
    respaced = json.loads(json.dumps(recording, sort_keys=True, indent=2))
    status, _, again = server.submit(respaced, "Twice", key=first["name_key"], address="10.5.0.1", gzipped=True)
    assert status == 202 and again["id"] == first["id"] and again["name_key"] is None
    status, _, stolen = server.submit(recording, "Thief", address="10.5.0.2", attempt=None)
    assert stolen["id"] == first["id"] and stolen["name_key"] is None
    assert server.settled(first["id"])["result"]["name"] == "Twice"
    status, _, later = server.submit(recording, "Twice", key=first["name_key"], address="10.5.0.3", attempt=None)
    assert status == 202 and later == {"id": first["id"], "status": "verified", "name_key": None}, \
        "a duplicate is told the run's status now (docs/server.md says so)"


BAD_NAMES = ["", "x" * 25, "evil\u202egnp", "a\u2066b", "tab\there", "new\nline", " lead", "nul\x00", "\u200dstart",
             7, None]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_bad_names_are_refused(server, name):
    address = f"10.6.0.{BAD_NAMES.index(name)}"
    status, _, answer = server.submit(waiting_recording(waits=21), name, address=address)
    assert status == 400 and "name" in answer["error"], answer


def test_names_in_any_script_are_taken(server):
    for index, name in enumerate(["Зоя", "李小龍", "O'Brien", "👩\u200d🚀", "ab" * 12, "x'); DROP TABLE runs;--"]):
        status, _, answer = server.submit(waiting_recording(waits=30 + index), name, address=f"10.7.0.{index}")
        assert status == 202, (name, answer)


def test_a_name_is_kept_for_the_holder_of_its_key(server):
    status, _, first = server.submit(dying_recording(bold_until=600), "Keeper", address="10.8.0.1")
    key = first["name_key"]
    assert status == 202 and len(key) >= 22
    assert server.settled(first["id"])["status"] == "verified"
    later = dying_recording(bold_until=800)  # (another run, submitted by no other test: bold to 450 plays as 600)
    for wrong in (None, "x" * 32, key[:-1] + ("a" if key[-1] != "a" else "b")):
        status, _, answer = server.submit(later, "KEEPER", key=wrong, address="10.8.0.2")
        assert status == 403 and "name" in answer["error"], answer
    status, _, mine = server.submit(later, "keeper", key=key, address="10.8.0.3")
    assert status == 202 and mine["name_key"] is None

    own = "a-key-the-game-made-itself-0123456789"
    status, _, chosen = server.submit(waiting_recording(waits=40), "Chooser", key=own, address="10.8.0.4")
    assert status == 202 and chosen["name_key"] == own
    assert server.settled(chosen["id"])["status"] == "rejected"  # not finished: the name is free again
    status, _, freed = server.submit(waiting_recording(waits=41), "chooser", address="10.8.0.5")
    assert status == 202 and freed["name_key"] not in (None, own)
    with server.engine.connect() as db:
        stored = bytes(db.execute(sa.text("SELECT key_hash FROM names WHERE canon = 'keeper'")).scalar_one())
    assert key.encode() not in stored and len(stored) == 32


def test_the_board_page_escapes_a_hostile_name(server):
    hostile = '<img src=x onerror=f()>'
    status, _, answer = server.submit(dying_recording(bold_until=1000), hostile, address="10.9.0.1")
    assert status == 202, answer
    assert server.settled(answer["id"])["status"] == "verified"
    page = request(f"{server.url}/daily/{DAY}?name={quote(hostile)}")[2]
    assert "&lt;img src=x onerror=f()&gt;" in page and "<img" not in page
    assert request(f"{server.url}/daily/2026-02-30")[0] == 404
    assert request(f"{server.url}/api/daily/not-a-day")[0] == 404


def test_a_run_seen_by_the_tile_is_ranked_and_says_so(server):
    recording = dying_recording(bold_until=300, sight="tile")
    assert recording["sight"] == "tile"
    status, _, answer = server.submit(recording, "Tiler", address="10.11.0.1")
    assert status == 202, answer
    done = server.settled(answer["id"])
    assert done["status"] == "verified" and done["result"]["sight"] == "tile", done
    assert "sight by the tile" in request(f"{server.url}/daily/{DAY}")[2]


def test_a_job_whose_verifier_died_is_claimed_again_after_its_lease(server):
    slow = waiting_recording(waits=30_000)  # about a second and a half to replay
    status, _, answer = server.submit(slow, "Patient", address="10.10.0.1", gzipped=True)
    assert status == 202
    deadline = time.monotonic() + 10
    worker = None
    while worker is None and time.monotonic() < deadline:
        with server.engine.connect() as db:
            worker = db.execute(sa.text("SELECT worker FROM jobs WHERE run_id = :i"), {"i": answer["id"]}).scalar()
        time.sleep(0.01)
    assert worker, "no verifier claimed the job"
    os.kill(int(worker.split(":")[1]), signal.SIGKILL)  # mid-replay
    done = server.settled(answer["id"], timeout=25)
    assert done["reason"].startswith("not finished"), done
    with server.engine.connect() as db:
        attempts, verifier = db.execute(sa.text("SELECT attempts, verifier FROM runs WHERE id = :i"),
                                        {"i": answer["id"]}).one()
    assert attempts == 2 and verifier != worker


def test_a_page_on_another_site_named_by_allow_origin_may_call_the_api(server):
    asked = {"Origin": "https://board.example", "Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "content-type,content-encoding"}
    status, headers, _ = request(server.url + "/api/runs", headers=asked, method="OPTIONS")
    assert status == 200 and headers["access-control-allow-origin"] == "https://board.example"
    status, headers, _ = request(server.url + "/api/runs", headers={**asked, "Origin": "https://elsewhere.example"},
                                 method="OPTIONS")
    assert status == 400 and "access-control-allow-origin" not in headers
