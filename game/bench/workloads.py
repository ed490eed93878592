"""The world's measured workloads, shared by ``game.bench`` and ``game.tools.wasmcheck``.

Each workload runs world code only (numpy and the standard library, no pygame),
so it runs natively and under CPython-on-WebAssembly alike. It returns a
``Measured``: the time of every sample (seconds) and one SHA-256 digest per case
of what it made, so two platforms can be compared case by case (SPEC WEB-1, WEB-3).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from game.map.floor_map import FloorMap

    PathCase = tuple[FloorMap, tuple[int, int], tuple[int, int]]
    """A map and the two ends of a walk across it."""

T = TypeVar("T")


@dataclass
class Measured:
    samples: list[float] = field(default_factory=list)  # seconds
    digests: dict[str, str] = field(default_factory=dict)  # case -> sha256

    def time(self, work: Callable[[], T]) -> T:
        start = time.perf_counter()
        result = work()
        self.samples.append(time.perf_counter() - start)
        return result


def digest_of(data: Any) -> str:
    """SHA-256 of the canonical JSON of ``data``."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def floor_workload(repeat: int, until: str = "populate") -> Measured:
    """80x50 room floors, generated and populated (PERF-2), each in a region's theme in turn (its
    terrain, TER-1); ``until="stairs"`` stops at the map (rooms, walls, doors, stairs: what
    rot.js's Digger makes), before terrain, monsters and items."""
    from game.content.themes import THEMES
    from game.mapgen.dungeon import generate_dungeon
    from game.rng import Rng
    from game.mapgen.level_json import level_json

    measured = Measured()
    for seed in range(repeat):
        rng, theme = Rng.stream(seed, "bench"), sorted(THEMES)[seed % len(THEMES)]
        level = measured.time(lambda: generate_dungeon(rng, until=until, theme=theme))  # noqa: B023 - called at once
        if seed < 20:
            measured.digests[f"seed {seed}"] = digest_of(level_json(level, str(seed)))
    return measured


def vault_workload(repeat: int) -> Measured:
    """80x50 trap vaults, every pass (<= 20 ms, docs/performance.md)."""
    from game.mapgen.vault import VaultParams, generate_vault
    from game.rng import Rng
    from game.mapgen.level_json import vault_json

    measured = Measured()
    for seed in range(repeat):
        rng = Rng.stream(seed, "bench-vault")
        vault = measured.time(lambda: generate_vault(rng, VaultParams(80, 50), depth=1 + seed % 6))  # noqa: B023
        if seed < 20:
            measured.digests[f"seed {seed}"] = digest_of(vault_json(vault, str(seed)))
    return measured


def island_workload(repeat: int, width: int = 200, height: int = 150, label: str = "bench-island") -> Measured:
    """Whole overworlds (the in-game 200x150 by default, PERF-6; 1024x1024 for PERF-4)."""
    from game.mapgen.overworld import OverworldParams, generate_overworld
    from game.rng import Rng
    from game.mapgen.level_json import overworld_json

    params = OverworldParams(width=width, height=height)
    measured = Measured()
    for seed in range(repeat):
        level = measured.time(lambda: generate_overworld(Rng.stream(seed, label), params))  # noqa: B023
        measured.digests[f"seed {seed}"] = digest_of(overworld_json(level, str(seed)))
    return measured


def spread_workload(repeat: int) -> Measured:
    """``spread`` over 10^6 elements: alternation, groups of two, one separator (LIN-1)."""
    from game.geometry import spread

    measured = Measured()
    for n_minor in (499_999, 333_333, 1):
        for _ in range(max(1, repeat)):
            result = measured.time(lambda: spread("a", "b", 1_000_000 - n_minor, n_minor))  # noqa: B023
            assert len(result) == 1_000_000
        measured.digests[f"minor {n_minor}"] = digest_of("".join(result))
    return measured


def floor_paths(count: int = 10) -> list[PathCase]:
    """``count`` 80x50 room floors with the two ends of a walk across each: (map, entrance, exit)."""
    from game.mapgen.dungeon import generate_dungeon
    from game.rng import Rng

    levels = [generate_dungeon(Rng.stream(seed, "bench-path")) for seed in range(count)]
    return [(level.map, level.entrance, level.exit) for level in levels]


def island_paths(count: int, width: int = 200, height: int = 150) -> list[PathCase]:
    """Islands with every gate open, from the start to the tile a walk reaches last: (map, start, far end)."""
    from game.mapgen.overworld import OverworldParams, generate_overworld
    from game.rng import Rng
    from game.map.edges import Edge
    from game.world.overworld import build_world
    from game.world.paths import Navigator

    found: list[PathCase] = []
    for seed in range(count):
        level = generate_overworld(Rng.stream(seed, "bench-island-path"), OverworldParams(width=width, height=height))
        island = build_world(level, (3,) * len(level.cores))[1]
        area = island.map
        for x, y, side, _ in list(area.door_edges()):
            area.set_edge(x, y, side, Edge.OPEN_DOOR)
        order: list[int] = []

        def reached(tile: int, seen: list[int] = order) -> bool:  # never the goal: every tile, in order
            seen.append(tile)
            return False

        Navigator(area).path(island.entrance, reached)
        found.append((area, island.entrance, (order[-1] % width, order[-1] // width)))
    return found


def path_workload(repeat: int, cases: list[PathCase]) -> Measured:
    """Routes across each case's map, through closed doors, from one end to the other (PERF-8).
    The step tables are built (and cached on the map) before the timing: they live per floor."""
    from game.world.paths import Navigator

    measured = Measured()
    navigators = [Navigator(area) for area, _, _ in cases]
    for i in range(max(repeat, len(cases))):
        (_, start, goal), nav = cases[i % len(cases)], navigators[i % len(cases)]
        route = measured.time(lambda: nav.route(start, [goal]))  # noqa: B023 - called at once
        measured.digests[f"case {i % len(cases)}"] = digest_of(route)
    return measured


def regions_workload(repeat: int, size: int = 1024) -> Measured:
    """The island's regions grown over a ``size``-square island's land, and their borders found."""
    from game.mapgen.overworld import OverworldParams, generate_overworld
    from game.mapgen.regions import grow_regions, region_borders
    from game.rng import Rng

    level = generate_overworld(Rng.stream(0, "bench-overworld"), OverworldParams(width=size, height=size),
                               until="regions")
    land, cores = level.regions >= 0, level.cores
    measured = Measured()
    for _ in range(repeat):
        regions = measured.time(lambda: grow_regions(land, cores))
        borders = measured.time(lambda: region_borders(regions))  # noqa: B023 - called at once
    measured.samples = [a + b for a, b in zip(measured.samples[::2], measured.samples[1::2])]
    measured.digests["regions"] = digest_of([regions.tobytes().hex(), sorted(borders.items())])
    return measured


def monster_walk_workload(repeat: int, cases: list[PathCase]) -> Measured:
    """A door-opening monster's whole path across each case's map: the time of every
    ``step_toward`` of its walk (as ``game.ai`` moves monsters), summed; the walk itself (moving,
    opening the closed doors on the way, which brings the step tables up to date) is not timed.
    The doors are shut again after each walk; the step tables are built before (PERF-8)."""
    from time import perf_counter

    from game.map.edges import Edge
    from game.map.floor_map import PASSABLE_NOW, edge_toward
    from game.world.navigation import Navigation
    from game.world.paths import step_tables
    from game.map.rooms import RoomGraph

    def nobody(_: tuple[int, int]) -> bool:
        return False

    def walk(nav: Navigation, start: tuple[int, int], goal: tuple[int, int]) -> tuple[float, list[tuple[int, int]]]:
        area, here, trail, version, spent = nav.floor, start, [start], 0, 0.0
        for _ in range(4 * (area.width + area.height)):
            begin = perf_counter()
            step = nav.step_toward(here, goal, True, version, nobody)
            spent += perf_counter() - begin
            if step is None:
                break
            if (step[0] == 0 or step[1] == 0) and area.edge_kind_toward(*here, *step) == Edge.DOOR:
                area.set_edge(*edge_toward(*here, *step), Edge.OPEN_DOOR)
                version += 1
                continue
            here = (here[0] + step[0], here[1] + step[1])
            trail.append(here)
            if here == goal:
                break
        return spent, trail

    measured = Measured()
    navs = [Navigation(area, RoomGraph(area)) for area, _, _ in cases]
    shut = [[(x, y, side) for x, y, side, kind in area.door_edges() if kind == Edge.DOOR] for area, _, _ in cases]
    for area, _, _ in cases:
        step_tables(area, PASSABLE_NOW)  # the floor's step tables, built once per floor
    for i in range(max(repeat, len(cases))):
        (area, start, goal), nav = cases[i % len(cases)], navs[i % len(cases)]
        spent, trail = walk(nav, start, goal)
        measured.samples.append(spent)
        for x, y, side in shut[i % len(cases)]:
            area.set_edge(x, y, side, Edge.DOOR)
        measured.digests[f"case {i % len(cases)}"] = digest_of(trail)
    return measured
