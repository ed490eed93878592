"""The title menu, the first screen.

It imports only what it draws (SPEC PERF-5; in the browser every import costs
four to five times what it does natively): the generators, the monsters' minds
and the play screen load when a run starts. Its backdrop, a dimmed dungeon
floor, is a picture made once by ``python -m game.tools.backdrop``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.platform import BROWSER
from game.app.state import State
from game.paths import asset
from game.render import palette, text
from game.render.layout import SCREEN_SIZE

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.play import PlayState

BACKDROP = ("backdrop.png",)
"""The title's backdrop under ``assets/`` (made by ``game.tools.backdrop``)."""

MOVE_UP = (pygame.K_UP, pygame.K_w, pygame.K_k, pygame.K_KP8)
MOVE_DOWN = (pygame.K_DOWN, pygame.K_s, pygame.K_j, pygame.K_KP2)
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class TitleState(State):
    """Title menu: Continue (when a run is paused), New run, Quit (desktop only)."""

    def __init__(self, app: App, paused: PlayState | None = None) -> None:
        super().__init__(app)
        self.paused = paused
        self.items: list[tuple[str, str]] = []
        if paused is not None:
            self.items.append(("continue", "Continue"))
        self.items.append(("new", "New run"))
        if not BROWSER:
            self.items.append(("quit", "Quit"))
        self.selected = 0
        self.item_rects: list[pygame.Rect] = []
        self.backdrop = backdrop()

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN:
            if event.key in MOVE_UP:
                self.selected = (self.selected - 1) % len(self.items)
            elif event.key in MOVE_DOWN:
                self.selected = (self.selected + 1) % len(self.items)
            elif event.key in CONFIRM:
                return self._choose(self.items[self.selected][0])
            elif event.key == pygame.K_ESCAPE and self.paused is not None:
                return self.paused
        elif event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.item_rects):
                if rect.collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.item_rects):
                if rect.collidepoint(event.pos):
                    return self._choose(self.items[i][0])
        return self

    def _choose(self, key: str) -> State:
        if key == "continue" and self.paused is not None:
            return self.paused
        if key == "new":
            from game.seeds import new_seed_text

            return self.app.start_run(new_seed_text())
        if key == "quit":
            self.app.running = False
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(self.backdrop, (0, 0))
        cx = SCREEN_SIZE[0] // 2
        draw_title(surface)
        self.item_rects = []
        for i, (_, label) in enumerate(self.items):
            chosen = i == self.selected
            surface_text = text.render(("›  " if chosen else "") + label, 40, palette.TITLE if chosen else palette.TEXT)
            rect = surface_text.get_rect(center=(cx, 360 + i * 56))
            surface.blit(surface_text, rect)
            self.item_rects.append(rect.inflate(80, 16))
        hint = text.render("Arrows and Enter, or click.   In a run: ? for help.", 22, palette.TEXT_DIM)
        surface.blit(hint, hint.get_rect(center=(cx, SCREEN_SIZE[1] - 40)))


def draw_title(surface: pygame.Surface) -> None:
    """The game's name and motto, centred near the top (the title and loading screens)."""
    cx = SCREEN_SIZE[0] // 2
    title = text.render("THRESHOLD", 96, palette.TITLE)
    surface.blit(title, title.get_rect(center=(cx, 200)))
    subtitle = text.render("a roguelike of thin walls and closed doors", 28, palette.TEXT_DIM)
    surface.blit(subtitle, subtitle.get_rect(center=(cx, 262)))


_BACKDROP: pygame.Surface | None = None


def backdrop() -> pygame.Surface:
    """The title's backdrop picture (loaded once); plain background if the file is missing or broken."""
    global _BACKDROP
    if _BACKDROP is None:
        picture = pygame.Surface(SCREEN_SIZE)
        picture.fill(palette.BACKGROUND)
        try:
            image = pygame.image.load(str(asset(*BACKDROP)))
            picture.blit(pygame.transform.smoothscale(image, SCREEN_SIZE), (0, 0))
        except (pygame.error, FileNotFoundError, OSError):
            pass  # the menu still works on a plain background
        _BACKDROP = picture
    return _BACKDROP
