"""Ground drawn into the floor's picture (SPEC REN-7): each kind its own look, told apart by its
shape and lightness (not its hue alone), a chasm's lip only toward solid ground, a change of
ground (grass burnt to ash) drawn again on its tiles only, and a region's floor and wall colours."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from game.content.specials import SPECIALS
from game.content.themes import THEMES
from game.map.ground import Ground
from game.map.level import Special
from game.render import ground_look
from game.render.floor_layer import Dressing, FloorLayer
from game.render.layout import TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.world.terrain import TerrainState
from tests.helpers import game_on

HALL = """
+-+-+-+-+-+-+-+-+
|. . . . . . . .|
+               +
|. . . . . . . .|
+               +
|. . . @ . . . .|
+-+-+-+-+-+-+-+-+
"""
KINDS = [Ground.GRASS, Ground.BRUSH, Ground.WATER, Ground.CHASM, Ground.ASH, Ground.BRIDGE]


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)  # [y, x, rgb]


def _tile(picture: np.ndarray, x: int, y: int, tile: int = TILE) -> np.ndarray:
    return picture[y * tile:(y + 1) * tile, x * tile:(x + 1) * tile]


def _hall_layer(ground: np.ndarray | None, dressing: Dressing | None = None) -> tuple[FloorLayer, object]:
    game = game_on(HALL)
    floor = game.floor
    dressing = dressing or Dressing()
    dressing.ground = ground
    layer = FloorLayer(floor.map, TILE, 0, None, dressing)
    layer.update(np.ones(floor.map.room_count, dtype=bool), [0])
    return layer, game


def test_every_kind_of_ground_is_drawn_unlike_bare_floor(display) -> None:
    ground = np.zeros((3, 8), dtype=np.uint8)
    ground[0, :len(KINDS)] = KINDS
    lit = _pixels(_hall_layer(ground)[0].lit)
    floor_tile = _tile(lit, 3, 1)
    for x, kind in enumerate(KINDS):
        drawn = _tile(lit, x, 0)
        middle = drawn[4:-4, 4:-4]
        assert np.abs(middle - floor_tile[4:-4, 4:-4]).mean() > 12, f"{kind.name} looks like floor"
    water, floor_centre = _tile(lit, 2, 0)[TILE // 2, 2:-2], floor_tile[TILE // 2, 2:-2]
    assert water[:, 2].mean() > floor_centre[:, 2].mean() + 20, "deep water is blue"
    assert _tile(lit, 3, 0)[8:-8, 8:-8].max() < 30, "a chasm is a dark hole"


def _luma(picture: np.ndarray) -> np.ndarray:
    return picture @ np.array([0.3, 0.59, 0.11])


def test_the_kinds_read_apart_without_their_hues(display) -> None:
    """Seen in grey (as a player who tells no hues apart might), every two kinds still differ
    tile for tile: by shape and lightness, not by colour alone."""
    ground = np.zeros((3, 8), dtype=np.uint8)
    ground[0, :len(KINDS)] = KINDS
    lit = _pixels(_hall_layer(ground)[0].lit)
    grey = {kind: _luma(_tile(lit, x, 0)[3:-3, 3:-3]) for x, kind in enumerate(KINDS)}
    for a, b in itertools.combinations(KINDS, 2):
        apart = np.abs(grey[a] - grey[b]).mean()
        assert apart > 10, f"{a.name} and {b.name} differ by {apart:.1f} in grey"


def test_a_chasm_has_a_lit_lip_only_toward_solid_ground(display) -> None:
    ground = np.zeros((3, 8), dtype=np.uint8)
    ground[1, 2:4] = Ground.CHASM  # two chasm tiles side by side, floor round them
    lit = _pixels(_hall_layer(ground)[0].lit)
    left = _tile(lit, 2, 1)
    lip = ground_look.CHASM_RIM[0]
    assert (np.abs(left[TILE // 2, 0] - lip).sum()) < 10, "its west side, beside floor, has the lip"
    assert (np.abs(left[0, TILE // 2] - lip).sum()) < 10, "its north side too"
    assert left[TILE // 2, -1].max() < 30, "its east side, beside the other chasm tile, falls on into the dark"


def test_a_bridge_lies_across_its_way(display) -> None:
    ground = np.zeros((3, 8), dtype=np.uint8)
    ground[1, 1:5] = Ground.BRIDGE  # east to west
    ground[0:3, 6] = Ground.BRIDGE  # north to south
    lit = _pixels(_hall_layer(ground)[0].lit)
    rail = np.array(ground_look.BRIDGE_RAIL)
    east_west, north_south = _tile(lit, 2, 1), _tile(lit, 6, 1)
    assert np.abs(east_west[0, TILE // 2] - rail).sum() < 10 and np.abs(east_west[TILE // 2, 0] - rail).sum() > 10
    assert np.abs(north_south[TILE // 2, 0] - rail).sum() < 10 and np.abs(north_south[0, TILE // 2] - rail).sum() > 10


def test_burnt_grass_is_drawn_again_on_its_tiles_only(display) -> None:
    """Grass burnt to ash: the tile (and those beside it) drawn again, lit, dim and on screen,
    just as a floor drawn with the ash from the start; the rest of the picture untouched."""
    ground = np.zeros((3, 8), dtype=np.uint8)
    ground[:, :4] = Ground.GRASS
    layer, game = _hall_layer(ground)
    before = _pixels(layer.composed)
    version = layer.version
    burnt = ground.copy()
    burnt[1, 1] = Ground.ASH
    layer.set_ground(burnt)
    after = _pixels(layer.composed)
    assert layer.version > version, "the zoomed map sees the change"
    changed = np.argwhere(np.abs(after - before).sum(axis=2) > 0)
    ys, xs = changed[:, 0] // TILE, changed[:, 1] // TILE
    assert set(zip(xs.tolist(), ys.tolist())) == {(1, 1)}, "only the burnt tile looks otherwise"
    fresh, _ = _hall_layer(burnt)
    assert np.array_equal(_pixels(fresh.composed), after)
    assert np.array_equal(_pixels(fresh.dim), _pixels(layer.dim)), "remembered, it is ash too"
    layer.set_ground(burnt)
    assert layer.version == version + 1, "the same ground again: nothing drawn"


@pytest.mark.parametrize("key", sorted(THEMES))
def test_a_region_s_theme_colours_its_floors_and_walls(display, key: str) -> None:
    game = game_on(HALL)
    game.floor.level.theme = key
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    lit = _pixels(view.layer.lit)
    theme = THEMES[key]
    assert tuple(lit[0, TILE // 2]) == theme.wall, "the north wall's band, in the theme's wall colour"
    middle = _tile(lit, 4, 1)[TILE // 2, TILE // 2]
    assert np.abs(middle - np.array(theme.floor)).max() <= 10, "the floor, a tint of the theme's"


def test_a_special_room_keeps_its_own_colour_in_a_theme(display) -> None:
    game = game_on(HALL)
    game.floor.level.theme = "crypts"
    game.floor.level.specials.append(Special("shop", 0))
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    middle = _tile(_pixels(view.layer.lit), 4, 1)[TILE // 2, TILE // 2]
    assert np.abs(middle - np.array(SPECIALS["shop"].tint)).max() <= 2


def test_the_view_draws_a_floor_s_living_ground_and_follows_it(display) -> None:
    game = game_on(HALL)
    game.floor.terrain = terrain = TerrainState.fresh(game.floor.level)
    terrain.ground[0, 0] = Ground.WATER
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    water = _tile(_pixels(view.layer.composed), 0, 0)[TILE // 2, TILE // 2]
    terrain.ground[0, 0] = Ground.FLOOR
    view.sync(game, 0)
    floor = _tile(_pixels(view.layer.composed), 0, 0)[TILE // 2, TILE // 2]
    assert water[2] > floor[2] + 20, "water, then (the ground changed) floor again"
