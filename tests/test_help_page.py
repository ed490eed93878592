"""The key help page lists every binding and no two pieces of its text overlap (issue 25 point 2:
"go down; away from the stairs, travel to them" once ran into the Mouse group's "Hover")."""

from __future__ import annotations

import pygame

from game.app import help_page
from game.app.keys import help_rows
from game.render.layout import LANDSCAPE

MAP_AREA, SCREEN_AREA = LANDSCAPE.map_area, LANDSCAPE.screen_area
from game.render.layout import SCREEN_SIZE


class Recording(pygame.Surface):
    """A surface that remembers where each blit of text went (the panel's own frame aside)."""

    def __init__(self) -> None:
        super().__init__(SCREEN_SIZE)
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # noqa: ANN001, ANN201 - pygame's signature
        rect = super().blit(source, dest, *args, **kwargs)
        if source.get_size() != SCREEN_SIZE and source.get_width() < 900:  # text, not the dimming
            self.placed.append(rect)
        return rect


def _words(area: pygame.Rect) -> list[pygame.Rect]:
    surface = Recording()
    help_page.draw_help(surface, area)
    return surface.placed


def test_no_text_on_the_help_page_overlaps_and_all_of_it_is_on_the_panel() -> None:
    for area in (MAP_AREA, SCREEN_AREA):
        placed = _words(area)
        panel = pygame.Rect(0, 0, *help_page.SIZE)
        panel.center = area.center
        for index, rect in enumerate(placed):
            assert panel.contains(rect), f"text at {rect} runs off the panel {panel}"
            clashes = [other for other in placed[index + 1:] if rect.colliderect(other)]
            assert not clashes, f"text at {rect} overlaps {clashes}"


def test_every_binding_and_every_line_of_its_meaning_is_drawn() -> None:
    lines = sum(1 + len(rows) for _, rows in help_rows())  # a heading and at least a line a row
    placed = _words(MAP_AREA)
    assert len(placed) >= 2 + lines + sum(len(rows) for _, rows in help_rows()), "keys and meanings, title, footer"
