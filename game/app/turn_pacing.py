"""A turn's share of a full frame: the turn, the map, the sidebar (SPEC PERF-9).

A frame that plays a turn does the turn, draws the map (with the tiles the turn brought into
sight) and redraws the sidebar (the turn's count, the messages, what is in view). On a slow
machine, a phone's browser, those three together pass the frame's goal, and a frame that passes
the display's own (16.7 ms at 60 frames a second) is a frame the player sees late. So the work
is spread over frames that each fit:

- in the browser, when the turn and the drawing of the last turn come past the goal, the frame
  plays the turn and draws nothing: the **map is owed**, and the next frame draws it and does
  nothing else (no walk's step, no piece of a save). A turn's picture reaches the screen at the
  same vsync it would have (the frame that did both would have missed one), and the walk's
  frames between stay smooth;
- when the turn (if this frame played one) and the map already come near the goal, the sidebar
  shows last frame's picture one frame more, and is **owed**: the next frame draws it whatever it
  costs, and a walk takes no step in that frame (``game.app.play_walks``).

Neither is ever owed two frames running. Natively a turn and its drawing take a millisecond or
two, and no turn's drawing is put off there, so that a loaded machine never changes what a test's
frame draws (the sidebar, redrawn in half a millisecond, is held only past ``WORTH_HOLDING_MS``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from game.app.platform import BROWSER
from game.app.play_walks import FRAME_GOAL_MS

WORTH_HOLDING_MS = FRAME_GOAL_MS / 4
"""A sidebar redrawn faster than this (natively, about half a millisecond) is never held: holding
it would save the frame little, and show it a frame late for nothing."""
WORTH_PUTTING_OFF_MS = FRAME_GOAL_MS / 2
"""A turn's drawing faster than this (natively, one or two milliseconds) is never put off."""


class TurnPacing:
    """When the play screen draws what a turn changed: the map this frame or the next, the
    sidebar with it or a frame later."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, puts_off: bool = BROWSER) -> None:
        self.clock = clock  # seconds
        self.puts_off = puts_off  # a turn's drawing may be put off to the next frame (in the browser)
        self.acted_ms = 0.0  # the turns played this frame (since the last drawing, or the last frame put off)
        self.turns_undrawn = False  # turns were played since the last drawing
        self.redraw_ms = 0.0  # what the sidebar's last redraw took
        self.owed = False  # the sidebar, held last frame: drawn this one
        self.map_owed = False  # a frame played turns and drew nothing: this one draws them
        self.drew_turns = False  # whether the last drawing was of turns played
        self.turns_draw_ms = 0.0  # what the last drawing of turns played took
        self._timing = 0  # turns being timed, one within another

    @property
    def owes(self) -> bool:
        """Whether the next frame owes the player a drawing (the map or the sidebar)."""
        return self.owed or self.map_owed

    @contextmanager
    def turn(self, played: bool = True) -> Iterator[None]:
        """Time a turn ``played`` (a key, a click, a walk's step), or what comes with one (a walk
        finding its next step, which may end it); when nested, the outermost is timed."""
        started, self._timing = self.clock(), self._timing + 1
        try:
            yield
        finally:
            self._timing -= 1
            if not self._timing:
                self.acted_ms += (self.clock() - started) * 1000.0
            self.turns_undrawn = self.turns_undrawn or played

    def puts_off_drawing(self, last_draw_ms: float) -> bool:
        """Whether this frame, which played turns, draws nothing, and the next draws them: in the
        browser (``puts_off``), when the turns and the last drawing of turns (``drawing_to_fit``) together pass ``FRAME_GOAL_MS``
        and that drawing took ``WORTH_PUTTING_OFF_MS`` or more; never two frames running."""
        drawing = self.drawing_to_fit(last_draw_ms)
        put_off = (self.puts_off and self.acted_ms > 0.0 and not self.map_owed and drawing >= WORTH_PUTTING_OFF_MS
                   and self.acted_ms + drawing > FRAME_GOAL_MS)
        if put_off:
            self.map_owed, self.acted_ms = True, 0.0  # the next frame's drawing is its own
        return put_off

    def draw(self, draw_sidebar: Callable[[bool], bool], map_started: float, may_hold: bool) -> None:
        """Draw the sidebar with ``draw_sidebar(hold)`` (it answers whether it redrew), holding
        it when it ``may_hold`` (the floor is the one drawn last), turns were played since the
        last drawing, the sidebar's last redraw took ``WORTH_HOLDING_MS`` or more, and this
        frame's turns, the map drawn since ``map_started`` and that redraw together would pass
        ``FRAME_GOAL_MS``; never twice running."""
        map_ms = (self.clock() - map_started) * 1000.0
        hold = (may_hold and not self.owed and self.turns_undrawn and self.redraw_ms >= WORTH_HOLDING_MS
                and self.acted_ms + map_ms + self.redraw_ms > FRAME_GOAL_MS)
        started = self.clock()
        if draw_sidebar(hold):
            self.redraw_ms = (self.clock() - started) * 1000.0
        self.owed, self.drew_turns = hold, self.turns_undrawn
        self.acted_ms, self.turns_undrawn, self.map_owed = 0.0, False, False

    def drawing_to_fit(self, last_draw_ms: float) -> float:
        """The drawing a walk's steps must leave room for: the last (``App.draw_ms``), or the last
        of turns played if that took longer (it composed what they changed; a walk's frames
        between only glide) (``game.app.play_walks``)."""
        if self.drew_turns:
            self.turns_draw_ms = last_draw_ms
        return max(last_draw_ms, self.turns_draw_ms)
