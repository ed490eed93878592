"""The island as the run knows it (SPEC RUN-1, RUN-4): regions, gates, entrances,
Wardens and what has been won.

Regions are played in the order the generator chose. The first is open from the
start; each Warden that falls opens the next region, and every gate between two
open regions opens with it. The overworld itself is a thin-wall map whose rooms
are the regions: walls (cliffs) on every border between two regions, a door on
each gate (locked while sealed), and water is simply not floor.

Moving over the island takes one turn a step, two over hills, three over
mountains (a choice the spec left open: slow rather than impassable, so every
region stays walkable); water cannot be crossed. The island lies in full
daylight: all of it is visible, unless the run sees by the tile (VIS-5,
``game.world.tile_sight``): then as far as the land allows, and land not seen
stays unexplored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from game.content.themes import THEMES, Theme
from game.mapgen import landmass as lm
from game.mapgen.overworld import OverworldLevel
from game.map.edges import Edge
from game.map.floor_map import EdgeRef, FloorMap, edge_toward
from game.map.level import Level

Pos = tuple[int, int]
STEP_TURNS = {lm.HILLS: 2, lm.MOUNTAIN: 3}


@dataclass
class World:
    names: list[str]
    warden_names: list[str]
    order: list[int]
    entrances: list[Pos]
    gates: list[tuple[EdgeRef, tuple[int, int]]]  # (edge, (region a, region b))
    floors_per_region: list[int]
    defeated: list[bool] = field(default_factory=list)
    themes: list[str] = field(default_factory=list)  # per region id: a key of game.content.themes.THEMES

    def __post_init__(self) -> None:
        if not self.defeated:
            self.defeated = [False] * len(self.names)
        if not self.themes:
            self.themes = [""] * len(self.names)

    def theme(self, region: int) -> Theme | None:
        """The region's theme (SPEC TER-2); None for a world made without themes."""
        return THEMES.get(self.themes[region])

    def title(self, region: int) -> str:
        """The region's name with its theme, as the island and the end screen say it:
        "Corrow, the Drowned Marsh" (the bare name for a world without themes)."""
        theme = self.theme(region)
        return self.names[region] if theme is None else f"{self.names[region]}, {theme.name}"

    @property
    def regions(self) -> int:
        return len(self.names)

    def unlocked(self, region: int) -> bool:
        """A region is open once the Wardens of every region before it have fallen."""
        position = self.order.index(region)
        return all(self.defeated[r] for r in self.order[:position])

    def next_region(self) -> int | None:
        """The first region in play order whose Warden still stands."""
        return next((r for r in self.order if not self.defeated[r]), None)

    def won(self) -> bool:
        return all(self.defeated)

    def floors(self, region: int) -> int:
        return self.floors_per_region[self.order.index(region)]

    def difficulty(self, region: int, floor: int) -> int:
        """The monster depth of a dungeon floor: deeper in play order, harder."""
        return self.order.index(region) + floor

    def region_at_entrance(self, pos: Pos) -> int | None:
        return self.entrances.index(pos) if pos in self.entrances else None

    def gate_kind(self, regions: tuple[int, int]) -> Edge:
        return Edge.OPEN_DOOR if all(self.unlocked(r) for r in regions) else Edge.LOCKED_DOOR

    def apply_gates(self, floor: FloorMap) -> list[EdgeRef]:
        """Set every gate's door to match who has fallen; returns the gates that opened."""
        opened = []
        for edge, regions in self.gates:
            kind = self.gate_kind(regions)
            if floor.edge(*edge) != kind:
                floor.set_edge(*edge, kind)
                if kind == Edge.OPEN_DOOR:
                    opened.append(edge)
        return opened

    def to_dict(self) -> dict[str, Any]:
        data = {"names": self.names, "warden_names": self.warden_names, "order": self.order,
                "entrances": [list(p) for p in self.entrances],
                "gates": [[list(edge[:2]) + [int(edge[2])], list(regions)] for edge, regions in self.gates],
                "floors_per_region": self.floors_per_region, "defeated": self.defeated}
        if any(self.themes):  # (written only when set: a world without themes saves as before them)
            data["themes"] = self.themes
        return data

    @classmethod
    def from_dict(cls, data: Any, where: str = "world", island: FloorMap | None = None) -> World:
        """A world from ``to_dict`` data, checked (``SaveError``); with ``island`` (the overworld's
        map), its entrances and gates must lie there and its regions must be the map's rooms."""
        from game.map.floor_map import Side
        from game.world.params import MAX_FLOORS, MAX_NAME, MAX_REGIONS
        from game.world.fields import MAX_SIDE, Fields, as_bool, as_choice, as_int, as_list, as_pos, as_str, at, fail, unique

        fields = Fields(data, where)
        names = [as_str(name, path, MAX_NAME) for name, path in fields.entries("names")]
        count = len(names)
        if not 1 <= count <= MAX_REGIONS:
            fail(fields.path("names"), f"{count} regions; an island has 1..{MAX_REGIONS}")
        if island is not None and island.room_count > count:
            fail(fields.path("names"), f"{count} regions, but the island's map has {island.room_count}")
        warden_names = [as_str(name, path, MAX_NAME) for name, path in fields.entries("warden_names", count)]
        order = [as_int(region, path, 0, count - 1) for region, path in fields.entries("order", count)]
        unique(order, fields.path("order"), "region")
        entrances = [as_pos(pos, path, island, on_floor=True) for pos, path in fields.entries("entrances", count)]
        unique(entrances, fields.path("entrances"), "entrance")
        for region, (x, y) in enumerate(entrances):
            if island is not None and island.rooms[y, x] != region:
                fail(at(fields.path("entrances"), region), f"({x}, {y}) is not in region {region}")
        gates = []
        for gate, path in fields.entries("gates"):
            edge, regions = as_list(gate, path, 2)
            x, y, side = (as_int(n, at(at(path, 0), i), 0, MAX_SIDE) for i, n in enumerate(as_list(edge, at(path, 0), 3)))
            if side > Side.W or island is not None and not (  # both tiles the edge separates are on the map
                    island.in_bounds(x, y) and island.in_bounds(x - side, y - (1 - side))):
                fail(at(path, 0), f"({x}, {y}, {side}) is not an edge between two tiles of the island")
            a, b = (as_int(r, at(at(path, 1), i), 0, count - 1) for i, r in enumerate(as_list(regions, at(path, 1), 2)))
            gates.append(((x, y, Side(side)), (a, b)))
        floors = [as_int(n, path, 1, MAX_FLOORS) for n, path in fields.entries("floors_per_region", count)]
        defeated = [as_bool(flag, path) for flag, path in fields.entries("defeated", count)]
        themes = [as_choice(name, path, ("", *THEMES), "theme") for name, path in fields.entries("themes", count)] \
            if "themes" in fields.data else []  # (a save from before themes: its regions have none)
        return cls(names, warden_names, order, entrances, gates, floors, defeated, themes)


def build_world(level: OverworldLevel, floors_per_region: tuple[int, ...]) -> tuple[World, Level]:
    """The run's world and the walkable overworld level from a generated island."""
    floor = island_map(level.regions)
    gates = []
    for gate in level.gates:
        edge = edge_toward(gate.x, gate.y, *gate.toward)
        gates.append((edge, gate.regions))
    counts = [floors_per_region[min(i, len(floors_per_region) - 1)] for i in range(len(level.names))]
    world = World(list(level.names), list(level.warden_names), list(level.order), list(level.entrances), gates, counts,
                  themes=list(level.themes))
    world.apply_gates(floor)
    first = level.order[0]
    start = _start_tile(floor, level.terrain, level.entrances[first], first)
    overworld = Level("overworld", floor, start, (-1, -1), stairs_down=False, terrain=level.terrain)
    return world, overworld


def island_map(regions: npt.NDArray[np.int8 | np.int16]) -> FloorMap:
    """A thin-wall map of the island: rooms are regions (ids int8, int16 from 127 regions on);
    walls on region borders."""
    height, width = regions.shape
    floor = FloorMap.empty(width, height)
    floor.rooms[:] = regions
    here, below = regions[:-1, :], regions[1:, :]
    border = (here != below) & (here >= 0) & (below >= 0)
    floor.north[1:height, :width][border] = Edge.WALL
    left, right = regions[:, :-1], regions[:, 1:]
    border = (left != right) & (left >= 0) & (right >= 0)
    floor.west[:height, 1:width][border] = Edge.WALL
    floor.refresh()
    return floor


def _start_tile(floor: FloorMap, terrain: npt.NDArray[np.uint8], entrance: Pos, region: int) -> Pos:
    """A walkable tile next to the first region's entrance (the entrance itself if none)."""
    ex, ey = entrance
    for dx, dy in ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
        x, y = ex + dx, ey + dy
        if floor.room_at(x, y) == region and terrain[y, x] <= lm.FOREST and floor.can_step(ex, ey, dx, dy):
            return x, y
    return entrance


def step_turns(terrain: npt.NDArray[np.uint8] | None, pos: Pos) -> int:
    """Turns a step onto ``pos`` takes (1 off the island)."""
    if terrain is None:
        return 1
    return STEP_TURNS.get(int(terrain[pos[1], pos[0]]), 1)
