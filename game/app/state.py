"""A screen of the game (title, play, ...). The frame loop asks the current state
to handle each event and to draw; handling returns the state for the next frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app.app import App


class State:
    """Base screen: ignores everything. Subclasses override what they need."""

    def __init__(self, app: App) -> None:
        self.app = app

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        return self

    def update(self, now_ms: float) -> State:
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        pass

    def animating(self, now_ms: float) -> bool:
        """Whether the picture changes by itself now (a slide, a blink, progress): then the
        frame is drawn even without input. A still screen is drawn once (SPEC PERF-7)."""
        return False

    def puts_off_drawing(self) -> bool:
        """Whether this frame, which would draw, draws nothing and leaves its picture to the next
        (asked only of a screen that stays): a turn and its drawing too long for one frame."""
        return False

    def owes_drawing(self) -> bool:
        """Whether this frame draws what the last put off (``puts_off_drawing``): it does nothing else."""
        return False

    def ahead(self) -> str | None:
        """Use a frame that draws nothing for a piece of work this screen will need (what it
        did, for the page's speed check), or None when there is none."""
        return None
