"""Text with pygame's bundled default font, rendered once and cached.

``pygame.font.Font(None, size)`` loads the font shipped inside pygame-ce, which
exists on the desktop and in the browser build (``SysFont`` does not work there).
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

_FONTS: dict[int, pygame.font.Font] = {}
_CACHE: OrderedDict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = OrderedDict()
_CACHE_LIMIT = 512
SUPERSAMPLE_BELOW = 24
"""Below this size the bundled font's hinting spaces letters unevenly ("Ward ens fall en"),
so small text is rendered at twice the size and scaled down."""


def font(size: int) -> pygame.font.Font:
    if size not in _FONTS:
        if not pygame.font.get_init():
            pygame.font.init()
        _FONTS[size] = pygame.font.Font(None, size)
    return _FONTS[size]


def forget() -> None:
    """Drop the fonts and rendered texts (before ``pygame.quit``, which invalidates fonts)."""
    _FONTS.clear()
    _CACHE.clear()


def render(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The text as a surface (cached by text, size and colour)."""
    key = (text, size, tuple(colour))
    surface = _CACHE.get(key)
    if surface is None:
        big = font(2 * size).render(text, True, colour) if size < SUPERSAMPLE_BELOW and text.strip() else None
        if big is not None and big.get_width() >= 4 and big.get_height() >= 4:
            # small text: drawn twice as big and scaled down, for even spacing
            surface = pygame.transform.smoothscale(big, (big.get_width() // 2, big.get_height() // 2))
        else:
            surface = font(size).render(text, True, colour)
        _CACHE[key] = surface
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return surface


def width_of(text: str, size: int) -> int:
    """The width ``render`` gives ``text`` at ``size``, in pixels."""
    if size < SUPERSAMPLE_BELOW:
        return font(2 * size).size(text)[0] // 2
    return font(size).size(text)[0]


def wrap(text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (words kept whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if width_of(trial, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines or [""]
