"""Which dailies the board serves, by the clock: a date is **open** (attempts are given, runs are
taken) while it is today somewhere on Earth, from fourteen hours ahead of UTC to twelve hours
behind it; runs are still taken for ``GRACE`` after it has ended everywhere, for a run begun in
its last minutes. After that its board is read-only. A date later than any today has no board yet; one before ``FIRST_DAY`` none.

>>> eleven = dt.datetime(2026, 11, 28, 11, tzinfo=dt.timezone.utc).timestamp()  # 11:00 UTC
>>> [state(dt.date(2026, 11, d), eleven) for d in (26, 27, 28, 29, 30)]
['closed', 'open', 'open', 'open', 'none']
>>> ended = eleven + 3600  # noon UTC: midnight twelve hours behind, the 27th has ended everywhere
>>> state(dt.date(2026, 11, 27), ended), state(dt.date(2026, 11, 27), ended + GRACE)
('late', 'closed')
>>> [day.isoformat() for day in open_days(eleven)]
['2026-11-27', '2026-11-28', '2026-11-29']
>>> state(dt.date(1, 1, 1), eleven), state(dt.date(9999, 12, 31), eleven)
('none', 'none')
"""

from __future__ import annotations

import datetime as dt

FIRST_DAY = dt.date(2026, 1, 1)
"""No daily board is older: the game's first daily was later."""
EAST = dt.timedelta(hours=14)  # the earliest time zone (Line Islands, UTC+14) begins a date first
WEST = dt.timedelta(hours=12)  # the latest (Baker Island, twelve hours behind UTC) ends it last
GRACE = 3 * 3600.0
"""Seconds a run is still taken after its date has ended everywhere: a daily begun in the last
minutes of its date, played for up to this long, still reaches the board."""


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)


def state(day: dt.date, now: float) -> str:
    """``"open"`` (today somewhere: attempts and runs), ``"late"`` (ended everywhere, within the
    grace: runs only), ``"closed"`` (read-only) or ``"none"`` (no such board: still to come
    everywhere, or before ``FIRST_DAY``)."""
    if day < FIRST_DAY or day >= dt.date.max - dt.timedelta(days=2):
        return "none"
    begins = (_midnight(day) - EAST).timestamp()
    ends = (_midnight(day) + dt.timedelta(days=1) + WEST).timestamp()
    if now < begins:
        return "none"
    if now < ends:
        return "open"
    return "late" if now < ends + GRACE else "closed"


def exists(day: dt.date, now: float) -> bool:
    """``day`` has a board (open, late or read-only)."""
    return state(day, now) != "none"


def open_days(now: float) -> list[dt.date]:
    """The dates that are today somewhere at ``now``, oldest first (two or three of them)."""
    utc = dt.datetime.fromtimestamp(now, dt.timezone.utc).date()
    return [day for day in (utc - dt.timedelta(days=1), utc, utc + dt.timedelta(days=1))
            if state(day, now) == "open"]
