"""One baked size of glyphs (``assets/glyphs/SIZE.txt`` and ``.png``, made by ``game.tools.glyphs``,
whose docstring has the format): each glyph's advance, its masks (one per pen phase) and the
kerning. ``game.render.text`` composes strings from these."""

from __future__ import annotations

import numpy as np

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
