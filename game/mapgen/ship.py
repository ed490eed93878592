"""Derelict decks (SPEC §6, seed 000 "Skeleton Crew"): a pipeline of named passes.

``hull`` draws a ship's silhouette, long and mirror-symmetric about its keel: an
engine block at the stern (left), a body of modules, a bow tapering to the
bridge (right), in vacuum on every side; ``grow`` lays a two-tile corridor along
the keel and grows the thin-wall room generator's compartments around it, on one
side and mirrored onto the other (most decks) or on both; ``prune`` keeps the
compartments joined to the corridor; ``walls`` puts a wall between compartments
and ``hull`` on every edge between a deck and vacuum; ``doors`` joins the
compartments with a spanning tree of doors plus loops, as on room floors;
``stairs`` puts the way in at the engines and the way down at the bridge;
``populate`` places the undead crew, a rocket launcher on the first deck, loot,
and the captain on the wreck's last deck.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.mapgen import connect, rooms as room_growth
from game.mapgen.room_tiles import tiles_of
from game.rng import Rng
from game.map.edges import Edge
from game.map.floor_map import OUTSIDE, ROOM_ID, FloorMap
from game.map.level import Level, Placement

Pos = tuple[int, int]
PASSES = ("hull", "grow", "prune", "walls", "doors", "stairs", "populate")
CREW = ("crewman", "engineer", "boarder", "zombie", "skeleton")
CREW_WEIGHTS = (6, 3, 2, 3, 2)
CREW_COST = {"crewman": 2, "engineer": 3, "boarder": 3, "zombie": 3, "skeleton": 3}


@dataclass(frozen=True)
class ShipParams:
    width: int = 84
    height: int = 34
    room_size: tuple[int, int] = (5, 11)
    seeds_per_tile: float = 0.15
    min_room_area: int = 8
    loop_fraction: float = 0.2
    open_door_chance: float = 0.2
    symmetric_chance: float = 0.7

    def __post_init__(self) -> None:
        if self.width < 24 or self.height < 12:
            raise ValueError("a deck needs at least 24x12 tiles")


def generate_ship(rng: Rng, params: ShipParams = ShipParams(), until: str = "populate", depth: int = 1,
                  first_deck: bool = False, captain: str | None = None) -> Level:
    """One deck. ``first_deck``: the rocket launcher lies on it; ``captain``: the deck is
    the wreck's last, and this boss waits at the bridge instead of a way down."""
    if until not in PASSES:
        raise ValueError(f"unknown pass {until!r}; passes are {', '.join(PASSES)}")
    height = params.height - params.height % 2  # an even height: the keel runs between two rows
    silhouette = hull_shape(rng.child("hull"), height, params.width)
    if until == "hull":
        return _partial(np.where(silhouette, 0, OUTSIDE).astype(ROOM_ID))
    rooms = grow_compartments(rng.child("grow"), silhouette, params)
    if until == "grow":
        return _partial(rooms)
    rooms = _prune(rooms, silhouette, params.min_room_area)
    if until == "prune":
        return _partial(rooms)
    floor = hull_walls(rooms)
    if until == "walls":
        return Level("ship", floor, (-1, -1), (-1, -1))
    edges_by_pair = connect.shared_edges(floor.rooms)
    door_pairs = connect.choose_door_pairs(rng, floor.room_count, list(edges_by_pair), params.loop_fraction)
    connect.place_doors(rng, floor, edges_by_pair, door_pairs, params.open_door_chance)
    if until == "doors":
        return Level("ship", floor, (-1, -1), (-1, -1), door_pairs=door_pairs)
    entrance, exit_ = _ends(rng, floor)
    level = Level("ship", floor, entrance, exit_, door_pairs=door_pairs)
    if until == "stairs":
        return level
    populate_deck(rng.child("populate"), level, depth, first_deck, captain)
    return level


# --- passes ---------------------------------------------------------------------------------
def hull_shape(rng: Rng, height: int, width: int) -> NDArray[np.bool_]:
    """The ship's silhouette (bool ``[y, x]``), symmetric about the keel, with vacuum all round."""
    reach = height // 2 - 1  # the widest the hull may be on each side of the keel (a row of vacuum outside)
    stern = max(3, width // 8)
    bow = max(4, width // 4)
    profile = np.zeros(width, dtype=np.intp)
    engines = max(2, round(reach * (0.55 + 0.2 * rng.random())))
    profile[1:stern] = engines
    x = stern
    while x < width - bow - 1:  # the body: modules of random widths
        length = rng.randint(max(3, width // 12), max(4, width // 5))
        profile[x:min(width - bow - 1, x + length)] = max(2, round(reach * (0.5 + 0.5 * rng.random())))
        x += length
    body = int(profile[width - bow - 2]) if width - bow - 2 >= stern else engines
    for i in range(bow):  # the bow tapers to the bridge
        profile[width - bow - 1 + i] = max(1, round(body * (1 - i / bow)))
    profile[width - 1] = 0
    shape = np.zeros((height, width), dtype=bool)
    upper = height // 2 - 1  # the keel runs between rows upper and upper + 1
    for column, half in enumerate(profile.tolist()):
        if half:
            shape[upper - half + 1:upper + half + 1, column] = True
    if rng.chance(0.6):  # engine nacelles: pods at the stern's outer edges
        pod = max(1, reach // 4)
        for y in (upper - reach + 1, upper + reach):
            shape[y - pod // 2:y + pod // 2 + 1, 1:max(2, stern - 1)] = True
    shape[:, 0] = shape[:, -1] = shape[0, :] = shape[-1, :] = False
    return shape


def grow_compartments(rng: Rng, silhouette: NDArray[np.bool_], params: ShipParams) -> NDArray[np.int32]:
    """Room ids: 0 is the keel corridor; compartments grown around it, mirrored or not."""
    height, width = silhouette.shape
    upper = height // 2 - 1
    template = np.where(silhouette, OUTSIDE, room_growth.BLOCKED).astype(ROOM_ID)
    columns = np.flatnonzero(silhouette[upper])
    corridor = slice(int(columns.min()) + 2, int(columns.max()) - 1) if columns.size > 6 else slice(0, 0)
    keel = template[upper:upper + 2, corridor]
    keel[silhouette[upper:upper + 2, corridor]] = 0  # (a view: writes into the template)
    seeds = max(1, int(silhouette.sum() * params.seeds_per_tile))
    if rng.chance(params.symmetric_chance):  # grow one side and mirror it onto the other
        grown = room_growth.grow_rooms(rng, width, upper, seeds // 2, params.room_size, template=template[:upper])
        side = int(grown.max()) + 1
        rooms = template.copy()
        rooms[:upper] = np.where(grown >= 0, grown + 1, OUTSIDE)
        rooms[upper + 2:] = np.where(grown >= 0, grown + 1 + side, OUTSIDE)[::-1]
    else:
        rooms = room_growth.grow_rooms(rng, width, height, seeds, params.room_size, template=template)
    rooms[rooms == room_growth.BLOCKED] = OUTSIDE
    return fill_gaps(rooms, silhouette)


def fill_gaps(rooms: NDArray[np.int32], silhouette: NDArray[np.bool_]) -> NDArray[np.int32]:
    """Tiles of the silhouette that no compartment holds join a neighbouring one, so the
    deck has no holes of vacuum inside it. The order of neighbours is the same on both
    sides of the keel, mirrored (left, right, away from the keel, toward it), so a
    mirrored deck stays mirrored."""
    rooms = rooms.copy()
    height, width = rooms.shape
    top = (np.arange(height) < height // 2)[:, None]  # rows on the upper side of the keel
    for _ in range(height + width):
        gaps = silhouette & (rooms == OUTSIDE)
        if not gaps.any():
            break
        for away in (None, True, False):
            if away is None:
                shifts = [(0, -1), (0, 1)]
            else:
                shifts = [(-1, 0), (1, 0)] if away else [(1, 0), (-1, 0)]
            for (dy, dx), rows in zip(shifts, (top, ~top) if away is not None else (True, True)):
                neighbour = _shifted(rooms, dy, dx)
                take = gaps & (neighbour >= 0) & rows
                rooms[take] = neighbour[take]
                gaps &= ~take
    return rooms


def _shifted(rooms: NDArray[np.int32], dy: int, dx: int) -> NDArray[np.int32]:
    """The room at ``(x + dx, y + dy)`` for every tile (``OUTSIDE`` off the grid)."""
    height, width = rooms.shape
    neighbour = np.full(rooms.shape, OUTSIDE, dtype=ROOM_ID)
    neighbour[max(0, -dy):height - max(0, dy), max(0, -dx):width - max(0, dx)] = \
        rooms[max(0, dy):height - max(0, -dy), max(0, dx):width - max(0, -dx)]
    return neighbour


def _prune(rooms: NDArray[np.int32], silhouette: NDArray[np.bool_], min_area: int) -> NDArray[np.int32]:
    """Merge slivers into their neighbours and keep the largest group of compartments."""
    rooms = room_growth.renumber(fill_gaps(room_growth.drop_small_rooms(rooms, min_area), silhouette))
    return connect.keep_largest_group(rooms, "the deck has no compartment; is the map too small?")


def hull_walls(rooms: NDArray[np.int32]) -> FloorMap:
    """Walls between compartments, and ``HULL`` on every edge between the deck and vacuum."""
    floor = connect.build_walls(rooms)
    height, width = rooms.shape
    padded = np.full((height + 2, width + 2), OUTSIDE, dtype=ROOM_ID)
    padded[1:-1, 1:-1] = rooms
    above, here = padded[0:height + 1, 1:width + 1], padded[1:height + 2, 1:width + 1]
    floor.north[:, :width][(above == OUTSIDE) != (here == OUTSIDE)] = Edge.HULL
    left, here = padded[1:height + 1, 0:width + 1], padded[1:height + 1, 1:width + 2]
    floor.west[:height, :][(left == OUTSIDE) != (here == OUTSIDE)] = Edge.HULL
    floor.refresh()
    return floor


def _ends(rng: Rng, floor: FloorMap) -> tuple[Pos, Pos]:
    """The way in at the engines and the way down at the bridge: on the sternmost column of
    the compartment (not the keel corridor) reaching furthest to the stern, and on the bowmost
    column of the one reaching furthest to the bow, so the way in is always aft of the way
    down, even when one compartment spans the whole deck."""
    rooms = floor.rooms
    keel = int(rooms[rooms.shape[0] // 2 - 1, rooms.shape[1] // 2])
    ys, xs = np.nonzero((rooms >= 0) & (rooms != keel))
    if xs.size == 0:  # a deck that is all corridor
        stern_room = bow_room = keel
    else:
        ids = rooms[ys, xs]
        stern_room = int(ids[np.lexsort((ids, xs))[0]])
        bow_room = int(ids[np.lexsort((ids, -xs))[0]])
    stern_tiles, bow_tiles = tiles_of(floor, stern_room), tiles_of(floor, bow_room)
    stern_x = min(x for x, _ in stern_tiles)
    bow_x = max(x for x, _ in bow_tiles)
    entrance = rng.choice([tile for tile in stern_tiles if tile[0] == stern_x])
    exit_ = rng.choice([tile for tile in bow_tiles if tile[0] == bow_x])
    return entrance, exit_


def _partial(rooms: NDArray[np.int32]) -> Level:
    return Level("ship", hull_walls(rooms), (-1, -1), (-1, -1))


# --- the crew and what they left -------------------------------------------------------------
def populate_deck(rng: Rng, level: Level, depth: int, first_deck: bool, captain: str | None) -> None:
    """Undead crew for a budget that grows with depth, loot, the launcher, the captain."""
    floor = level.map
    entrance_room = int(floor.rooms[level.entrance[1], level.entrance[0]])
    taken = {level.entrance, level.exit}
    out: list[Placement] = []
    if captain is not None:
        out.append(Placement(captain, *level.exit))
        level.stairs_down = False
    free = [tile for room in range(floor.room_count) if room != entrance_room for tile in tiles_of(floor, room)
            if tile not in taken]
    rng.shuffle(free)
    budget = 6 + 4 * depth
    while budget > 0 and free:
        kind = _weighted(rng, CREW, CREW_WEIGHTS)
        budget -= CREW_COST[kind]
        out.append(Placement(kind, *free.pop()))
    loot = ["rockets", "potion_healing", "tnt"] + (["rocket_launcher"] if first_deck else [])
    loot += [rng.choice(["potion_healing", "rockets", "tnt", "coins"]) for _ in range(2)]
    for kind in loot:
        if free:
            out.append(Placement(kind, *free.pop(), count=rng.randint(4, 12) if kind == "coins" else 1))
    level.placements = out


def _weighted(rng: Rng, options: tuple[str, ...], weights: tuple[int, ...]) -> str:
    roll = rng.below(sum(weights))
    for option, weight in zip(options, weights):
        roll -= weight
        if roll < 0:
            return option
    return options[-1]
