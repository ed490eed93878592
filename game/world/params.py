"""The shape of a run: which generators and how many floors each region has."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable, TypeVar

from game.mapgen.dungeon import DungeonParams
from game.mapgen.overworld import SHAPES, OverworldParams
from game.world.fields import MAX_COUNT, MAX_SIDE, Fields, Where, as_int, as_list, at, fail

T = TypeVar("T")
MAX_DUNGEON_SIDE = 2000  # as ``mapgen`` allows: a 2000x2000 floor takes some 16 s to make
MAX_ATTEMPTS = 100
MAX_FLOORS = 100  # per region
MAX_REGIONS = 100
MAX_NAME = 100  # a region's or a Warden's name, in characters


@dataclass(frozen=True)
class RunParams:
    """The dungeon generator, the island, floors per region (by play order; the last repeats)."""

    dungeon: DungeonParams = DungeonParams()
    world: OverworldParams = OverworldParams()
    floors_per_region: tuple[int, ...] = (2, 2, 3, 3, 3)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, where: Where = "params") -> RunParams:
        """Params from ``to_dict`` data, checked (``SaveError``) to be ones the generators can use."""
        fields = Fields(data, where)
        floors = [as_int(n, path, 1, MAX_FLOORS) for n, path in fields.entries("floors_per_region")]
        if not 1 <= len(floors) <= MAX_REGIONS:
            fail(fields.path("floors_per_region"), f"{len(floors)} entries; a run has 1..{MAX_REGIONS} regions")
        return cls(_dungeon(Fields(fields.get("dungeon"), fields.path("dungeon"))),
                   _island(Fields(fields.get("world"), fields.path("world"))), tuple(floors))


def _dungeon(fields: Fields) -> DungeonParams:
    width = fields.integer("width", 4, MAX_DUNGEON_SIDE)
    height = fields.integer("height", 4, MAX_DUNGEON_SIDE)
    low, high = (as_int(n, at(fields.path("room_size"), i), 1, MAX_DUNGEON_SIDE)
                 for i, n in enumerate(fields.list("room_size", 2)))
    if low > high:
        fail(fields.path("room_size"), f"the smallest size {low} is above the largest {high}")
    # The first room grows unhindered to at least this area; a larger minimum could prune every room.
    first_room = min(low // 2 + 1, width) * min(low // 2 + 1, height)
    min_area = fields.integer("min_room_area", 0, MAX_COUNT)
    if min_area > first_room:
        fail(fields.path("min_room_area"), f"{min_area} is above {first_room}, the least a first room of size "
                                           f"{low}..{high} grows to on {width}x{height}: every room could be pruned")
    room_count = fields.get("room_count")
    if room_count is not None:
        room_count = tuple(as_int(n, at(fields.path("room_count"), i), 0, MAX_COUNT)
                           for i, n in enumerate(as_list(room_count, fields.path("room_count"), 2)))
        if room_count[0] > room_count[1]:
            fail(fields.path("room_count"), f"the least {room_count[0]} is above the most {room_count[1]}")
    return _made(DungeonParams, fields.where, width=width, height=height,
                 seeds_per_tile=fields.number("seeds_per_tile", 0.0, 1.0), room_size=(low, high),
                 min_room_area=min_area,
                 loop_fraction=fields.number("loop_fraction", 0.0, 1.0),
                 open_door_chance=fields.number("open_door_chance", 0.0, 1.0), room_count=room_count,
                 attempts=fields.integer("attempts", 0, MAX_ATTEMPTS))


def _island(fields: Fields) -> OverworldParams:
    return _made(OverworldParams, fields.where, width=fields.integer("width", 16, MAX_SIDE),
                 height=fields.integer("height", 16, MAX_SIDE), water=fields.number("water", 0.05, 0.95),
                 regions=fields.integer("regions", 1, MAX_REGIONS), octaves=fields.integer("octaves", 1, 16),
                 shape=fields.choice("shape", SHAPES, "island shape"),
                 erosion_keep=fields.number("erosion_keep", 0.01, 1.0))


def _made(make: Callable[..., T], where: Where, **values: Any) -> T:
    """``make(**values)``; the params' own checks (``__post_init__``) become a ``SaveError``."""
    try:
        return make(**values)
    except ValueError as error:
        fail(where, str(error))
