"""The game's window: a 1280x720 logical canvas, scaled to the window on the desktop."""

from __future__ import annotations

import os

import pygame

from game.app.platform import BROWSER
from game.paths import asset
from game.render.layout import SCREEN_SIZE


def open_window() -> pygame.Surface:
    """1280x720 logical canvas; on the desktop the window resizes and scales it."""
    pygame.display.set_caption("Threshold")
    try:
        icon = pygame.image.load(str(asset("sprites", "player.png")))
        pygame.display.set_icon(icon)
    except (pygame.error, FileNotFoundError):
        pass
    if BROWSER or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return pygame.display.set_mode(SCREEN_SIZE)
    # pygame's SCALED mode scales by whole numbers in a window (so a window smaller
    # than 1280x720 crops the picture) unless this hint is set; then it fits any size.
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")  # smooth, not blocky, scaling
    try:
        return pygame.display.set_mode(SCREEN_SIZE, pygame.SCALED | pygame.RESIZABLE)
    except pygame.error:
        return pygame.display.set_mode(SCREEN_SIZE)
