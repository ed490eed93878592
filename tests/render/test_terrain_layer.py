"""Fire and gas over the floor (SPEC REN-7): drawn on their tiles in sight and nowhere else,
flames that flicker (and stand still with reduced motion) and ask for frames only while they
do, clouds thicker with more gas, poison and confusion told apart by shape too."""

from __future__ import annotations

import numpy as np
import pygame

from game.map.ground import Ground
from game.render import motion
from game.render.layout import TILE
from game.render.sprites import SpriteBank
from game.render.terrain_layer import FLICKER_MS, TerrainOverlay, density
from game.render.view import PlayView
from game.world.terrain import TerrainState
from tests.helpers import game_on

ROOMS = """
+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . .|. . . .|
+             +       +
|. . . @ . . .D. . . .|
+             +       +
|. . . . . . .|. . . .|
+-+-+-+-+-+-+-+-+-+-+-+
"""
"""The player's hall and, beyond a closed door, a room out of sight."""


def _game():
    game = game_on(ROOMS)
    game.floor.terrain = terrain = TerrainState.fresh(game.floor.level)
    terrain.ground[:, :] = Ground.GRASS
    return game, terrain


def _drawn(display, game, now_ms: float = 10_000) -> tuple[np.ndarray, PlayView]:
    view = PlayView(SpriteBank(TILE))
    view.sync(game, now_ms)
    view.draw(display, game, now_ms)
    return pygame.surfarray.array3d(display).transpose(1, 0, 2).astype(int), view


def _changed_tiles(before: np.ndarray, after: np.ndarray, game, view: PlayView) -> set[tuple[int, int]]:
    """The map tiles whose pixels differ between two frames drawn at the same camera."""
    camera = view.camera(game, 10_000)
    ys, xs = np.nonzero(np.abs(after - before).sum(axis=2) > 0)
    tiles = set()
    for x, y in zip(xs.tolist(), ys.tolist()):
        tiles.add(camera.tile_at(x + 0.5, y + 0.5))
    return tiles


def test_fire_is_drawn_on_the_burning_tiles_in_sight_only(display) -> None:
    game, terrain = _game()
    before, view = _drawn(display, game)
    terrain.fire[0, 1] = terrain.fire[2, 5] = 3
    terrain.fire[1, 9] = 3  # beyond the closed door: out of sight
    after, _ = _drawn(display, game)
    assert _changed_tiles(before, after, game, view) == {(1, 0), (5, 2)}
    flame = after[np.abs(after - before).sum(axis=2) > 0]
    assert ((flame[:, 0] > 200) & (flame[:, 1] > 80) & (flame[:, 2] < 80)).sum() > 20, "orange flames"


def test_the_flames_flicker_and_ask_for_frames_only_while_shown(display) -> None:
    game, terrain = _game()
    terrain.fire[0, 1] = 5
    first, view = _drawn(display, game, 10_000)
    assert not view.terrain.busy(10_000) and view.terrain.busy(10_000 + FLICKER_MS), "the next picture is due"
    later, _ = _drawn(display, game, 10_000 + FLICKER_MS)
    assert not np.array_equal(first, later), "the flames moved"
    motion.set_reduced(True)
    still, view = _drawn(display, game, 10_000)
    again, _ = _drawn(display, game, 10_000 + FLICKER_MS)
    assert np.array_equal(still, again) and not view.terrain.busy(10_000 + FLICKER_MS), "with reduced motion, still"
    motion.set_reduced(False)
    terrain.fire[:, :] = 0
    _, view = _drawn(display, game)
    assert not view.terrain.busy(10_000 + FLICKER_MS), "no fire, no frames (PERF-7)"


def test_another_floor_forgets_the_flames_of_the_last(display) -> None:
    """Flames drawn on one floor ask for no frames once the screen shows another (the island,
    where no fire is drawn), or it would never rest (PERF-7)."""
    game, terrain = _game()
    terrain.fire[0, 1] = 5
    _, view = _drawn(display, game)
    assert view.terrain.busy(10_000 + FLICKER_MS)
    view.sync(game_on(ROOMS), 10_000)
    assert not view.terrain.busy(10_000 + FLICKER_MS)


def test_gas_clouds_its_tiles_in_sight_and_thickens_with_more(display) -> None:
    game, terrain = _game()
    before, view = _drawn(display, game)
    terrain.gas_kind = "poison"
    terrain.gas[1, 1] = 1
    terrain.gas[1, 5] = 12
    terrain.gas[1, 8] = 12  # out of sight
    after, _ = _drawn(display, game)
    assert _changed_tiles(before, after, game, view) == {(1, 1), (5, 1)}
    camera = view.camera(game, 10_000)

    def shift(x: int, y: int) -> float:
        ox, oy = camera.tile_origin(x, y)
        return float(np.abs(after[oy:oy + TILE, ox:ox + TILE] - before[oy:oy + TILE, ox:ox + TILE]).mean())

    assert shift(5, 1) > shift(1, 1) * 1.5, "more gas, a thicker cloud"
    assert density(1) < density(12)


def test_poison_and_confusion_differ_in_shape_as_well_as_colour(display) -> None:
    overlay = TerrainOverlay(TILE)
    grey = {}
    for kind in ("poison", "confusion"):
        picture = overlay.cloud(kind, 2)
        alpha = pygame.surfarray.array_alpha(picture).astype(int)
        grey[kind] = alpha
    assert np.abs(grey["poison"] - grey["confusion"]).mean() > 3, "bubbles against a swirl, not a tint alone"
