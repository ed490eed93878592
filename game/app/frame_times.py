"""How long the app's frames take, measured where the player is (SPEC WEB-8).

``App.frame`` times itself and adds each frame here with the screen it ran and whether it
was a frame of play: one that drew, or played a turn (a turn's picture may be drawn the next
frame, ``game.app.turn_pacing``). ``python -m game.tools.pagecheck`` reads the summary from
inside the page (through ``game.app.probe``), resets it before walking, exploring or fighting, and reads it again
after: the frame times of what a player does, in the browser.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

KEEP = 20_000
"""Frames remembered: about five minutes at 60 frames a second."""


class FrameTimes:
    """The last ``KEEP`` frames: milliseconds, the screen that ran, whether it was of play, and what it
    spent its time on where the screen says (the loading screen's heaviest step)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.frames: deque[tuple[float, str, bool, str]] = deque(maxlen=keep)

    def add(self, ms: float, screen: str, drew: bool, note: str = "") -> None:
        self.frames.append((ms, screen, drew, note))

    def reset(self) -> None:
        self.frames.clear()

    def summary(self) -> dict[str, Any]:
        """Counts and percentiles over all frames, over the frames of play (that drew or played a
        turn: a still screen's frames cost nothing and would hide the others in a median), per
        screen, and the five slowest. ``drawn`` counts the frames of play too."""
        frames = list(self.frames)
        screens: dict[str, list[float]] = {}
        for ms, screen, _, _ in frames:
            screens.setdefault(screen, []).append(ms)
        slowest = sorted(frames, key=lambda frame: -frame[0])[:5]
        return {
            **_stats([frame[0] for frame in frames]),
            "drawn": sum(frame[2] for frame in frames),
            "drawing": _stats([frame[0] for frame in frames if frame[2]]),  # the frames of play
            "by_screen": {screen: _stats(times) for screen, times in sorted(screens.items())},
            "slowest": [[round(ms, 3), screen, note] for ms, screen, _, note in slowest],
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
