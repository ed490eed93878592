"""A verifier process: claims jobs from the database's queue and replays each recording in a
child process of its own, so that a replay cannot take the verifier down with it.

    python -m game.server.verifier [--lease 30] [--cpu-limit 60] [--poll 0.5]
        (the database: THRESHOLD_DB, else the default SQLite file)

The child is forked with the game already imported, limited to ``--cpu-limit`` seconds of CPU
(``RLIMIT_CPU``: the kernel stops it) and 2 GiB of memory, and dies with its verifier. A replay
past the limit, or one whose child is gone without a verdict, is rejected with the reason. A
verdict the database refuses (a value it will not store) rejects the run saying so; a database
that cannot be reached leaves the job to the next claim once its lease runs out. Either way the
verifier goes on.
While the child works the verifier renews its lease; if the verifier itself dies, another
claims the job once the lease has run out (``game.server.jobs``).
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import os
import signal
import socket
import sys
import time
import uuid
from typing import Callable

from sqlalchemy.exc import SQLAlchemyError

from game.server import jobs
from game.server.db import engine_for, migrate, url_from_env
from game.server.verdicts import Verdict, judge, rejected

CPU_LIMIT = 60.0
MEMORY_LIMIT = 2 << 30


def worker_name() -> str:
    """``host:pid:random``: who holds a lease (tests find the pid in it)."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def die_with_parent(sign: int) -> None:
    """Be sent ``sign`` when the parent process ends (Linux's PR_SET_PDEATHSIG; elsewhere nothing)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, sign)
    except (OSError, AttributeError):
        pass


def _child(blob: bytes, cpu_limit: float, sender: multiprocessing.connection.Connection) -> None:
    die_with_parent(signal.SIGKILL)
    try:
        import resource

        seconds = max(1, int(cpu_limit + 0.999))
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass  # no resource module (Windows): the wall-clock limit below still holds
    try:
        verdict = judge(blob)
    except MemoryError:
        verdict = rejected("oversized: the replay ran out of memory")
    except Exception as error:  # noqa: BLE001 - any failure of the game on this input is a verdict
        verdict = rejected(f"the verifier failed: the replay raised {type(error).__name__}: {str(error)[:160]}")
    sender.send(verdict)


def judge_in_child(blob: bytes, cpu_limit: float = CPU_LIMIT, tick: Callable[[], object] = lambda: None,
                   tick_every: float = 5.0) -> Verdict:
    """``judge(blob)`` in a child process limited to ``cpu_limit`` seconds of CPU (and twice
    that, plus 10 s, of wall time); ``tick`` is called every ``tick_every`` seconds meanwhile."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork") if "fork" in methods else multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(blob, cpu_limit, sender), daemon=True)
    child.start()
    sender.close()
    deadline = time.monotonic() + 2 * cpu_limit + 10
    try:
        while True:
            if receiver.poll(min(tick_every, max(0.0, deadline - time.monotonic()))):
                try:
                    return receiver.recv()
                except EOFError:
                    break  # the child is gone without a verdict
            if time.monotonic() >= deadline:
                return rejected(f"too slow: the replay took more than {2 * cpu_limit + 10:g} s")
            tick()
    finally:
        if child.is_alive():
            child.kill()
        child.join(5)
        receiver.close()
    if child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
        return rejected(f"too slow: the replay ran past {cpu_limit:g} s of CPU")
    return rejected(f"the verifier failed: the replay stopped without a verdict (exit {child.exitcode})")


def work(engine, worker: str, lease: float, cpu_limit: float, poll: float, once: bool = False) -> int:
    """Claim and verify jobs until stopped (``once``: until the queue is empty); how many were done."""
    done = 0
    while True:
        job = jobs.claim(engine, worker, lease)
        if job is None:
            if once:
                return done
            time.sleep(poll)
            continue
        if job.attempts > jobs.MAX_ATTEMPTS:
            verdict = rejected(f"the verifier failed: its replay stopped {jobs.MAX_ATTEMPTS} times")
        else:
            blob = jobs.recording_of(engine, job.run_id)
            verdict = judge_in_child(blob or b"", cpu_limit,
                                     tick=functools.partial(jobs.renew, engine, job.run_id, worker, lease),
                                     tick_every=max(0.2, lease / 3))
        finish(engine, job.run_id, worker, verdict)
        done += 1


def finish(engine, run_id: str, worker: str, verdict: Verdict) -> None:
    """``jobs.finish``, surviving the database: a verdict it refuses rejects the run with that
    reason; if even that cannot be written, the job is left to its lease (claimed again later)."""
    try:
        jobs.finish(engine, run_id, worker, verdict)
        return
    except SQLAlchemyError as error:
        refusal = f"{type(getattr(error, 'orig', None) or error).__name__}: {str(getattr(error, 'orig', None) or error)}"
    print(f"verifier: the database refused the verdict on {run_id} ({refusal[:300]})", file=sys.stderr, flush=True)
    try:
        jobs.finish(engine, run_id, worker, rejected(f"the verifier failed: the database refused its verdict "
                                                     f"({refusal[:200]})"))
    except SQLAlchemyError as error:
        print(f"verifier: the database is away ({str(error)[:300]}); run {run_id} is claimed again when its "
              f"lease runs out", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server.verifier", description=__doc__.split("\n")[0])
    parser.add_argument("--lease", type=float, default=30.0, help="seconds a claim lasts without renewal")
    parser.add_argument("--cpu-limit", type=float, default=CPU_LIMIT, help="CPU seconds a replay may take")
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between looks at an empty queue")
    parser.add_argument("--once", action="store_true", help="stop when the queue is empty")
    args = parser.parse_args(argv)
    import game.run.replay  # noqa: F401 - imported once here, so every forked child starts warm

    engine = engine_for(url_from_env())
    migrate(engine)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if os.environ.get("THRESHOLD_PARENT") == str(os.getppid()):  # started by threshold-server: end with it
        die_with_parent(signal.SIGTERM)
    try:
        work(engine, worker_name(), args.lease, args.cpu_limit, args.poll, args.once)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
