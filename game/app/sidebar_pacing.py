"""The sidebar's share of a full frame (SPEC PERF-9).

A frame that plays a turn does the turn, draws the map (with the tiles the turn brought into
sight) and redraws the sidebar (the turn's count, the messages, what is in view). On a slow
machine, a phone's browser, those three together pass the frame's goal. So when the turn and
the map already come near it, the sidebar shows last frame's picture one frame more, and is
**owed**: the next frame draws it whatever it costs, and a walk takes no step in that frame
(``game.app.play_walks``). The map is never a frame late, the sidebar at most one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from game.app.play_walks import FRAME_GOAL_MS

WORTH_HOLDING_MS = FRAME_GOAL_MS / 4
"""A sidebar redrawn faster than this (natively, about half a millisecond) is never held: holding
it would save the frame little, and show it a frame late for nothing."""


class SidebarPacing:
    """When the play screen's sidebar is redrawn: this frame, or (held) the next."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock  # seconds
        self.acted_ms = 0.0  # the turns played since the last drawing
        self.redraw_ms = 0.0  # what the sidebar's last redraw took
        self.owed = False  # held last frame: drawn this one
        self.drew_turns = False  # whether the last drawing was of a frame that played turns
        self.turns_draw_ms = 0.0  # what the last drawing of a frame that played turns took

    @contextmanager
    def turn(self) -> Iterator[None]:
        """Time a turn played (a key, a walk's step, a click)."""
        started = self.clock()
        try:
            yield
        finally:
            self.acted_ms += (self.clock() - started) * 1000.0

    def draw(self, draw_sidebar: Callable[[bool], bool], map_started: float, may_hold: bool) -> None:
        """Draw the sidebar with ``draw_sidebar(hold)`` (it answers whether it redrew), holding
        it when it ``may_hold`` (the floor is the one drawn last), this frame played a turn, the
        sidebar's last redraw took ``WORTH_HOLDING_MS`` or more, and the turn, the map drawn since
        ``map_started`` and that redraw together would pass ``FRAME_GOAL_MS``; never twice running."""
        map_ms = (self.clock() - map_started) * 1000.0
        hold = (may_hold and not self.owed and self.acted_ms > 0.0 and self.redraw_ms >= WORTH_HOLDING_MS
                and self.acted_ms + map_ms + self.redraw_ms > FRAME_GOAL_MS)
        started = self.clock()
        if draw_sidebar(hold):
            self.redraw_ms = (self.clock() - started) * 1000.0
        self.owed, self.drew_turns, self.acted_ms = hold, self.acted_ms > 0.0, 0.0

    def drawing_to_fit(self, last_draw_ms: float) -> float:
        """The drawing a walk's steps must leave room for: the last (``App.draw_ms``), or the last
        of a frame that played turns if that took longer (it composed what they changed; a walk's
        frames between only glide) (``game.app.play_walks``)."""
        if self.drew_turns:
            self.turns_draw_ms = last_draw_ms
        return max(last_draw_ms, self.turns_draw_ms)
