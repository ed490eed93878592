"""``python -m game.server.load``: the daily board under load, measured and checked (BRD-2, BRD-6).

    python -m game.server.load [--runs 8] [--workers 1|2] [--db URL | --postgres] [--lease 2]
                               [--cache DIR] [--seed 1] [--threads 4] [--readers 2] [--turns 20000]

On 127.0.0.1 only: starts its own server (``threshold-server --no-web`` on a free port; SQLite in a
temporary folder unless ``--db`` names an empty database or ``--postgres`` starts a throwaway
cluster), makes ``--runs`` real bot recordings of today's daily (``game.server.load_runs``, cached
in ``--cache``) and damaged, forged and oversized ones, and submits them from ``--threads``
threads while ``--readers`` threads read the board (its JSON and its page) in a loop. Then a second batch: one verifier is killed mid-replay (another
finishes its job once the lease runs out) and the server is restarted with jobs still queued.
Prints accepted submissions a second, verified runs a second per worker (counted from the first
claim of a job, when the verifiers start, and from the start of submission), the board's read
latency (p50/p95) under load, and its checks; exits 1 when one fails.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from game.server.load_fair import short_run
from game.server.load_runs import ROOT, Entry, body, hostile, recordings
from game.server.load_watch import FirstClaim, Readers, http
from game.server.pgcluster import free_port


def options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game.server.load", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=8, help="genuine recordings in the measured batch (default 8)")
    parser.add_argument("--seed", type=int, default=1, help="chooses the recordings' openings and the damage")
    parser.add_argument("--workers", type=int, default=1, help="verifier processes (default 1)")
    parser.add_argument("--db", help="postgresql://… or sqlite:///PATH (default: SQLite in a temporary folder)")
    parser.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL and use it")
    parser.add_argument("--lease", type=float, default=2.0, help="the verifiers' lease, seconds (default 2)")
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "threshold-load-cache"),
                        help="where the bot's recordings are kept between runs")
    parser.add_argument("--threads", type=int, default=4, help="submitting threads (default 4)")
    parser.add_argument("--readers", type=int, default=2, help="threads reading the board meanwhile (default 2)")
    parser.add_argument("--pause", type=float, default=0.01, help="seconds a reader waits between reads")
    parser.add_argument("--turns", type=int, default=20000, help="turns the bot may play (default 20000)")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds the queue may take to empty")
    parser.add_argument("--flood-waits", type=int, default=20000, help="waits in each run of the flood "
                        "(about 50 µs of replay each; default 20000)")
    parser.add_argument("--honest-within", type=float, default=5.0, help="seconds an honest verdict may take "
                        "beside the flood (default 5: on a machine doing nothing else)")
    return parser.parse_args(argv)


class Server:
    """``python -m game.server --no-web`` on 127.0.0.1 and a free port."""

    def __init__(self, db: str, workers: int, lease: float, log: Path) -> None:
        self.url = f"http://127.0.0.1:{free_port()}"
        self.log = log.open("ab")
        command = [sys.executable, "-m", "game.server", "--db", db, "--no-web", "--host", "127.0.0.1",
                   "--port", self.url.rsplit(":", 1)[1], "--workers", str(workers), "--lease", str(lease),
                   "--poll", "0.05", "--rate", "100000"]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server ended ({self.process.returncode}): see {log}")
            try:
                if http(self.url + "/api/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not answer: see {log}")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()

    def submit(self, entry: Entry) -> tuple[int, Any]:
        """A genuine run asks for its attempt first, as the game does when a daily begins."""
        headers = {"Content-Type": "application/json"}
        if entry.encoding:
            headers["Content-Encoding"] = entry.encoding
        if entry.kind != "genuine":
            return http(self.url + "/api/runs", entry.body, headers)
        sent = json.loads(entry.body)
        _, got = self.post(f"/api/daily/{sent['recording']['daily']}/attempts", {"name": sent["name"]}, "127.0.0.1")
        sent.update(attempt=got.get("attempt"), name_key=got.get("name_key"))
        return http(self.url + "/api/runs", json.dumps(sent).encode("utf-8"), headers)

    def post(self, path: str, data: Any, address: str) -> tuple[int, Any]:
        return http(self.url + path, json.dumps(data).encode("utf-8"),
                    {"Content-Type": "application/json", "X-Forwarded-For": address})

    def get(self, path: str) -> tuple[int, Any]:
        return http(self.url + path)


def submit_all(server: Server, entries: list[Entry], threads: int) -> list[tuple[Entry, int, Any]]:
    with ThreadPoolExecutor(max(1, threads)) as pool:
        answers = list(pool.map(server.submit, entries))
    return [(entry, status, answer) for entry, (status, answer) in zip(entries, answers)]


def settle(engine: Any, ids: set[str], timeout: float) -> dict[str, tuple[str, str | None, float | None]]:
    """Each run's ``(status, reason, finished)`` once none of ``ids`` is pending (or time is up)."""
    import sqlalchemy as sa

    from game.server.db import runs

    deadline = time.monotonic() + timeout
    while True:
        with engine.connect() as connection:
            rows = connection.execute(sa.select(runs.c.id, runs.c.status, runs.c.reason, runs.c.finished)
                                      .where(runs.c.id.in_(sorted(ids)))).all()
        found = {row.id: (row.status, row.reason, row.finished) for row in rows}
        if all(found.get(run, ("pending",))[0] != "pending" for run in ids) or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def held_job(engine: Any, timeout: float = 60.0) -> tuple[str, int] | None:
    """``(run id, verifier pid)`` of a job a verifier is replaying now."""
    import sqlalchemy as sa

    from game.server.db import jobs

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with engine.connect() as connection:
            row = connection.execute(sa.select(jobs.c.run_id, jobs.c.worker).where(
                jobs.c.worker.is_not(None), jobs.c.lease_until > time.time() + 0.2)).first()
        if row is not None:
            return row.run_id, int(row.worker.split(":")[-2])
        time.sleep(0.02)
    return None


def board_size(engine: Any) -> int:
    import sqlalchemy as sa

    from game.server.db import runs

    with engine.connect() as connection:
        return connection.execute(sa.select(sa.func.count()).select_from(runs)).scalar_one()


def run(args: argparse.Namespace, db: str, folder: Path) -> int:
    from game.run.daily import today
    from game.server import load_report
    from game.server.db import engine_for, migrate
    from game.server.jobs import pending_count

    engine = engine_for(db)
    migrate(engine)
    if pending_count(engine) or board_size(engine):
        engine.dispose()
        print(f"load: the database {db.split('@')[-1]} already holds runs: give the load an empty one", file=sys.stderr)
        return 2
    day = today().isoformat()
    began = time.monotonic()
    extra = max(2, args.runs // 4) + args.workers
    try:
        genuine = recordings(day, args.runs + extra, args.seed, args.turns, Path(args.cache), os.cpu_count() or 2)
    except BaseException:
        engine.dispose()
        raise
    print(f"load: {args.runs + extra} bot recordings of the daily {day} in {time.monotonic() - began:.1f} s "
          f"(cache {args.cache})", flush=True)
    first = [Entry("genuine", f"bot run {i}", body(rec, f"load {args.seed}-{i}")) for i, rec in
             enumerate(genuine[: args.runs])] + hostile([short_run(day, 700)], args.seed)
    second = [Entry("genuine", f"bot run {i}", body(rec, f"load {args.seed}-{i}")) for i, rec in
              enumerate(genuine[args.runs:], args.runs)]
    report = load_report.Report(args.workers)
    server = Server(db, args.workers, args.lease, folder / "server.log")
    try:
        readers = Readers(server.url, day, args.readers, args.pause)
        claims = FirstClaim(engine, args.lease)
        report.t0, started = time.time(), time.monotonic()
        answered = submit_all(server, first, args.threads)
        submitted = time.monotonic() - started
        report.submitted(answered, submitted)
        found = settle(engine, report.accepted_ids(), args.timeout)
        report.first_claim = claims.stop()
        readers.stop()
        report.measured(found, readers, server.url)
        # The second batch: a verifier killed mid-replay, then the server restarted mid-queue.
        answered = submit_all(server, second, args.threads)
        report.submitted(answered, None)
        held = held_job(engine)
        if held is not None:
            os.kill(held[1], signal.SIGKILL)
        server.stop()
        pending = pending_count(engine)
        server = Server(db, args.workers, args.lease, folder / "server.log")
        found = settle(engine, report.accepted_ids(), args.timeout)
        report.faults(engine, found, held, pending)
        report.hostile_rejected(found)
        report.board(http(f"{server.url}/api/daily/{day}")[1])
        fair(server, engine, day, args, report.check)
    finally:
        server.stop()
        engine.dispose()
    return report.finish()


def fair(server: Server, engine: Any, day: str, args: argparse.Namespace, check: Any) -> None:
    """The fairness checks (``game.server.load_fair``), on the running server."""
    from game.server import load_fair

    first = load_fair.best_of(server, day, check)
    load_fair.copies(server, day, first, check)
    load_fair.killed_replay(server, engine, day, check)
    load_fair.flood(server, day, args.flood_waits, check, args.honest_within)


def main(argv: list[str] | None = None) -> int:
    args = options(argv)
    with tempfile.TemporaryDirectory(prefix="threshold-load-") as scratch:
        folder = Path(scratch)
        if args.postgres:
            from game.server.pgcluster import binaries, throwaway

            if binaries() is None:
                print("load: --postgres: PostgreSQL is not installed (apt-get install -y postgresql)", file=sys.stderr)
                return 2
            with throwaway() as url:
                return run(args, url, folder)
        return run(args, args.db or f"sqlite:///{folder / 'board.sqlite3'}", folder)


if __name__ == "__main__":
    raise SystemExit(main())
