"""Reading the board: a day's ranking, a run's status and place, a run's recording.

A day's board ranks each name once, by its best verified run: the higher score, then fewer
turns, then the earlier submission. Ranks are 1, 2, 3… in that order.
"""

from __future__ import annotations

import datetime as dt
import gzip
from typing import Any

import sqlalchemy as sa

from game.server.db import runs

TOP = 100
ORDER = "score DESC, turns ASC, submitted ASC, id ASC"
_RANKED = f"""WITH best AS (
  SELECT id, name, name_canon, score, wardens, regions, island_regions, won, cause, turns, kills, coins, sight,
         submitted,
         ROW_NUMBER() OVER (PARTITION BY name_canon ORDER BY {ORDER}) AS nth
  FROM runs WHERE day = :day AND status = 'verified'),
ranked AS (SELECT *, ROW_NUMBER() OVER (ORDER BY {ORDER}) AS place FROM best WHERE nth = 1)
SELECT * FROM ranked WHERE place <= :top OR name_canon = :me ORDER BY place"""


def when(seconds: float) -> str:
    """``2026-11-25T12:03:04Z``"""
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _row(row: Any) -> dict[str, Any]:
    return {"rank": row.place, "id": row.id, "name": row.name, "score": row.score, "wardens": row.wardens,
            "regions": row.regions, "island_regions": row.island_regions, "won": bool(row.won),
            "cause": row.cause, "turns": row.turns, "kills": row.kills, "coins": row.coins, "sight": row.sight,
            "submitted": when(row.submitted)}


def daily(engine: sa.Engine, day: str, me: str | None = None) -> dict[str, Any]:
    """``{"date", "runs": [top 100 rows], "you": the row of the name ``me`` or None}``."""
    from game.server.names import canonical

    mine = canonical(me) if me else None
    with engine.connect() as connection:
        rows = connection.execute(sa.text(_RANKED), {"day": day, "top": TOP, "me": mine or ""}).all()
    you = next((_row(r) for r in rows if r.name_canon == mine), None)
    return {"date": day, "runs": [_row(r) for r in rows if r.place <= TOP], "you": you}


def status(engine: sa.Engine, run_id: str) -> dict[str, Any] | None:
    """``{"status", "reason", "result"}`` of a run, None when there is no such run. A verified
    run's result has its name and its ``rank``: the place it takes on its day's board (its
    name's place, when it is that name's best run; else where it would stand)."""
    with engine.connect() as connection:
        row = connection.execute(sa.select(runs).where(runs.c.id == run_id)).first()
        if row is None:
            return None
        answer: dict[str, Any] = {"status": row.status, "reason": row.reason, "result": None}
        if row.status == "verified":
            ahead = connection.execute(sa.text(
                "SELECT COUNT(DISTINCT name_canon) FROM runs WHERE day = :day AND status = 'verified' "
                "AND name_canon != :me AND (score > :score OR (score = :score AND (turns < :turns OR "
                "(turns = :turns AND submitted < :submitted))))"),
                {"day": row.day, "me": row.name_canon, "score": row.score, "turns": row.turns,
                 "submitted": row.submitted}).scalar_one()
            answer["result"] = {"date": row.day, "name": row.name, "rank": ahead + 1, "score": row.score,
                                "wardens": row.wardens, "regions": row.regions,
                                "island_regions": row.island_regions, "won": bool(row.won),
                                "cause": row.cause, "turns": row.turns, "kills": row.kills, "coins": row.coins,
                                "sight": row.sight, "submitted": when(row.submitted)}
    return answer


def recording(engine: sa.Engine, run_id: str) -> bytes | None:
    """A verified run's recording, gzipped (None when there is no such verified run: the board
    serves what it ranks, not whatever was sent to it)."""
    with engine.connect() as connection:
        return connection.execute(sa.select(runs.c.recording).where(runs.c.id == run_id,
                                                                    runs.c.status == "verified")).scalar()


def unzipped(blob: bytes) -> bytes:
    return gzip.decompress(blob)
