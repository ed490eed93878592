"""The shape of a run: which generators and how many floors each region has."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.mapgen.dungeon import DungeonParams
from game.mapgen.overworld import OverworldParams


@dataclass(frozen=True)
class RunParams:
    """The dungeon generator, the island, floors per region (by play order; the last repeats)."""

    dungeon: DungeonParams = DungeonParams()
    world: OverworldParams = OverworldParams()
    floors_per_region: tuple[int, ...] = (2, 2, 3, 3, 3)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunParams:
        dungeon = dict(data["dungeon"])
        for key in ("room_size", "room_count"):
            if dungeon.get(key) is not None:
                dungeon[key] = tuple(dungeon[key])
        return cls(DungeonParams(**dungeon), OverworldParams(**data["world"]),
                   tuple(int(n) for n in data["floors_per_region"]))
