"""The ``terrain`` pass of a room floor (SPEC TER-1): ground by the region's theme, and its vents.

A theme (``game.content.themes``) gives each ground kind a share of the floor's tiles. Each kind
is laid as organic blobs: the tiles where a low-frequency Perlin field (``game.mapgen.noise``)
is highest, as many as the share asks; chasms come as small holes (a finer field), water as
pools, grass, brush and ash as wide patches over what is left.

What the pass keeps, whatever the theme says:

- the entrance and the stairs down (or the Warden's tile) stay bare floor, and no water or
  chasm lies next to them, nor on either tile of a door (a doorway is never swum);
- no chasm on a region's deepest floor (there is no floor below to fall to);
- every tile a walker can stand on is reachable from the entrance without swimming or
  falling: where water or a chasm cuts a room in two, planks (``Ground.BRIDGE``) cross it on
  the shortest crossing, and a pocket of floor too small to matter is flooded instead
  (``game.mapgen.on_foot``);
- a theme with a gas (``Theme.gas``) gets one to three vents (``Feature("vent")``) away
  from the entrance's room; ``game.world`` makes them breathe.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.content.monsters import MONSTERS
from game.content.themes import THEMES, Theme
from game.map.edges import IS_DOOR
from game.map.ground import WALKED, Ground, bare
from game.map.level import Feature, Level, Pos
from game.mapgen.on_foot import mend
from game.mapgen.noise import fractal_noise
from game.rng import Rng

BLOCKERS = ("chasm", "water")
"""Laid first, on bare floor; the covers below are laid over what is left."""
COVERS = ("grass", "brush", "ash")
KINDS: dict[str, Ground] = {"chasm": Ground.CHASM, "water": Ground.WATER, "grass": Ground.GRASS,
                            "brush": Ground.BRUSH, "ash": Ground.ASH}
PERIOD = {"chasm": 5.0, "water": 14.0, "grass": 11.0, "brush": 9.0, "ash": 7.0}
"""The width of a blob's first octave, in tiles: small holes, broad pools and patches."""
VENTS = (1, 3)
VENT = "vent"


def lay_terrain(rng: Rng, level: Level, theme: Theme, deepest: bool = False) -> None:
    """Give ``level`` its ground (``level.ground``) and its vents by ``theme``; ``deepest``: a
    region's deepest floor, which has no chasm."""
    floor = level.map
    h, w = floor.height, floor.width
    ground = bare(h, w)
    on_floor = floor.floor_mask()
    kept = _kept_dry(level)
    for name in (*BLOCKERS, *COVERS):
        share = theme.ground.get(name, 0.0)
        if share <= 0.0 or (name == "chasm" and deepest):
            continue
        free = on_floor & (ground == Ground.FLOOR)
        free &= ~kept if name in BLOCKERS else ~_stairs(level, h, w)
        _blobs(rng.child("ground", name), ground, free, KINDS[name], share * int(on_floor.sum()), PERIOD[name])
    mend(floor.rooms, ground, kept)
    level.ground = ground
    if theme.gas:
        level.features += _vents(rng.child("vents"), level, ground, kept)


def _blobs(rng: Rng, ground: NDArray[np.uint8], free: NDArray[np.bool_], code: Ground, wanted: float,
           period: float) -> None:
    """Cover about ``wanted`` of the ``free`` tiles with ``code``, where a noise field is highest
    (at least one tile for any share, so a theme's rare ground still shows)."""
    count = min(int(free.sum()), max(1, round(wanted)))
    if count <= 0:
        return
    h, w = ground.shape
    field = fractal_noise(rng, (h, w), octaves=3, base_period=(period, period))
    ys, xs = np.nonzero(free)
    values = field[ys, xs]
    best = np.argsort(-values, kind="stable")[:count]
    ground[ys[best], xs[best]] = code


def _stairs(level: Level, h: int, w: int) -> NDArray[np.bool_]:
    mask = np.zeros((h, w), dtype=bool)
    for x, y in (level.entrance, level.exit):
        if 0 <= x < w and 0 <= y < h:
            mask[y, x] = True
    return mask


def _kept_dry(level: Level) -> NDArray[np.bool_]:
    """Tiles no water or chasm may take: the stairs and their neighbours, both tiles of every door."""
    floor = level.map
    h, w = floor.height, floor.width
    kept = np.zeros((h + 2, w + 2), dtype=bool)  # padded by one: neighbours of edge tiles
    for x, y in (level.entrance, level.exit):
        if 0 <= x < w and 0 <= y < h:
            kept[y : y + 3, x : x + 3] = True
    kept = kept[1:-1, 1:-1].copy()
    door_n = IS_DOOR[floor.north[: h + 1, :w]]  # a north-edge door touches rows y-1 and y
    kept |= door_n[:h] | door_n[1 : h + 1]
    door_w = IS_DOOR[floor.west[:h, : w + 1]]
    kept |= door_w[:, :w] | door_w[:, 1 : w + 1]
    return kept


def _vents(rng: Rng, level: Level, ground: NDArray[np.uint8], kept: NDArray[np.bool_]) -> list[Feature]:
    """One to three gas vents on standing floor, in different rooms, none in the entrance's room."""
    floor = level.map
    entrance_room = floor.room_at(*level.entrance)
    used = {f.pos for f in level.features}
    spots = floor.floor_mask() & WALKED[ground] & ~kept & (floor.rooms != entrance_room)
    ys, xs = np.nonzero(spots)
    by_room: dict[int, list[Pos]] = {}
    for x, y in zip(xs.tolist(), ys.tolist()):
        if (x, y) not in used:
            by_room.setdefault(int(floor.rooms[y, x]), []).append((x, y))
    rooms = sorted(by_room)
    count = min(len(rooms), rng.randint(*VENTS))
    return [Feature(VENT, *rng.choice(by_room[room])) for room in rng.sample(rooms, count)]


# --- what the other passes ask of the ground -----------------------------------------
def theme_weights(theme_name: str, depth: int, water: bool) -> dict[str, int]:
    """The kinds a floor draws its monsters from, with their weights: its theme's own favoured
    (SPEC TER-2), a themed kind only where its theme lists it, a swimmer only where there is
    deep water. The floor's budget stays what its depth gives."""
    theme = THEMES.get(theme_name)
    favoured = theme.monsters if theme is not None else ()
    weights = {}
    for kind, spec in MONSTERS.items():
        if spec.depth > depth or spec.weight <= 0 or spec.boss or (spec.themed and kind not in favoured) \
                or (spec.aquatic and not water):
            continue
        weights[kind] = spec.weight * (theme.favour if theme is not None and kind in favoured else 1)
    return weights


def unsteady_tiles(level: Level) -> set[Pos]:
    """Tiles nothing is put on: deep water, chasms (``game.map.ground``) and fixtures already there."""
    taken = {f.pos for f in level.features}
    if level.ground is not None:
        ys, xs = np.nonzero(~WALKED[level.ground])
        taken.update(zip(xs.tolist(), ys.tolist()))
    return taken


def water_tiles(level: Level, exclude: set[int]) -> list[Pos]:
    """The floor's deep-water tiles outside the ``exclude`` rooms, in row order (where swimmers live)."""
    if level.ground is None:
        return []
    water = (level.ground == Ground.WATER) & ~np.isin(level.map.rooms, sorted(exclude))
    ys, xs = np.nonzero(water)
    return list(zip(xs.tolist(), ys.tolist()))
