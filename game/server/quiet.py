"""Saying a recurring trouble once per interval, not once per request: a database stopped for
20 s under load would otherwise write a line (or a traceback) for every request meanwhile.

>>> quiet = Quiet(60.0, clock=iter([0.0, 1.0, 2.0, 61.0]).__next__, out=print)
>>> for _ in range(4):
...     quiet.say("the database is away")
the database is away
the database is away (and 2 more times since)
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Quiet:
    """``say(line)`` prints at most once per ``every`` seconds, then how many were kept back."""

    def __init__(self, every: float, clock: Callable[[], float] = time.monotonic,
                 out: Callable[[str], None] = _stderr) -> None:
        self.every, self.clock, self.out = every, clock, out
        self._last = -float("inf")
        self._held = 0
        self._lock = threading.Lock()

    def say(self, line: str) -> None:
        with self._lock:
            now = self.clock()
            if now - self._last < self.every:
                self._held += 1
                return
            held, self._held, self._last = self._held, 0, now
        self.out(line + (f" (and {held} more times since)" if held else ""))
