"""Fire, gas and smoke, drawn over a floor each frame (SPEC REN-7): only on their tiles in view and in
sight, so a fire that spreads costs a few blits and never a redraw of the floor's picture.

Fire is flames (three tongues, orange round a yellow core, with a dark outline, over an orange
glow) that flicker through ``FRAMES`` pictures, a few times a second, each tile out of step with
its neighbours; a tile with little fire left shows small flames. With reduced motion the
flames stand still. Gas is a soft cloud, thicker where there is more of it (``DENSITY``):
poison green with bubbles, confusion violet with swirls, so the two read apart by shape too.
Every picture is made once per tile size and kept.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.render import motion, palette

if TYPE_CHECKING:
    from game.render.camera import Camera
    from game.world.floor import Floor
    from game.world.game import Game

FRAMES = 4
FLICKER_MS = 140.0
"""How long each picture of the flames stays: the screen is redrawn this often while fire is in sight."""
FLAME: tuple[int, int, int] = (238, 104, 28)
FLAME_CORE: tuple[int, int, int] = (255, 222, 100)
FLAME_EDGE: tuple[int, int, int] = (66, 20, 8)
GLOW = (255, 112, 30, 70)
BIG_FIRE = 3
"""A tile with at least this many turns of fire left shows tall flames; below, small ones."""
GAS_COLOURS: dict[str, tuple[int, int, int]] = {"poison": (176, 214, 44), "confusion": (206, 104, 224)}
DENSITY = (1, 3, 6, 10)
"""The least amount of gas for each step of the cloud's thickness."""
GAS_ALPHA = (70, 105, 140, 175)
"""The cloud's opacity at its thickest, at each step."""


def density(amount: int) -> int:
    """The cloud's thickness step (0..3) for ``amount`` of gas (at least 1)."""
    return sum(amount >= least for least in DENSITY[1:])


class TerrainOverlay:
    """The fire and gas of the floor on screen, at one tile size."""

    def __init__(self, tile: int) -> None:
        self.tile = tile
        self._flames: dict[tuple[bool, int], pygame.Surface] = {}
        self._clouds: dict[tuple[str, int, int], pygame.Surface] = {}
        self._frame = -1  # the flicker's tick last drawn with fire in sight (-1: no fire shown)
        self._puff: pygame.Surface | None = None  # one tile of smoke

    def forget(self) -> None:
        """Another floor (or the island): no flames shown until they are drawn again."""
        self._frame = -1

    def busy(self, now_ms: float) -> bool:
        """Whether the flames drawn last have moved on since: the app draws the screen again."""
        return self._frame >= 0 and not motion.reduced and _tick(now_ms) != self._frame

    def draw_fire(self, surface: pygame.Surface, floor: Floor, camera: Camera, now_ms: float) -> None:
        """The flames on the burning tiles in view and in sight (under items and monsters)."""
        self._frame = -1
        terrain = floor.terrain
        if terrain is None:
            return
        burning = _in_sight(floor, terrain.fire, camera)
        if burning is None:
            return
        tick = 0 if motion.reduced else _tick(now_ms)
        ys, xs, turns = burning
        blits = []
        for x, y, left in zip(xs.tolist(), ys.tolist(), turns.tolist()):
            frame = (tick + x * 3 + y * 5) % FRAMES
            blits.append((self.flames(left >= BIG_FIRE, frame), camera.tile_origin(x, y)))
        surface.fblits(blits)
        self._frame = tick

    def draw_smoke(self, surface: pygame.Surface, game: Game, camera: Camera) -> None:
        """A smoke bomb's cloud: see-through grey over its tiles in sight (what stands in it shows
        only from right beside it, as it sees only that far)."""
        if not game.floor.smoke:
            return
        if self._puff is None:
            self._puff = pygame.Surface((self.tile, self.tile), pygame.SRCALPHA)
            self._puff.fill((*palette.SMOKE, 105))
        for (x, y), until in game.floor.smoke.items():
            if until > game.turn and game.floor.in_sight(x, y):
                surface.blit(self._puff, camera.tile_origin(x, y))

    def draw_gas(self, surface: pygame.Surface, floor: Floor, camera: Camera) -> None:
        """The clouds on the tiles in view and in sight that hold gas (over everything that stands in them)."""
        terrain = floor.terrain
        if terrain is None or terrain.gas_kind not in GAS_COLOURS:
            return
        held = _in_sight(floor, terrain.gas, camera)
        if held is None:
            return
        ys, xs, amounts = held
        blits = [(self.cloud(terrain.gas_kind, density(amount), (x + y) % 2), camera.tile_origin(x, y))
                 for x, y, amount in zip(xs.tolist(), ys.tolist(), amounts.tolist())]
        surface.fblits(blits)

    def flames(self, big: bool, frame: int) -> pygame.Surface:
        picture = self._flames.get((big, frame))
        if picture is None:
            picture = self._flames[(big, frame)] = _flames(self.tile, frame, big)
        return picture

    def cloud(self, kind: str, step: int, variant: int = 0) -> pygame.Surface:
        """A tile's cloud of ``kind`` at thickness ``step`` (``variant`` 0 or 1: neighbours differ). It
        never spills past its tile: gas stops at walls."""
        picture = self._clouds.get((kind, step, variant))
        if picture is None:
            picture = self._clouds[(kind, step, variant)] = _cloud(self.tile, GAS_COLOURS[kind], GAS_ALPHA[step], kind,
                                                                   variant)
        return picture


def _tick(now_ms: float) -> int:
    return int(now_ms // FLICKER_MS) % FRAMES


def _in_sight(floor: Floor, layer: np.ndarray, camera: Camera) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The tiles in view and in sight where ``layer`` is not 0: ``(ys, xs, values)``, or None."""
    height, width = layer.shape
    x0, y0, x1, y1 = camera.visible_tiles()
    x0, y0, x1, y1 = max(0, x0 - 1), max(0, y0 - 1), min(width, x1 + 1), min(height, y1 + 1)
    if x0 >= x1 or y0 >= y1:
        return None
    window = layer[y0:y1, x0:x1]
    if not window.any():
        return None
    if floor.lit is not None:
        sight = floor.lit[y0:y1, x0:x1]
    else:
        sight = np.isin(floor.map.rooms[y0:y1, x0:x1], floor.visible)
    ys, xs = np.nonzero((window > 0) & sight)
    if not xs.size:
        return None
    return ys + y0, xs + x0, window[ys, xs]


def _flames(tile: int, frame: int, big: bool) -> pygame.Surface:
    picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
    picture.fill(GLOW)
    base = tile - max(2, tile // 8)
    scale = 1.0 if big else 0.6
    for i, across in enumerate((0.27, 0.5, 0.73)):
        phase = (frame + i * 1.7) / FRAMES * 2 * math.pi
        height = tile * scale * (0.58 + 0.14 * math.sin(phase)) * (1.15 if i == 1 else 0.85)
        half = tile * 0.15 * scale + 1
        sway = tile * 0.07 * math.sin(2 * phase + i)
        cx = tile * across
        outer = [(cx - half, base), (cx - half * 0.7, base - height * 0.45), (cx + sway, base - height),
                 (cx + half * 0.7, base - height * 0.45), (cx + half, base)]
        pygame.draw.polygon(picture, (*FLAME, 255), outer)
        pygame.draw.polygon(picture, (*FLAME_EDGE, 255), outer, 1)
        core = [(cx - half * 0.45, base), (cx + sway * 0.5, base - height * 0.55), (cx + half * 0.45, base)]
        pygame.draw.polygon(picture, (*FLAME_CORE, 255), core)
    return picture


def _cloud(tile: int, colour: tuple[int, int, int], alpha: int, kind: str, variant: int) -> pygame.Surface:
    """One tile of cloud: an even haze with soft puffs over it (placed by ``variant``), and the
    gas's own mark (poison's bubbles, confusion's swirl) so it reads without its colour."""
    picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
    picture.fill((*colour, 0))
    across = (np.arange(tile, dtype=np.float32) + 0.5) / tile  # 0..1 over the tile
    haze = np.full((tile, tile), 0.55, dtype=np.float32)
    puffs = ((0.3, 0.35), (0.72, 0.3), (0.5, 0.75)) if variant == 0 else ((0.25, 0.7), (0.7, 0.65), (0.45, 0.25))
    for px, py in puffs:
        distance = np.hypot(across[:, None] - px, across[None, :] - py) / 0.32
        haze += 0.35 * np.clip(1.0 - distance, 0.0, 1.0) ** 2
    pixels = pygame.surfarray.pixels_alpha(picture)
    pixels[...] = (np.clip(haze, 0.0, 1.0) * alpha).astype(np.uint8)
    del pixels  # unlocks the surface
    mark = (*(min(255, c + 70) for c in colour), min(255, alpha + 70))
    middle = tile / 2
    width = 1 if tile < 32 else 2
    if kind == "poison":  # bubbles
        radius = max(2, tile // 9)
        spots = ((-0.22, 0.12), (0.18, -0.2), (0.2, 0.22)) if variant == 0 else ((0.2, 0.1), (-0.18, -0.2))
        for dx, dy in spots:
            pygame.draw.circle(picture, mark, (middle + dx * tile, middle + dy * tile), radius, width)
    else:  # a swirl
        turn = 1 if variant == 0 else -1
        points = [(middle + turn * math.cos(a) * a * tile / 30, middle + math.sin(a) * a * tile / 30)
                  for a in np.linspace(0.5, 4.5 * math.pi / 1.4, 24).tolist()]
        pygame.draw.lines(picture, mark, False, points, width)
    return picture
