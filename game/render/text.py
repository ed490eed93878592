"""Text drawn from baked glyph atlases, the same pixels on every platform.

FreeType rasterises differently in each build (the browser's pygame-ce has FreeType 2.6,
with full hinting and uneven spacing; the desktop's 2.14), so text rendered at run time
differed between the browser and the desktop on every pixel, and in width. Instead
``python -m game.tools.glyphs`` rasterises each glyph once, offline, into
``assets/glyphs/SIZE.png`` (coverage masks) and ``SIZE.txt`` (advances and kerning in
quarter pixels, offsets, the line's height and baseline; the format is in that tool's
docstring). A string is composed here with exact integer operations only: each glyph's
mask is placed at its pen position (rounded to the half pixel it was drawn for), overlapping
edges are combined with a maximum, and the colour is set exactly, so the result is the same
on the desktop and in the browser, and ``width_of`` is exactly the rendered width.

An atlas is loaded the first time its size is drawn (the title screen needs only a few). A
size that was not baked is drawn with the nearest baked one. Characters the atlas lacks (a
seed may be any text) are drawn with ``pygame.font``'s bundled font; those it lacks as ``[U+2620]``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from itertools import groupby
from typing import TypeVar

import numpy as np
import pygame

from game.render import surfaces
from game.render.atlas import Atlas, Mask, atlas
from game.render.atlas import baked_sizes as baked_sizes, preload as preload  # (text's, as they were)

_CACHE: OrderedDict[tuple[str, int, tuple[int, ...]], pygame.Surface] = OrderedDict()
_ON: OrderedDict[tuple[str, int, tuple[int, ...]], pygame.Surface] = OrderedDict()  # ``render_on``'s
_WRAPPED: OrderedDict[tuple[str, int, int], list[str]] = OrderedDict()
_COVERAGES: OrderedDict[tuple[str, int], np.ndarray] = OrderedDict()
_LAYOUTS: OrderedDict[tuple[str, int], tuple[list[Mask], pygame.Rect]] = OrderedDict()
_CACHE_LIMIT = 512
_FONTS: dict[int, pygame.font.Font] = {}
_RUNS: dict[tuple[str, int], np.ndarray] = {}
_minimum = [0]
_K = TypeVar("_K")
_V = TypeVar("_V")

def _font(size: int) -> pygame.font.Font:
    """pygame's bundled font, for the characters no atlas has."""
    if size not in _FONTS:
        pygame.font.init()  # a no-op when it is
        _FONTS[size] = pygame.font.Font(None, size)
    return _FONTS[size]


def _fallback(run: str, size: int) -> np.ndarray:
    """``run`` drawn by FreeType, as a coverage mask (the only platform-dependent pixels; cached)."""
    key = (run, size)
    if key not in _RUNS:
        font = _font(size)
        drawn = font.render(run, True, (255, 255, 255)) if font.size(run)[0] else None
        _RUNS[key] = pygame.surfarray.array_alpha(drawn).T if drawn else np.zeros((0, 0), np.uint8)
        if len(_RUNS) > _CACHE_LIMIT:
            _RUNS.pop(next(iter(_RUNS)))
    return _RUNS[key]


def set_minimum_size(size: int) -> None:
    """Draw no text smaller than ``size`` (the portrait layout's, readable on a phone; 0: none)."""
    _minimum[0] = size
    for cache in (_CACHE, _ON, _WRAPPED, _COVERAGES):
        cache.clear()


def minimum_size() -> int:
    """The least text size drawn now (``set_minimum_size``; 0: none)."""
    return _minimum[0]


def layout(text: str, size: int) -> tuple[list[Mask], pygame.Rect]:
    """Where each piece of ``text`` goes: masks with their x and y from the pen's start and
    the line's top; and the box they and the pen's travel cover (its top may be above the
    line's: accents on capitals rise above the ascent, as they did with ``pygame.font``).
    Cached: ``wrap`` measures a line's words one by one, and the last of those measures is
    the line ``render`` then draws."""
    size = max(size, _minimum[0])  # set_minimum_size
    placed, box = _remembered(_LAYOUTS, (text, size), lambda: _layout(shown(text), size), 4 * _CACHE_LIMIT)
    return placed, box.copy()


_DRAWABLE: dict[str, bool] = {}
NO_GLYPH = "\U0010fffd"  # a private-use character no font has: the bundled font draws its empty box


def drawable(ch: str) -> bool:
    """Whether ``ch`` can be drawn as itself: an atlas or the bundled font has it (else it
    would come out as the font's empty box). ``drawable("é")`` is true, ``drawable("☠")`` false."""
    found = _DRAWABLE.get(ch)
    if found is None:
        baked = atlas(20)
        if (baked is not None and ch in baked.advance) or not ch.isprintable() or not _font(20).size(ch)[0]:
            found = True  # baked, or nothing to draw (a control or zero-width character)
        else:
            font = _font(20)
            box = pygame.surfarray.array_alpha(font.render(NO_GLYPH, True, (255, 255, 255)))
            picture = pygame.surfarray.array_alpha(font.render(ch, True, (255, 255, 255)))
            found = picture.shape != box.shape or bool((picture != box).any())
        _DRAWABLE[ch] = found
    return found


def shown(text: str) -> str:
    """``text`` with each character that cannot be drawn written as its code point, ``[U+2620]``
    (a seed given on the command line or in the page's address may hold any character).

    >>> shown("skull \u2620 and é")
    'skull [U+2620] and é'
    """
    if text.isascii():
        return text
    return "".join(ch if drawable(ch) else f"[U+{ord(ch):04X}]" for ch in text)


def _layout(text: str, size: int) -> tuple[list[Mask], pygame.Rect]:
    found = atlas(size)
    placed: list[Mask] = []
    pen, previous = 0, ""  # pen in 1/unit pixels
    for baked, characters in groupby(text, lambda ch: found is not None and ch in found.advance):
        run = "".join(characters)
        if found is not None and baked:
            pen, previous = _place_glyphs(found, run, pen, previous, placed), run[-1]
        else:
            pen, previous = _place_run(run, size, pen, placed), ""
    unit = found.unit if found else 1
    left, top = 0, 0
    right, bottom = (pen + unit // 2) // unit, found.height if found else _font(size).get_linesize()
    for mask, x, y in placed:
        left, top = min(left, x), min(top, y)
        right, bottom = max(right, x + mask.shape[1]), max(bottom, y + mask.shape[0])
    return placed, pygame.Rect(left, top, right - left, bottom - top)


def _place_glyphs(found: Atlas, run: str, pen: int, previous: str, placed: list[Mask]) -> int:
    """Place ``run``, every character of it in ``found``, from ``pen`` after ``previous`` (for the
    kerning): each glyph's mask for its pen's phase. The pen after it."""
    for ch in run:
        pen += found.kerning.get((previous, ch), 0)
        step = (pen * found.phases + found.unit // 2) // found.unit  # in 1/phases pixels
        mask, dx, dy = found.masks[ch][step % found.phases]
        if mask.size:
            placed.append((mask, step // found.phases + dx, dy))
        pen += found.advance[ch]
        previous = ch
    return pen


def _place_run(run: str, size: int, pen: int, placed: list[Mask]) -> int:
    """Place a run the atlas lacks at the next whole pixel; the pen after it."""
    found = atlas(size)
    unit = found.unit if found else 1
    x = -(-pen // unit)
    mask = _fallback(run, size)
    if mask.size:
        placed.append((mask, x, found.baseline - _font(size).get_ascent() if found else 0))
    return (x + _font(size).size(run)[0]) * unit


def forget() -> None:
    """Drop the fonts and rendered texts (before ``pygame.quit``, which invalidates fonts)."""
    for cache in (_FONTS, _RUNS, _CACHE, _ON, _WRAPPED, _COVERAGES, _LAYOUTS):
        cache.clear()


def render(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The text as a surface with per-pixel alpha (cached by text, size and colour)."""
    return _remembered(_CACHE, (text, size, tuple(colour)), lambda: _coloured(_coverage(text, size), colour))


def render_on(text: str, size: int, colour: tuple[int, int, int], background: tuple[int, int, int]) -> pygame.Surface:
    """``render``'s text laid on a flat ``background`` ahead, as an opaque surface in the screen's
    format (cached by text, size, colours and format): drawn on that colour it shows the same
    pixels, and costs a copy, not an alpha blend (fifty times dearer in the browser)."""
    picture = render(text, size, colour)  # (each time, as every text is rendered: cached there)
    key = (text, size, (*colour[:3], *background[:3], *surfaces.format_key()))
    return _remembered(_ON, key, lambda: _laid(picture, background))


def _laid(picture: pygame.Surface, background: tuple[int, int, int]) -> pygame.Surface:
    laid = surfaces.opaque(picture.get_size())
    laid.fill(background)
    laid.blit(picture, (0, 0))
    return laid


def _coloured(coverage: np.ndarray, colour: tuple[int, int, int]) -> pygame.Surface:
    height, width = coverage.shape
    surface = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    surface.fill((*colour[:3], 0))
    if width:
        pygame.surfarray.pixels_alpha(surface)[...] = coverage.T
    return surface


def _coverage(text: str, size: int) -> np.ndarray:
    """How much of each pixel ``text`` covers (``[y, x]`` uint8), cached apart from its colour: the
    message log dims a line as it ages, and a new colour then costs no new layout."""
    return _remembered(_COVERAGES, (text, size), lambda: _covered(*layout(text, size)))


def _covered(placed: list[Mask], box: pygame.Rect) -> np.ndarray:
    coverage = np.zeros((box.height, box.width), np.uint8)
    for mask, x, y in placed:
        target = coverage[y - box.y:y - box.y + mask.shape[0], x - box.x:x - box.x + mask.shape[1]]
        np.maximum(target, mask, out=target)
    return coverage


def _remembered(cache: OrderedDict[_K, _V], key: _K, make: Callable[[], _V], limit: int = _CACHE_LIMIT) -> _V:
    """``cache[key]``, made by ``make`` the first time; past ``limit`` entries the least recently
    used goes."""
    found = cache.get(key)
    if found is None:
        found = cache[key] = make()
        if len(cache) > limit:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return found


def width_of(text: str, size: int) -> int:
    """The width ``render`` gives ``text`` at ``size``, in pixels."""
    return layout(text, size)[1].width


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
    return _remembered(_WRAPPED, (text, size, width), lambda: _wrapped(text, size, width)).copy()


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
    found = atlas(max(size, _minimum[0]))
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
    pen = _place_glyphs(found, more, pen, previous, placed)
    for mask, x, _ in placed:
        left, right = min(left, x), max(right, x + mask.shape[1])
    return pen, more[-1], left, right


def _width(found: Atlas, extent: Extent) -> int:
    """``width_of`` the line laid so far (``_layout``'s box: the pen's end or the last pixel)."""
    pen, _, left, right = extent
    return max((pen + found.unit // 2) // found.unit, right) - left
