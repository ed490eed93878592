"""One baked size of glyphs (``assets/glyphs/SIZE.txt`` and ``.png``, made by ``game.tools.glyphs``,
whose docstring has the format): each glyph's advance, its masks (one per pen phase) and the
kerning, loaded on first use (``atlas``) or ahead (``preload``). ``game.render.text`` composes
strings from these."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

import numpy as np
import pygame

from game.paths import asset

Mask = tuple[np.ndarray, int, int]
"""A glyph's coverage (``[y, x]`` uint8) and its offset from the pen and the line's top."""


class Atlas:
    """One baked size: each glyph's advance and masks (one per pen phase), and the kerning."""

    def __init__(self, table: str, picture: np.ndarray) -> None:
        head, _, rest = table.partition("\nglyphs ")
        fields = {line.split()[0]: line.split()[1:] for line in head.splitlines() if line and line[0] != "#"}
        self.height, self.baseline = (int(v) for v in fields["line"])
        self.unit, self.phases = int(fields["unit"][0]), int(fields["phases"][0])
        count, _, rest = rest.partition("\n")
        glyph_rows, _, kerning = rest.partition("\nkerning ")
        rows = np.array(glyph_rows.split(), dtype=np.int64).reshape(int(count), 2 + 6 * self.phases).tolist()
        self.advance: dict[str, int] = {}
        self.masks: dict[str, list[Mask]] = {}
        for code, advance, *cells in rows:
            ch = chr(code)
            self.advance[ch] = advance
            self.masks[ch] = [(picture[y:y + h, x:x + w], dx, dy)
                              for x, y, w, h, dx, dy in zip(*(iter(cells),) * 6)]
        pairs = np.array(kerning.split()[1:], dtype=np.int64).reshape(-1, 3).tolist()
        self.kerning: dict[tuple[str, str], int] = {(chr(a), chr(b)): k for a, b, k in pairs}


_ATLASES: dict[int, Atlas | None] = {}
_baked: list[int] | None = None


def baked_sizes() -> list[int]:
    """The sizes ``assets/glyphs`` has atlases for (none if the folder is missing)."""
    global _baked
    if _baked is None:
        try:
            names = os.listdir(asset("glyphs"))
        except OSError:
            names = []
        _baked = sorted(int(name[:-4]) for name in names if name.endswith(".txt") and name[:-4].isdigit())
    return _baked


def atlas(size: int) -> Atlas | None:
    """The atlas text of ``size`` is drawn with (the nearest baked size's), loaded on first use."""
    if size not in _ATLASES:
        sizes = baked_sizes()
        if not sizes:
            _ATLASES[size] = None
        else:
            nearest = min(sizes, key=lambda baked: (abs(baked - size), baked))
            if nearest not in _ATLASES:
                _ATLASES[nearest] = _load(nearest)
            _ATLASES[size] = _ATLASES[nearest]
    return _ATLASES[size]


def preload(first: Sequence[int] = ()) -> Iterator[int]:
    """Load every baked atlas not loaded yet, one a step, the sizes ``first`` first (for idle frames
    and the loading screen: in the browser an atlas costs a frame's worth of time, too much to pay
    the first time a size is drawn in play)."""
    baked = baked_sizes()
    for size in [*(s for s in first if s in baked), *baked]:
        if size not in _ATLASES:
            atlas(size)
            yield size


def _load(size: int) -> Atlas:
    table = asset("glyphs", f"{size}.txt").read_text(encoding="utf-8")
    image = pygame.image.load(str(asset("glyphs", f"{size}.png")))
    grey = np.frombuffer(pygame.image.tobytes(image, "RGB"), dtype=np.uint8)[::3]
    return Atlas(table, grey.reshape(image.get_height(), image.get_width()))
