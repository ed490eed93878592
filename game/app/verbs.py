"""Noun, then verb (SPEC UI-2, UI-3): clicking or tapping a thing offers what can be done to it.

A small menu opens beside the pointer; a click, a tap or a number key picks a verb, and
anything else closes it. The play screen fills it: a monster out of reach offers throwing
and firing at it and walking to it; yourself (with nothing to pick up and no stairs here)
offers waiting, resting, exploring and closing a door beside you.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.render import palette, text
from game.render.layout import current

ROW = 30
WIDTH = 260


@dataclass
class VerbMenu:
    title: str
    verbs: list[tuple[str, Callable[[], None]]]
    at: tuple[int, int]
    rects: list[pygame.Rect] = field(default_factory=list)

    @property
    def box(self) -> pygame.Rect:
        box = pygame.Rect(self.at[0] + 12, self.at[1] - 10, WIDTH, ROW * (len(self.verbs) + 1) + 8)
        box.clamp_ip(current().screen_area)
        return box

    def choose(self, event: pygame.event.Event) -> Callable[[], None] | None | bool:
        """The verb an event picks; ``False`` when it closes the menu without one; ``None`` to ignore."""
        if event.type == pygame.KEYDOWN:
            index = event.key - pygame.K_1
            if 0 <= index < len(self.verbs):
                return self.verbs[index][1]
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, (_, verb) in zip(self.rects, self.verbs):
                if rect.collidepoint(event.pos):
                    return verb
            return False
        return None

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, palette.TITLE, box, 1, border_radius=6)
        surface.blit(text.render(self.title[:28], 20, palette.TEXT_DIM), (box.x + 12, box.y + 8))
        self.rects = []
        for i, (label, _) in enumerate(self.verbs):
            row = pygame.Rect(box.x + 4, box.y + 6 + ROW * (i + 1), box.width - 8, ROW - 2)
            pygame.draw.rect(surface, palette.BACKGROUND, row, border_radius=4)
            surface.blit(text.render(f"{i + 1}  {label}", 20, palette.TEXT), (row.x + 8, row.y + 4))
            self.rects.append(row)
