"""Write one generated level (SPEC TOOL-1).

    python -m game.tools.mapgen --kind dungeon --seed S [--width W --height H]
                                [--format json|ascii|png] [--out FILE] [--until PASS]

``--format json`` follows SPEC §16 exactly (documented in ``game/tools/LEVEL_FORMAT.md``);
``ascii`` and ``png`` are for looking at maps. ``--until`` stops the generator
after a named pass (``grow``, ``prune``, ``walls``, ``doors``, ``stairs``) to show
the pipeline step by step. Kinds other than ``dungeon`` arrive with their issues.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from typing import Any

from game.mapgen.dungeon import PASSES, DungeonParams, generate_dungeon
from game.rng import Rng, seed_from_text
from game.world.ascii import render_map
from game.world.edges import JSON_NAME, Edge
from game.world.floor_map import Side
from game.world.level import Level

KINDS = ("dungeon",)
DEFAULT_AREA = DungeonParams().width * DungeonParams().height


def dungeon_params(width: int | None, height: int | None) -> DungeonParams:
    """Default params, with the wanted room count scaled to a custom map size."""
    params = DungeonParams()
    if width is None and height is None:
        return params
    w, h = width or params.width, height or params.height
    area = w * h
    low, high = params.room_count or (30, 60)
    scaled = (max(1, round(low * area / DEFAULT_AREA)), max(2, round(high * area / DEFAULT_AREA)))
    return replace(params, width=w, height=h, room_count=scaled if area >= 600 else None,
                   min_room_area=min(params.min_room_area, max(1, area // 40)))


def generate(kind: str, seed_text: str, width: int | None, height: int | None, until: str = "stairs") -> Level:
    if kind != "dungeon":
        raise ValueError(f"unknown kind {kind!r}; available: {', '.join(KINDS)}")
    return generate_dungeon(Rng.stream(seed_from_text(seed_text), "mapgen", kind), dungeon_params(width, height), until)


def level_json(level: Level, seed_text: str) -> dict[str, Any]:
    """The SPEC §16 object for a room floor."""
    floor = level.map
    edges: list[dict[str, Any]] = []
    for side, array in ((Side.N, floor.north), (Side.W, floor.west)):
        for y in range(array.shape[0]):
            for x in range(array.shape[1]):
                kind = int(array[y, x])
                if kind != Edge.OPEN:
                    edges.append({"x": x, "y": y, "side": side.name, "kind": JSON_NAME[kind]})
    edges.sort(key=lambda e: (e["y"], e["x"], e["side"]))
    return {
        "kind": level.kind,
        "seed": seed_text,
        "width": floor.width,
        "height": floor.height,
        "rooms": floor.rooms.tolist(),
        "edges": edges,
        "entrance": {"x": level.entrance[0], "y": level.entrance[1]},
        "exit": {"x": level.exit[0], "y": level.exit[1]},
        "entities": [{"kind": p.kind, "x": p.x, "y": p.y} for p in level.placements],
    }


def level_ascii(level: Level) -> str:
    marks = {(p.x, p.y): p.kind[0] for p in level.placements}
    if level.entrance[0] >= 0:
        marks[level.entrance] = "<"
        marks[level.exit] = ">"
    return render_map(level.map, marks)


def save_png(level: Level, path: str, tile: int = 12) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import numpy as np
    import pygame

    from game.render.floor_layer import FloorLayer

    pygame.display.init()
    layer = FloorLayer(level.map, tile)
    layer.update(np.ones(level.map.room_count, dtype=bool), list(range(level.map.room_count)))
    picture = layer.composed.copy()
    for (x, y), colour in ((level.entrance, (120, 190, 250)), (level.exit, (250, 200, 80))):
        if x >= 0:
            pygame.draw.circle(picture, colour, (x * tile + tile // 2, y * tile + tile // 2), tile // 3)
    for x, y, side, kind in level.map.door_edges():
        colour = (200, 130, 60) if kind != Edge.OPEN_DOOR else (120, 200, 120)
        if side == Side.N:
            pygame.draw.line(picture, colour, (x * tile + 2, y * tile), ((x + 1) * tile - 3, y * tile), 3)
        else:
            pygame.draw.line(picture, colour, (x * tile, y * tile + 2), (x * tile, (y + 1) * tile - 3), 3)
    pygame.image.save(picture, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.mapgen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=KINDS, default="dungeon")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--width", type=int)
    parser.add_argument("--height", type=int)
    parser.add_argument("--format", choices=("json", "ascii", "png"), default="json")
    parser.add_argument("--out", help="file to write (default: stdout; required for png)")
    parser.add_argument("--until", choices=PASSES, default="stairs", help="stop after this generator pass")
    args = parser.parse_args(argv)
    for name in ("width", "height"):
        value = getattr(args, name)
        if value is not None and not 4 <= value <= 2000:
            parser.error(f"--{name} must be between 4 and 2000")
    level = generate(args.kind, args.seed, args.width, args.height, args.until)
    if args.format == "png":
        if not args.out:
            parser.error("--format png needs --out FILE")
        save_png(level, args.out)
        return 0
    if args.format == "json":
        output = json.dumps(level_json(level, args.seed), separators=(",", ":")) + "\n"
    else:
        output = level_ascii(level)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(output)
    else:
        sys.stdout.write(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
