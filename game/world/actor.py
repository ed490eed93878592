"""Actors: the player and the monsters. Items lying on the floor are ``Item``s.

A monster's mind is small and explicit: a ``state`` (asleep, idle, hunting,
searching, returning, fleeing) plus what it is heading for. Its behaviour, a
pluggable object chosen by its kind (``game.ai.behaviours``), reads and updates
these fields each turn.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

Pos = tuple[int, int]

STATES = ("asleep", "idle", "hunting", "searching", "returning", "fleeing")


@dataclass
class Actor:
    eid: int
    kind: str  # "player" or a row of game.content.monsters.MONSTERS
    x: int
    y: int
    hp: int
    max_hp: int
    energy: int = 0
    state: str = "idle"
    target: Pos | None = None  # where it is going: the enemy's last known tile, a noise
    target_eid: int | None = None  # whom it is fighting
    home: Pos | None = None  # a guard's post, a patroller's start, a spawner's tile
    leader: int | None = None  # sidekicks keep near their leader
    route: list[Pos] = field(default_factory=list)  # patrol waypoints
    route_index: int = 0
    spawned: int = 0  # spawners: how many they have made
    parent: int | None = None  # the spawner that made this one
    called_allies: bool = False  # henchmen shout once per sighting
    lost_turns: int = 0  # turns since the target was last seen
    timer: int = 0  # turns counted by behaviours (a spawner's clock)
    name: str = ""  # a unique monster's own name (Wardens)
    power: int = 0  # added to accuracy and to both ends of the damage range (later Wardens)

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["route"] = [list(p) for p in self.route]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Actor:
        fields = dict(data)
        for key in ("target", "home"):
            if fields.get(key) is not None:
                fields[key] = tuple(fields[key])
        fields["route"] = [tuple(p) for p in fields.get("route", [])]
        return cls(**fields)


@dataclass
class Item:
    """An item lying on a tile; ``count`` for coins and stacks."""

    iid: int
    kind: str
    x: int
    y: int
    count: int = 1

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Item:
        return cls(**data)
