"""The game's window: a logical canvas of the layout's size (1280x720, or 480x960 in portrait),
scaled to the window on the desktop and to the page in the browser."""

from __future__ import annotations

import os

import pygame

from game.app.platform import BROWSER
from game.paths import asset
from game.render.layout import LANDSCAPE, PORTRAIT, Layout, current


def chosen_layout(name: str) -> Layout:
    """The layout ``--layout`` (or ``?layout=``) names; ``auto``: in the browser the page's shape
    when the game starts (portrait when the page is taller than wide, as on a phone held
    upright), on the desktop landscape."""
    if name != "auto":
        return PORTRAIT if name == "portrait" else LANDSCAPE
    if not BROWSER:
        return LANDSCAPE
    try:
        import platform  # pygbag's, which carries the page's ``window``

        tall = float(platform.window.innerHeight) > float(platform.window.innerWidth)
    except Exception as problem:  # noqa: BLE001 - a page without sizes: the usual layout
        print(f"threshold: the page's size could not be read ({problem}); landscape it is")
        return LANDSCAPE
    return PORTRAIT if tall else LANDSCAPE


SHORT_PAGE = 500
"""A page less tall than this (CSS pixels), wider than tall, is a phone on its side: the
landscape canvas is scaled down to it so far that its text is small (some 10 CSS pixels)."""


def sideways_phone() -> bool:
    """In the browser, whether the page looks like a phone held on its side (short, touch)."""
    if not BROWSER:
        return False
    try:
        import platform

        window = platform.window
        return (float(window.innerHeight) < SHORT_PAGE and float(window.innerWidth) > float(window.innerHeight)
                and int(window.navigator.maxTouchPoints) > 0)
    except Exception:  # noqa: BLE001 - a page without sizes: no advice
        return False


def fit_page() -> None:
    """In the browser, make the page scale the canvas to its new shape (the page's own fitting
    ran for the template's 1280x720 before the game chose its size)."""
    if not BROWSER:
        return
    try:
        import platform

        platform.window.threshold_fit_canvas()
    except Exception as problem:  # noqa: BLE001 - an older page: its own resize handler fits it later
        print(f"threshold: the canvas could not be fitted to the page ({problem})")


def open_window() -> pygame.Surface:
    """1280x720 logical canvas; on the desktop the window resizes and scales it."""
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
