"""A generated level: its map plus where things start. Produced by ``game.mapgen``."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game.map.floor_map import FloorMap
from game.map.vault_field import VaultField

Pos = tuple[int, int]
LEVEL_KINDS = ("dungeon", "vault", "ship", "overworld")


@dataclass(frozen=True)
class Placement:
    """Something the generator put on a tile: a monster, an item, a decoration."""

    kind: str
    x: int
    y: int
    count: int = 1  # coins in a pile
    asleep: bool = False
    leader: int = -1  # index of the placement this one follows (sidekicks)
    route: tuple[Pos, ...] = ()  # patrol waypoints
    price: int = 0  # a shop's ware: what it costs (0: free to take)
    choice: int = 0  # an armoury's offer: taking one of a choice (same number) locks the others away
    captive: bool = False  # a monster held shackled by its captors (SPEC ALY-1)


@dataclass(frozen=True)
class Feature:
    """A fixture or decoration on a tile (``game.content.specials``): never blocks."""

    kind: str
    x: int
    y: int

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)


@dataclass(frozen=True)
class Special:
    """A room with a purpose (LVL-4): ``kind`` is a row of ``game.content.specials.SPECIALS``."""

    kind: str
    room: int


@dataclass
class Level:
    """One generated floor: map, stairs, the room graph and initial placements."""

    kind: str  # "dungeon", "vault", "ship", "overworld"
    map: FloorMap
    entrance: Pos
    exit: Pos
    door_pairs: list[tuple[int, int]] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    stairs_down: bool = True  # False on a region's deepest floor, where the Warden waits instead
    terrain: NDArray[np.uint8] | None = None  # the overworld's terrain codes, [y, x]
    vault: VaultField | None = None  # a trap vault's traps, numbers and goal (game.world.vaults)
    specials: list[Special] = field(default_factory=list)  # shops, shrines... (LVL-4)
    features: list[Feature] = field(default_factory=list)  # fixtures and decorations
    ground: NDArray[np.uint8] | None = None  # a room floor's ground codes (game.map.ground), [y, x]; None: bare
    theme: str = ""  # the region's theme (game.content.themes); "" for none (the island, old saves)

    def special_of(self, room: int) -> Special | None:
        return next((s for s in self.specials if s.room == room), None)

    def feature_at(self, pos: Pos) -> Feature | None:
        return next((f for f in self.features if (f.x, f.y) == pos), None)

    @property
    def width(self) -> int:
        return self.map.width

    @property
    def height(self) -> int:
        return self.map.height
