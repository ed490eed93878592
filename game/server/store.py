"""Storing a submission: the run, its job in the queue, and the name it is under, in one
transaction. The same recording twice is the same run (its id is the canonical recording's
digest) and is stored once.

Names: a name no one holds is reserved for the submitter at once, with a key (theirs, when it
brings a well-formed one, else a new one, given in the answer); the reservation becomes the
name's ownership when a run under it is verified, and lapses when every run under it is
rejected (``game.server.jobs``). A name someone holds takes runs only with its key (403).
"""

from __future__ import annotations

import gzip
import time
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from game.server import names as naming
from game.server.db import jobs, names, runs
from game.server.intake import Refused


@dataclass(frozen=True)
class Accepted:
    id: str
    status: str
    name_key: str | None  # the key, when this submission reserved a new name


def submit(engine: sa.Engine, run_id: str, name: str, key: str | None, canonical: str) -> Accepted:
    """Store a submission (or find it stored); ``Refused`` (403) for a name held by another key."""
    data = canonical.encode("utf-8")
    return submit_packed(engine, run_id, name, key, gzip.compress(data, 6), len(data))


def submit_packed(engine: sa.Engine, run_id: str, name: str, key: str | None, blob: bytes, size: int) -> Accepted:
    """``submit`` of a recording already gzipped (``blob``, ``size`` bytes unpacked)."""
    for _ in range(3):  # a name or a run inserted by another request meanwhile: look again
        try:
            with engine.begin() as connection:
                return _submit(connection, run_id, name, key, blob, size)
        except IntegrityError:
            continue
    raise Refused(503, "the database is busy: try again")


def _submit(connection: sa.Connection, run_id: str, name: str, key: str | None, blob: bytes,
            size: int) -> Accepted:
    existing = connection.execute(sa.select(runs.c.status).where(runs.c.id == run_id)).scalar()
    if existing is not None:
        return Accepted(run_id, existing, None)
    canon = naming.canonical(name)
    owner = connection.execute(sa.select(names).where(names.c.canon == canon)).first()
    issued = None
    now = time.time()
    if owner is None:
        issued = key if naming.is_key(key) else naming.new_key()
        salt, key_hash = naming.hashed(issued)
        connection.execute(names.insert().values(canon=canon, name=name, salt=salt, key_hash=key_hash,
                                                 confirmed=False, created=now))
    elif not naming.matches(key, owner.salt, owner.key_hash):
        raise Refused(403, "this name is taken: send its name_key (or choose another name)")
    connection.execute(runs.insert().values(id=run_id, name=name, name_canon=canon, recording=blob, size=size,
                                            status="pending", submitted=now, attempts=0))
    connection.execute(jobs.insert().values(run_id=run_id, created=now, lease_until=0.0, attempts=0))
    return Accepted(run_id, "pending", issued)
