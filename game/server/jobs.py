"""The queue of runs to verify, in the database, shared by every verifier on every machine.

A job is a row of ``jobs``. A verifier **claims** the oldest job whose lease has run out (a new
job's lease is 0) by setting its own name and a new lease in one statement: on PostgreSQL
the row is picked with ``SELECT … FOR UPDATE SKIP LOCKED``, so two verifiers never wait for
each other nor take the same job; on SQLite the single ``UPDATE … RETURNING`` runs under the
database's one write lock. While it replays, the verifier **renews** the lease; if it dies,
the lease runs out and the next verifier claims the job again. **Finishing** writes the
verdict and removes the job in one transaction, only while the verifier still holds it; its
text is written printable (``game.server.verdicts.printable``): no NUL or control character
ever reaches a text column.
A job claimed ``MAX_ATTEMPTS`` times without finishing is rejected ("the verifier failed").
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import OperationalError

from game.server.db import is_postgres, jobs, names, runs
from game.server.verdicts import Verdict, printable

MAX_ATTEMPTS = 3

_CLAIM = """UPDATE jobs SET worker = :worker, lease_until = :until, attempts = attempts + 1
WHERE run_id = (SELECT run_id FROM jobs WHERE lease_until < :now ORDER BY created, run_id LIMIT 1{lock})
RETURNING run_id, attempts"""


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


def pending_count(engine: sa.Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(sa.select(sa.func.count()).select_from(jobs)).scalar_one()
