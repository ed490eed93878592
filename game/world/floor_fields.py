"""Reading a floor's small saved memories (``Floor.from_dict``): lists of ``[x, y, ...]`` entries,
one per tile or door, each checked (``SaveError``) against the floor's map and level."""

from __future__ import annotations

from typing import Any

from game.content.items import ITEMS
from game.map.level import Level
from game.world.fields import MAX_COUNT, MAX_SIDE, Fields, Where, as_choice, as_int, as_list, at, check_tile, fail

Pos = tuple[int, int]


def _tile_entries(fields: Fields, key: str, size: int, level: Level, on_floor: bool = False,
                  ) -> list[tuple[Pos, list[Any] | tuple[Any, ...], Where]]:
    """The entries of list ``key``, each ``[x, y, ...]`` of ``size`` values on a tile of the map:
    the tile, the whole entry and its path."""
    found = []
    for entry, path in fields.entries(key):
        values = as_list(entry, path, size)
        x, y = as_int(values[0], at(path, 0), -MAX_SIDE, MAX_SIDE), as_int(values[1], at(path, 1), -MAX_SIDE, MAX_SIDE)
        found.append((check_tile(x, y, path, level.map, on_floor), values, path))
    return found


def item_memory(fields: Fields, level: Level) -> dict[Pos, str]:
    """What the player last saw lying where: ``[x, y, kind]``."""
    memory: dict[Pos, str] = {}
    for pos, (_, _, kind), path in _tile_entries(fields, "item_memory", 3, level):
        if pos in memory:
            fail(path, f"a second memory of tile {pos}")
        memory[pos] = as_choice(kind, at(path, 2), ITEMS, "item")
    return memory


def door_memory(fields: Fields, level: Level) -> dict[tuple[int, int, int], int]:
    """Each door as last seen: ``[x, y, side, kind]``."""
    doors: dict[tuple[int, int, int], int] = {}
    for pos, (_, _, side, kind), path in _tile_entries(fields, "door_memory", 4, level):
        edge = (*pos, as_int(side, at(path, 2), 0, 1))
        if edge in doors:
            fail(path, f"a second memory of the door at {edge}")
        doors[edge] = as_int(kind, at(path, 3), 0, 5)
    return doors


def fixture_use(fields: Fields, level: Level) -> dict[Pos, int]:
    """Each fixture's use so far: ``[x, y, used]`` on a tile where a fixture stands."""
    used: dict[Pos, int] = {}
    for pos, (_, _, count), path in _tile_entries(fields, "fixture_use", 3, level):
        if level.feature_at(pos) is None:
            fail(path, f"no fixture stands on {pos}")
        if pos in used:
            fail(path, f"the fixture on {pos} twice")
        used[pos] = as_int(count, at(path, 2), 0, MAX_COUNT)
    return used


def smoke(fields: Fields, level: Level) -> dict[Pos, int]:
    """A smoke bomb's cloud: ``[x, y, until]`` on floor tiles."""
    cloud: dict[Pos, int] = {}
    for pos, (_, _, until), path in _tile_entries(fields, "smoke", 3, level, on_floor=True):
        if pos in cloud:
            fail(path, f"smoke on tile {pos} twice")
        cloud[pos] = as_int(until, at(path, 2), 0, MAX_COUNT)
    return cloud
