"""A short message over any screen (copied, saved, not saved...): ``App.say`` shows it for a moment."""

from __future__ import annotations

import pygame

from game.render import palette, text
from game.render.layout import current

BANNER_WIDTH = 1100
"""The widest a banner's line may be (the screen is 1280): a longer message wraps."""


def draw_banner(surface: pygame.Surface, message: str) -> pygame.Rect:
    """A short message at the top of the screen, wrapped to ``BANNER_WIDTH``; its box."""
    lines = [text.render(line, 24, palette.TEXT) for line in text.wrap(message, 24, min(BANNER_WIDTH, current().size[0] - 60))]
    height = sum(line.get_height() for line in lines)
    box = pygame.Rect(0, 0, max(line.get_width() for line in lines) + 28, height + 14)
    box.midtop = (current().centre_x, 14)
    pygame.draw.rect(surface, palette.PANEL, box, border_radius=6)
    pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=6)
    y = box.y + 7
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
        y += line.get_height()
    return box
