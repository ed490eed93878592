"""Choosing special rooms and dressing a floor (SPEC LVL-4, seed 004 "More map stuff").

The level analysis decides where each kind of room goes, so each sits where it makes
sense rather than anywhere:

- a region's deepest floor always has a shrine in the room before the Warden's;
- a shop is a dead-end room one door off the main path (easy to find, one way in);
- an armoury is the deepest branch end left after the key, so it is worth the detour;
- a training ground is a large room on a loop (room to move around the dummies);
- a library or a shrine is any other side room.

At most ``MAX_SPECIALS`` a floor. Decorations go on last, into tiles nothing else uses:
torches, tapestries or shelves along a special room's walls, rubble and bones here and there.
"""

from __future__ import annotations

import numpy as np

from game.content.items import ITEMS
from game.content.specials import SPECIALS, shop_price
from game.mapgen.analysis import RoomAnalysis
from game.mapgen.room_tiles import RoomTiles
from game.rng import Rng
from game.map.edges import Edge
from game.map.level import Feature, Level, Placement, Special

Pos = tuple[int, int]
MAX_SPECIALS = 2
CHANCE = {"shop": 0.45, "shrine": 0.25, "armoury": 0.3, "training": 0.3, "library": 0.2}
FIRST_DEPTH = {"shop": 1, "shrine": 1, "armoury": 2, "training": 2, "library": 1}
MIN_AREA = {"shop": 12, "shrine": 6, "armoury": 9, "training": 20, "library": 9}
SCATTER_CHANCE = 0.15  # of an ordinary room getting some rubble or bones


def choose_specials(rng: Rng, level: Level, info: RoomAnalysis, depth: int, warden_floor: bool,
                    exclude: set[int]) -> list[Special]:
    """Pick the floor's special rooms (``level.specials`` is set by ``furnish``)."""
    area = np.bincount(level.map.rooms[level.map.rooms >= 0].ravel(), minlength=level.map.room_count).tolist()
    taken = set(exclude) | {info.main_path[0], info.main_path[-1]}
    chosen: list[Special] = []
    if warden_floor and len(info.main_path) >= 3 and info.main_path[-2] not in taken:
        chosen.append(Special("shrine", info.main_path[-2]))
        taken.add(info.main_path[-2])
    degree = [0] * level.map.room_count
    for a, b in level.door_pairs:
        degree[a] += 1
        degree[b] += 1
    for kind in ("shop", "armoury", "training", "shrine", "library"):
        if len(chosen) >= MAX_SPECIALS:
            break
        if depth < FIRST_DEPTH[kind] or not rng.chance(CHANCE[kind]) or any(s.kind == kind for s in chosen):
            continue
        options = [r for r in _candidates(kind, info, degree) if r not in taken and area[r] >= MIN_AREA[kind]]
        if not options:
            continue
        room = _pick(rng, kind, options, info, area)
        chosen.append(Special(kind, room))
        taken.add(room)
    return chosen


def _candidates(kind: str, info: RoomAnalysis, degree: list[int]) -> list[int]:
    distance = info.distance_from_main
    if kind == "shop":
        return [r for r in info.side_rooms if distance[r] == 1 and degree[r] == 1]
    if kind == "armoury":
        return list(info.branch_ends)
    if kind == "training":
        return [r for r in info.loop_rooms if r not in info.main_path[:1]]
    return list(info.side_rooms)


def _pick(rng: Rng, kind: str, options: list[int], info: RoomAnalysis, area: list[int]) -> int:
    if kind == "armoury":
        return max(options, key=lambda r: (info.distance_from_main[r], -r))
    if kind == "training":
        return max(options, key=lambda r: (area[r], -r))
    return rng.choice(sorted(options))


def furnish(rng: Rng, level: Level, specials: list[Special], rooms: RoomTiles, out: list[Placement],
            depth: int) -> None:
    """Put each special room's fixtures, shopkeeper and wares on the floor."""
    level.specials = list(specials)
    choice = 0
    for special in specials:
        room = special.room
        spec = SPECIALS[special.kind]
        if spec.fixture:
            _fixture(level, rooms, spec.fixture, room)
        if special.kind == "training":
            for dummy in ("dummy_accuracy", "dummy_defence"):
                tile = rooms.take(room)
                if tile is not None:
                    level.features.append(Feature(dummy, *tile))
        elif special.kind == "shop":
            _shop(rng, rooms, out, room, depth)
        elif special.kind == "armoury":
            choice += 1
            _armoury(rng, rooms, out, room, depth, choice)


def _fixture(level: Level, rooms: RoomTiles, kind: str, room: int) -> None:
    centre = rooms.centre(room)
    tile: Pos | None = centre
    if centre in rooms.taken:
        tile = rooms.take(room)
    else:
        rooms.taken.add(centre)
    if tile is not None:
        level.features.append(Feature(kind, *tile))


def _shop(rng: Rng, rooms: RoomTiles, out: list[Placement], room: int, depth: int) -> None:
    keeper = rooms.take(room)
    if keeper is None:
        return
    out.append(Placement("shopkeeper", *keeper))
    consumables = _kinds(depth, equipment=False)
    equipment = _kinds(depth + 1, equipment=True)
    wares = ["potion_healing"] + rng.sample(consumables, min(3, len(consumables)))
    wares += rng.sample(equipment, min(1 + (depth >= 3), len(equipment)))
    for kind in wares:
        tile = rooms.take_near(keeper)
        if tile is None:
            break
        out.append(Placement(kind, *tile, price=shop_price(ITEMS[kind].value, depth)))


def _armoury(rng: Rng, rooms: RoomTiles, out: list[Placement], room: int, depth: int, choice: int) -> None:
    pieces = rng.sample(_kinds(depth + 1, equipment=True), 3)
    for kind in pieces:
        tile = rooms.take(room)
        if tile is not None:
            out.append(Placement(kind, *tile, choice=choice))


def _kinds(depth: int, equipment: bool) -> list[str]:
    """What a shop or an armoury may offer at ``depth``, in table order."""
    return [k for k, spec in ITEMS.items() if spec.value > 0 and spec.depth <= depth
            and (spec.category in ("weapon", "armour", "ranged")) == equipment]


def decorate(rng: Rng, level: Level, rooms: RoomTiles) -> None:
    """Decorations along special rooms' walls, and rubble or bones in some other rooms."""
    special_rooms = {s.room: SPECIALS[s.kind].decor for s in level.specials}
    walled = _walled(level) if special_rooms else []
    for room in range(level.map.room_count):
        decor = special_rooms.get(room)
        if decor:
            walls = [(x, y) for x, y in rooms.free_tiles(room) if walled[y][x]]
            for tile in rng.sample(walls, min(len(walls), rng.randint(2, 4))):
                level.features.append(Feature(decor, *tile))
                rooms.taken.add(tile)
        elif room not in special_rooms and rng.chance(SCATTER_CHANCE):
            for _ in range(rng.randint(1, 2)):
                spot = rooms.take(room)
                if spot is not None:
                    level.features.append(Feature(rng.choice(("rubble", "bones")), *spot))


def _walled(level: Level) -> list[list[bool]]:
    """Per tile ``[y][x]``: a plain wall on at least one of its sides (where a torch hangs)."""
    north, west = level.map.north == Edge.WALL, level.map.west == Edge.WALL
    h, w = level.map.height, level.map.width
    walled: list[list[bool]] = (north[:h, :w] | north[1 : h + 1, :w] | west[:h, :w] | west[:h, 1 : w + 1]).tolist()
    return walled
