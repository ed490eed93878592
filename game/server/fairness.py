"""Sharing the verifiers' time fairly between those who send runs.

Each job has a **cost**, the CPU seconds its replay is expected to take (from its commands), and
a **turn**, its place in the queue: ``max(clock, the last turn of its address or its name) + cost``,
where the queue's **clock** is the lowest turn of the jobs being replayed or due (start-time fair
queuing's virtual time), or the wall clock when none is. Verifiers take the lowest turn first
(``game.server.jobs.claim``), and a sender whose run is being replayed waits while others have
runs due. So one address that sends many big runs queues behind itself, not in front of everyone:
another's run, sent later, is taken next, however slowly the many were sent. (With the wall clock
for the clock, runs sent further apart than their cost each took a turn of their own in real
time, and a run sent after them waited for them all.)

>>> round(cost(191_468), 1), round(cost(2_000), 2)
(6.9, 0.27)
"""

from __future__ import annotations

import sqlalchemy as sa

from game.server.db import jobs, runs

SECONDS_PER_COMMAND = 3.5e-5
"""What a replay takes per command on the server, measured: about 6.5 s for 191 468 cheap
commands; a whole bot run of a few thousand turns, well under a second."""
START = 0.2  # a replay's fixed cost: a fresh run's island and first floor


def cost(commands: int) -> float:
    return START + commands * SECONDS_PER_COMMAND


def clock(connection: sa.Connection, now: float) -> float:
    """The queue's clock: the lowest turn of the jobs being replayed or due (a held job, waiting
    out ``jobs.HOLD``, is neither); ``now`` when there are none."""
    live = sa.or_(jobs.c.worker.is_not(None), jobs.c.lease_until < now)
    lowest = connection.execute(sa.select(sa.func.min(jobs.c.turn)).where(live)).scalar()
    return now if lowest is None else float(lowest)


def turn(connection: sa.Connection, sender: str, canon: str, cost: float, now: float) -> float:
    """The turn of a new job of ``cost`` from ``sender`` under the name ``canon``: after the runs
    still queued from that address or under that name (many addresses, one name: one share)."""
    mine = sa.or_(jobs.c.sender == sender, jobs.c.run_id.in_(
        sa.select(runs.c.id).where(runs.c.name_canon == canon, runs.c.status.in_(("pending", "unverified")))))
    last = connection.execute(sa.select(sa.func.max(jobs.c.turn)).where(mine)).scalar()
    return max(clock(connection, now), float(last or 0.0)) + cost
