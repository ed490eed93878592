"""The daily challenge (seed 002: "the date uniquely determines the parameters of the random
number generator, which guarantees the same random levels on any device").

The UTC date gives a seed through SHA-256, so every player on every device plays the
same run that day. The seed is a plain ten-digit number, so it can be shared and typed
like any other seed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.world.game import Game

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def today() -> dt.date:
    """Today's date in UTC: the same daily everywhere at the same moment."""
    return dt.datetime.now(dt.timezone.utc).date()


def parse_date(text: str) -> dt.date:
    """``YYYY-MM-DD`` -> a date; ``ValueError`` with a clear message otherwise."""
    try:
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a date like 2026-11-22") from None
    if len(text.strip()) != 10:
        raise ValueError(f"{text!r} is not a date like 2026-11-22")
    return day


def daily_seed(day: dt.date) -> str:
    """The seed of ``day``'s challenge: the first 40 bits of SHA-256("threshold-daily-YYYY-MM-DD"),
    as ten decimal digits (a leading zero kept, so the text is always ten digits long).

    >>> daily_seed(dt.date(2026, 11, 22)) == daily_seed(dt.date(2026, 11, 22))
    True
    >>> len(daily_seed(dt.date(2026, 11, 22)))
    10
    """
    digest = hashlib.sha256(f"threshold-daily-{day.isoformat()}".encode("ascii")).digest()
    return f"{int.from_bytes(digest[:5], 'big') % 10**10:010d}"


def label(day: dt.date) -> str:
    """``22 Nov 2026`` (the menu's wording; no locale: the same on every machine)."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def grouped(number: int) -> str:
    """``4120`` -> ``4 120`` (thousands apart by a space, as the share line writes them)."""
    return f"{number:,}".replace(",", " ")


def share_line(game: Game, day: str) -> str:
    """The one-line result a player pastes to friends.

    ``Threshold daily 2026-11-22 — 3/5 Wardens, turn 4 120, 87 kills`` (then "won" or how it ended).
    """
    world = game.world
    line = (f"Threshold daily {day} — {sum(world.defeated)}/{world.regions} Wardens, "
            f"turn {grouped(game.turn)}, {game.kills} kill{'s' if game.kills != 1 else ''}")
    if game.won:
        return line + ", victory"
    if game.over:
        return line + ", died"
    return line
