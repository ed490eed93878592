"""Bake the glyph atlases every text in the game is drawn from (``game.render.text``).

    python -m game.tools.glyphs [--font FILE] [--out assets/glyphs] [--sizes 20 24 ...]

FreeType differs from one build to the next: the browser's pygame-ce carries FreeType 2.6,
which hints fully and spaces letters unevenly ("Vi relund"), the desktop wheel 2.14, so text
rasterised at run time differed on every pixel, and even in width, between the two. So the
glyphs are rasterised once, here, and the game only places and combines the stored pixels
with exact integer operations, the same on every platform.

Each glyph is drawn by FreeType ``OVERSAMPLE`` times as wide as it is shown (hinted
vertically at its real size, so the baseline and x-height stay crisp) and narrowed with an
exact box filter in numpy. Sizes up to ``PHASES_UP_TO`` are drawn at two pen offsets (whole
and half pixels), so letters sit within a quarter of a pixel of where the font puts them,
bigger ones within half a pixel: evenly spaced at every size.
Advances and kerning are measured with ``pygame.font`` (SDL_ttf) at the oversampled size.

For each size ``N`` of ``SIZES``: ``N.png``, a grey-scale PNG of the glyph masks (coverage
0-255), and ``N.txt``, the table ``game.render.text`` reads::

    size N | line HEIGHT BASELINE | unit OVERSAMPLE | phases 1 or 2
    glyphs COUNT, then a row per glyph:
        CODE ADVANCE (X Y W H DX DY) per phase   (in the PNG; offsets from the pen and line top)
    kerning COUNT, then a row per pair: FIRST SECOND ADJUSTMENT

Advances and kerning are in 1/OVERSAMPLE pixels. A line keeps the height and baseline the
game's text had when it was drawn by ``pygame.font`` at run time, so layouts do not move.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pygame.freetype  # noqa: E402

from game.cli import folder, readable_file, whole  # noqa: E402
from game.paths import asset  # noqa: E402
from game.render.layout import TEXT_EM  # noqa: E402

SIZES = (14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 56, 64, 72, 96)
"""Every text size the game uses (tests/render/test_text.py checks the code against this list)."""
OVERSAMPLE = 4
PHASES_UP_TO = 40
"""Sizes up to this are drawn at two pen phases (whole and half pixels), bigger ones at one:
half a pixel is a visible share of a small letter's spacing, not of a heading's."""
SIZE_RANGE = (6, 256)
"""The sizes ``--sizes`` takes: below 6 some glyphs touch the edge of their canvas (0 was a crash)."""
POINTS_PER_SIZE = TEXT_EM
"""``pygame.font.Font(None, n)`` draws its bundled font at ``int(0.6875 * n)`` points; sizes
keep that meaning for any ``--font`` (the layouts reckon text's CSS size by it)."""
HALF_POINTS_BELOW = 24
"""The old run-time text drew sizes below this at twice the size and halved them: half points."""
RANGES = ((0x20, 0x7E), (0xA0, 0xFF), (0x100, 0x17F), (0x2010, 0x205E), (0x20A0, 0x20BF),
          (0x2100, 0x214F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x25A0, 0x25FF))
"""Printable ASCII, Latin-1, Latin Extended-A, punctuation, currency, letter-like symbols,
arrows, mathematical operators and geometric shapes: whatever of these the font has."""
ALIASES = {"\u00a0": " "}
"""Characters drawn as another when the font lacks them (FreeSans Bold has no no-break space)."""
ATLAS_WIDTH = 1024
WHITE = (255, 255, 255)


def points(size: int) -> float:
    """The point size text of ``size`` is drawn at (half points below ``HALF_POINTS_BELOW``)."""
    if size < HALF_POINTS_BELOW:
        return int(2 * size * POINTS_PER_SIZE) / 2
    return float(int(size * POINTS_PER_SIZE))


def line_metrics(path: str, size: int) -> tuple[int, int]:
    """The height of a line of ``size`` and its baseline (from the top), as the game drew them
    with ``pygame.font`` before the atlases (half of the doubled font's below 24)."""
    if size < HALF_POINTS_BELOW:
        big = pygame.font.Font(path, int(2 * points(size)))
        return big.render("x", True, WHITE).get_height() // 2, (big.get_ascent() + 1) // 2
    font = pygame.font.Font(path, int(points(size)))
    return font.render("x", True, WHITE).get_height(), font.get_ascent()


def covered(face: pygame.freetype.Font) -> list[str]:
    """The characters of ``RANGES`` the font has a glyph for (FreeType has no metrics for the rest)."""
    chars = [chr(code) for low, high in RANGES for code in range(low, high + 1)]
    return [ch for ch, metrics in zip(chars, face.get_metrics("".join(chars))) if metrics is not None]


def phases(size: int) -> int:
    """How many pen offsets within a pixel glyphs of ``size`` are drawn at."""
    return 2 if size <= PHASES_UP_TO else 1


def glyph_masks(face: pygame.freetype.Font, ch: str, height: int, baseline: int, em: int,
                count: int) -> list[tuple[np.ndarray, int, int]]:
    """``ch`` at each pen phase: its coverage mask (``[y, x]`` uint8, cropped to the ink) and
    the mask's offset from the pen position and the line's top, in pixels."""
    margin = em // 2 + 2
    width, tall = 2 * em + 2 * margin, height + 2 * margin
    out = []
    for phase in range(count):
        canvas = pygame.Surface((width * OVERSAMPLE, tall), pygame.SRCALPHA)
        face.render_to(canvas, (margin * OVERSAMPLE + phase * OVERSAMPLE // count, margin + baseline), ch, WHITE)
        wide = pygame.surfarray.array_alpha(canvas).T.astype(np.uint32)
        summed = wide.reshape(tall, width, OVERSAMPLE).sum(axis=2)
        mask = ((summed + OVERSAMPLE // 2) // OVERSAMPLE).astype(np.uint8)
        rows, cols = np.nonzero(mask.any(axis=1))[0], np.nonzero(mask.any(axis=0))[0]
        if not len(rows):
            out.append((mask[:0, :0], 0, 0))
            continue
        top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        assert top > 0 and left > 0 and bottom < tall and right < width, f"U+{ord(ch):04X} touches the canvas edge"
        out.append((mask[top:bottom, left:right], int(left - margin), int(top - margin)))
    return out


def spacing(font: pygame.font.Font, chars: list[str]) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    """Advances and kerning in oversampled pixels, as SDL_ttf lays out a line of ``font``.

    Each is measured between two "|" (a glyph fonts do not kern), so a glyph's overhang does
    not count: the advance of ``a`` is ``|a|`` less ``||``, the kerning of ``ab`` is ``|ab|``
    less ``|a|`` and ``|b|`` plus ``||``."""
    def span(middle: str) -> int:
        return font.size(f"|{middle}|")[0]

    bars = span("")
    alone = {ch: span(ch) for ch in chars}
    advances = {ch: alone[ch] - bars for ch in chars}
    kerning = {}
    for a in chars:
        for b in chars:
            adjust = span(a + b) - alone[a] - alone[b] + bars
            if adjust:
                kerning[a, b] = adjust
    return advances, kerning


def pack(masks: list[np.ndarray]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Shelves of masks, tallest first, in one ``ATLAS_WIDTH`` wide picture; and where each went."""
    order = sorted(range(len(masks)), key=lambda i: (-masks[i].shape[0], i))
    places: list[tuple[int, int]] = [(0, 0)] * len(masks)
    x = y = shelf = 0
    for i in order:
        h, w = masks[i].shape
        if x + w > ATLAS_WIDTH:
            x, y, shelf = 0, y + shelf + 1, 0
        places[i] = (x, y)
        x, shelf = x + w + 1, max(shelf, h)
    atlas = np.zeros((max(1, y + shelf), ATLAS_WIDTH), np.uint8)
    for mask, (x, y) in zip(masks, places):
        atlas[y:y + mask.shape[0], x:x + mask.shape[1]] = mask
    return atlas, places


def bake(path: str, size: int) -> tuple[np.ndarray, str]:
    """The atlas picture and table of one size."""
    height, baseline = line_metrics(path, size)
    face = pygame.freetype.Font(path)
    face.size = (OVERSAMPLE * points(size), points(size))  # wide: oversampled across (the stub's __init__ takes one)
    face.origin, face.antialiased, face.kerning, face.pad = True, True, False, False
    chars = covered(face)
    advances, kerning = spacing(pygame.font.Font(path, round(OVERSAMPLE * points(size))), chars)
    em = int(points(size)) + 1
    count = phases(size)
    glyphs = [glyph_masks(face, ch, height, baseline, em, count) for ch in chars]
    atlas, places = pack([mask for drawn in glyphs for mask, _, _ in drawn])
    rows = {}
    for i, (ch, drawn) in enumerate(zip(chars, glyphs)):
        cells = []
        for j, (mask, dx, dy) in enumerate(drawn):
            x, y = places[i * count + j]
            cells.append(f"{x} {y} {mask.shape[1]} {mask.shape[0]} {dx} {dy}")
        rows[ch] = f"{advances[ch]} " + " ".join(cells)
    for alias, ch in ALIASES.items():
        if alias not in rows and ch in rows:
            rows[alias] = rows[ch]
    table = [f"# Glyph atlas of text size {size}: python -m game.tools.glyphs, from {Path(path).name}",
             f"size {size}", f"line {height} {baseline}", f"unit {OVERSAMPLE}", f"phases {count}",
             f"glyphs {len(rows)}", *(f"{ord(ch)} {row}" for ch, row in sorted(rows.items())),
             f"kerning {len(kerning)}",
             *(f"{ord(a)} {ord(b)} {adjust}" for (a, b), adjust in sorted(kerning.items()))]
    return atlas, "\n".join(table) + "\n"


def png_bytes(grey: np.ndarray) -> bytes:
    """A grey-scale 8-bit PNG of ``grey`` (``[y, x]`` uint8), rows unfiltered (smaller than
    filtered ones for glyph masks), compressed at zlib's best."""
    h, w = grey.shape
    raw = np.hstack([np.zeros((h, 1), np.uint8), grey]).tobytes()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def bundled_font() -> str:
    """The file ``pygame.font.Font(None, size)`` loads: FreeSans Bold, inside pygame."""
    return os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.glyphs", description=__doc__.splitlines()[0])
    parser.add_argument("--font", type=readable_file, default=None,
                        help="a TrueType/OpenType file (default: pygame's bundled font)")
    parser.add_argument("--out", type=folder, default=str(asset("glyphs")), help="the folder to write")
    parser.add_argument("--sizes", type=whole(*SIZE_RANGE), nargs="+", default=list(SIZES),
                        help=f"the text sizes to bake ({SIZE_RANGE[0]} to {SIZE_RANGE[1]})")
    args = parser.parse_args(argv)
    path = args.font or bundled_font()
    pygame.font.init()
    pygame.freetype.init()
    try:
        pygame.freetype.Font(path, 12)
        pygame.font.Font(path, 12)
    except (OSError, ValueError, pygame.error) as problem:  # ValueError: an empty file
        parser.error(f"{'argument --font: ' if args.font else ''}{path!r} is not a font pygame can read ({problem})")
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        parser.error(f"argument --out: cannot make the folder {args.out!r} ({problem.strerror})")
    total = 0
    for size in args.sizes:
        atlas, table = bake(path, size)
        (out / f"{size}.png").write_bytes(png_bytes(atlas))
        (out / f"{size}.txt").write_text(table, encoding="utf-8")
        written = (out / f"{size}.png").stat().st_size + (out / f"{size}.txt").stat().st_size
        total += written
        print(f"{size:>3}: {atlas.shape[1]}x{atlas.shape[0]} atlas, {written} bytes")
    print(f"{out}: {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
