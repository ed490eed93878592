"""The island's life (SPEC TER-8): residents, caches and places, put on a finished island.

A pipeline of named passes over an ``OverworldLevel``: ``ways`` (the walk from each region's
entrance to the next one's in play order, through the gates) -> ``on the way`` (a place or a
herd beside every stretch of those walks, so crossing the island meets them) -> ``places`` (more
camps, shrines, merchants and ruins, scaled with the land) -> ``residents`` (herds, packs and
bands, scaled with each region's land). Harder residents live in regions played later: a
region's *rank* is its place in the play order, and the first region (rank 0) holds only
peaceful ones. Everything comes from ``rng`` and sorted tile lists: no set order decides.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import numpy as np

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.specials import shop_price
from game.map.level import Feature, Placement
from game.mapgen import landmass as lm
from game.mapgen.overworld import OverworldLevel
from game.progress import Steps, finish
from game.rng import Rng

Pos = tuple[int, int]
PLACES = ("camp", "shrine", "merchant", "ruins")
PEACEFUL = (("deer", 1, 2), ("deer", 2, 4))
"""Herds: (kind, fewest, most); every region has them."""
HOSTILE = ((), (("wolf", 2, 2), ("goblin", 2, 3), ("bat", 1, 2)), (("wolf", 2, 3), ("goblin", 2, 3), ("orc", 1, 2)),
           (("wolf", 2, 3), ("orc", 1, 2), ("cultist", 1, 2)))
"""Packs and bands by rank (the last row for every later rank), the dungeons' kinds among the island's
own wolves (on the island they all keep to their ground: ``game.ai.wild``); the first region has none."""
RUIN_GUARDS = ((), ("skeleton",), ("skeleton", "skeleton"), ("skeleton", "skeleton", "skeleton"))
"""Guards at their posts (``guard``: they chase only near them), by rank."""
MAX_WAY_LAND = 400_000  # above this much land the ways are not walked (the island is a benchmark's)
MAX_PLACEMENTS = 600  # (a 10 000-tile-wide island holds no more than this)


@dataclass(frozen=True)
class LifeParams:
    land_per_group: int = 600  # one herd or pack per this many land tiles of a region (at least two)
    land_per_place: int = 1500  # places away from the ways: one per this many land tiles
    way_spacing: int = 16  # something beside the way every this many steps
    beside: int = 3  # how far from the way it stands (at least 2: never on it)


@dataclass
class IslandLife:
    placements: list[Placement] = field(default_factory=list)
    features: list[Feature] = field(default_factory=list)
    places: list[tuple[str, Pos, int]] = field(default_factory=list)  # (kind, centre, region)
    ways: list[list[Pos]] = field(default_factory=list)

    def residents(self) -> list[Placement]:
        """The creatures (not the wares and caches, nor a merchant (a shopkeeper))."""
        return [p for p in self.placements if p.kind in MONSTERS and p.kind != "shopkeeper"]


def run_life(seed: int, level: OverworldLevel) -> IslandLife:
    """The life of a run's island, from the run's ``"island"`` stream: what the game puts on the
    island floor and what the level JSON lists (SPEC §16)."""
    return finish(run_life_steps(seed, level))


def run_life_steps(seed: int, level: OverworldLevel) -> Steps[IslandLife]:
    """``run_life`` in steps, for the loading screen: a step a walk between entrances."""
    return place_life_steps(Rng.stream(seed, "island"), level)


def place_life(rng: Rng, level: OverworldLevel, params: LifeParams = LifeParams()) -> IslandLife:
    """Residents, caches and places for ``level`` (a finished island: regions, gates, entrances, order)."""
    return finish(place_life_steps(rng, level, params))


def place_life_steps(rng: Rng, level: OverworldLevel, params: LifeParams = LifeParams()) -> Steps[IslandLife]:
    """``place_life`` in steps: each walk between entrances (a breadth-first search over the island,
    10-15 ms natively) is one, and the placing another."""
    life = IslandLife()
    if not level.order or not level.entrances:
        return life
    spots = _Spots(level)
    ranks = {region: rank for rank, region in enumerate(level.order)}
    land = int(np.count_nonzero(level.regions >= 0))
    bag: list[str] = []
    if land <= MAX_WAY_LAND:
        walk = _Walk(level)
        yield "life"
        for a, b in zip(level.order, level.order[1:]):
            life.ways.append(walk.way(level.entrances[a], level.entrances[b]))
            yield "life"
    for way in life.ways:  # on the way: a place, then a herd or pack, in turn, beside every stretch
        for n, step in enumerate(range(params.way_spacing // 2, len(way) - 2, params.way_spacing)):
            spot = spots.beside(rng, way[step], params.beside)
            if spot is None:
                continue
            region = int(level.regions[spot[1], spot[0]])
            if n % 2 == 0:
                _place(rng, life, spots, _next_place(rng, bag, life, region), spot, region, ranks[region])
            else:
                _group(rng, life, spots, spot, ranks[region], hostile_first=True)
    for _ in range(max(len(level.order), land // params.land_per_place) - len(life.places)):
        region = level.order[rng.below(len(level.order))]
        spot = spots.anywhere(rng, region)
        if spot is not None:
            _place(rng, life, spots, _next_place(rng, bag, life, region), spot, region, ranks[region])
    for region in level.order:
        area = int(np.count_nonzero(level.regions == region))
        for _ in range(max(2, area // params.land_per_group)):
            spot = spots.anywhere(rng, region)
            if spot is not None and len(life.placements) < MAX_PLACEMENTS:
                _group(rng, life, spots, spot, ranks[region])
    return life


def _next_place(rng: Rng, bag: list[str], life: IslandLife, region: int) -> str:
    """The next kind from a shuffled bag of every kind (so each kind comes round); one merchant a region."""
    for _ in range(2 * len(PLACES)):
        if not bag:
            bag.extend(PLACES)
            rng.shuffle(bag)
        kind = bag.pop()
        if kind != "merchant" or not any(k == "merchant" and r == region for k, _, r in life.places):
            return kind
    return "camp"


def _place(rng: Rng, life: IslandLife, spots: _Spots, kind: str, centre: Pos, region: int, rank: int) -> None:
    life.places.append((kind, centre, region))
    if kind == "camp":
        life.features.append(Feature("campfire", *centre))
        tent = spots.near(rng, centre, 1)
        if tent is not None:
            life.features.append(Feature("tent", *tent))
    elif kind == "shrine":
        life.features.append(Feature("wayshrine", *centre))
    elif kind == "merchant":
        life.placements.append(Placement("shopkeeper", *centre))
        depth = rank + 1
        wares = ["potion_healing"] + rng.sample(_kinds(depth + 1, equipment=False), 2)
        wares += rng.sample(_kinds(depth + 1, equipment=True), 1)
        for ware in wares:
            tile = spots.near(rng, centre, 1)
            if tile is not None:
                life.placements.append(Placement(ware, *tile, price=shop_price(ITEMS[ware].value, depth)))
        tent = spots.near(rng, centre, 2)
        if tent is not None:
            life.features.append(Feature("tent", *tent))
    else:  # ruins: broken walls round a cache, and its guards from the second region on
        life.features.append(Feature("ruin", *centre))
        for _ in range(rng.randint(2, 4)):
            wall = spots.near(rng, centre, 2)
            if wall is not None:
                life.features.append(Feature(rng.choice(("ruin", "rubble")), *wall))
        if rng.chance(0.5):
            life.placements.append(Placement("coins", *centre, count=rng.randint(8, 14) + 8 * rank))
        else:
            life.placements.append(Placement(rng.choice(_kinds(rank + 2, equipment=False)), *centre))
        for guard in RUIN_GUARDS[min(rank, len(RUIN_GUARDS) - 1)]:
            tile = spots.near(rng, centre, 2)
            if tile is not None:
                life.placements.append(Placement(guard, *tile))


def _group(rng: Rng, life: IslandLife, spots: _Spots, spot: Pos, rank: int, hostile_first: bool = False) -> None:
    """A herd, pack or band around ``spot``: hostile about half the time from the second region on
    (more often by the way there), never in the first."""
    packs = HOSTILE[min(rank, len(HOSTILE) - 1)]
    hostile = bool(packs) and rng.chance(0.6 if hostile_first else min(0.5, 0.2 + 0.1 * rank))
    kind, fewest, most = rng.choice(packs if hostile else PEACEFUL)
    spots.take(spot)
    life.placements.append(Placement(kind, *spot))
    for _ in range(rng.randint(fewest, most) - 1):
        tile = spots.near(rng, spot, 2)
        if tile is not None:
            life.placements.append(Placement(kind, *tile))


def _kinds(depth: int, equipment: bool) -> list[str]:
    """What a merchant sells or a cache holds at ``depth``, in table order (as a dungeon's shop)."""
    return [k for k, spec in ITEMS.items() if spec.value > 0 and spec.depth <= depth
            and (spec.category in ("weapon", "armour", "ranged")) == equipment]


class _Spots:
    """The island's free tiles for life: land a step costs nothing extra to reach (beach, plains,
    forest, hills), away from the entrances and off the gates; each taken once."""

    def __init__(self, level: OverworldLevel) -> None:
        self.regions = level.regions
        self.free = (level.terrain >= lm.BEACH) & (level.terrain <= lm.HILLS) & (level.regions >= 0)
        for x, y in level.entrances:
            self.free[max(0, y - 2):y + 3, max(0, x - 2):x + 3] = False
        for gate in level.gates:
            self.free[gate.y, gate.x] = False
            self.free[gate.y + gate.toward[1], gate.x + gate.toward[0]] = False
        self._tiles: dict[int, tuple[list[int], list[int]]] = {}

    def take(self, spot: Pos) -> None:
        self.free[spot[1], spot[0]] = False

    def near(self, rng: Rng, centre: Pos, radius: int) -> Pos | None:
        """A free tile of ``centre``'s region within ``radius`` (Chebyshev), taken."""
        return self._pick(rng, centre, 1, radius)

    def beside(self, rng: Rng, centre: Pos, radius: int) -> Pos | None:
        """A free tile 2..``radius`` from ``centre`` (off the way itself), taken."""
        return self._pick(rng, centre, 2, max(2, radius))

    def _pick(self, rng: Rng, centre: Pos, inner: int, outer: int) -> Pos | None:
        cx, cy = centre
        region = self.regions[cy, cx]
        height, width = self.free.shape
        options = [(x, y) for y in range(max(0, cy - outer), min(height, cy + outer + 1))
                   for x in range(max(0, cx - outer), min(width, cx + outer + 1))
                   if max(abs(x - cx), abs(y - cy)) >= inner and self.free[y, x] and self.regions[y, x] == region]
        if not options:
            return None
        spot = rng.choice(options)
        self.take(spot)
        return spot

    def anywhere(self, rng: Rng, region: int, tries: int = 40) -> Pos | None:
        """A free tile of ``region`` at random, taken."""
        if region not in self._tiles:
            rows, columns = np.nonzero(self.regions == region)
            self._tiles[region] = (columns.tolist(), rows.tolist())
        xs, ys = self._tiles[region]
        for _ in range(tries if len(xs) else 0):
            i = rng.below(len(xs))
            spot = (xs[i], ys[i])
            if self.free[spot[1], spot[0]]:
                self.take(spot)
                return spot
        return None


class _Walk:
    """The shortest walks over the island (4-connected, over land, across region borders only at
    gates), on flat tile indices and plain lists: a breadth-first search over the island's land,
    quick enough at a new run's start."""

    def __init__(self, level: OverworldLevel) -> None:
        self.width = width = level.regions.shape[1]
        self.region = np.where(level.terrain >= lm.BEACH, level.regions, -1).astype(np.int64).ravel().tolist()
        crossings = {(g.y * width + g.x, (g.y + g.toward[1]) * width + g.x + g.toward[0]) for g in level.gates}
        self.crossings = crossings | {(b, a) for a, b in crossings}

    def way(self, start: Pos, goal: Pos) -> list[Pos]:
        """The walk from ``start`` to ``goal``, both ends included; ``[]`` if there is none."""
        width, region, crossings = self.width, self.region, self.crossings
        first, last = start[1] * width + start[0], goal[1] * width + goal[0]
        came = {first: first}
        frontier = deque([first])
        while frontier and last not in came:
            here = frontier.popleft()
            x = here % width
            for there, inside in ((here + 1, x + 1 < width), (here - 1, x > 0),
                                  (here + width, here + width < len(region)), (here - width, here >= width)):
                if not inside or there in came or region[there] < 0:
                    continue
                if region[there] != region[here] and (here, there) not in crossings:
                    continue
                came[there] = here
                frontier.append(there)
        if last not in came:
            return []
        path = [last]
        while path[-1] != first:
            path.append(came[path[-1]])
        return [(i % width, i // width) for i in reversed(path)]
