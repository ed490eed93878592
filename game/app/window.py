"""The game's window: a logical canvas of the layout's size (1280x720 on the desktop, a phone's
page size in the browser), scaled to the window on the desktop and to the page in the browser."""

from __future__ import annotations

import os

import pygame

from game.app.platform import BROWSER
from game.paths import asset
from game.render.layout import LANDSCAPE, LAYOUTS, SHORT_PAGE, Layout, current, phone


def chosen_layout(name: str) -> Layout:
    """The layout ``--layout`` (or ``?layout=``) names; ``auto``: in the browser the page's shape
    when the game starts (a phone's layout of the page's size when it is taller than wide, as
    on a phone held upright, or less than ``SHORT_PAGE`` tall, as on one on its side), on the
    desktop landscape."""
    if name != "auto":
        return LAYOUTS.get(name, LANDSCAPE)
    if not BROWSER:
        return LANDSCAPE
    try:
        from game.app.platform import page

        width, height = float(page().innerWidth), float(page().innerHeight)
    except Exception as problem:  # noqa: BLE001 - a page without sizes: the usual layout
        print(f"threshold: the page's size could not be read ({problem}); landscape it is")
        return LANDSCAPE
    if width <= 0 or height <= 0:
        return LANDSCAPE
    return phone(width, height) if height > width or height < SHORT_PAGE else LANDSCAPE


def fit_page() -> None:
    """In the browser, make the page scale the canvas to its new shape (the page's own fitting
    ran for the template's 1280x720 before the game chose its size)."""
    if not BROWSER:
        return
    try:
        from game.app.platform import page

        page().threshold_fit_canvas()
    except Exception as problem:  # noqa: BLE001 - an older page: its own resize handler fits it later
        print(f"threshold: the canvas could not be fitted to the page ({problem})")


def open_window() -> pygame.Surface:
    """The layout's logical canvas; on the desktop the window resizes and scales it."""
    pygame.display.set_caption("Threshold")
    try:
        icon = pygame.image.load(str(asset("sprites", "player.png")))
        pygame.display.set_icon(icon)
    except (pygame.error, FileNotFoundError):
        pass
    size = current().size
    if BROWSER or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        screen = pygame.display.set_mode(size)
        fit_page()
        return screen
    # pygame's SCALED mode scales by whole numbers in a window (so a window smaller
    # than 1280x720 crops the picture) unless this hint is set; then it fits any size.
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")  # smooth, not blocky, scaling
    try:
        return pygame.display.set_mode(size, pygame.SCALED | pygame.RESIZABLE)
    except pygame.error:
        return pygame.display.set_mode(size)
