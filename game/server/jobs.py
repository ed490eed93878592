"""The queue of runs to verify, in the database, shared by every verifier on every machine.

A job is a row of ``jobs``. A verifier **claims** the due job (its lease run out; a new
job's lease is 0) that comes first in the fair queue (``game.server.fairness``) by setting its own name and a new lease in one statement: on PostgreSQL
the row is picked with ``SELECT … FOR UPDATE SKIP LOCKED``, so two verifiers never wait for
each other nor take the same job; on SQLite the single ``UPDATE … RETURNING`` runs under the
database's one write lock. While it replays, the verifier **renews** the lease; if it dies,
the lease runs out and the next verifier claims the job again. **Finishing** writes the
verdict and removes the job in one transaction, only while the verifier still holds it; its
text is written printable (``game.server.verdicts.printable``): no NUL or control character
ever reaches a text column.
A replay that dies for a reason that is not the run's (killed, out of memory, a verifier
lost) is no verdict: the job is **released** to be tried again at once, and after
``MAX_ATTEMPTS`` tries it is **held**: the run reads "unverified" and is tried again after
``HOLD`` seconds, as often as it takes. A run is never rejected for the verifiers' own faults.
A long replay **gives way** to another sender's job due with an earlier turn: stopped, and put
back with its place in the queue (``go_on``, ``give_way``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import OperationalError

from game.server.db import is_postgres, jobs, names, runs
from game.server.verdicts import Verdict, printable

MAX_ATTEMPTS = 3
HOLD = 600.0

_CLAIM = """UPDATE jobs SET worker = :worker, lease_until = :until, attempts = attempts + 1
WHERE run_id = (SELECT run_id FROM jobs WHERE lease_until < :now ORDER BY
  CASE WHEN sender IN (SELECT sender FROM jobs WHERE lease_until >= :now AND worker IS NOT NULL
                       AND sender IS NOT NULL) THEN 1 ELSE 0 END,
  COALESCE(turn, created), created, run_id LIMIT 1{lock})
RETURNING run_id, attempts"""
"""The due job of the lowest turn (``game.server.fairness``), a sender already being served
last."""


@dataclass(frozen=True)
class Job:
    run_id: str
    attempts: int


def claim(engine: sa.Engine, worker: str, lease: float) -> Job | None:
    """The next due job, now leased to ``worker`` for ``lease`` seconds; None when none is due
    (or the database was busy: the caller polls again)."""
    now = time.time()
    lock = " FOR UPDATE SKIP LOCKED" if is_postgres(engine) else ""
    try:
        with engine.begin() as connection:
            row = connection.execute(sa.text(_CLAIM.format(lock=lock)),
                                     {"worker": worker, "until": now + lease, "now": now}).first()
    except OperationalError:
        if is_postgres(engine):
            raise
        return None  # SQLite was locked past its wait: try again at the next poll
    return None if row is None else Job(row.run_id, row.attempts)


def renew(engine: sa.Engine, run_id: str, worker: str, lease: float) -> bool:
    """Extend ``worker``'s lease on the job; False when it no longer holds it."""
    with engine.begin() as connection:
        done = connection.execute(jobs.update().where(jobs.c.run_id == run_id, jobs.c.worker == worker)
                                  .values(lease_until=time.time() + lease))
    return done.rowcount == 1


_OVERTAKEN = """SELECT 1 FROM jobs AS other, jobs AS mine WHERE mine.run_id = :run AND other.run_id != :run
AND other.lease_until < :now AND COALESCE(other.sender, '') != COALESCE(mine.sender, '')
AND COALESCE(other.turn, other.created) < COALESCE(mine.turn, mine.created) LIMIT 1"""


def go_on(engine: sa.Engine, run_id: str, worker: str, lease: float, overtake: bool) -> bool:
    """While a replay works: renew ``worker``'s lease; False when it no longer holds the job, or
    (``overtake``) another sender's job is due with an earlier turn (``game.server.fairness``):
    a long replay then gives way (``give_way``) rather than hold that sender's verdict."""
    if not renew(engine, run_id, worker, lease):
        return False
    if not overtake:
        return True
    with engine.connect() as connection:
        return connection.execute(sa.text(_OVERTAKEN), {"run": run_id, "now": time.time()}).first() is None


def give_way(engine: sa.Engine, run_id: str, worker: str) -> None:
    """Put back a job whose replay was stopped for an earlier turn: due again, the try not counted."""
    with engine.begin() as connection:
        connection.execute(jobs.update().where(jobs.c.run_id == run_id, jobs.c.worker == worker).values(
            lease_until=0.0, worker=None, attempts=jobs.c.attempts - 1))


def recording_of(engine: sa.Engine, run_id: str) -> bytes | None:
    with engine.connect() as connection:
        return connection.execute(sa.select(runs.c.recording).where(runs.c.id == run_id)).scalar()


def finish(engine: sa.Engine, run_id: str, worker: str, verdict: Verdict) -> bool:
    """Write ``verdict`` and end the job, if ``worker`` still holds it (else False: another
    verifier took it over after this one's lease ran out, and will write the same verdict)."""
    with engine.begin() as connection:
        held = sa.select(jobs.c.attempts).where(jobs.c.run_id == run_id, jobs.c.worker == worker)
        if is_postgres(engine):
            held = held.with_for_update()
        attempts = connection.execute(held).scalar()
        if attempts is None:
            return False
        reason = None if verdict.reason is None else printable(verdict.reason)
        values = {"status": verdict.status, "reason": reason, "finished": time.time(), "attempts": attempts,
                  "verifier": worker}
        if verdict.status == "verified":
            result = {key: printable(value) if isinstance(value, str) else value
                      for key, value in verdict.result.items()}
            values.update(day=result["date"], **{key: result[key] for key in (
                "score", "wardens", "regions", "island_regions", "won", "cause", "turns", "kills", "coins", "sight")})
        connection.execute(runs.update().where(runs.c.id == run_id).values(**values))
        connection.execute(jobs.delete().where(jobs.c.run_id == run_id))
        _settle_name(connection, run_id, verdict.status == "verified")
    return True


def _settle_name(connection: sa.Connection, run_id: str, verified: bool) -> None:
    """A verified run confirms its name's owner; a name no run holds any more (its only runs
    were rejected) is free again."""
    canon = connection.execute(sa.select(runs.c.name_canon).where(runs.c.id == run_id)).scalar_one()
    if verified:
        connection.execute(names.update().where(names.c.canon == canon).values(confirmed=True))
        return
    holding = connection.execute(sa.select(sa.func.count()).select_from(runs).where(
        runs.c.name_canon == canon, runs.c.status != "rejected")).scalar_one()
    if holding == 0:
        connection.execute(names.delete().where(names.c.canon == canon, names.c.confirmed.is_(False)))


def release(engine: sa.Engine, run_id: str, worker: str, why: str) -> bool:
    """Give back ``worker``'s job after a fault (``why``): due again at once while it has tries
    left, else held for ``HOLD`` seconds with its tries counted afresh and its run "unverified"
    (saying ``why``). False when ``worker`` no longer holds it."""
    with engine.begin() as connection:
        tries = connection.execute(sa.select(jobs.c.attempts).where(jobs.c.run_id == run_id,
                                                                    jobs.c.worker == worker)).scalar()
        if tries is None:
            return False
        if tries < MAX_ATTEMPTS:
            connection.execute(jobs.update().where(jobs.c.run_id == run_id).values(lease_until=0.0, worker=None))
            return True
        hold(connection, run_id, why)
    return True


def hold(connection: sa.Connection, run_id: str, why: str) -> None:
    """Keep a run that could not be verified for ``HOLD`` seconds, then try it again."""
    connection.execute(jobs.update().where(jobs.c.run_id == run_id).values(
        lease_until=time.time() + HOLD, worker=None, attempts=0))
    connection.execute(runs.update().where(runs.c.id == run_id).values(
        status="unverified", reason=printable(f"could not be verified yet ({why}): it is tried again within "
                                              f"{HOLD / 60:g} minutes")))


def pending_count(engine: sa.Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(sa.select(sa.func.count()).select_from(jobs)).scalar_one()
