"""Where each glyph of a string goes, and so how wide it is: the layout half of ``game.render.text``.

A string is composed from the baked atlases (``game.render.atlas``) with exact integer
operations only: each glyph's mask is placed at its pen position, rounded to the pen phase it
was drawn for, with the atlas's kerning; characters the atlas lacks are drawn with
``pygame.font``'s bundled font (the only platform-dependent pixels), those it lacks too as
``[U+2620]``. ``width_of`` is exactly the width ``text.render`` gives.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from itertools import groupby
from typing import TypeVar

import numpy as np
import pygame

from game.render.atlas import Atlas, Mask, atlas

_LAYOUTS: OrderedDict[tuple[str, int], tuple[list[Mask], pygame.Rect]] = OrderedDict()
CACHE_LIMIT = 512
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
        if len(_RUNS) > CACHE_LIMIT:
            _RUNS.pop(next(iter(_RUNS)))
    return _RUNS[key]


def set_minimum(size: int) -> None:
    """Lay out no text smaller than ``size`` (``text.set_minimum_size``, which also drops the pictures)."""
    _minimum[0] = size


def forget() -> None:
    """Drop the fonts and layouts (``text.forget``)."""
    for cache in (_FONTS, _RUNS, _LAYOUTS):
        cache.clear()


def minimum_size() -> int:
    """The least text size drawn now (``set_minimum_size``; 0: none)."""
    return _minimum[0]


def layout(text: str, size: int) -> tuple[list[Mask], pygame.Rect]:
    """Where each piece of ``text`` goes: masks with their x and y from the pen's start and
    the line's top; and the box they and the pen's travel cover (its top may be above the
    line's: accents on capitals rise above the ascent, as they did with ``pygame.font``).
    Cached: ``text.fit`` measures a line and its cuts, and ``text.render`` then lays out the one kept."""
    size = max(size, _minimum[0])  # set_minimum_size
    placed, box = remembered(_LAYOUTS, (text, size), lambda: _layout(shown(text), size), 4 * CACHE_LIMIT)
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
            pen, previous = place_glyphs(found, run, pen, previous, placed), run[-1]
        else:
            pen, previous = _place_run(run, size, pen, placed), ""
    unit = found.unit if found else 1
    left, top = 0, 0
    right, bottom = (pen + unit // 2) // unit, found.height if found else _font(size).get_linesize()
    for mask, x, y in placed:
        left, top = min(left, x), min(top, y)
        right, bottom = max(right, x + mask.shape[1]), max(bottom, y + mask.shape[0])
    return placed, pygame.Rect(left, top, right - left, bottom - top)


def place_glyphs(found: Atlas, run: str, pen: int, previous: str, placed: list[Mask]) -> int:
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


def remembered(cache: OrderedDict[_K, _V], key: _K, make: Callable[[], _V], limit: int = CACHE_LIMIT) -> _V:
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
