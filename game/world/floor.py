"""A floor as the run knows it: the generated level, who and what is on it, and
what the player has seen and remembers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from game.world.actor import Actor, Item
from game.world.codec import decode_level, encode_level
from game.map.floor_map import FloorMap
from game.map.level import Level
from game.world.ships import ShipState
from game.world import floor_fields
from game.world.terrain import TerrainState, lay
from game.world.vaults import VaultState
from game.world.navigation import Navigation
from game.map.rooms import RoomGraph
from game.world.floor_doors import Door, FloorDoors, door_in_sight
from game.world.fields import MAX_COUNT, Fields, Where, as_int, at, decode_array, encode_array, fail
from game.world.visibility import visible_rooms

Pos = tuple[int, int]
Mask = npt.NDArray[np.bool_]


@dataclass
class Floor:
    depth: int
    level: Level
    seen_rooms: Mask  # bool per room: rooms the player has seen
    visible: list[int] = field(default_factory=list)  # rooms in sight right now
    door_version: int = 0  # bumped when a door changes (renderers and route caches key on it)
    actors: list[Actor] = field(default_factory=list)  # monsters (the player lives on the Game)
    items: list[Item] = field(default_factory=list)
    item_memory: dict[Pos, str] = field(default_factory=dict)  # what the player last saw lying where
    door_memory: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """Each door as the player last saw it, ``(x, y, side) -> edge kind`` (VIS-3): a door that
    opens out of sight stays drawn shut until the player sees it again."""
    mapped: list[int] = field(default_factory=list)  # rooms known from a map, never yet in sight
    announced: list[int] = field(default_factory=list)  # special rooms the player has walked into
    fixture_use: dict[Pos, int] = field(default_factory=dict)  # a shrine's, a book's, a dummy's use so far
    vault_state: VaultState | None = None  # a trap vault's revealed cells and sprung traps
    ship_state: ShipState | None = None  # a derelict deck's air and breaches (both: not in fresh floors)
    smoke: dict[Pos, int] = field(default_factory=dict)  # a smoke bomb's cloud: tile -> the turn it clears
    terrain: TerrainState | None = None  # ground as it is now, fire and gas (game.world.terrain); None: bare
    seen_tiles: Mask | None = None  # sight by the tile: bool [y, x], tiles the player has seen (saved)
    lit: Mask | None = field(default=None, repr=False)  # sight by the tile: tiles in sight now (not saved)
    sight_version: int = field(default=0, repr=False)  # bumped when ``lit`` or ``seen_tiles`` change (not saved)
    _graph: RoomGraph | None = field(default=None, repr=False)
    _nav: Navigation | None = field(default=None, repr=False)
    _occupied: dict[Pos, Actor] | None = field(default=None, repr=False)
    _by_room: dict[int, dict[int, Actor]] | None = field(default=None, repr=False)
    _allies: bool | None = field(default=None, repr=False)  # ``has_allies``, None until asked again
    _sight: dict[Pos, list[int]] = field(default_factory=dict, repr=False)
    _sight_version: int = field(default=-1, repr=False)
    _doors: FloorDoors = field(default_factory=FloorDoors, repr=False, compare=False)
    _fov: Mask | None = field(default=None, repr=False)  # ``game.world.tile_sight.field_of_view``
    _fov_key: tuple[Pos, int] | None = field(default=None, repr=False)

    @classmethod
    def fresh(cls, depth: int, level: Level) -> Floor:
        """A floor nobody has seen yet, with nothing on it."""
        return cls(depth, level, np.zeros(level.map.room_count, dtype=bool))

    @property
    def map(self) -> FloorMap:
        return self.level.map

    @property
    def graph(self) -> RoomGraph:
        if self._graph is None:
            self._graph = RoomGraph(self.level.map)
        return self._graph

    @property
    def nav(self) -> Navigation:
        if self._nav is None:
            self._nav = Navigation(self.level.map, self.graph)
        return self._nav

    def sight(self, pos: Pos) -> list[int]:
        """Rooms seen from a tile (``visible_rooms``), cached until a door changes."""
        if self._sight_version != self.door_version:
            self._sight.clear()
            self._sight_version = self.door_version
        rooms = self._sight.get(pos)
        if rooms is None:
            rooms = self._sight[pos] = visible_rooms(self.level.map, *pos)
        return rooms

    def in_sight(self, x: int, y: int) -> bool:
        """Whether tile ``(x, y)`` is in the player's sight now: by the tile, in ``lit``; by the
        room, in one of the rooms in sight."""
        rooms = self.level.map.rooms
        if not (0 <= y < rooms.shape[0] and 0 <= x < rooms.shape[1]):
            return False
        if self.lit is not None:
            return bool(self.lit[y, x])
        return int(rooms[y, x]) in self.visible

    def door_seen(self, x: int, y: int, side: int, rooms: tuple[int, int]) -> tuple[bool, bool]:
        """Whether the door on the north (0) or west (1) edge of ``(x, y)``, between ``rooms``, is in
        sight now, and whether the player knows of it (a tile or room beside it seen)."""
        a, b = rooms
        if self.lit is None or self.seen_tiles is None:
            lit = a in self.visible or b in self.visible
            return lit, lit or (a >= 0 and bool(self.seen_rooms[a])) or (b >= 0 and bool(self.seen_rooms[b]))
        lit = door_in_sight(self.lit, x, y, side)
        return lit, lit or door_in_sight(self.seen_tiles, x, y, side)

    def known(self, x: int, y: int) -> bool:
        """Whether the player has seen tile ``(x, y)`` (or a map showed it): by the tile, in
        ``seen_tiles``; by the room, its room seen."""
        rooms = self.level.map.rooms
        if not (0 <= y < rooms.shape[0] and 0 <= x < rooms.shape[1]):
            return False
        if self.seen_tiles is not None:
            return bool(self.seen_tiles[y, x])
        return rooms[y, x] >= 0 and bool(self.seen_rooms[rooms[y, x]])

    def reveal_all(self) -> None:
        """A map shows every room; those never in sight stay unexplored (``explored``)."""
        self.mapped = sorted(set(self.mapped) | set(np.flatnonzero(~self.seen_rooms).tolist()))
        self.seen_rooms[:] = True
        if self.seen_tiles is not None:
            self.seen_tiles |= self.map.rooms >= 0

    def explored(self) -> Mask:
        """Rooms the player has had in sight (not just on a map): what exploring has done."""
        rooms = self.seen_rooms.copy()
        rooms[self.mapped] = False
        return rooms

    def unexplored(self) -> Mask:
        """``[y, x]``: floor tiles exploring still has to see: the tiles of rooms not yet in sight
        and, by the tile, every tile not seen yet."""
        rooms = self.map.rooms
        left: Mask = ~np.append(self.explored(), True)[rooms]  # OUTSIDE (-1) picks the True
        if self.seen_tiles is not None:
            left |= ~self.seen_tiles & (rooms >= 0)
        return left

    # --- who stands where ------------------------------------------------------
    def occupied(self) -> dict[Pos, Actor]:
        if self._occupied is None:
            self._occupied = {a.pos: a for a in self.actors if a.alive}
        return self._occupied

    def in_room(self, room: int) -> list[Actor]:
        """Monsters standing in a room."""
        if self._by_room is None:
            self._by_room = {}
            for actor in self.actors:
                self._by_room.setdefault(self.map.room_at(actor.x, actor.y), {})[actor.eid] = actor
        return list(self._by_room.get(room, {}).values())

    def has_allies(self) -> bool:
        """Whether an ally is among the actors. Every monster's look asks it each turn, so it is kept
        until an actor comes or goes, or ``note_allies`` says one was freed."""
        if self._allies is None:
            self._allies = any(actor.ally for actor in self.actors)
        return self._allies

    def note_allies(self) -> None:
        """An actor's ``ally`` has changed: ``has_allies`` looks again."""
        self._allies = None

    def add_actor(self, actor: Actor) -> None:
        self.actors.append(actor)
        self._allies = None
        self.occupied()[actor.pos] = actor
        if self._by_room is not None:
            self._by_room.setdefault(self.map.room_at(actor.x, actor.y), {})[actor.eid] = actor

    def move_actor(self, actor: Actor, x: int, y: int) -> None:
        occupied = self.occupied()
        if occupied.get(actor.pos) is actor:
            del occupied[actor.pos]
        if self._by_room is not None:
            old, new = self.map.room_at(actor.x, actor.y), self.map.room_at(x, y)
            if old != new:
                self._by_room.get(old, {}).pop(actor.eid, None)
                self._by_room.setdefault(new, {})[actor.eid] = actor
        actor.x, actor.y = x, y
        occupied[(x, y)] = actor

    def remove_actor(self, actor: Actor) -> None:
        occupied = self.occupied()
        if occupied.get(actor.pos) is actor:
            del occupied[actor.pos]
        if self._by_room is not None:
            self._by_room.get(self.map.room_at(actor.x, actor.y), {}).pop(actor.eid, None)
        self.actors.remove(actor)
        self._allies = None

    def doors(self) -> list[Door]:
        """The floor's doors ``(x, y, side, room, room)``, north edges first, row-major (kept until a
        door is made or taken away: read a door's kind from the map)."""
        return self._doors.listed(self.map, self.door_version)

    def remember_doors(self) -> None:
        """Note the doors in sight as they are now (called as the view changes): by the room, those
        of the rooms in sight; by the tile, those with a tile in sight on either side."""
        for x, y, side, _, _ in self._doors.in_sight(self.map, self.door_version, self.lit, self.visible):
            self.door_memory[(x, y, side)] = int(self.map.edge(x, y, side))

    def items_at(self, pos: Pos) -> list[Item]:
        return [item for item in self.items if item.pos == pos]

    # --- saving -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"depth": self.depth, "level": encode_level(self.level), "seen_rooms": encode_array(self.seen_rooms),
                "visible": list(self.visible), "door_version": self.door_version,
                "actors": [a.to_dict() for a in self.actors], "items": [i.to_dict() for i in self.items],
                "item_memory": [[x, y, kind] for (x, y), kind in sorted(self.item_memory.items())],
                "door_memory": [[x, y, side, kind] for (x, y, side), kind in sorted(self.door_memory.items())],
                "mapped": list(self.mapped),
                "announced": list(self.announced),
                "fixture_use": [[x, y, used] for (x, y), used in sorted(self.fixture_use.items())],
                "vault_state": None if self.vault_state is None else self.vault_state.to_dict(),
                "ship_state": None if self.ship_state is None else self.ship_state.to_dict(),
                "smoke": [[x, y, until] for (x, y), until in sorted(self.smoke.items())],
                **({} if self.terrain is None else {"terrain": self.terrain.to_dict()}),
                **({} if self.seen_tiles is None else {"seen_tiles": encode_array(self.seen_tiles)})}

    @classmethod
    def from_dict(cls, data: Any, where: Where = "floor") -> Floor:
        """A floor from ``to_dict`` data, checked (``SaveError``): monsters and items on its floor
        tiles, a seen-room flag per room."""
        fields = Fields(data, where)
        level = decode_level(fields.get("level"), fields.path("level"))
        area = level.map
        seen = decode_array(fields.get("seen_rooms"), fields.path("seen_rooms"), "b1", 1)
        if seen.shape != (area.room_count,):
            fail(fields.path("seen_rooms"), f"{seen.size} flags for {area.room_count} rooms")
        visible = [as_int(room, path, 0, area.room_count - 1) for room, path in fields.entries("visible")]
        actors = [_monster(actor, path, area) for actor, path in fields.entries("actors")]
        items = [Item.from_dict(item, path, area) for item, path in fields.entries("items")]
        memory, doors = floor_fields.item_memory(fields, level), floor_fields.door_memory(fields, level)
        announced = [as_int(room, path, 0, area.room_count - 1) for room, path in fields.entries("announced")]
        mapped = [as_int(room, path, 0, area.room_count - 1) for room, path in fields.entries("mapped")]
        fixture_use = floor_fields.fixture_use(fields, level)
        state = fields.get("vault_state")
        if (state is None) != (level.vault is None):
            fail(fields.path("vault_state"), "a vault floor has its state, and no other floor has one")
        if state is not None and level.vault is not None:  # (both or neither: checked just above)
            state = VaultState.from_dict(state, fields.path("vault_state"), level.vault)
        ship = fields.get("ship_state")
        if (ship is None) != (level.kind != "ship"):
            fail(fields.path("ship_state"), "a deck has its air, and no other floor has any")
        if ship is not None:
            ship = ShipState.from_dict(ship, fields.path("ship_state"), area)
        smoke = floor_fields.smoke(fields, level)
        terrain = fields.data.get("terrain")  # (SPEC TER-1) saved exactly on a floor that has some
        if (terrain is None) != (lay(level) is None):
            fail(fields.path("terrain"), "a floor with ground or vents has its terrain, and no other floor has any")
        if terrain is not None:
            terrain = TerrainState.from_dict(terrain, fields.path("terrain"), area.rooms.shape)
        tiles = fields.data.get("seen_tiles")  # sight by the tile only
        if tiles is not None:
            tiles = decode_array(tiles, fields.path("seen_tiles"), "b1", 2)
            if tiles.shape != area.rooms.shape:
                fail(fields.path("seen_tiles"), f"shape {tiles.shape} is not the map's {area.rooms.shape}")
        return cls(fields.integer("depth", 0, MAX_COUNT), level, seen, visible,
                   fields.integer("door_version", 0, MAX_COUNT), actors, items, memory, doors, mapped, announced,
                   fixture_use, vault_state=state, ship_state=ship, smoke=smoke, terrain=terrain, seen_tiles=tiles)

def _monster(data: Any, where: Where, area: FloorMap) -> Actor:
    actor = Actor.from_dict(data, where, area)
    if actor.kind == "player":
        fail(at(where, "kind"), "the player is not one of a floor's monsters")
    return actor
