"""Text drawn from baked glyph atlases, the same pixels on every platform.

FreeType rasterises differently in each build (the browser's pygame-ce has FreeType 2.6,
with full hinting and uneven spacing; the desktop's 2.14), so text rendered at run time
differed between the browser and the desktop on every pixel, and in width. Instead
``python -m game.tools.glyphs`` rasterises each glyph once, offline, into
``assets/glyphs/SIZE.png`` (coverage masks) and ``SIZE.txt`` (advances and kerning in
quarter pixels, offsets, the line's height and baseline; the format is in that tool's
docstring). A string is laid out with exact integer operations only (``glyph_layout``): each
glyph's mask is placed at its pen position (rounded to the half pixel it was drawn for); here
overlapping edges are combined with a maximum and the colour is set exactly, so the result is
the same on the desktop and in the browser, and ``width_of`` is exactly the rendered width.

An atlas is loaded the first time its size is drawn (the title screen needs only a few). A
size that was not baked is drawn with the nearest baked one. Characters the atlas lacks (a
seed may be any text) are drawn with ``pygame.font``'s bundled font; those it lacks as ``[U+2620]``.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pygame

from game.render import glyph_layout, surfaces
from game.render.atlas import Atlas, Mask, atlas
from game.render.atlas import baked_sizes as baked_sizes, preload as preload  # (text's, as they were)
from game.render.glyph_layout import CACHE_LIMIT, place_glyphs, remembered
from game.render.glyph_layout import (NO_GLYPH as NO_GLYPH, drawable as drawable, layout as layout,  # (text's, as they were)
                                      minimum_size as minimum_size, shown as shown, width_of as width_of)

_CACHE: OrderedDict[tuple[str, int, tuple[int, ...]], pygame.Surface] = OrderedDict()
_ON: OrderedDict[tuple[str, int, tuple[int, ...]], pygame.Surface] = OrderedDict()  # ``render_on``'s
_WRAPPED: OrderedDict[tuple[str, int, int], list[str]] = OrderedDict()
_COVERAGES: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()
_MASK_SURFACES: dict[int, tuple[np.ndarray, pygame.Surface]] = {}


def set_minimum_size(size: int) -> None:
    """Draw no text smaller than ``size`` (the portrait layout's, readable on a phone; 0: none)."""
    glyph_layout.set_minimum(size)
    for cache in (_CACHE, _ON, _WRAPPED, _COVERAGES):
        cache.clear()


def forget() -> None:
    """Drop the fonts and rendered texts (before ``pygame.quit``, which invalidates fonts)."""
    glyph_layout.forget()
    for cache in (_CACHE, _ON, _WRAPPED, _COVERAGES, _MASK_SURFACES):
        cache.clear()


def render(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The text as a surface with per-pixel alpha (cached by text, size and colour)."""
    return remembered(_CACHE, (text, size, tuple(colour)), lambda: _coloured(_coverage(text, size), colour))


def render_on(text: str, size: int, colour: tuple[int, int, int], background: tuple[int, int, int]) -> pygame.Surface:
    """``render``'s text laid on a flat ``background`` ahead, as an opaque surface in the screen's
    format (cached by text, size, colours and format): drawn on that colour it shows the same
    pixels, and costs a copy, not an alpha blend (fifty times dearer in the browser)."""
    picture = render(text, size, colour)  # (each time, as every text is rendered: cached there)
    key = (text, size, (*colour[:3], *background[:3], *surfaces.format_key()))
    return remembered(_ON, key, lambda: _laid(picture, background))


def _laid(picture: pygame.Surface, background: tuple[int, int, int]) -> pygame.Surface:
    laid = surfaces.opaque(picture.get_size())
    laid.fill(background)
    laid.blit(picture, (0, 0))
    return laid


def _coloured(coverage: pygame.Surface, colour: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(coverage.get_size(), pygame.SRCALPHA, 32)
    surface.fill((*colour[:3], 0))
    surface.blit(coverage, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # (its colour is black: the alpha only)
    return surface


def _coverage(text: str, size: int) -> pygame.Surface:
    """How much of each pixel ``text`` covers (the alpha of a black surface), cached apart from its
    colour: the message log dims a line as it ages, and a new colour then costs no new layout."""
    return remembered(_COVERAGES, (text, size), lambda: _covered(*layout(text, size)))


def _covered(placed: list[Mask], box: pygame.Rect) -> pygame.Surface:
    """The masks laid at their places, overlapping edges combined with a maximum, in one call
    (a numpy maximum a glyph took twice as long natively, and in the browser)."""
    coverage = pygame.Surface(box.size, pygame.SRCALPHA, 32)
    coverage.fill((0, 0, 0, 0))
    coverage.blits([(_mask_surface(mask), (x - box.x, y - box.y), (0, 0, mask.shape[1], mask.shape[0]),
                     pygame.BLEND_RGBA_MAX) for mask, x, y in placed], doreturn=False)
    return coverage


def _mask_surface(mask: np.ndarray) -> pygame.Surface:
    """``mask`` (``[y, x]`` coverage) as the alpha of a black surface, made once (kept with the mask,
    whose id is then never another's)."""
    found = _MASK_SURFACES.get(id(mask))
    if found is None:
        if len(_MASK_SURFACES) > 8 * CACHE_LIMIT:  # (the fallback's runs come and go)
            _MASK_SURFACES.clear()
        height, width = mask.shape
        surface = pygame.Surface((width, height), pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        if width and height:
            pygame.surfarray.pixels_alpha(surface)[...] = mask.T
        found = _MASK_SURFACES[id(mask)] = (mask, surface)
    return found[1]


def fit(text: str, size: int, width: int, ellipsis: str = "…") -> str:
    """``text`` as it fits in ``width`` pixels: whole, else its longest start that fits with an
    ellipsis after it ("The skeleton cre…"), else nothing."""
    if width_of(text, size) <= width:
        return text
    low, high = 0, len(text)  # the longest cut that fits lies in [low, high)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if width_of(text[:middle].rstrip() + ellipsis, size) <= width else (low, middle)
    cut = text[:low].rstrip()
    return cut + ellipsis if cut and width_of(cut + ellipsis, size) <= width else ""


def wrap(text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (words kept whole; cached)."""
    return remembered(_WRAPPED, (text, size, width), lambda: _wrapped(text, size, width)).copy()


def wrap_within(text: str, size: int, width: int, most: int, ellipsis: str = "…") -> list[str]:
    """``text`` wrapped (``wrap``) in at most ``most`` lines: all of it, else its first lines, the last
    ended after a whole word with ``ellipsis`` ("until disturbed, then…"); mid-word only for one too wide."""
    lines = wrap(text, size, width)
    if len(lines) <= most or most <= 0:
        return lines if len(lines) <= most else []
    words = lines[most - 1].split()
    while words and width_of(" ".join(words).rstrip(",;:") + ellipsis, size) > width:
        words.pop()
    last = " ".join(words).rstrip(",;:") + ellipsis if words else fit(lines[most - 1] + " …", size, width, ellipsis)
    return [*lines[:most - 1], last]


def _wrapped(text: str, size: int, width: int) -> list[str]:
    words = text.split()
    found = atlas(max(size, minimum_size()))
    if found is not None and " " in found.advance and all(ch in found.advance for word in words for ch in word):
        return _wrapped_baked(words, found, width)
    lines = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if width_of(trial, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines or [""]


def _wrapped_baked(words: list[str], found: Atlas, width: int) -> list[str]:
    """``_wrapped`` for words the atlas has every character of: each line measured as it grows, a
    word at a time (``width_of`` measured each trial line whole again: in the browser a
    millisecond for a two-line message). The same lines, as a property test checks."""
    lines: list[str] = []
    line: list[str] = []
    extent = _NOTHING
    for word in words:
        grown = _grown(found, extent, f" {word}" if line else word)
        if line and _width(found, grown) > width:
            lines.append(" ".join(line))
            line, grown = [], _grown(found, _NOTHING, word)
        line.append(word)
        extent = grown
    if line:
        lines.append(" ".join(line))
    return lines or [""]


Extent = tuple[int, str, int, int]
"""A line laid so far, as ``_layout`` measures it: its pen, last character, leftmost and rightmost pixel."""
_NOTHING: Extent = (0, "", 0, 0)


def _grown(found: Atlas, extent: Extent, more: str) -> Extent:
    pen, previous, left, right = extent
    placed: list[Mask] = []
    pen = place_glyphs(found, more, pen, previous, placed)
    for mask, x, _ in placed:
        left, right = min(left, x), max(right, x + mask.shape[1])
    return pen, more[-1], left, right


def _width(found: Atlas, extent: Extent) -> int:
    """``width_of`` the line laid so far (``_layout``'s box: the pen's end or the last pixel)."""
    pen, _, left, right = extent
    return max((pen + found.unit // 2) // found.unit, right) - left
