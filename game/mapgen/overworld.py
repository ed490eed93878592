"""The overworld island (SPEC §8): a pipeline of named passes.

``noise`` (8-octave Perlin, base period half the map) -> ``mask`` (rolling
particles, edges softened) -> ``heights`` (noise x mask/255, normalised to
0..255) -> ``terrain`` (waterline at 60 % of the sorted heights, then the
bands of seed 001) -> ``landmass`` (only the largest island; or seed 003's edge
erosion with ``shape="erosion"``) -> ``regions`` (cores, multi-source BFS over
land) -> ``gates`` (on every border between adjacent regions) -> ``entrances``
(one per region) -> ``names`` (Markov names for regions and their Wardens, and
the order the regions are played in).

Arrays are ``[y, x]``. Everything is numpy and handles 10 000 x 10 000 (PERF-4):
big arrays are float32/uint8/int8 and processed in row chunks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game.content.themes import region_themes
from game.mapgen import landmass as lm
from game.mapgen.names import default_generator
from game.mapgen.noise import fractal_noise_steps
from game.mapgen.regions import (Gate, RegionGrid, grow_regions, pick_cores, place_entrances, place_gates, play_order,
                                  region_borders)
from game.progress import Steps, finish
from game.rng import Rng

PASSES = ("noise", "mask", "heights", "terrain", "landmass", "regions", "gates", "entrances", "names")
SHAPES = ("particles", "erosion")
MAX_TILES = 2**31 - 1


@dataclass(frozen=True)
class OverworldParams:
    width: int = 200
    height: int = 150
    water: float = 0.6
    regions: int = 5
    octaves: int = 8
    shape: str = "particles"
    erosion_keep: float = 0.45  # with shape="erosion": the fraction of the square that stays land

    def __post_init__(self) -> None:
        if self.width < 16 or self.height < 16:
            raise ValueError("an overworld needs at least 16x16 tiles")
        if self.width * self.height > MAX_TILES:
            raise ValueError(f"an overworld has at most {MAX_TILES} tiles (flat tile indices are numpy's "
                             "index type, 32 bits in the browser)")
        if not 0.05 <= self.water <= 0.95:
            raise ValueError("water is a fraction between 0.05 and 0.95")
        if not 1 <= self.regions <= 100:
            raise ValueError("between 1 and 100 regions")
        if self.shape not in SHAPES:
            raise ValueError(f"shape is one of {SHAPES}")


@dataclass
class OverworldLevel:
    terrain: NDArray[np.uint8]  # [y, x], codes of game.mapgen.landmass
    regions: RegionGrid  # [y, x], -1 on water
    heights: NDArray[np.float32] | None = None  # 0..255 (dropped once terrain is set unless kept)
    cores: list[tuple[int, int]] = field(default_factory=list)
    gates: list[Gate] = field(default_factory=list)
    entrances: list[tuple[int, int]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    warden_names: list[str] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    themes: list[str] = field(default_factory=list)  # per region (game.content.themes, SPEC TER-2)
    waterline: float = 0.0

    @property
    def width(self) -> int:
        return int(self.terrain.shape[1])

    @property
    def height(self) -> int:
        return int(self.terrain.shape[0])


def generate_overworld(rng: Rng, params: OverworldParams = OverworldParams(), until: str = "names",
                       keep_heights: bool = False) -> OverworldLevel:
    """The island, every pass at once (or up to the pass ``until``)."""
    return finish(overworld_steps(rng, params, until, keep_heights))


def overworld_steps(rng: Rng, params: OverworldParams = OverworldParams(), until: str = "names",
                    keep_heights: bool = False) -> Steps[OverworldLevel]:
    """``generate_overworld`` in short steps: yields the name of the pass it is in (``PASSES``)."""
    if until not in PASSES:
        raise ValueError(f"unknown pass {until!r}; passes are {', '.join(PASSES)}")
    shape = (params.height, params.width)
    heights = yield from fractal_noise_steps(rng.child("noise"), shape, params.octaves)
    lm.normalise(heights)
    if until == "noise":
        return OverworldLevel(_bands_for_picture(heights), np.full(shape, -1, np.int8), heights)
    if params.shape == "particles":  # (with edge erosion the shape comes from the erosion instead)
        mask = yield from lm.particle_mask_steps(rng.child("mask"), *shape)
        if until == "mask":
            return OverworldLevel(_bands_for_picture(mask), np.full(shape, -1, np.int8), mask)
        _apply_mask(heights, mask)
        del mask
        lm.normalise(heights)
    yield "heights"
    if until == "heights":
        return OverworldLevel(_bands_for_picture(heights), np.full(shape, -1, np.int8), heights)
    line = lm.waterline(heights, params.water)
    terrain = lm.terrain_bands(heights, line)
    level = OverworldLevel(terrain, np.full(shape, -1, np.int8), heights if keep_heights else None, waterline=line)
    yield "terrain"
    if until == "terrain":
        return level
    land = terrain >= lm.BEACH
    if params.shape == "erosion":
        land = _erosion_land(rng.child("erosion"), params, terrain, heights, line)
    del heights
    island = lm.largest_landmass(land)
    terrain[land & ~island] = lm.SHALLOW  # the other islands sink
    del land
    yield "landmass"
    if until == "landmass":
        return level
    level.cores = pick_cores(rng.child("cores"), island, params.regions)
    level.regions = grow_regions(island, level.cores)
    del island
    yield "regions"
    if until == "regions":
        return level
    walkable = (terrain >= lm.BEACH) & (terrain <= lm.FOREST)
    level.gates = place_gates(rng.child("gates"), region_borders(level.regions), walkable)
    yield "gates"
    if until == "gates":
        return level
    reserved = {(g.x, g.y) for g in level.gates} | {(g.x + g.toward[0], g.y + g.toward[1]) for g in level.gates}
    level.entrances = place_entrances(rng.child("entrances"), level.regions, level.cores, walkable, reserved)
    yield "entrances"
    if until == "entrances":
        return level
    names = default_generator()
    used: set[str] = set()
    name_rng = rng.child("names")
    level.names = [names.name(name_rng, used, 5, 10) for _ in level.cores]
    level.warden_names = [names.name(name_rng, used, 4, 8) for _ in level.cores]
    level.order = play_order(rng.child("order"), len(level.cores), level.gates)
    level.themes = region_themes(rng.child("themes"), level.order)
    yield "names"
    return level


def _apply_mask(heights: NDArray[np.float32], mask: NDArray[np.float32]) -> None:
    scale = np.float32(1.0 / 255.0)
    for start in range(0, heights.shape[0], 1024):
        heights[start:start + 1024] *= mask[start:start + 1024] * scale


def _erosion_land(rng: Rng, params: OverworldParams, terrain: NDArray[np.uint8], heights: NDArray[np.float32],
                  line: float) -> NDArray[np.bool_]:
    """Seed 003's shape: the eroded square decides land; the heights give it relief."""
    land = lm.eroded_shape(rng, params.height, params.width, params.erosion_keep)
    land[0, :] = land[-1, :] = land[:, 0] = land[:, -1] = False
    inside = heights[land]
    if inside.size:
        shore_line = float(np.percentile(inside, 10))  # the lowest tenth of the land is beach
        bands = lm.terrain_bands(heights, shore_line)
        bands[bands < lm.BEACH] = lm.BEACH
        terrain[:] = np.where(land, bands, np.where(lm.dilate(land, 2), lm.SHALLOW, lm.DEEP))
    return land


def _bands_for_picture(values: NDArray[np.float32]) -> NDArray[np.uint8]:
    """A terrain-coded picture of an intermediate pass (for the tool's --until)."""
    return lm.terrain_bands(values, float(np.percentile(values, 60)))
