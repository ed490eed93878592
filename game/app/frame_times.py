"""How long the app's frames take, measured where the player is (SPEC WEB-8).

``App.frame`` times itself and adds each frame here with the screen it ran and whether it
drew. ``python -m game.tools.pagecheck`` reads the summary from inside the page (through
``game.app.probe``), resets it before walking, exploring or fighting, and reads it again
after: the frame times of what a player does, in the browser.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

KEEP = 20_000
"""Frames remembered: about five minutes at 60 frames a second."""


class FrameTimes:
    """The last ``KEEP`` frames: milliseconds, the screen that ran, whether it drew."""

    def __init__(self, keep: int = KEEP) -> None:
        self.frames: deque[tuple[float, str, bool]] = deque(maxlen=keep)
        self.notes: dict[int, str] = {}  # what the slowest frames did, by their place in ``frames``
        self._count = 0

    def add(self, ms: float, screen: str, drew: bool, note: str = "") -> None:
        """One frame; ``note``: what it spent its time on, where the screen says (the loading screen)."""
        self.frames.append((ms, screen, drew))
        if note:
            self.notes[self._count] = note
            if len(self.notes) > 64:  # keep the notes of the slowest frames only
                slowest = sorted(self.notes, key=lambda i: -self._ms(i))[:32]
                self.notes = {i: self.notes[i] for i in slowest}
        self._count += 1

    def _ms(self, index: int) -> float:
        place = index - (self._count - len(self.frames))
        return self.frames[place][0] if 0 <= place < len(self.frames) else -1.0

    def reset(self) -> None:
        self.frames.clear()
        self.notes.clear()
        self._count = 0

    def summary(self) -> dict[str, Any]:
        """Counts and percentiles over all frames, over the frames that drew (a still screen's
        frames cost nothing and would hide the others in a median), per screen, and the five
        slowest."""
        frames = list(self.frames)
        screens: dict[str, list[float]] = {}
        for ms, screen, _ in frames:
            screens.setdefault(screen, []).append(ms)
        first = self._count - len(frames)
        slowest = sorted(range(len(frames)), key=lambda i: -frames[i][0])[:5]
        return {
            **_stats([ms for ms, _, _ in frames]),
            "drawn": sum(drew for _, _, drew in frames),
            "drawing": _stats([ms for ms, _, drew in frames if drew]),  # the frames that drew something
            "by_screen": {screen: _stats(times) for screen, times in sorted(screens.items())},
            "slowest": [[round(frames[i][0], 3), frames[i][1], self.notes.get(first + i, "")] for i in slowest],
        }


def _stats(times: list[float]) -> dict[str, Any]:
    """``n``, ``p50``, ``p95`` and ``max`` of ``times`` (ms, three decimals; None when empty).

    >>> _stats([1.0, 2.0, 3.0, 10.0])
    {'n': 4, 'p50': 2.0, 'p95': 10.0, 'max': 10.0}
    """
    if not times:
        return {"n": 0, "p50": None, "p95": None, "max": None}
    ordered = sorted(times)
    return {"n": len(ordered), "p50": round(_rank(ordered, 0.5), 3), "p95": round(_rank(ordered, 0.95), 3),
            "max": round(ordered[-1], 3)}


def _rank(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``share`` of all at or below it."""
    rank = math.ceil(round(share * len(ordered), 9))  # round: 0.95 * 100 is 95.00000000000001
    return ordered[min(max(rank, 1), len(ordered)) - 1]
