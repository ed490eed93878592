"""Storing what the board is sent: an attempt as a daily begins, and a submission (the run, its
job in the queue, and the name it is under) in one transaction. The same run twice is the same
run (its id is the digest of what its replay depends on, ``game.server.intake.replay_id``), stored
once, and keeps its first owner.

Names: a name no one holds is reserved for the sender at once, with a key (theirs, when it brings
a well-formed one, else a new one, given in the answer); the reservation becomes the name's
ownership when a run under it is verified, and lapses when every run under it is rejected
(``game.server.jobs``). A name someone holds takes attempts and runs only with its key (403); a
new name that looks like one already held (``game.server.names.skeleton``) is refused (409).

Attempts: each name's attempts of a day are numbered 1, 2, 3…; a run is ranked only when it was
sent with its name's attempt number 1 of its day. An attempt is used by one run; a run sent
without one is practice.
"""

from __future__ import annotations

import functools
import gzip
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Concatenate, ParamSpec, TypeVar

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from game.server import fairness
from game.server import names as naming
from game.server.db import attempts, jobs, names, runs
from game.server.intake import Refused

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class Accepted:
    id: str
    status: str
    name_key: str | None  # the key, when this submission reserved a new name


@dataclass(frozen=True)
class Attempt:
    id: str
    number: int
    name_key: str | None  # the key, when this request reserved a new name


def _retried(work: Callable[Concatenate[sa.Connection, P], T]) -> Callable[Concatenate[sa.Engine, P], T]:
    """``work(connection, …)`` in a transaction, again when another request inserted the same
    name, run or attempt number meanwhile."""
    @functools.wraps(work)
    def retrying(engine: sa.Engine, *args: P.args, **kwargs: P.kwargs) -> T:
        for _ in range(3):
            try:
                with engine.begin() as connection:
                    return work(connection, *args, **kwargs)
            except IntegrityError:
                continue
        raise Refused(503, "the database is busy: try again")
    return retrying


def submit(engine: sa.Engine, run_id: str, name: str, key: str | None, canonical: str, day: str = "2026-11-20",
           attempt: str | None = None, sender: str = "") -> Accepted:
    """Store a submission of a canonical recording (tests and tools: the server sends it packed)."""
    data = canonical.encode("utf-8")
    return submit_packed(engine, run_id, name, key, gzip.compress(data, 6), len(data), day, attempt, sender, 0)


@_retried
def submit_packed(connection: sa.Connection, run_id: str, name: str, key: str | None, blob: bytes, size: int,
                  day: str, attempt: str | None, sender: str, commands: int) -> Accepted:
    """``submit`` of a recording already gzipped (``blob``, ``size`` bytes unpacked), sent from
    ``sender`` with ``commands`` commands; ``Refused`` for a name held by another key (403), an
    attempt that is not this name's for ``day`` (403) or already used (409)."""
    existing = connection.execute(sa.select(runs.c.status).where(runs.c.id == run_id)).scalar()
    if existing is not None:
        return Accepted(run_id, existing, None)
    canon, issued = _owned(connection, name, key)
    number = None if attempt is None else _use(connection, attempt, canon, day, run_id)
    now = time.time()
    connection.execute(runs.insert().values(id=run_id, name=name, name_canon=canon, recording=blob, size=size,
                                            status="pending", submitted=now, attempts=0, attempt=attempt,
                                            ranked=number == 1))
    cost = fairness.cost(commands)
    connection.execute(jobs.insert().values(run_id=run_id, created=now, lease_until=0.0, attempts=0, sender=sender,
                                            cost=cost, turn=fairness.turn(connection, sender, canon, cost, now)))
    return Accepted(run_id, "pending", issued)


@_retried
def new_attempt(connection: sa.Connection, day: str, name: str, key: str | None) -> Attempt:
    """The name's next attempt at ``day``'s daily, recorded now (the caller checked that the day
    is open); ``Refused`` (403) for a name held by another key."""
    canon, issued = _owned(connection, name, key)
    count = connection.execute(sa.select(sa.func.count()).select_from(attempts).where(
        attempts.c.day == day, attempts.c.name_canon == canon)).scalar_one()
    token = secrets.token_hex(16)
    connection.execute(attempts.insert().values(id=token, day=day, name_canon=canon, number=count + 1,
                                                created=time.time()))
    return Attempt(token, count + 1, issued)


def _owned(connection: sa.Connection, name: str, key: str | None) -> tuple[str, str | None]:
    """``(canonical name, the key issued when the name was free)``: the name reserved for ``key``
    when no one holds it; ``Refused`` when another key holds it or it looks like a name held."""
    canon = naming.canonical(name)
    owner = connection.execute(sa.select(names).where(names.c.canon == canon)).first()
    if owner is not None:
        if not naming.matches(key, owner.salt, owner.key_hash):
            raise Refused(403, "this name is taken: send its name_key (or choose another name)")
        return canon, None
    skeleton = naming.skeleton(name)
    alike = connection.execute(sa.select(names.c.name).where(names.c.skeleton == skeleton).limit(1)).scalar()
    if alike is not None:
        raise Refused(409, f"this name looks like {alike!r}, which is taken: choose another")
    issued = key if naming.is_key(key) else naming.new_key()
    salt, key_hash = naming.hashed(issued)
    connection.execute(names.insert().values(canon=canon, name=name, salt=salt, key_hash=key_hash, confirmed=False,
                                             created=time.time(), skeleton=skeleton))
    return canon, issued


def _use(connection: sa.Connection, attempt: str, canon: str, day: str, run_id: str) -> int:
    """Mark ``attempt`` used by ``run_id``; its number. Refused when it is not this name's attempt
    at ``day`` (403) or another run used it (409)."""
    row = connection.execute(sa.select(attempts).where(attempts.c.id == attempt)).first()
    if row is None or row.name_canon != canon or row.day != day:
        raise Refused(403, f"that attempt is not this name's at the daily of {day}: ask for one as the run begins")
    if row.run_id is not None:
        raise Refused(409, f"attempt {row.number} was used by another run: each attempt is sent once")
    connection.execute(attempts.update().where(attempts.c.id == attempt).values(run_id=run_id))
    return int(row.number)
