"""Print what one tile of a generated level sees (SPEC VIS-5), for outside checkers.

    python -m game.tools.fov --kind dungeon|ship|vault|overworld --seed S --at X Y [--radius R]
                             [--hill-radius R] [--region R --depth D] [--format json|png] [--out FILE]

The level is the one ``python -m game.tools.mapgen`` makes for the same ``--kind``,
``--seed``, ``--region`` and ``--depth``, doors as generated; a vault as the game plays it
(one room, its outline walled). Room floors, decks and vaults: ``game.map.sight.visible_tiles``
(no radius unless ``--radius``); the island: ``game.map.sight_island.island_visible_tiles``
over its terrain (``--radius``, default ``sight_island.RADIUS``; ``--hill-radius``, default half of it).
``--format json`` prints one object whose ``"visible"`` is a grid as in SPEC §16 (a list of
rows from the top, each a list of ``width`` integers: 1 visible, 0 not), beside ``"kind"``,
``"seed"``, ``"width"``, ``"height"``, ``"at"`` and ``"radius"``. ``--format png`` draws the
level with what is seen lit and the rest dimmed (``--out`` needed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

import numpy as np

from game.cli import count, positive, seed_text, whole, writable_file
from game.map.edges import BLOCKS_SIGHT, IS_DOOR
from game.map.floor_map import OUTSIDE, FloorMap
from game.map.sight import visible_tiles
from game.map.sight_island import MAX_RADIUS, RADIUS, island_visible_tiles

if TYPE_CHECKING:
    from game.bench.workloads import Measured

KINDS = ("dungeon", "ship", "vault", "overworld")


def level_of(kind: str, seed: str, region: int | None = None, depth: int | None = None) -> Any:
    """The map the game plays for ``mapgen --kind KIND --seed SEED``: a ``FloorMap``, or the
    island's terrain (``uint8 [y, x]``) for the overworld. ``ValueError`` as ``mapgen`` raises it."""
    from game.mapgen.vault import vault_level
    from game.tools.mapgen import generate

    level = generate(kind, seed, region=region, depth=depth)
    if kind == "overworld":
        return level.terrain
    return (vault_level(level) if kind == "vault" else level).map


def field_of_view(kind: str, area: Any, at: tuple[int, int], radius: int | None,
                  hill_radius: int | None = None) -> np.ndarray:
    """What ``at`` sees on ``area`` (from ``level_of``): bool ``[y, x]``."""
    if kind == "overworld":
        return island_visible_tiles(area, at, RADIUS if radius is None else radius, hill_radius)
    return visible_tiles(area, at, radius)


def save_picture(kind: str, area: Any, at: tuple[int, int], seen: np.ndarray, path: str, tile: int = 10) -> None:
    """The level at ``tile`` pixels a tile: seen tiles lit, the rest dimmed, blocking edges and
    doors drawn, the eye in red."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.tools.mapgen.pictures import TERRAIN_COLOURS

    if kind == "overworld":
        colours = TERRAIN_COLOURS[area].astype(np.int32)
    else:
        colours = np.where((area.rooms != OUTSIDE)[..., None], 200, 16).astype(np.int32).repeat(3, axis=2)
    colours[~seen] = colours[~seen] // 3
    if kind != "overworld":
        colours[seen] = (colours[seen] * [1.0, 1.0, 0.7]).astype(np.int32) + [40, 40, 0]
    picture = pygame.surfarray.make_surface(np.ascontiguousarray(np.clip(colours, 0, 255).astype(np.uint8)
                                                                 .transpose(1, 0, 2)))
    picture = pygame.transform.scale_by(picture, tile)
    if isinstance(area, FloorMap):
        for name, array in (("north", area.north), ("west", area.west)):
            ys, xs = np.nonzero(BLOCKS_SIGHT[array] | IS_DOOR[array])
            for y, x in zip(ys.tolist(), xs.tolist()):
                colour = (200, 130, 60) if IS_DOOR[array[y, x]] else (40, 40, 48)
                end = (x + 1, y) if name == "north" else (x, y + 1)
                pygame.draw.line(picture, colour, (x * tile, y * tile), (end[0] * tile, end[1] * tile), 2)
    pygame.draw.circle(picture, (230, 50, 40), ((at[0] + 0.5) * tile, (at[1] + 0.5) * tile), tile // 2)
    pygame.image.save(picture, path)


def as_json(kind: str, seed: str, at: tuple[int, int], radius: int | None, seen: np.ndarray) -> dict[str, Any]:
    height, width = seen.shape
    return {"kind": kind, "seed": seed, "width": width, "height": height, "at": {"x": at[0], "y": at[1]},
            "radius": RADIUS if kind == "overworld" and radius is None else radius,
            "visible": seen.astype(np.uint8).tolist()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.fov", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=KINDS, default="dungeon")
    parser.add_argument("--seed", type=seed_text, default="1", help="a run's seed, as typed in the game")
    parser.add_argument("--at", type=count, nargs=2, metavar=("X", "Y"), required=True, help="the eye's tile")
    parser.add_argument("--radius", type=whole(0, 100_000), help="tiles, centre to centre (default: none; the "
                                                               f"island's: {RADIUS}, at most {MAX_RADIUS})")
    parser.add_argument("--hill-radius", type=whole(0, MAX_RADIUS), help="overworld: how far sight goes past a "
                                                                        "hill (default: half the radius)")
    parser.add_argument("--region", type=count, help="dungeon, vault, ship: the region id (as mapgen)")
    parser.add_argument("--depth", type=positive, help="dungeon, vault, ship: the floor, 1 = the top one")
    parser.add_argument("--format", choices=("json", "png"), default="json")
    parser.add_argument("--out", type=writable_file, help="file to write (default: stdout; required for png)")
    args = parser.parse_args(argv)
    if args.format == "png" and not args.out:
        parser.error("--format png needs --out FILE")
    if args.kind == "overworld" and (args.region is not None or args.depth is not None):
        parser.error("--region and --depth choose a floor below the island: use them with a dungeon, vault or ship")
    if args.kind != "overworld" and args.hill_radius is not None:
        parser.error("--hill-radius is for the overworld (hills are island terrain)")
    if args.kind == "overworld" and args.radius is not None and args.radius > MAX_RADIUS:
        parser.error(f"--radius on the overworld is at most {MAX_RADIUS}")
    try:
        area = level_of(args.kind, args.seed, args.region, args.depth)
    except ValueError as error:
        parser.error(str(error))
    at = (args.at[0], args.at[1])
    height, width = area.shape if args.kind == "overworld" else (area.height, area.width)
    if not (at[0] < width and at[1] < height):
        parser.error(f"--at {at[0]} {at[1]} is outside the {width}x{height} level (x 0-{width - 1}, y 0-{height - 1})")
    if args.kind != "overworld" and area.rooms[at[1], at[0]] == OUTSIDE:
        parser.error(f"--at {at[0]} {at[1]} is not a floor tile of this level: nothing is seen from it")
    seen = field_of_view(args.kind, area, at, args.radius, args.hill_radius)
    if args.format == "png":
        try:
            save_picture(args.kind, area, at, seen, args.out)
        except (OSError, RuntimeError) as error:  # pygame.error is a RuntimeError
            parser.exit(2, f"fov: cannot write {args.out}: {error}\n")
        return 0
    output = json.dumps(as_json(args.kind, args.seed, at, args.radius, seen), separators=(",", ":")) + "\n"
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as handle:
                handle.write(output)
        except OSError as error:
            parser.exit(2, f"fov: cannot write {args.out}: {error.strerror}\n")
    else:
        sys.stdout.write(output)
    return 0


def levels_workload(quick: bool = False) -> Measured:
    """Masks on levels of every kind, as this tool makes them, for
    ``game.tools.wasmcheck`` to compare between native and browser: per level, every eye's
    mask, then again after some doors are opened or shut one by one (the tables follow them)."""
    from game.bench.fov import EYES, digest, eyes_of
    from game.bench.workloads import Measured  # noqa: F811 - at run time
    from game.map.edges import Edge

    measured = Measured()
    for kind in ("dungeon", "ship", "vault", "overworld"):
        for seed in ("1",) if quick else ("1", "2", "wasm"):
            area = level_of(kind, seed)
            if kind == "overworld":
                eyes = eyes_of(area >= 2, 8 if quick else EYES)  # beach and inland
                masks = [measured.time(lambda: island_visible_tiles(area, eye, RADIUS))  # noqa: B023
                         for eye in eyes]
                masks += [island_visible_tiles(area, eye, 7.5, 3) for eye in eyes]
            else:
                eyes = eyes_of(area.rooms >= 0, 8 if quick else EYES)
                masks = [measured.time(lambda: visible_tiles(area, eye)) for eye in eyes]  # noqa: B023
                for x, y, side, door in list(area.door_edges())[::3]:
                    area.set_edge(x, y, side, Edge.OPEN_DOOR if door != Edge.OPEN_DOOR else Edge.DOOR)
                    masks.append(visible_tiles(area, eyes[len(masks) % len(eyes)]))
            measured.digests[f"{kind} seed {seed}"] = digest(masks)
    return measured


if __name__ == "__main__":
    sys.exit(main())
