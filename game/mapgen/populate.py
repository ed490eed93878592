"""Putting monsters, treasure and keys on a floor (SPEC LVL-2, LVL-3).

Spawning is per floor, not per room: a difficulty budget that grows with depth
is spent on monsters, about 60 % on main-path rooms and the rest on side
branches; treasure waits at the ends of side branches with its guardian (a named
mini-boss: ``game.ai.guardians``); sometimes two hostile factions are placed next door to each
other; and now and then a door that every way to the exit crosses is locked, with
its key on a side branch that can be reached before it. The entrance room stays empty.
"""

from __future__ import annotations

from typing import Callable

from game.content.items import ITEMS, ItemKind
from game.content.monsters import GUARDIANS, MONSTERS
from game.mapgen.analysis import RoomAnalysis, analyse
from game.mapgen.captors import place_captive
from game.mapgen.connect import door_graph
from game.mapgen.room_tiles import RoomTiles
from game.mapgen.specials import choose_specials, decorate, furnish
from game.mapgen.terrain import theme_weights, unsteady_tiles, water_tiles
from game.rng import Rng
from game.map.edges import Edge
from game.map.floor_map import EdgeRef, FloorMap
from game.map.level import Level, Placement
from game.map.rooms import find_portals

Pos = tuple[int, int]
MAIN_SHARE = 0.6
LOCK_CHANCE = 0.25
"""Of floors that could have one (depth 2 on, a main path of 4+ rooms, a bridge door): about a
fifth of all floors end up locked (LVL-3: "used sparingly")."""
RIVALS_CHANCE = 0.35
CALM_ROOMS = ("shop", "shrine", "library")
MAGIC = ("potion_", "scroll_")
"""The families whose loot is picked on every floor besides the healing potions (one to three)."""
"""Special rooms no monster starts in (they may still wander in)."""


def populate(rng: Rng, level: Level, depth: int, boss: str | None = None, captive_chance: float = 0.0) -> None:
    """Fill ``level.placements`` (and lock a door in ``level.map``).

    With ``boss``, this is a region's deepest floor: the boss waits on the tile
    where the stairs down would be, and there are no stairs (LVL-2). With ``captive_chance``,
    a captive and its captors, drawn last from a stream of their own (ALY-1).
    """
    floor = level.map

    def room_of(p: Pos) -> int:
        return int(floor.rooms[p[1], p[0]])

    info = analyse(floor.room_count, level.door_pairs, room_of(level.entrance), room_of(level.exit))
    rooms = RoomTiles(floor, rng, {level.entrance, level.exit} | unsteady_tiles(level))
    out: list[Placement] = []
    if boss is not None:
        out.append(Placement(boss, *level.exit))
        level.stairs_down = False
    key_room = _lock_and_key(rng, level, info, rooms, out, depth)
    specials = choose_specials(rng, level, info, depth, boss is not None, exclude={key_room})
    furnish(rng, level, specials, rooms, out, depth)
    special_rooms = {s.room for s in specials}
    _treasure(rng, info, rooms, out, depth, exclude={key_room} | special_rooms)
    calm = {s.room for s in specials if s.kind in CALM_ROOMS}
    _monsters(rng, level, info, rooms, out, depth, calm)
    _loot(rng, info, rooms, out, depth, {room_of(level.entrance)} | special_rooms)
    decorate(rng, level, rooms)
    place_captive(rng.child("captive"), info, rooms, out, depth,
                  {room_of(level.entrance), room_of(level.exit), key_room} | special_rooms, captive_chance)
    level.placements = out


def _lock_and_key(rng: Rng, level: Level, info: RoomAnalysis, rooms: RoomTiles, out: list[Placement], depth: int) -> int:
    """Now and then (LVL-3, "used sparingly") lock a door that every way from the entrance to
    the exit must cross (a bridge of the door graph), with its key in a side room on the
    entrance's side of it, so the key always matters and can always be found."""
    main = info.main_path
    if depth < 2 or len(main) < 4 or not rng.chance(LOCK_CHANCE):
        return -1
    count = level.map.room_count
    options = []
    for i in range(1, len(main) - 1):
        pair = {main[i], main[i + 1]}
        rest = [p for p in level.door_pairs if set(p) != pair]
        if len(rest) != len(level.door_pairs) - 1:
            continue  # two doors between these rooms: one stays open
        near = _reachable(count, rest, main[0])
        if main[-1] in near:
            continue  # a loop goes round this door: a lock on it would be pointless
        branch = [r for r in info.side_rooms if r in near]
        if branch:
            options.append((i, branch))
    if not options:
        return -1
    i, branch = rng.choice(options)
    edge = _door_between(level.map, main[i], main[i + 1])
    if edge is None:
        return -1
    key_room = max(branch, key=lambda r: (info.distance_from_main[r], -r))
    tile = rooms.take(key_room)
    if tile is None:
        return -1
    level.map.set_edge(*edge, Edge.LOCKED_DOOR)
    out.append(Placement("key", *tile))
    return key_room


def _reachable(room_count: int, pairs: list[tuple[int, int]], start: int) -> set[int]:
    graph = door_graph(room_count, pairs)
    seen, queue = {start}, [start]
    while queue:
        room = queue.pop()
        for other in graph[room]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def _door_between(floor: FloorMap, a: int, b: int) -> EdgeRef | None:
    for portal in find_portals(floor):
        if set(portal.rooms) == {a, b} and floor.edge(*portal.edge) in (Edge.DOOR, Edge.OPEN_DOOR):
            return portal.edge
    return None


def _treasure(rng: Rng, info: RoomAnalysis, rooms: RoomTiles, out: list[Placement], depth: int, exclude: set[int]) -> None:
    ends = sorted((r for r in info.branch_ends if r not in exclude), key=lambda r: (-info.distance_from_main[r], r))
    for room in ends[: 1 + (depth >= 3)]:
        chest = rooms.take(room)
        if chest is None:
            continue
        guardian = rooms.take_near(chest)
        if guardian is None:
            continue  # no room for a guardian: no treasure either
        out.append(Placement(_pick_loot(rng, depth, equipment=True), *chest))
        out.append(Placement(rng.choice(GUARDIANS), *guardian))
        if rng.chance(0.6):
            spot = rooms.take_near(chest)
            if spot:
                out.append(Placement("potion_healing", *spot))


def _monsters(rng: Rng, level: Level, info: RoomAnalysis, rooms: RoomTiles, out: list[Placement], depth: int,
              calm: set[int]) -> None:
    """Spend the floor's difficulty budget; none in the entrance room or a ``calm`` one."""
    entrance_room = info.main_path[0]
    main = [r for r in info.main_path if r != entrance_room and r not in calm]
    side = [r for r in info.side_rooms if r not in calm]
    budget = 7 + 7 * depth + depth * depth // 4  # tuned with game.tools.balance
    spent = 0
    pools = water_tiles(level, {entrance_room} | calm)
    weights = theme_weights(level.theme, depth, bool(pools))
    kinds = list(weights)
    graph = door_graph(level.map.room_count, level.door_pairs)
    for _ in range(200):  # bounded by count
        affordable = [k for k in kinds if MONSTERS[k].cost <= budget - spent and (pools or not MONSTERS[k].aquatic)]
        if not affordable:
            break
        kind = _weighted(rng, affordable, [weights[k] for k in affordable])
        if MONSTERS[kind].aquatic:  # in the floor's deep water, wherever it lies
            tile = pools.pop(rng.below(len(pools)))
            out.append(Placement(kind, *tile))
            spent += MONSTERS[kind].cost
            continue
        pool = main if (rng.random() < MAIN_SHARE or not side) else side
        if not pool:
            break
        room = rng.choice(pool)
        spent += _place_group(rng, kind, room, rooms, out, graph)
        if MONSTERS[kind].faction == "greenskin" and depth >= 2 and rng.chance(RIVALS_CHANCE):
            neighbours = [n for n in graph[room] if n != entrance_room and n not in calm]
            if neighbours:
                spent += _place_group(rng, "cultist", rng.choice(neighbours), rooms, out, graph)


def _place_group(rng: Rng, kind: str, room: int, rooms: RoomTiles, out: list[Placement], graph: list[list[int]]) -> int:
    spec = MONSTERS[kind]
    tile = rooms.take(room)
    if tile is None:
        return 0
    route = _patrol_route(rng, room, rooms, graph) if spec.behaviour == "patroller" else ()
    leader_index = len(out)
    out.append(Placement(kind, *tile, asleep=spec.behaviour == "sleeper", route=route))
    cost = spec.cost
    for companion in spec.group:
        spot = rooms.take_near(tile)
        if spot is None:
            break
        follows = leader_index if MONSTERS[companion].behaviour == "sidekick" else -1
        out.append(Placement(companion, *spot, leader=follows))
        cost += MONSTERS[companion].cost
    return cost


def _patrol_route(rng: Rng, start: int, rooms: RoomTiles, graph: list[list[int]]) -> tuple[Pos, ...]:
    """Room centres along a short walk through doors, there and back again."""
    path = [start]
    for _ in range(rng.randint(2, 4)):
        options = [n for n in graph[path[-1]] if n not in path]
        if not options:
            break
        path.append(rng.choice(options))
    stops = [rooms.centre(r) for r in path]
    return tuple(stops + stops[-2:0:-1])


def _loot(rng: Rng, info: RoomAnalysis, rooms: RoomTiles, out: list[Placement], depth: int, exclude: set[int]) -> None:
    candidates = [r for r in range(len(info.distance_from_main)) if r not in exclude and info.distance_from_main[r] >= 0]
    if not candidates:
        return
    drops = ["potion_healing"] * (1 + rng.chance(HEALING_SECOND)) + ["scroll_mapping"] * rng.chance(0.4)
    drops += ["coins"] * rng.randint(3, 5)
    drops += ["tnt"] * (rng.randint(1, 2) if rng.chance(0.5) else 0)
    drops += ["rockets"] * (depth >= 2 and rng.chance(0.3))
    drops += [_pick_magic(rng, depth) for _ in range(1 + rng.randint(0, 2))]  # (SPEC ITM-4)
    drops.append("scroll_enchanting")  # one on every floor: growth is found, not drawn by luck (SPEC GRW-3)
    if rng.chance(0.5):
        drops.append(_pick_loot(rng, depth, equipment=True))
    drops += _magic_and_thrown(rng, depth)
    for kind in drops:
        tile = rooms.take(rng.choice(candidates))
        if tile is None:
            continue
        count = rng.randint(3, 6 + 3 * depth) if kind == "coins" else ITEMS[kind].stack
        out.append(Placement(kind, *tile, count=count))


HEALING_SECOND = 0.3
"""The chance a floor holds a second healing potion (it holds one always): with growth found on
every floor and boons at the Wardens, two on every other floor made a careful run too safe."""
MAGIC_CHANCE = 0.45
THROWN_CHANCE = 0.35


def _magic_and_thrown(rng: Rng, depth: int) -> list[str]:
    """A staff, a wand or a charm on about half the floors, a bundle of thrown weapons on about a
    third (SPEC ITM-20, ITM-23): a run of a dozen floors finds several of each."""
    drops = []
    if rng.chance(MAGIC_CHANCE):
        drops.append(_pick_carried(rng, depth, lambda spec: spec.charges > 0))
    if rng.chance(THROWN_CHANCE):
        drops.append(_pick_carried(rng, depth, lambda spec: spec.damage[1] > 0 and spec.stack > 1))
    return drops


def _pick_carried(rng: Rng, depth: int, family: Callable[[ItemKind], bool]) -> str:
    kinds = [k for k, spec in ITEMS.items() if spec.weight > 0 and spec.depth <= depth
             and spec.category == "consumable" and family(spec)]
    return _weighted(rng, kinds, [ITEMS[k].weight for k in kinds])


def _pick_loot(rng: Rng, depth: int, equipment: bool) -> str:
    kinds = [k for k, spec in ITEMS.items() if spec.weight > 0 and spec.depth <= depth
             and (spec.category in ("weapon", "armour", "ranged")) == equipment]
    return _weighted(rng, kinds, [ITEMS[k].weight for k in kinds])


def _pick_magic(rng: Rng, depth: int) -> str:
    """A potion or a scroll, by the table's weights, of those found this deep."""
    kinds = [k for k, spec in ITEMS.items() if spec.weight > 0 and spec.depth <= depth and k.startswith(MAGIC)]
    return _weighted(rng, kinds, [ITEMS[k].weight for k in kinds])


def _weighted(rng: Rng, options: list[str], weights: list[int]) -> str:
    total = sum(weights)
    roll = rng.random() * total
    for option, weight in zip(options, weights):
        roll -= weight
        if roll < 0:
            return option
    return options[-1]
