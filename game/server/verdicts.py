"""What a submitted recording proves: the server replays it with its own game code and takes
the result from the replay alone (a claimed score is never read).

A run is ranked when its recording is this game version's, of a daily (the seed is that
date's daily seed, ``game.run.daily.daily_seed``; begun on the island; the date not after
tomorrow, UTC), at most ``MAX_COMMANDS`` commands and no more than its turns can need, in sync
to its last checkpoint, and
**finished**: the run ended, the player died or every Warden fell, with its last command. A
recording of a run still going (exported mid-run, or from a save) is rejected as not finished:
a daily is ranked once it is over, so a player cannot post a lead and play on.

A rejection's reason begins with one of ``REASONS``, then says what exactly. Text from the
recording is quoted in it, and every character that is not printable (NUL, control and
bidirectional characters) is written as its escape (``printable``): PostgreSQL refuses a NUL in
a text column, and a reason is shown to players.

The score (the formula in docs/server.md)::

    score = 1000 x Wardens felled + 10 x kills + coins earned + (5000 if won)

Ties rank by fewer turns, then the earlier submission.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
from dataclasses import dataclass, field
from typing import Any

MAX_COMMANDS = 200_000
COMMANDS_PER_TURN = 4
SPARE_COMMANDS = 1000
"""A run's commands are capped by what its turns can need: most commands take a turn, and the
others (a bump into a wall, a note) are few. A recording of commands that take no turn, cheap to
make and slow to replay, is stopped as soon as it passes the cap (``commands_for``)."""


def commands_for(turns: int) -> int:
    """The most commands a run may have given by turn ``turns``."""
    return COMMANDS_PER_TURN * turns + SPARE_COMMANDS
REASONS = ("malformed", "oversized", "another game version", "not a daily seed", "out of sync", "not finished",
           "too slow", "the verifier failed")


@dataclass(frozen=True)
class Verdict:
    status: str  # "verified" or "rejected"
    reason: str | None = None
    result: dict[str, Any] = field(default_factory=dict)  # date, wardens, regions (entered), island_regions
    # (its Wardens), won, cause, turns, kills, coins (earned), sight, score


def printable(text: str, limit: int = 1000) -> str:
    """``text`` with each character that is not printable written as its escape, as ``repr``
    writes it, cut to ``limit`` characters: safe in a text column and on a page.

    >>> printable("9.9\\x00\\u202eok\\n")
    '9.9\\\\x00\\\\u202eok\\\\n'
    """
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)[:limit]


def quoted(value: Any, limit: int = 40) -> str:
    """A value from a recording, as it goes into a reason: ``repr`` of (at most ``limit``
    characters of) it, so it is told apart from the reason's words and escaped."""
    return repr(value[:limit] if isinstance(value, str) else value)[:limit + 10]


def rejected(reason: str) -> Verdict:
    return Verdict("rejected", printable(reason))


def score(wardens: int, kills: int, coins: int, won: bool) -> int:
    """The board's score.

    >>> score(wardens=3, kills=87, coins=120, won=False)
    3990
    >>> score(wardens=5, kills=200, coins=400, won=True)
    12400
    """
    return 1000 * wardens + 10 * kills + coins + (5000 if won else 0)


def judge(blob: bytes, today: dt.date | None = None) -> Verdict:
    """The verdict on a recording stored as ``blob`` (the gzip of its JSON)."""
    from game.run.daily import today as utc_today

    try:
        data = json.loads(gzip.decompress(blob))
    except (OSError, EOFError, ValueError, RecursionError) as error:
        return rejected(f"malformed: not a recording ({str(error)[:80]})")
    early = _before_reading(data)
    if early is not None:
        return early
    from game.run.recording import Recording, RecordingError

    try:
        recording = Recording.from_dict(data)
    except (RecordingError, RecursionError) as error:
        return rejected(f"malformed: {str(error)[:200]}")
    not_daily = _not_daily(recording, today or utc_today())
    if not_daily is not None:
        return rejected(f"not a daily seed: {not_daily}")
    if recording.final is None:
        return rejected("not finished: the recording has no final checkpoint (the run had not ended)")
    return _replayed(recording)


def _before_reading(data: Any) -> Verdict | None:
    """The checks made before the recording is read: its size and its version."""
    from game import SAVE_VERSION, __version__
    from game.run.recording import RECORDING_FORMAT, RECORDING_VERSION

    if not isinstance(data, dict) or data.get("format") != RECORDING_FORMAT:
        return rejected("malformed: not a Threshold recording")
    commands = data.get("commands")
    if isinstance(commands, list) and len(commands) > MAX_COMMANDS:
        return rejected(f"oversized: {len(commands)} commands, at most {MAX_COMMANDS}")
    theirs = (data.get("game_version"), data.get("version"), data.get("save_version"))
    if theirs != (__version__, RECORDING_VERSION, SAVE_VERSION):
        return rejected(f"another game version: the recording is of {quoted(theirs[0])} (recording format "
                        f"{quoted(theirs[1], 10)}, save format {quoted(theirs[2], 10)}); this server plays "
                        f"{__version__} (recording format {RECORDING_VERSION}, save format {SAVE_VERSION})")
    return None


def _not_daily(recording: Any, today: dt.date) -> str | None:
    from game.run.daily import daily_seed, parse_date

    if recording.daily is None:
        return f"the seed {recording.seed[:64]!r} is not a daily challenge's (the recording names no date)"
    day = parse_date(recording.daily)
    if recording.seed != daily_seed(day):
        return f"the seed {recording.seed[:64]!r} is not the daily seed of {day.isoformat()} ({daily_seed(day)})"
    if day > today + dt.timedelta(days=1):
        return f"{day.isoformat()} is still to come"
    if recording.start != "island":
        return f"the daily begins on the island, this recording on a {recording.start}"
    return None


def _replayed(recording: Any) -> Verdict:
    from game.run.replay import Replayer
    from game.world import travel

    replayer = Replayer.start(recording)
    game = replayer.run.game
    total = len(recording.commands)
    while not replayer.finished:
        if game.over or game.won:
            return rejected(f"out of sync: the run ended at command {replayer.done} of {total}, and commands follow")
        if replayer.done > commands_for(game.turn):
            return rejected(f"oversized: {replayer.done} commands by turn {game.turn}, more than a run's turns can "
                            f"need ({COMMANDS_PER_TURN} a turn, and {SPARE_COMMANDS} more)")
        replayer.step()
    report = replayer.report()
    if not report.ok:
        problem = report.problem or "out of sync"
        return rejected(problem if problem.startswith("out of sync") else f"out of sync: {problem}")
    if not (game.over or game.won):
        return rejected(f"not finished: the run was still going on turn {game.turn} (a daily is ranked once it "
                        f"has ended, in death or victory)")
    world = game.world
    wardens, kills, coins, won = sum(world.defeated), game.kills, game.record.coins_earned, bool(game.won)
    result = {"date": recording.daily, "wardens": wardens, "regions": travel.regions_entered(game),
              "island_regions": world.regions, "won": won,
              "cause": None if won else game.cause, "turns": game.turn, "kills": kills, "coins": coins,
              "sight": recording.sight, "score": score(wardens, kills, coins, won)}
    return Verdict("verified", None, result)
