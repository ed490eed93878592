"""Reading the board: a day's ranking, a run's status and place, a run's recording.

A day's board ranks each name once, by its ranked run (played in its first attempt of the day,
``game.server.store``): the higher score, then fewer turns, then the earlier submission. Ranks
are 1, 2, 3… in that order. The day's other verified runs (later attempts, or sent without one)
are listed apart as practice, best first, never ranked.
"""

from __future__ import annotations

import datetime as dt
import gzip
from typing import Any

import sqlalchemy as sa

from game.server.db import attempts, runs

TOP = 100
ORDER = "score DESC, turns ASC, submitted ASC, id ASC"
_RANKED = f"""WITH best AS (
  SELECT id, name, name_canon, score, wardens, regions, island_regions, won, cause, turns, kills, coins, sight,
         submitted,
         ROW_NUMBER() OVER (PARTITION BY name_canon ORDER BY {ORDER}) AS nth
  FROM runs WHERE day = :day AND status = 'verified' AND ranked = :ranked),
ranked AS (SELECT *, ROW_NUMBER() OVER (ORDER BY {ORDER}) AS place FROM best WHERE nth = 1)
SELECT * FROM ranked WHERE place <= :top OR name_canon = :me ORDER BY place"""


def when(seconds: float) -> str:
    """``2026-11-25T12:03:04Z``"""
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


_PRACTICE = f"""SELECT runs.*, attempts.number AS number FROM runs LEFT JOIN attempts ON attempts.id = runs.attempt
WHERE runs.day = :day AND runs.status = 'verified' AND runs.ranked = :ranked ORDER BY {ORDER} LIMIT :top"""


def _practice_row(row: Any) -> dict[str, Any]:
    return {**_row(row, None), "attempt": row.number}


def _row(row: Any, place: int | None = -1) -> dict[str, Any]:
    return {"rank": row.place if place == -1 else place, "id": row.id, "name": row.name, "score": row.score, "wardens": row.wardens,
            "regions": row.regions, "island_regions": row.island_regions, "won": bool(row.won),
            "cause": row.cause, "turns": row.turns, "kills": row.kills, "coins": row.coins, "sight": row.sight,
            "submitted": when(row.submitted)}


def daily(engine: sa.Engine, day: str, me: str | None = None) -> dict[str, Any]:
    """``{"date", "runs": [top 100 rows], "practice": [the best 100 practice runs], "you": the
    row of the name ``me`` or None}``."""
    from game.server.names import canonical

    mine = canonical(me) if me else None
    with engine.connect() as connection:
        rows = connection.execute(sa.text(_RANKED), {"day": day, "top": TOP, "me": mine or "", "ranked": True}).all()
        practice = connection.execute(sa.text(_PRACTICE), {"day": day, "top": TOP, "ranked": False}).all()
    you = next((_row(r) for r in rows if r.name_canon == mine), None)
    return {"date": day, "runs": [_row(r) for r in rows if r.place <= TOP],
            "practice": [_practice_row(r) for r in practice], "you": you}


def status(engine: sa.Engine, run_id: str) -> dict[str, Any] | None:
    """``{"status", "reason", "attempt", "ranked", "result"}`` of a run, None when there is no
    such run: ``attempt`` its attempt's number (None: sent without one), ``ranked`` whether it
    counts on the board. A verified ranked run's result has its name and its ``rank``, its place
    on its day's board; a practice run's rank is None."""
    with engine.connect() as connection:
        row = connection.execute(sa.select(runs, attempts.c.number).join_from(
            runs, attempts, attempts.c.id == runs.c.attempt, isouter=True).where(runs.c.id == run_id)).first()
        if row is None:
            return None
        answer: dict[str, Any] = {"status": row.status, "reason": row.reason, "attempt": row.number,
                                  "ranked": bool(row.ranked), "result": None}
        if row.status == "verified":
            ahead = connection.execute(sa.text(
                "SELECT COUNT(DISTINCT name_canon) FROM runs WHERE day = :day AND status = 'verified' "
                "AND ranked = :ranked AND name_canon != :me AND (score > :score OR (score = :score AND "
                "(turns < :turns OR (turns = :turns AND submitted < :submitted))))"),
                {"day": row.day, "me": row.name_canon, "score": row.score, "turns": row.turns,
                 "submitted": row.submitted, "ranked": True}).scalar_one()
            rank = ahead + 1 if row.ranked else None
            answer["result"] = {"date": row.day, "name": row.name, "rank": rank, "score": row.score,
                                "wardens": row.wardens, "regions": row.regions,
                                "island_regions": row.island_regions, "won": bool(row.won),
                                "cause": row.cause, "turns": row.turns, "kills": row.kills, "coins": row.coins,
                                "sight": row.sight, "submitted": when(row.submitted), "attempt": row.number,
                                "ranked": bool(row.ranked)}
    return answer


def recording(engine: sa.Engine, run_id: str) -> bytes | None:
    """A verified run's recording, gzipped (None when there is no such verified run: the board
    serves what it ranks, not whatever was sent to it)."""
    with engine.connect() as connection:
        return connection.execute(sa.select(runs.c.recording).where(runs.c.id == run_id,
                                                                    runs.c.status == "verified")).scalar()


def unzipped(blob: bytes) -> bytes:
    return gzip.decompress(blob)
