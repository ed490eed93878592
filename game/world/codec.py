"""Turning numpy arrays and levels into JSON-friendly values and back (saves, digests).

Decoding checks what it reads (``SaveError`` from ``game.world.saving``): an array's
dtype, shape and data length before anything is allocated, and a level's codes,
room ids and tiles against its map.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.specials import DECORATIONS, FIXTURES, SPECIALS
from game.content.themes import THEMES
from game.map.ground import Ground
from game.mapgen.landmass import TERRAIN_NAMES
from game.map.edges import Edge
from game.map.floor_map import OUTSIDE, ROOM_ID, FloorMap
from game.map.level import LEVEL_KINDS, Feature, Level, Placement, Special
from game.map.vault_field import VaultField, trap_numbers
from game.world.lasers import decode_lasers, encode_lasers
from game.world.vaults import GOALS
from game.world.fields import (decode_array, encode_array, MAX_COUNT, MAX_SIDE, Fields, Where, as_bool, as_choice, as_int, as_list,
                               as_pairs, as_tiles, at, check_tile, fail)

def encode_floor_map(floor: FloorMap) -> dict[str, Any]:
    return {"rooms": encode_array(floor.rooms), "north": encode_array(floor.north), "west": encode_array(floor.west)}


def decode_floor_map(data: Any, where: Where = "map") -> FloorMap:
    """A map: room ids -1.. per tile, edge codes of ``Edge`` (open beyond the map's edges)."""
    fields = Fields(data, where)
    rooms = decode_array(fields.get("rooms"), fields.path("rooms"), np.dtype(ROOM_ID).str[1:], 2)
    h, w = rooms.shape
    if not (1 <= h <= MAX_SIDE and 1 <= w <= MAX_SIDE):
        fail(fields.path("rooms"), f"a {w}x{h} map is not 1x1 to {MAX_SIDE}x{MAX_SIDE}")
    if rooms.min() < OUTSIDE or rooms.max() >= rooms.size:
        fail(fields.path("rooms"), f"room ids {rooms.min()}..{rooms.max()} are not in {OUTSIDE}..{rooms.size - 1}")
    edges = {}
    for name in ("north", "west"):
        edges[name] = array = decode_array(fields.get(name), fields.path(name), "u1", 2)
        if array.shape != (h + 1, w + 1):
            fail(fields.path(name), f"shape {array.shape} does not fit the {w}x{h} map (expected {(h + 1, w + 1)})")
        if array.max() >= len(Edge):
            fail(fields.path(name), f"edge code {array.max()} is not an edge (0..{len(Edge) - 1})")
    if edges["north"][:, w].any() or edges["west"][h, :].any():
        fail(where, "an edge beyond the map is not open")
    return FloorMap(rooms, edges["north"], edges["west"])


def encode_level(level: Level) -> dict[str, Any]:
    return {"kind": level.kind, "map": encode_floor_map(level.map), "entrance": list(level.entrance),
            "exit": list(level.exit), "door_pairs": [list(p) for p in level.door_pairs],
            "placements": [[p.kind, p.x, p.y, p.count, p.asleep, p.leader, [list(w) for w in p.route], p.price,
                            p.choice, p.captive] for p in level.placements],
            "specials": [[s.kind, s.room] for s in level.specials],
            "features": [[f.kind, f.x, f.y] for f in level.features],
            "stairs_down": level.stairs_down,
            "terrain": None if level.terrain is None else encode_array(level.terrain),
            "vault": None if level.vault is None else encode_vault_field(level.vault),
            **({} if level.ground is None else {"ground": encode_array(level.ground)}),  # (SPEC TER-1: only when
            **({"theme": level.theme} if level.theme else {})}  # there is some, so older saves read the same)


def encode_vault_field(field_: VaultField) -> dict[str, Any]:
    return {"traps": encode_array(field_.traps), "numbers": encode_array(field_.numbers), "goal": field_.goal,
            "coins": field_.coins, "bugs": field_.bugs, "lasers": encode_lasers(field_.lasers)}


def decode_vault_field(data: Any, where: Where, area: FloorMap) -> VaultField:
    """A vault's traps (inside the map's floor), its numbers (which must count those traps) and goal."""
    fields = Fields(data, where)
    traps = decode_array(fields.get("traps"), fields.path("traps"), "b1", 2)
    numbers = decode_array(fields.get("numbers"), fields.path("numbers"), "i1", 2)
    inside = area.floor_mask()
    for name, array in (("traps", traps), ("numbers", numbers)):
        if array.shape != inside.shape:
            fail(fields.path(name), f"shape {array.shape} is not the map's {inside.shape}")
    if (traps & ~inside).any():
        fail(fields.path("traps"), "a trap outside the vault")
    if not np.array_equal(numbers, trap_numbers(inside, traps)):
        fail(fields.path("numbers"), "the numbers do not count the traps")
    lasers = decode_lasers(fields.get("lasers"), fields.path("lasers"), area)
    goal = fields.choice("goal", GOALS, "vault goal")
    if goal == "lasers" and not lasers:
        fail(fields.path("lasers"), "a laser vault without a laser")
    return VaultField(traps, numbers, goal, fields.integer("coins", 0, MAX_COUNT), fields.integer("bugs", 0, MAX_COUNT),
                      lasers)


def decode_level(data: Any, where: Where = "level") -> Level:
    """A level: stairs on floor tiles (the island has no exit: ``(-1, -1)``), placements and
    terrain that fit the map."""
    fields = Fields(data, where)
    kind = fields.choice("kind", LEVEL_KINDS, "level kind")
    area = decode_floor_map(fields.get("map"), fields.path("map"))
    rooms = area.room_count
    exit_ = fields.pos("exit")
    if not (kind == "overworld" and exit_ == (-1, -1)):  # (the island has no exit)
        check_tile(*exit_, fields.path("exit"), area, on_floor=True)
    door_pairs = as_pairs(fields.get("door_pairs"), fields.path("door_pairs"), 0, rooms - 1)
    entries = fields.entries("placements")
    placements = [_placement(entry, path, area, len(entries)) for entry, path in entries]
    terrain = fields.get("terrain")
    if terrain is not None:
        terrain = decode_array(terrain, fields.path("terrain"), "u1", 2)
        if terrain.shape != area.rooms.shape:
            fail(fields.path("terrain"), f"shape {terrain.shape} is not the map's {area.rooms.shape}")
        if terrain.max() >= len(TERRAIN_NAMES):
            fail(fields.path("terrain"), f"terrain code {terrain.max()} is not in 0..{len(TERRAIN_NAMES) - 1}")
    vault = fields.get("vault")
    if (vault is None) != (kind != "vault"):
        fail(fields.path("vault"), "a vault level has its field, and no other level has one")
    if vault is not None:
        vault = decode_vault_field(vault, fields.path("vault"), area)
    specials = [_special(entry, path, rooms) for entry, path in fields.entries("specials")]
    features = [_feature(entry, path, area) for entry, path in fields.entries("features")]
    ground = fields.data.get("ground")  # a room floor's ground (SPEC TER-1), when it has any
    if ground is not None:
        ground = decode_array(ground, fields.path("ground"), "u1", 2)
        if ground.shape != area.rooms.shape:
            fail(fields.path("ground"), f"shape {ground.shape} is not the map's {area.rooms.shape}")
        if ground.size and int(ground.max()) >= len(Ground):
            fail(fields.path("ground"), f"ground code {int(ground.max())} is not in 0..{len(Ground) - 1}")
    theme = fields.choice("theme", THEMES, "theme") if "theme" in fields.data else ""
    return Level(kind=kind, map=area, entrance=fields.pos("entrance", area, on_floor=True), exit=exit_,
                 door_pairs=door_pairs, placements=placements, stairs_down=fields.flag("stairs_down"),
                 terrain=terrain, vault=vault, specials=specials, features=features, ground=ground, theme=theme)


PLACEABLE = frozenset((*MONSTERS, *ITEMS))


def _placement(entry: Any, where: Where, area: FloorMap, count: int) -> Placement:
    """``[kind, x, y, count, asleep, leader, route, price, choice, captive]``; ``leader`` is another
    placement's index or -1."""
    kind, x, y, amount, asleep, leader, route, price, choice, captive = as_list(entry, where, 10)
    if (type(kind) is str and kind in PLACEABLE and type(x) is int and type(y) is int and area.in_bounds(x, y)
            and area.rooms[y, x] != OUTSIDE and type(amount) is int and 1 <= amount <= MAX_COUNT
            and type(asleep) is bool and type(leader) is int and -1 <= leader < count and route == []
            and price == 0 and choice == 0 and captive is False):  # quickly
        return Placement(kind, x, y, amount, asleep, leader)
    x, y = as_int(x, at(where, 1), -MAX_SIDE, MAX_SIDE), as_int(y, at(where, 2), -MAX_SIDE, MAX_SIDE)
    return Placement(as_choice(kind, at(where, 0), PLACEABLE, "monster or item"),
                     *check_tile(x, y, where, area, on_floor=True), as_int(amount, at(where, 3), 1, MAX_COUNT),
                     as_bool(asleep, at(where, 4)), as_int(leader, at(where, 5), -1, count - 1),
                     tuple(as_tiles(route, at(where, 6), area, on_floor=True)),
                     as_int(price, at(where, 7), 0, MAX_COUNT), as_int(choice, at(where, 8), 0, MAX_COUNT),
                     as_bool(captive, at(where, 9)))


FEATURE_KINDS = frozenset((*FIXTURES, *DECORATIONS))


def _special(entry: Any, where: Where, room_count: int) -> Special:
    """``[kind, room]``."""
    kind, room = as_list(entry, where, 2)
    return Special(as_choice(kind, at(where, 0), SPECIALS, "special room"), as_int(room, at(where, 1), 0,
                                                                                   room_count - 1))


def _feature(entry: Any, where: Where, area: FloorMap) -> Feature:
    """``[kind, x, y]`` on a floor tile."""
    kind, x, y = as_list(entry, where, 3)
    x, y = as_int(x, at(where, 1), -MAX_SIDE, MAX_SIDE), as_int(y, at(where, 2), -MAX_SIDE, MAX_SIDE)
    return Feature(as_choice(kind, at(where, 0), FEATURE_KINDS, "fixture or decoration"),
                   *check_tile(x, y, where, area, on_floor=True))
