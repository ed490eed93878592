"""Sight by the tile (VIS-5) measured: one field of view on 80x50 room floors
(``fov_tile``) and on the in-game island within its radius (``fov_island``), each beside
python-tcod's ``compute_fov`` (symmetric shadowcasting) on a like-for-like map when tcod is
installed (``pip install .[bench]``).

The workloads run world code only (digests: one per map, over every mask); the browser check
(``game.tools.worldcheck``'s ``sight``) runs ``game.tools.fov.levels_workload``. A floor's sight tables are built
before the timing, as play builds them once per floor and again when a door opens or shuts
(``table_ms`` says how long that takes).
"""

from __future__ import annotations

import hashlib
import statistics
import time
from typing import Any

import numpy as np

from game.bench.compared import Compared, median_ms, tcod_required
from game.bench.workloads import Measured

FLOORS = 10
EYES = 20  # per map
ISLANDS = 3


def eyes_of(mask: np.ndarray, count: int = EYES) -> list[tuple[int, int]]:
    """``count`` tiles of ``mask`` spread evenly in row-major order (the same on every platform)."""
    ys, xs = np.nonzero(mask)
    step = max(1, len(xs) // count)
    return [(int(xs[i]), int(ys[i])) for i in range(step // 2, len(xs), step)][:count]


def digest(masks: list[np.ndarray]) -> str:
    return hashlib.sha256(b"".join(np.packbits(m).tobytes() for m in masks)).hexdigest()


def floors(count: int = FLOORS) -> list[Any]:
    """80x50 room floors, doors as generated."""
    from game.mapgen.dungeon import generate_dungeon
    from game.rng import Rng

    return [generate_dungeon(Rng.stream(seed, "bench-fov")).map for seed in range(count)]


def islands(count: int = ISLANDS) -> list[Any]:
    """In-game 200x150 islands."""
    from game.mapgen.overworld import OverworldParams, generate_overworld
    from game.rng import Rng

    return [generate_overworld(Rng.stream(seed, "bench-fov-island"), OverworldParams()) for seed in range(count)]


def tile_workload(repeat: int, maps: list[Any] | None = None) -> Measured:
    """``visible_tiles`` from ``EYES`` tiles of each floor, round and round for ``repeat`` samples."""
    from game.map.sight import visible_tiles

    maps = floors() if maps is None else maps
    measured = Measured()
    cases = [(area, eye) for area in maps for eye in eyes_of(area.rooms >= 0)]
    for area, eye in cases[:len(maps)]:
        visible_tiles(area, eye)  # the floor's tables, built once
    for i in range(max(repeat, len(cases))):
        area, eye = cases[i % len(cases)]
        measured.time(lambda: visible_tiles(area, eye))  # noqa: B023 - called at once
    for k, area in enumerate(maps):
        measured.digests[f"floor {k}"] = digest([visible_tiles(area, eye) for eye in eyes_of(area.rooms >= 0)])
    return measured


def island_workload(repeat: int, maps: list[Any] | None = None) -> Measured:
    """``island_visible_tiles`` within ``RADIUS`` from ``EYES`` land tiles of each island."""
    from game.map.sight_island import RADIUS, island_visible_tiles

    maps = islands() if maps is None else maps
    measured = Measured()
    cases = [(level.terrain, eye) for level in maps for eye in eyes_of(level.regions >= 0)]
    island_visible_tiles(cases[0][0], cases[0][1], RADIUS)  # the radius's ray table, built once
    for i in range(max(repeat, len(cases))):
        terrain, eye = cases[i % len(cases)]
        measured.time(lambda: island_visible_tiles(terrain, eye, RADIUS))  # noqa: B023 - called at once
    for k, level in enumerate(maps):
        measured.digests[f"island {k}"] = digest([island_visible_tiles(level.terrain, eye, RADIUS)
                                                   for eye in eyes_of(level.regions >= 0)])
    return measured


def doubled_transparency(area: Any) -> np.ndarray:
    """A thin-wall floor as a grid tcod can read: ``(2h+1, 2w+1)`` cells, tile ``(x, y)`` at cell
    ``[2y+1, 2x+1]``, each edge a cell between two tiles (opaque when it blocks sight) and each
    corner point a cell (opaque when a blocking edge touches it). Tiles that are not floor stay
    transparent, as they are for ``visible_tiles``."""
    from game.map.edges import BLOCKS_SIGHT

    h, w = area.height, area.width
    north, west = BLOCKS_SIGHT[area.north], BLOCKS_SIGHT[area.west]
    clear = np.ones((2 * h + 1, 2 * w + 1), dtype=bool)
    clear[0::2, 1::2] = ~north[:, :w]
    clear[1::2, 0::2] = ~west[:h, :]
    corner = np.zeros((h + 1, w + 1), dtype=bool)
    corner[:, :w] |= north[:, :w]
    corner[:, 1:] |= north[:, :w]
    corner[:h, :] |= west[:h, :]
    corner[1:, :] |= west[:h, :]
    clear[0::2, 0::2] = ~corner
    return clear


def _tcod_map() -> Any:
    try:
        import tcod.constants
        import tcod.map
    except ImportError:
        return None
    return tcod


def tcod_tiles(maps: list[Any], repeat: int) -> tuple[float | None, str]:
    """tcod's symmetric shadowcasting from the same eyes on the floors drawn at double resolution."""
    tcod = _tcod_map()
    if tcod is None:
        return None, "skipped: python-tcod is not installed (pip install .[bench])"
    cases = [(doubled_transparency(area), area, eye) for area in maps for eye in eyes_of(area.rooms >= 0)]
    samples, same = [], []
    for i in range(max(repeat, len(cases))):
        clear, area, (x, y) = cases[i % len(cases)]
        start = time.perf_counter()
        tcod.map.compute_fov(clear, (2 * y + 1, 2 * x + 1), algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        samples.append((time.perf_counter() - start) * 1000.0)
    from game.map.sight import visible_tiles

    for clear, area, (x, y) in cases:
        theirs = tcod.map.compute_fov(clear, (2 * y + 1, 2 * x + 1), algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        floor = area.rooms >= 0
        same.append(float((theirs[1::2, 1::2][floor] == visible_tiles(area, (x, y))[floor]).mean()))
    return statistics.median(samples), (f"tcod {tcod.__version__} compute_fov FOV_SYMMETRIC_SHADOWCAST on the same "
                                        f"floors at double resolution (edges as cells); its tiles agree with ours on "
                                        f"{100 * statistics.mean(same):.1f} % of floor tiles")


def tcod_island(maps: list[Any], repeat: int) -> tuple[float | None, str]:
    """tcod's symmetric shadowcasting within the radius, mountains opaque (tcod has no hills)."""
    tcod = _tcod_map()
    if tcod is None:
        return None, "skipped: python-tcod is not installed (pip install .[bench])"
    from game.map.sight_island import MOUNTAIN, RADIUS

    cases = [(level.terrain != MOUNTAIN, eye) for level in maps for eye in eyes_of(level.regions >= 0)]
    samples = []
    for i in range(max(repeat, len(cases))):
        clear, (x, y) = cases[i % len(cases)]
        start = time.perf_counter()
        tcod.map.compute_fov(clear, (y, x), radius=RADIUS, algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        samples.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(samples), (f"tcod {tcod.__version__} compute_fov FOV_SYMMETRIC_SHADOWCAST radius {RADIUS} "
                                        "on the same islands, mountains opaque (no hills)")


def bench_fov_tile(repeat: int) -> Compared:
    maps = floors()
    ours = median_ms(tile_workload(repeat, maps).samples)
    rival, about = tcod_tiles(maps, repeat)
    return Compared(ours, rival, about, gated=False, required=tcod_required())


def tables_workload(repeat: int, maps: list[Any] | None = None) -> Measured:
    """A floor's sight tables built from its edges, as the first field of view on a floor
    builds them (and again when its edges change behind the map's back): ``repeat`` builds
    round the floors, after one untimed (the code's first run)."""
    from game.map.sight_tables import build_tables

    maps = floors() if maps is None else maps
    build_tables(maps[0])
    measured = Measured()
    for i in range(max(repeat, len(maps))):
        area = maps[i % len(maps)]
        measured.time(lambda: build_tables(area))  # noqa: B023 - called at once
    return measured


def bench_fov_tables(repeat: int) -> float:
    return median_ms(tables_workload(max(10, repeat // 4)).samples)


def bench_fov_island(repeat: int) -> Compared:
    maps = islands()
    return Compared(median_ms(island_workload(repeat, maps).samples), *tcod_island(maps, repeat), gated=False,
                    required=tcod_required())

