"""The loading screen: long work spread over frames, so the page never freezes (SPEC WEB-5).

A job is a generator of short steps (``game.progress``) that yields the name of
what it is making and returns the next screen. Each frame runs steps until the
frame's budget is spent (at least one step, so a slow machine still advances)
and draws a progress bar that says what is being made.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.app.state import State
from game.app.widgets import backdrop, draw_title
from game.progress import Steps
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.app import App

FRAME_BUDGET_MS = 12.0
"""Work per frame: a 60 FPS frame is 16.7 ms, and the drawing needs the rest."""

PASS_LABELS: dict[str, tuple[str, float]] = {
    # step name -> (what the player reads, how far along the bar it starts)
    "imports": ("Unpacking the dungeon", 0.0),
    "noise": ("Raising the island from the sea", 0.4),
    "mask": ("Rolling the hills down to the shore", 0.5),
    "heights": ("Drawing the coast", 0.74),
    "terrain": ("Growing forests and heaping mountains", 0.77),
    "landmass": ("Sinking the lesser islands", 0.8),
    "regions": ("Dividing the island into regions", 0.83),
    "gates": ("Building the gates between them", 0.86),
    "entrances": ("Digging the dungeon entrances", 0.88),
    "names": ("Naming the regions and their Wardens", 0.9),
    "world": ("Waking the Wardens", 0.91),
    "life": ("Waking the island's creatures", 0.92),
    "drawing": ("Painting the map", 0.94),
}
_NEXT_START = {name: following[1] for name, following in zip(PASS_LABELS, list(PASS_LABELS.values())[1:])}


class LoadingState(State):
    """Runs ``steps`` a few at a time; when they finish, their result is the next screen."""

    def __init__(self, app: App, steps: Steps[State], heading: str = "A new run", detail: str = "") -> None:
        super().__init__(app)
        self.steps = steps
        self.heading = heading
        self.detail = detail
        self.label = next(iter(PASS_LABELS))
        self.fraction = 0.0
        self.steps_done = 0
        self.frame_note = ""
        self.shown = False

    def update(self, now_ms: float) -> State:
        """Steps until the frame's budget would be spent: a step is expected to cost what the one
        before it did, so a frame stops early rather than start one it has no room for (a
        budget checked only after each step let a 30 ms step start at 11 ms: 50 ms frames in
        the browser)."""
        if not self.shown:  # the frame that made this screen did its own work: this one only shows it
            self.shown = True
            return self
        started = last = time.perf_counter()
        heaviest = (0.0, "")
        while True:
            try:
                name = next(self.steps)
            except StopIteration as finished:
                return finished.value
            self.steps_done += 1
            self._advance(name)
            now = time.perf_counter()
            spent, step = (now - started) * 1000.0, (now - last) * 1000.0
            heaviest = max(heaviest, (step, name))
            self.frame_note = f"{heaviest[1]} {heaviest[0]:.0f} ms"  # the frame's heaviest step, for the speed check
            if spent + step >= FRAME_BUDGET_MS:
                return self
            last = now

    def _advance(self, name: str) -> None:
        """``name`` is a pass's name, optionally with what it made after a colon (``imports:game.run.run``)."""
        name = name.partition(":")[0]
        label, start = PASS_LABELS.get(name, (name, self.fraction))
        if label == self.label:  # within a pass: creep towards where the next one starts
            self.fraction += (_NEXT_START.get(name, 1.0) - self.fraction) * 0.15
        else:
            self.fraction = max(self.fraction, start)
        self.label = label

    def animating(self, now_ms: float) -> bool:
        return True  # the bar moves every frame

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(backdrop(), (0, 0))
        layout = current()
        cx, top = layout.centre_x, 360  # the heading's middle; the rest hangs below it
        if layout.compact:  # a phone: the name in the upper part, the rest below it
            top = layout.size[1] * 11 // 20
            draw_title(surface, pygame.Rect(0, 0, layout.size[0], top - 40))
        else:
            draw_title(surface)
        heading = text.render(text.fit(self.heading, 40, layout.size[0] - 30), 40, palette.TEXT)
        surface.blit(heading, heading.get_rect(center=(cx, top)))
        if self.detail:
            detail = text.render(text.fit(self.detail, 24, layout.size[0] - 30), 24, palette.TEXT_DIM)
            surface.blit(detail, detail.get_rect(center=(cx, top + 36)))
        bar = pygame.Rect(0, 0, min(560, layout.size[0] - 60), 14)
        bar.center = (cx, top + 80)
        pygame.draw.rect(surface, palette.PANEL, bar.inflate(6, 6), border_radius=5)
        filled = bar.copy()
        filled.width = max(1, round(bar.width * min(1.0, self.fraction)))
        pygame.draw.rect(surface, palette.TITLE, filled, border_radius=4)
        pygame.draw.rect(surface, palette.PANEL_EDGE, bar.inflate(6, 6), 1, border_radius=5)
        label = text.render(text.fit(self.label + "…", 26, layout.size[0] - 30), 26, palette.TEXT_DIM)
        surface.blit(label, label.get_rect(center=(cx, top + 120)))
