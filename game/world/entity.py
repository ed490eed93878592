"""Things that stand on tiles: the player, and later monsters and items."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class Entity:
    """One thing on the map. ``kind`` names a row of the content tables."""

    eid: int
    kind: str
    x: int
    y: int
    hp: int = 1
    max_hp: int = 1

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entity:
        return cls(**data)
