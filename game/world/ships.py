"""Air on a derelict deck (SPEC SHP-2, seed 000 "Skeleton Crew").

Air is measured in units, ``AIR_PER_TILE`` for every tile of a compartment, so a
big space holds more. Compartments joined by open doors share their air. A blast
next to the hull breaches it (the hull edge opens onto space). Each turn, every
group of compartments joined by open doors that holds a breach and still has air
vents: it loses ``BREACH_FLOW`` units for each broken hull edge (more for a big space: it is
empty within ``MAX_VENT_TURNS``), and everything in it (items,
monsters, the player) is pulled one tile toward the nearest breach; whatever is
pulled through one is lost in space. A group that has lost its air is vacuum:
standing in it hurts every turn (the undead crew do not breathe). Closing a door
splits a group, so the side without a breach keeps its air; opening one between
air and a breached vacuum starts a new pull (the pull itself: ``game.world.ship_pull``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from game.content.monsters import MONSTERS
from game.map.edges import Edge
from game.map.floor_map import EdgeRef, FloorMap, Side
from game.world.fields import MAX_COUNT, MAX_SIDE, Fields, Where, as_int, as_list, at, fail
from game.world.ship_pull import PullKey, breach_distances, pull

if TYPE_CHECKING:
    from game.world.floor import Floor
    from game.world.game import Game

AIR_PER_TILE = 10
BREACH_FLOW = 8  # units each broken hull edge lets out every turn (a blast breaks several)
MAX_VENT_TURNS = 40
"""However much air a breach is joined to, it is gone within this many turns: holding your
place against the pull is a tense moment, not a wait of hundreds of turns."""
VACUUM_DAMAGE = 2
Pos = tuple[int, int]


@dataclass
class ShipState:
    """A deck's air per compartment, its breaches, and what it has lost to space."""

    air: list[int]  # units per compartment (room id)
    breaches: list[EdgeRef] = field(default_factory=list)
    lost: dict[str, int] = field(default_factory=dict)  # kind -> how many were sucked out
    _pull: tuple[PullKey, dict[Pos, int], dict[Pos, Pos]] | None = field(default=None, repr=False)  # the pull, cached
    _groups: tuple[int, tuple[list[list[int]], list[int]]] | None = field(default=None, repr=False)  # by door_version

    @classmethod
    def fresh(cls, floor_map: FloorMap) -> ShipState:
        sizes = np.bincount(floor_map.rooms[floor_map.rooms >= 0].astype(np.intp), minlength=floor_map.room_count)
        return cls([int(n) * AIR_PER_TILE for n in sizes.tolist()])

    def capacity(self, floor_map: FloorMap, room: int) -> int:
        return int(np.count_nonzero(floor_map.rooms == room)) * AIR_PER_TILE

    def to_dict(self) -> dict[str, Any]:
        return {"air": list(self.air), "breaches": [[x, y, int(side)] for x, y, side in self.breaches],
                "lost": dict(sorted(self.lost.items()))}

    @classmethod
    def from_dict(cls, data: Any, where: Where, floor_map: FloorMap) -> ShipState:
        """Checked (``SaveError``): an air amount per compartment, breaches on the deck's edge."""
        fields = Fields(data, where)
        air = [as_int(units, path, 0, MAX_COUNT) for units, path in fields.entries("air", floor_map.room_count)]
        breaches = []
        for entry, path in fields.entries("breaches"):
            x, y, side = as_list(entry, path, 3)
            edge = (as_int(x, at(path, 0), 0, MAX_SIDE), as_int(y, at(path, 1), 0, MAX_SIDE),
                    Side(as_int(side, at(path, 2), 0, 1)))
            if inside_of(floor_map, edge) is None:
                fail(path, "a breach that is not on the deck's edge")
            breaches.append(edge)
        lost = {}
        for kind, count in Fields(fields.get("lost"), fields.path("lost")).data.items():
            if kind not in MONSTERS and kind != "player" and not _is_item(kind):
                fail(at(fields.path("lost"), kind), f"unknown kind {kind!r}")
            lost[kind] = as_int(count, at(fields.path("lost"), kind), 1, MAX_COUNT)
        return cls(air, breaches, lost)


def _is_item(kind: str) -> bool:
    from game.content.items import ITEMS

    return kind in ITEMS


def inside_of(floor_map: FloorMap, edge: EdgeRef) -> Pos | None:
    """The deck tile on the inner side of an edge between the deck and vacuum, else None."""
    x, y, side = edge
    a, b = ((x, y - 1), (x, y)) if side == Side.N else ((x - 1, y), (x, y))
    inside = [p for p in (a, b) if floor_map.is_floor(*p)]
    return inside[0] if len(inside) == 1 else None


# --- breaches -----------------------------------------------------------------------------
def breach_near(game: Game, centre: Pos) -> list[EdgeRef]:
    """A blast at ``centre`` breaches every hull edge of the tiles next to it (and its own)."""
    floor = game.floor
    state = floor.ship_state
    if state is None:
        return []
    area = floor.map
    opened = hull_edges_near(area, centre)
    for edge in opened:
        area.set_edge(*edge, Edge.OPEN)
    if opened:
        state.breaches = sorted(set(state.breaches) | set(opened))
        game.note_door_changed()
        game.log.add("The hull breaks! Air rushes out toward the breach.", "bad", game.turn)
    return opened


def hull_edges_near(floor_map: FloorMap, centre: Pos) -> list[EdgeRef]:
    """The hull edges a blast at ``centre`` breaks: those of its tile and the eight around it."""
    cx, cy = centre
    edges = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            x, y = cx + dx, cy + dy
            if not floor_map.is_floor(x, y):
                continue
            for edge in ((x, y, Side.N), (x, y + 1, Side.N), (x, y, Side.W), (x + 1, y, Side.W)):
                if floor_map.edge(*edge) == Edge.HULL and edge not in edges:
                    edges.append(edge)
    return edges


@dataclass(frozen=True)
class VentForecast:
    """What a blast would do to a deck's air, worked out without changing it (the aim's preview)."""

    breaches: list[EdgeRef]  # the hull edges it would break
    rooms: list[int]  # the rooms that would start venting: joined to a breach by open doors, with air


def vent_forecast(floor: Floor, centre: Pos, doors_blown: list[EdgeRef]) -> VentForecast:
    """The hull a blast at ``centre`` would break and the rooms whose air would then vent (the
    doors it blows open, ``doors_blown``, join rooms too), leaving out rooms venting already."""
    if floor.ship_state is None:
        return VentForecast([], [])
    broken = hull_edges_near(floor.map, centre)
    return VentForecast(broken, newly_venting(floor, broken, doors_blown))


def newly_venting(floor: Floor, breaches: list[EdgeRef], doors: list[EdgeRef]) -> list[int]:
    """The rooms that would start venting were the hull broken at ``breaches`` and ``doors``
    opened: joined by open doors to a breach, with air, and not venting already (worked out
    without changing the deck); none off a deck."""
    state = floor.ship_state
    if state is None:
        return []
    area = floor.map
    groups, group_of = _groups(floor, doors)
    breached = sorted({group_of[area.room_at(*tile)] for tile in
                       (inside_of(area, edge) for edge in [*state.breaches, *breaches]) if tile is not None})
    now = venting(floor)
    return sorted(room for index in breached if sum(state.air[r] for r in groups[index]) > 0
                  for room in groups[index] if room not in now)


# --- the turn -----------------------------------------------------------------------------
def tick(game: Game) -> None:
    """One turn of air: venting groups lose air and pull their contents; vacuum hurts."""
    floor = game.floor
    state = floor.ship_state
    if state is None:  # (the turn calls this on a deck only)
        return
    groups, group_of = _groups_of(floor, state)
    breached: dict[int, list[Pos]] = {}
    for edge in state.breaches:
        tile = inside_of(floor.map, edge)
        if tile is not None:
            breached.setdefault(group_of[floor.map.room_at(*tile)], []).append(tile)
    player_room = floor.map.room_at(*game.player.pos)
    distance, toward = _pull_field(floor)  # (before the air goes: a space vents, and pulls, this turn)
    for index, rooms in enumerate(groups):
        total = sum(state.air[r] for r in rooms)
        if index in breached and total > 0:
            if player_room in rooms:
                game.log.add("Air rushes past you toward the breach!", "bad", game.turn)
            full = sum(state.capacity(floor.map, room) for room in rooms)
            _vent(state, rooms, total, max(BREACH_FLOW * len(breached[index]), -(-full // MAX_VENT_TURNS)))
        elif len(rooms) > 1:
            _share(state, floor.map, rooms, total)
    if distance:
        pull(game, floor, distance, toward)
    if game.player.alive and state.air[floor.map.room_at(*game.player.pos)] == 0:
        game.player.hp -= VACUUM_DAMAGE
        game.log.add(f"There is no air here! ({VACUUM_DAMAGE})", "bad", game.turn)
        if game.player.hp <= 0:
            game.kill(game.player, None, cause=f"suffocated in vacuum {game.whereabouts}")


def _groups_of(floor: Floor, state: ShipState) -> tuple[list[list[int]], list[int]]:
    """``_groups`` of the deck's map, kept (in its ``state``) until a door changes."""
    if state._groups is None or state._groups[0] != floor.door_version:
        state._groups = (floor.door_version, _groups(floor))
    return state._groups[1]


def _groups(floor: Floor, opened: list[EdgeRef] | tuple[EdgeRef, ...] = ()) -> tuple[list[list[int]], list[int]]:
    """Compartments joined by open doors (and by the doors ``opened``, as if they were open): the
    groups, and each room's group. (The floor's list of doors, their kinds as they are now.)"""
    floor_map = floor.map
    parent = list(range(floor_map.room_count))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for x, y, side, a, b in floor.doors():
        if (floor_map.edge(x, y, side) == Edge.OPEN_DOOR or (x, y, side) in opened) and a >= 0 and b >= 0:
            parent[find(a)] = find(b)
    by_root: dict[int, list[int]] = {}
    for room in range(floor_map.room_count):
        by_root.setdefault(find(room), []).append(room)
    groups = sorted(by_root.values())
    group_of = [0] * floor_map.room_count
    for index, rooms in enumerate(groups):
        for room in rooms:
            group_of[room] = index
    return groups, group_of


def _vent(state: ShipState, rooms: list[int], total: int, flow: int) -> None:
    """Take ``flow`` units out of a group, from each room in proportion to its air."""
    left = max(0, total - flow)
    for room in rooms:
        state.air[room] = state.air[room] * left // total
    if left == 0:
        for room in rooms:
            state.air[room] = 0


def _share(state: ShipState, floor_map: FloorMap, rooms: list[int], total: int) -> None:
    """Air spreads evenly (by area) through compartments joined by open doors."""
    sizes = [int(np.count_nonzero(floor_map.rooms == r)) for r in rooms]
    area = sum(sizes)
    shares = [total * size // area for size in sizes]
    shares[0] += total - sum(shares)  # (whole units: the rounding goes to the first)
    for room, share in zip(rooms, shares):
        state.air[room] = share


def venting(floor: Floor) -> set[int]:
    """The rooms of the deck that are venting right now (for the view and the bot)."""
    state = floor.ship_state
    if state is None or not state.breaches:
        return set()
    groups, group_of = _groups_of(floor, state)
    out: set[int] = set()
    for edge in state.breaches:
        tile = inside_of(floor.map, edge)
        if tile is not None:
            rooms = groups[group_of[floor.map.room_at(*tile)]]
            if sum(state.air[r] for r in rooms) > 0:
                out.update(rooms)
    return out


def beside_hull(floor_map: FloorMap, pos: Pos) -> bool:
    """Whether a blast at ``pos`` would breach the hull (``breach_near``'s reach)."""
    return bool(hull_edges_near(floor_map, pos))


def sealed_by_closing(floor: Floor, edge: EdgeRef, pos: Pos) -> bool:
    """Whether closing the open door ``edge`` would leave ``pos`` on a side with no breach."""
    area = floor.map
    breaches = [] if floor.ship_state is None else floor.ship_state.breaches
    kind = area.edge(*edge)
    area.set_edge(*edge, Edge.DOOR)
    try:
        groups, group_of = _groups(floor)
        mine = set(groups[group_of[area.room_at(*pos)]])
        return not any(area.room_at(*tile) in mine for tile in
                       (inside_of(area, breach) for breach in breaches) if tile is not None)
    finally:
        area.set_edge(*edge, kind)


def pull_distances(floor: Floor) -> dict[Pos, int]:
    """Steps to the nearest breach from every tile of the spaces venting now (through open
    doors, as the air goes); cached until a door or a breach changes, or a space runs out."""
    return _pull_field(floor)[0]


def _pull_field(floor: Floor) -> tuple[dict[Pos, int], dict[Pos, Pos]]:
    rooms = venting(floor)
    breaches = [] if floor.ship_state is None else floor.ship_state.breaches
    sources = sorted(tile for tile in (inside_of(floor.map, edge) for edge in breaches)
                     if tile is not None and floor.map.room_at(*tile) in rooms)
    return breach_distances(floor, rooms, sources)
