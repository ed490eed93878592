"""Rasterise the sprite table into outlined PNGs and write the credits (SPEC REN-1).

    python -m game.tools.icons [--icons-json PATH] [--size 48]

The glyphs come from the game-icons set (CC BY 3.0) as published on the npm
registry in ``@iconify-json/game-icons``. Without ``--icons-json`` the tool runs
``npm pack`` for the pinned version into ``.icon-cache/`` (once) and reads its
``icons.json``. Each glyph is filled with the table's colour, given a dark
outline (a grey-scale dilation of its alpha) and saved to ``assets/sprites``.
The game never needs npm: it loads the committed PNGs.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame

from game.cli import folder, readable_file, whole
from game.content.sprites import SPRITES, SpriteSpec
from game.paths import assets_dir

NPM_PACKAGE = "@iconify-json/game-icons"
NPM_VERSION = "1.2.4"
OUTLINE_COLOUR = (14, 12, 20)
DEFAULT_SIZE = 48
SIZE_RANGE = (8, 1024)
"""The sizes ``--size`` takes. Below 5 a door cannot be drawn at all, and 0 crashed after emptying
the first sprite (``player.png``); 8 is already too small to read."""
CACHE = Path(".icon-cache")


def fetch_icons_json(cache: Path = CACHE) -> Path:
    """Download (once) the pinned npm package and return the path of its icons.json."""
    target = cache / f"game-icons-{NPM_VERSION}" / "icons.json"
    if target.is_file():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    out = subprocess.run(["npm", "pack", f"{NPM_PACKAGE}@{NPM_VERSION}", "--silent"], cwd=cache,
                         check=True, capture_output=True, text=True)
    tarball = cache / out.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as archive:
        packed = archive.extractfile("package/icons.json")
        if packed is None:
            raise RuntimeError(f"{tarball}: package/icons.json is not a regular file")
        data = packed.read()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    tarball.unlink()
    return target


def icon_svg(icon_set: dict, name: str, colour: tuple[int, int, int]) -> bytes:
    """A standalone SVG document for one icon of an Iconify JSON set."""
    icons = icon_set["icons"]
    aliases = icon_set.get("aliases", {})
    while name not in icons and name in aliases:
        name = aliases[name]["parent"]
    body = icons[name]["body"]
    size = icon_set.get("width", 512), icon_set.get("height", 512)
    fill = "#%02x%02x%02x" % colour
    body = body.replace('fill="currentColor"', f'fill="{fill}"')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size[0]}" height="{size[1]}" '
            f'viewBox="0 0 {size[0]} {size[1]}">{body}</svg>').encode("utf-8")


def outlined(glyph: pygame.Surface, radius: float) -> pygame.Surface:
    """The glyph over a dark outline: its alpha dilated by a disk of ``radius`` pixels."""
    alpha = pygame.surfarray.array_alpha(glyph).astype(np.float32)
    grown = alpha.copy()
    r = int(np.ceil(radius))
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            distance = (dx * dx + dy * dy) ** 0.5
            if distance == 0 or distance > radius + 0.5:
                continue
            weight = min(1.0, radius + 0.5 - distance)
            shifted = np.roll(np.roll(alpha, dx, axis=0), dy, axis=1) * weight
            np.maximum(grown, shifted, out=grown)
    out = pygame.Surface(glyph.get_size(), pygame.SRCALPHA)
    out.fill((*OUTLINE_COLOUR, 0))
    pygame.surfarray.pixels_alpha(out)[:] = np.clip(grown, 0, 255).astype(np.uint8)
    out.blit(glyph, (0, 0))
    return out


def render_icon(icon_set: dict, spec: SpriteSpec, size: int) -> pygame.Surface:
    inner = max(4, int(round(size * spec.scale)) - 2 * _outline_radius(size))
    svg = icon_svg(icon_set, spec.icon or "", spec.colour)
    glyph = pygame.image.load_sized_svg(io.BytesIO(svg), (inner, inner))
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    canvas.blit(glyph, ((size - glyph.get_width()) // 2, (size - glyph.get_height()) // 2))
    return outlined(canvas, _outline_radius(size)) if spec.outline else canvas


def _outline_radius(size: int) -> float:
    return max(1.5, size / 12)


def render_door(kind: str, colour: tuple[int, int, int], size: int, icon_set: dict | None) -> pygame.Surface:
    """A door lying on a horizontal edge through the middle of a ``size`` square.

    Closed and locked doors are a plank along the edge; an open door is the
    plank swung 90 degrees on its hinge into the south tile. The game rotates
    the picture for doors on west edges.
    """
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    mid = size // 2
    dark = OUTLINE_COLOUR
    light = tuple(min(255, c + 45) for c in colour)
    post = max(2, size // 12)
    thickness = max(4, size // 4)
    for x in (0, size - post):  # door posts at both ends of the edge
        pygame.draw.rect(surface, dark, (x, mid - thickness // 2 - 1, post, thickness + 2))
    if kind == "door_open":
        length = size - 2 * post
        rect = pygame.Rect(post, mid, thickness, length // 2 + thickness)
        pygame.draw.rect(surface, dark, rect.inflate(4, 4), border_radius=2)
        pygame.draw.rect(surface, colour, rect, border_radius=2)
        pygame.draw.line(surface, light, rect.topleft, rect.bottomleft)
        return surface
    rect = pygame.Rect(post, mid - thickness // 2, size - 2 * post, thickness)
    pygame.draw.rect(surface, dark, rect.inflate(4, 4), border_radius=2)
    pygame.draw.rect(surface, colour, rect, border_radius=2)
    pygame.draw.line(surface, light, rect.topleft, rect.topright)
    for x in range(rect.left + size // 5, rect.right - 2, size // 5):  # planks
        pygame.draw.line(surface, dark, (x, rect.top + 1), (x, rect.bottom - 2))
    if kind == "door_locked" and icon_set is not None:
        lock = render_icon(icon_set, SpriteSpec("padlock", (250, 220, 90), 1.0), size // 2)
        surface.blit(lock, lock.get_rect(center=(mid, mid)))
    else:
        pygame.draw.circle(surface, (230, 200, 120), (rect.right - size // 6, mid), max(1, size // 24))
    return surface


def build(icon_set: dict, out_dir: Path, size: int = DEFAULT_SIZE) -> list[str]:
    """Write one PNG per sprite row; returns the game-icons names used."""
    pygame.display.init()
    out_dir.mkdir(parents=True, exist_ok=True)
    used: list[str] = []
    for name, spec in SPRITES.items():
        if spec.icon is None:
            surface = render_door(name, spec.colour, size, icon_set)
            if name == "door_locked":
                used.append("padlock")
        else:
            surface = render_icon(icon_set, spec, size)
            used.append(spec.icon)
        pygame.image.save(surface, str(out_dir / f"{name}.png"))
    return sorted(set(used))


CREDITS_HEADER = """# Credits

## Sprites

The sprites are icons from **game-icons.net** (<https://game-icons.net>), by Lorc,
Delapouite and the other game-icons.net contributors, licensed under
[CC BY 3.0](https://creativecommons.org/licenses/by/3.0/). They were taken from the
npm package `{package}@{version}` (Iconify JSON; the package does not record the
author of each icon: see game-icons.net for it), recoloured, given dark outlines and
rasterised to PNG by `python -m game.tools.icons`. Door sprites are drawn by the same
tool; the locked door carries the `padlock` icon.

Icons used:

"""

CREDITS_FOOTER = """
## Font

Text uses pygame-ce's bundled default font (FreeSans Bold, from GNU FreeFont,
GPL with the font exception), loaded with `pygame.font.Font(None, size)`. The glyph
atlases in `glyphs/` are baked from that same font (FreeSans Bold, GPL with the font
exception) by `python -m game.tools.glyphs`; characters they lack are drawn with the font itself.
"""


def write_credits(path: Path, icons: list[str]) -> None:
    lines = [CREDITS_HEADER.format(package=NPM_PACKAGE, version=NPM_VERSION)]
    lines += [f"- `{name}` — <https://game-icons.net> (search “{name}”)\n" for name in icons]
    lines.append(CREDITS_FOOTER)
    path.write_text("".join(lines), encoding="utf-8")


def write_favicon(icon_set: dict, path: Path, size: int = 64) -> None:
    """The page icon: the player's hooded figure on a dark rounded tile."""
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(canvas, (20, 22, 30), canvas.get_rect(), border_radius=size // 6)
    pygame.draw.rect(canvas, (240, 200, 110), canvas.get_rect(), 2, border_radius=size // 6)
    glyph = render_icon(icon_set, SPRITES["player"], size - 8)
    canvas.blit(glyph, (4, 4))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.icons", description=__doc__.split("\n\n")[0])
    parser.add_argument("--icons-json", type=readable_file, help="a local icons.json (skips npm)")
    parser.add_argument("--size", type=whole(*SIZE_RANGE), default=DEFAULT_SIZE,
                        help=f"sprite size in pixels ({SIZE_RANGE[0]} to {SIZE_RANGE[1]}, default {DEFAULT_SIZE})")
    parser.add_argument("--out", type=folder, default=str(assets_dir() / "sprites"),
                        help="the sprites' folder (CREDITS.md goes beside it, web/favicon.png one above)")
    args = parser.parse_args(argv)
    try:
        source = Path(args.icons_json or fetch_icons_json())
    except (OSError, subprocess.CalledProcessError, tarfile.TarError, KeyError) as problem:
        print(f"icons: could not fetch {NPM_PACKAGE}@{NPM_VERSION} with npm ({problem}); "
              "give --icons-json FILE", file=sys.stderr)
        return 1
    icon_set = read_icon_set(source, parser)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        parser.error(f"argument --out: cannot make the folder {args.out!r} ({problem.strerror})")
    used = build(icon_set, out, args.size)
    write_credits(out.parent / "CREDITS.md", used)
    write_favicon(icon_set, out.parent.parent / "web" / "favicon.png")
    print(f"wrote {len(SPRITES)} sprites to {out} ({len(used)} game-icons glyphs)")
    return 0


def read_icon_set(path: Path, parser: argparse.ArgumentParser) -> dict:
    """The Iconify set in ``path``, with every icon the sprites use; anything else is an
    argparse error, before a sprite is written."""
    try:
        icon_set = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as problem:
        parser.error(f"argument --icons-json: {str(path)!r} is not an Iconify JSON file ({problem})")
    icons = icon_set.get("icons") if isinstance(icon_set, dict) else None
    if not isinstance(icons, dict):
        parser.error(f"argument --icons-json: {str(path)!r} has no \"icons\" table")
    aliases = icon_set.get("aliases", {})
    aliases = aliases if isinstance(aliases, dict) else {}
    missing = []
    for wanted in sorted({spec.icon for spec in SPRITES.values() if spec.icon} | {"padlock"}):
        name, seen = wanted, set()
        while name not in icons and isinstance(aliases.get(name), dict) and name not in seen:
            seen.add(name)
            name = aliases[name].get("parent")
        if not isinstance(icons.get(name), dict) or not isinstance(icons[name].get("body"), str):
            missing.append(wanted)
    if missing:
        parser.error(f"argument --icons-json: {str(path)!r} lacks the icons {missing[:8]}")
    return icon_set


if __name__ == "__main__":
    sys.exit(main())
