"""Draw the title screen's backdrop: a dimmed, fully known room floor.

    python -m game.tools.backdrop [--out assets/backdrop.png]

The title screen shows this picture instead of generating a floor when the game
starts, so the first frame needs neither the generators nor their imports
(SPEC PERF-5). Run it again after a change to how floors are drawn.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.cli import writable_file
from game.paths import asset

VEIL = (8, 8, 12, 150)


def draw_backdrop(path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import numpy as np
    import pygame

    from game.mapgen.dungeon import generate_dungeon
    from game.render import palette
    from game.render.floor_layer import FloorLayer
    from game.render.layout import SCREEN_SIZE
    from game.rng import Rng

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    level = generate_dungeon(Rng.stream(0, "title"))
    layer = FloorLayer(level.map, 24, 7)
    layer.update(np.ones(level.map.room_count, dtype=bool), [])
    picture = pygame.Surface(SCREEN_SIZE)
    picture.fill(palette.BACKGROUND)
    picture.blit(layer.composed, ((SCREEN_SIZE[0] - layer.size[0]) // 2, (SCREEN_SIZE[1] - layer.size[1]) // 2))
    veil = pygame.Surface(SCREEN_SIZE, pygame.SRCALPHA)
    veil.fill(VEIL)
    picture.blit(veil, (0, 0))
    pygame.image.save(picture, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.backdrop", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=writable_file, default=str(asset("backdrop.png")), help="the PNG to write")
    args = parser.parse_args(argv)
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        parser.error(f"argument --out: {args.out!r} is not a .png file name")
    draw_backdrop(out)
    print(f"{out}  {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
