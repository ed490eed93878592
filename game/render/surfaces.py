"""Opaque pictures made in the screen's own pixel format.

The screen's format is the platform's: the desktop's window is 32-bit XRGB (red in
bits 16-23), the browser's canvas (pygbag's SDL on emscripten) 32-bit XBGR (red in
the low byte, as the canvas stores RGBA). ``pygame.surfarray.make_surface`` always
makes XRGB, and ``pygame.transform.scale(source, size, dest)`` refuses two formats
("Source and destination surfaces need to be compatible formats"), so a picture
made one way and drawn into one made the other works on the desktop and fails in
the browser. A blit between two formats works, but converts every pixel every time.

So every opaque picture the renderer keeps is made here, in the format of the screen
it will be shown on (``use_screen``; by default the display surface, if there is one).
Pictures with per-pixel alpha (``SRCALPHA``) have one format everywhere and need no care.
"""

from __future__ import annotations

import numpy as np
import pygame

_screen: pygame.Surface | None = None


def use_screen(screen: pygame.Surface | None) -> None:
    """Make pictures in ``screen``'s format from now on (None: the display's)."""
    global _screen
    _screen = screen


def reference() -> pygame.Surface | None:
    """The surface whose format pictures are made in, if any."""
    return _screen if _screen is not None else pygame.display.get_surface()


def format_key() -> tuple[int, ...]:
    """What tells two formats apart, for caches of pictures: bits per pixel and channel masks."""
    screen = reference()
    return () if screen is None else (screen.get_bitsize(), *screen.get_masks())


def opaque(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface of ``size`` in the screen's format (black)."""
    screen = reference()
    return pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)


def from_rgb(colours: np.ndarray) -> pygame.Surface:
    """An opaque surface showing ``colours`` (``[x, y, 3]`` uint8, pygame's surfarray order),
    in the screen's format: ``make_surface`` without its fixed XRGB."""
    width, height = colours.shape[:2]
    surface = opaque((width, height))
    pygame.surfarray.blit_array(surface, colours)
    return surface


def bands_around(view: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``view`` outside ``inner``: up to four bands (above, below, left, right)."""
    inner = inner.clip(view)
    if not inner:
        return [view]
    bands = [pygame.Rect(view.x, view.y, view.w, inner.top - view.y),
             pygame.Rect(view.x, inner.bottom, view.w, view.bottom - inner.bottom),
             pygame.Rect(view.x, inner.top, inner.left - view.x, inner.h),
             pygame.Rect(inner.right, inner.top, view.right - inner.right, inner.h)]
    return [band for band in bands if band.w > 0 and band.h > 0]
