"""A verifier process: claims jobs from the database's queue and replays each recording in a
child process of its own, so that a replay cannot take the verifier down with it.

    python -m game.server.verifier [--lease 30] [--cpu-limit 60] [--poll 0.5]
        (the database: THRESHOLD_DB, else the default SQLite file)

The child is forked with the game already imported, limited to ``--cpu-limit`` seconds of CPU
(``RLIMIT_CPU``: the kernel stops it) and 2 GiB of memory, and dies with its verifier. A replay
past the CPU limit is rejected as too slow. One whose child is gone without a verdict before it
used its CPU (killed from outside: the out-of-memory killer), or that ran out of wall time on a
busy machine, is no verdict at all: the job is released to be tried again, then held
(``game.server.jobs.release``). A verdict the database refuses (a value it will not store) rejects the run saying so; a database
that cannot be reached leaves the job to the next claim once its lease runs out. Either way the
verifier goes on.
While the child works the verifier renews its lease; if the verifier itself dies, another
claims the job once the lease has run out (``game.server.jobs``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import socket
import sys
import time
import uuid
from dataclasses import dataclass
from typing import Callable

from sqlalchemy.exc import SQLAlchemyError

from game.server import jobs
from game.server.db import engine_for, migrate, url_from_env
from game.server.quiet import Quiet
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


@dataclass(frozen=True)
class Fault:
    """A replay that ended without a verdict for a reason that is not the run's: no verdict."""

    why: str


GAVE_WAY = "gave way"
GIVE_WAY_AFTER = 2.0
"""Seconds a replay runs before it gives way to another sender's earlier job (a shorter one
would be stopped for every small run sent meanwhile, and its work lost each time)."""


def judge_in_child(blob: bytes, cpu_limit: float = CPU_LIMIT, tick: Callable[[], object] = lambda: None,
                   tick_every: float = 5.0) -> Verdict | Fault:
    """``judge(blob)`` in a child process limited to ``cpu_limit`` seconds of CPU (and twice
    that, plus 10 s, of wall time); ``tick`` is called every ``tick_every`` seconds meanwhile,
    and when it returns False the replay is stopped: ``Fault("gave way")``.
    A child that dies, or runs out of wall time, before it used its CPU is a ``Fault``: killed
    from outside (the out-of-memory killer), or starved on a loaded machine."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork") if "fork" in methods else multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(blob, cpu_limit, sender), daemon=True)
    used_before = _children_cpu()
    child.start()
    sender.close()
    deadline = time.monotonic() + 2 * cpu_limit + 10
    late = False
    try:
        while True:
            if receiver.poll(min(tick_every, max(0.0, deadline - time.monotonic()))):
                try:
                    return receiver.recv()
                except EOFError:
                    break  # the child is gone without a verdict
            if time.monotonic() >= deadline:
                late = True
                break
            if tick() is False:
                return Fault(GAVE_WAY)
    finally:
        if child.is_alive():
            child.kill()
        child.join(5)
        receiver.close()
    used = _children_cpu() - used_before
    if child.exitcode == -signal.SIGXCPU or used >= cpu_limit - 0.5:
        return rejected(f"too slow: the replay ran past {cpu_limit:g} s of CPU")
    if late:
        return Fault(f"the replay had {used:.0f} s of CPU in {2 * cpu_limit + 10:g} s: the machine was too busy")
    return Fault(f"the replay was stopped from outside after {used:.1f} s of CPU (exit {child.exitcode})")


def _children_cpu() -> float:
    """CPU seconds of this process's children that have ended (the replays): 0 where unknown."""
    try:
        import resource

        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    except (ImportError, OSError):
        return 0.0
    return usage.ru_utime + usage.ru_stime


def work(engine, worker: str, lease: float, cpu_limit: float, poll: float, once: bool = False) -> int:
    """Claim and verify jobs until stopped (``once``: until the queue is empty); how many were done."""
    done = 0
    quiet = Quiet(60.0)
    while True:
        try:
            job = jobs.claim(engine, worker, lease)
        except SQLAlchemyError as error:  # the database is away: wait for it, saying so once a minute
            quiet.say(f"verifier: the database is away ({str(error).splitlines()[0][:200]}); waiting")
            time.sleep(max(poll, 1.0))
            continue
        if job is None:
            if once:
                return done
            time.sleep(poll)
            continue
        if job.attempts > jobs.MAX_ATTEMPTS:
            outcome: Verdict | Fault = Fault(f"its verifier was lost {jobs.MAX_ATTEMPTS} times")
        else:
            blob = jobs.recording_of(engine, job.run_id)
            outcome = judge_in_child(blob or b"", cpu_limit, tick=_ticker(engine, job.run_id, worker, lease),
                                     tick_every=min(0.5, max(0.2, lease / 3)))
        if outcome == Fault(GAVE_WAY):
            jobs.give_way(engine, job.run_id, worker)
        elif isinstance(outcome, Fault):
            give_back(engine, job.run_id, worker, outcome)
        else:
            finish(engine, job.run_id, worker, outcome)
        done += 1


def _ticker(engine, run_id: str, worker: str, lease: float) -> Callable[[], bool]:
    """What a replay's verifier does while it waits: ``jobs.go_on``, giving way once it has run
    ``GIVE_WAY_AFTER`` seconds."""
    began = time.monotonic()
    return lambda: jobs.go_on(engine, run_id, worker, lease, time.monotonic() - began >= GIVE_WAY_AFTER)


def give_back(engine, run_id: str, worker: str, fault: Fault) -> None:
    """``jobs.release`` after a fault, saying so; a database away leaves the job to its lease."""
    print(f"verifier: no verdict on {run_id}: {fault.why}; it is tried again", file=sys.stderr, flush=True)
    try:
        jobs.release(engine, run_id, worker, fault.why)
    except SQLAlchemyError as error:
        print(f"verifier: the database is away ({str(error)[:300]}); run {run_id} is claimed again when its "
              f"lease runs out", file=sys.stderr, flush=True)


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


def migrated(engine, poll: float) -> None:
    """``migrate``, waiting for a database that is away (saying so once a minute), so a verifier
    started while it is down waits for it rather than end and be started again at once."""
    quiet = Quiet(60.0)
    while True:
        try:
            migrate(engine)
            return
        except SQLAlchemyError as error:
            quiet.say(f"verifier: the database is away ({str(error).splitlines()[0][:200]}); waiting")
            time.sleep(max(poll, 1.0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server.verifier", description=__doc__.split("\n")[0])
    parser.add_argument("--lease", type=float, default=30.0, help="seconds a claim lasts without renewal")
    parser.add_argument("--cpu-limit", type=float, default=CPU_LIMIT, help="CPU seconds a replay may take")
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between looks at an empty queue")
    parser.add_argument("--once", action="store_true", help="stop when the queue is empty")
    args = parser.parse_args(argv)
    import game.run.replay  # noqa: F401 - imported once here, so every forked child starts warm

    engine = engine_for(url_from_env())
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    migrated(engine, args.poll)
    if os.environ.get("THRESHOLD_PARENT") == str(os.getppid()):  # started by threshold-server: end with it
        die_with_parent(signal.SIGTERM)
    try:
        work(engine, worker_name(), args.lease, args.cpu_limit, args.poll, args.once)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
