"""Thin-walled room floors (SPEC §2): a pipeline of named passes.

``grow`` scatters seeds and grows rooms; ``prune`` drops slivers and every room
outside the largest connected group; ``walls`` puts a wall on every edge where
the room changes; ``doors`` connects the rooms with a random spanning tree of
doors plus a few loop doors; ``stairs`` puts the entrance and the stairs down in
two rooms far apart in the door graph; ``terrain`` lays the region's ground (water, chasms,
grass, brush) and gas vents by its theme (``game.mapgen.terrain``); ``populate`` places monsters, treasure,
loot and sometimes a lock and its key (``game.mapgen.populate``). ``generate_dungeon(..., until=pass)``
stops after any pass so a tool can show the pipeline step by step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.content.themes import THEMES
from game.mapgen import connect, rooms as room_growth
from game.mapgen.terrain import lay_terrain
from game.mapgen.populate import populate
from game.mapgen.room_tiles import tiles_of
from game.progress import Steps, finish
from game.rng import Rng
from game.map.floor_map import ROOM_ID, FloorMap
from game.map.level import Level, Pos

PASSES = ("grow", "prune", "walls", "doors", "stairs", "terrain", "populate")


@dataclass(frozen=True)
class DungeonParams:
    """Knobs of the room-floor generator; the defaults give 30-60 rooms on 80x50."""

    width: int = 80
    height: int = 50
    seeds_per_tile: float = 0.05
    room_size: tuple[int, int] = (8, 16)
    min_room_area: int = 12
    loop_fraction: float = 0.15
    open_door_chance: float = 0.15
    room_count: tuple[int, int] | None = (30, 60)
    """Wanted number of rooms; layouts outside it are regrown (a bounded number of
    times). ``None`` accepts any count (useful for small or odd-shaped maps)."""
    attempts: int = 12

    def __post_init__(self) -> None:
        if self.width < 4 or self.height < 4:
            raise ValueError("a room floor needs at least 4x4 tiles")
        if not 0.0 <= self.loop_fraction <= 1.0:
            raise ValueError("loop_fraction is a fraction in [0, 1]")


def generate_dungeon(rng: Rng, params: DungeonParams = DungeonParams(), until: str = "populate",
                     depth: int = 1, boss: str | None = None, captive_chance: float = 0.0,
                     theme: str = "") -> Level:
    """Generate one room floor for ``depth`` (with ``boss`` waiting instead of stairs
    down on a region's deepest floor; now and then a captive, with ``captive_chance``: ALY-1)
    in the region of ``theme`` (a key of ``game.content.themes.THEMES``; "" for bare floors).
    Deterministic for a given ``rng`` state and params."""
    return finish(dungeon_steps(rng, params, until, depth, boss, captive_chance, theme))


def dungeon_steps(rng: Rng, params: DungeonParams = DungeonParams(), until: str = "populate", depth: int = 1,
                  boss: str | None = None, captive_chance: float = 0.0, theme: str = "") -> Steps[Level]:
    """``generate_dungeon`` a pass a step (``game.progress``): the same level."""
    if until not in PASSES:
        raise ValueError(f"unknown pass {until!r}; passes are {', '.join(PASSES)}")
    rooms = _grow(rng, params, until == "grow")
    if until in ("grow", "prune"):
        return _partial(rooms)
    yield "rooms"
    floor = connect.build_walls(rooms)
    if until == "walls":
        return _partial(rooms, floor)

    edges_by_pair = connect.shared_edges(floor.rooms)
    door_pairs = connect.choose_door_pairs(rng, floor.room_count, list(edges_by_pair), params.loop_fraction)
    connect.place_doors(rng, floor, edges_by_pair, door_pairs, params.open_door_chance)
    if until == "doors":
        return Level("dungeon", floor, (-1, -1), (-1, -1), door_pairs=door_pairs)
    yield "doors"
    entrance, exit_ = _place_stairs(rng, floor, door_pairs)
    level = Level("dungeon", floor, entrance, exit_, door_pairs=door_pairs, theme=theme)
    if until == "stairs":
        return level
    if theme:
        lay_terrain(rng.child("terrain", depth), level, THEMES[theme], deepest=boss is not None)
        yield "terrain"
    if until == "terrain":
        return level
    populate(rng.child("populate", depth), level, depth, boss, captive_chance)
    return level


def _grow(rng: Rng, params: DungeonParams, raw: bool) -> NDArray[np.int32]:
    """Grow (and unless ``raw``, prune) rooms until the room count is acceptable."""
    seed_points = max(1, int(params.width * params.height * params.seeds_per_tile))
    rooms: NDArray[np.int32] = np.empty(0, dtype=ROOM_ID)  # replaced: there is at least one attempt
    for _ in range(max(1, params.attempts)):
        rooms = room_growth.grow_rooms(rng, params.width, params.height, seed_points, params.room_size)
        if raw:
            return rooms
        rooms = _prune(rooms, params.min_room_area)
        if params.room_count is None:
            return rooms
        low, high = params.room_count
        if low <= int(rooms.max()) + 1 <= high:
            return rooms
    return rooms


def _partial(rooms: NDArray[np.int32], floor: FloorMap | None = None) -> Level:
    return Level("dungeon", floor or connect.build_walls(rooms), (-1, -1), (-1, -1))


def _prune(rooms: NDArray[np.int32], min_area: int) -> NDArray[np.int32]:
    """Drop slivers, keep the largest connected group of rooms, renumber 0..n-1."""
    rooms = room_growth.renumber(room_growth.drop_small_rooms(rooms, min_area))
    return connect.keep_largest_group(rooms, "the generator produced no room; is the map too small?")


def _place_stairs(rng: Rng, floor: FloorMap, door_pairs: list[tuple[int, int]]) -> tuple[Pos, Pos]:
    """Entrance and exit in two rooms at the ends of a longest door path."""
    graph = connect.door_graph(floor.room_count, door_pairs)
    probe = connect.room_distances(graph, rng.below(floor.room_count))
    exit_room = _farthest(rng, probe)
    from_exit = connect.room_distances(graph, exit_room)
    entrance_room = _farthest(rng, from_exit)
    if entrance_room == exit_room:  # a one-room floor
        tiles = tiles_of(floor, exit_room)
        first, second = rng.choice(tiles), rng.choice(tiles)
        return first, second
    return rng.choice(tiles_of(floor, entrance_room)), rng.choice(tiles_of(floor, exit_room))


def _farthest(rng: Rng, distances: list[int]) -> int:
    best = max(distances)
    return rng.choice([room for room, d in enumerate(distances) if d == best])
