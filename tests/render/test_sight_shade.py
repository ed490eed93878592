"""Sight by the tile, drawn (``game.render.sight_shade``, VIS-5): recomposing only the
tiles that changed gives the picture a full redraw gives, and nothing out of sight is lit,
not even a little, through the soft edge."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from game.bot.autoplay import Autoplayer
from game.render import palette, sight_shade
from game.render.floor_layer import FloorLayer
from game.render.overworld_layer import CHUNK, OverworldLayer
from game.render.sprites import SpriteBank
from game.world.action import Done
from game.world.actions import Move, Wait
from game.world.game import Game

TILE = 12


def pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(np.int16)


def tiles_of(picture: np.ndarray, tile: int) -> np.ndarray:
    """``[x * tile, y * tile, 3]`` pixels as ``[y, x, tile, tile, 3]``."""
    w, h = picture.shape[0] // tile, picture.shape[1] // tile
    return picture[: w * tile, : h * tile].reshape(w, tile, h, tile, 3).transpose(2, 0, 3, 1, 4)


def walked(game: Game, turns: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The bot's walk, by the tile, on the floor it starts on: what is seen and in sight each turn."""
    bot, floor = Autoplayer(), game.floor
    for _ in range(turns):
        if game.over or game.floor is not floor:
            return
        yield floor.seen_tiles.copy(), floor.lit.copy()
        game.perform(bot.next_action(game))


def test_a_floor_recomposed_where_its_looks_changed_is_the_floor_composed_at_once(display) -> None:
    game = Game.in_dungeon("sight-shade-blocks", sight="tile")
    area = game.floor.map
    step_by_step = FloorLayer(area, TILE, 3)
    partial, checked = 0, 0
    for turn, (seen, lit) in enumerate(walked(game, 90)):
        before = step_by_step.tiles
        on_floor = area.rooms >= 0
        blocks = sight_shade.changed_blocks(before, sight_shade.tile_states(seen & on_floor, lit & on_floor))
        step_by_step.update_tiles(seen, lit)
        everything = -(-area.width // sight_shade.BLOCK) * -(-area.height // sight_shade.BLOCK)
        partial += before is not None and 0 < len(blocks) < everything
        if turn % 15 == 14:
            at_once = FloorLayer(area, TILE, 3)
            at_once.update_tiles(seen, lit)  # every block, from nothing
            assert np.array_equal(pixels(step_by_step.composed), pixels(at_once.composed)), f"turn {turn}"
            whole = pygame.Rect(0, 0, area.width, area.height)  # again, each tile's neighbourhood from the masks
            at_once._compose(whole, seen & on_floor, lit & on_floor)  # (not from tile_looks)
            assert np.array_equal(pixels(step_by_step.composed), pixels(at_once.composed)), f"turn {turn}, masks"
            checked += 1
            composed, dim = tiles_of(pixels(at_once.composed), TILE), tiles_of(pixels(at_once.dim), TILE)
            out = seen & ~lit & on_floor  # remembered, out of sight: exactly the dim picture
            assert np.array_equal(composed[out], dim[out]), "no light on a remembered tile"
            unknown = ~seen
            assert (composed[unknown] == np.array(palette.BACKGROUND)).all(), "unknown tiles dark"
    assert checked >= 5 and partial >= 30, (checked, partial)


def test_a_floor_composed_in_view_shows_in_view_what_composing_it_all_shows(display) -> None:
    """On a small view (a phone's) each turn composes only the tiles in view: there the picture is
    the floor composed whole, and the tiles left out are composed as they come into view."""
    game = Game.in_dungeon("sight-shade-blocks", sight="tile")
    area = game.floor.map
    in_view = FloorLayer(area, TILE, 3)
    left_out = 0
    for turn, (seen, lit) in enumerate(walked(game, 90)):
        x, y = game.player.pos
        view = pygame.Rect(x - 6, y - 5, 13, 11)
        in_view.update_tiles(seen, lit, view)
        left_out += in_view.pending is not None
        whole = FloorLayer(area, TILE, 3)
        whole.update_tiles(seen, lit)
        shown = pygame.Rect(view.x * TILE, view.y * TILE, view.w * TILE, view.h * TILE).clip(whole.composed.get_rect())
        assert np.array_equal(pixels(in_view.composed.subsurface(shown)), pixels(whole.composed.subsurface(shown))), turn
        if turn % 30 == 29:
            in_view.catch_up()  # (what the zoomed map reads: all of it)
            assert in_view.pending is None
            assert np.array_equal(pixels(in_view.composed), pixels(whole.composed)), f"turn {turn}, caught up"
    assert left_out > 30, "tiles out of view were left for later"


def wandered(game: Game, turns: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """A walk on the island, by the tile: a few steps one way, then another (seeded)."""
    rng = np.random.default_rng(4)
    for turn in range(turns):
        yield game.floor.seen_tiles.copy(), game.floor.lit.copy()
        if turn % 6 == 0:
            way = [int(v) for v in rng.integers(-1, 2, size=2)]
        for dx, dy in [way] + [[int(v) for v in rng.integers(-1, 2, size=2)] for _ in range(8)]:
            if (dx, dy) != (0, 0) and isinstance(game.perform(Move(dx, dy)), Done):
                break
        else:
            game.perform(Wait())


def test_the_island_shaded_chunk_by_chunk_is_the_island_shaded_at_once(display) -> None:
    game = Game.new("sight-shade-island", sight="tile")
    assert game.on_overworld
    start = game.player.pos
    sprites = SpriteBank(TILE)
    step_by_step = OverworldLayer(game.floor.level, TILE, sprites, 3)
    checked = 0
    for turn, (seen, lit) in enumerate(wandered(game, 60)):
        assert game.on_overworld
        step_by_step.set_sight(seen, lit)
        x, y = game.player.pos
        near = {(cx, cy) for cx in range(x // CHUNK - 1, x // CHUNK + 2) for cy in range(y // CHUNK - 1, y // CHUNK + 2)
                if 0 <= cx * CHUNK < seen.shape[1] and 0 <= cy * CHUNK < seen.shape[0]}
        for cx, cy in sorted(near):
            step_by_step.shaded(cx, cy)  # drawn as the camera passes, and kept
        if turn % 12 == 11:
            at_once = OverworldLayer(game.floor.level, TILE, sprites, 3)
            at_once.set_sight(seen, lit)
            for cx, cy in sorted(near):
                assert np.array_equal(pixels(step_by_step.shaded(cx, cy)), pixels(at_once.shaded(cx, cy))), \
                    (turn, cx, cy)
            checked += 1
    assert checked >= 4 and max(abs(game.player.x - start[0]), abs(game.player.y - start[1])) >= 5


@pytest.mark.parametrize("seed", range(6))
def test_nothing_out_of_sight_is_lit_through_the_soft_edge(display, seed: int) -> None:
    """Over random masks: a tile out of sight shows the remembered picture or the dark, exactly
    (no lit pixel bleeds over its border); a tile in sight is lit at least ``EDGE_LIGHT`` all
    over, and fully lit where all its neighbours are in sight too."""
    rng = np.random.default_rng(seed)
    h, w, tile = 19, 27, (4, 8, 12, 24)[seed % 4]
    seen = rng.random((h, w)) < 0.8
    lit = seen & (rng.random((h, w)) < (0.3, 0.6, 0.9)[seed % 3])
    if seed == 0:
        lit[:] = False
        lit[5:12, 6:20] = True  # one solid patch, with a fully lit inside
        seen |= lit
    red, blue = (255, 0, 0), (0, 0, 255)
    lit_picture, dim_picture = pygame.Surface((w * tile, h * tile)), pygame.Surface((w * tile, h * tile))
    lit_picture.fill(red)
    dim_picture.fill(blue)
    target = pygame.Surface((w * tile, h * tile))
    target.fill((90, 90, 90))  # what was there before: every block must cover it
    for bx, by in sight_shade.changed_blocks(None, sight_shade.tile_states(seen, lit)):  # a block at a time
        x0, y0 = bx * sight_shade.BLOCK, by * sight_shade.BLOCK
        rect = pygame.Rect(x0, y0, min(w - x0, sight_shade.BLOCK), min(h - y0, sight_shade.BLOCK))
        seen_block, lit_block = sight_shade.area_masks(seen, lit, rect)
        source = pygame.Rect(rect.x * tile, rect.y * tile, rect.w * tile, rect.h * tile)
        sight_shade.compose_block(target, source.topleft, lit_picture, dim_picture, source, seen_block, lit_block,
                                  tile, dark=(0, 0, 0))
    drawn = tiles_of(pixels(target), tile)
    assert (drawn[~lit][..., 0] == 0).all(), "no red at all on a tile out of sight"
    assert (drawn[seen & ~lit] == blue).all() and (drawn[~seen] == 0).all()
    assert lit.any() and (drawn[lit][..., 0] >= int(sight_shade.EDGE_LIGHT * 255) - 1).all()
    assert (drawn[lit][..., 1] == 0).all() and (drawn[lit].sum(axis=-1) >= 254).all(), "lit over remembered"
    padded = np.pad(lit, 1)
    inside = np.ones_like(lit)
    for dy in range(3):
        for dx in range(3):
            inside &= padded[dy:dy + h, dx:dx + w]
    if seed == 0:
        assert inside.any()
    assert (drawn[inside] == red).all(), "a tile amid tiles in sight is fully lit"
    edge = lit & ~inside
    assert (drawn[edge][..., 0].min(axis=(1, 2)) < 255).all(), "the soft edge: the border of sight fades"


def test_the_loading_screen_works_out_every_stamp_ahead_as_play_would() -> None:
    """A run that sees by the tile meets new neighbourhoods all through its first turns; the
    loading screen works out all 512 ahead, a few dozen a step, the same as play would."""
    tile = 11  # (a size nothing else here draws at: its stamps are all still to make)
    steps = list(sight_shade.stamps_ahead(tile))
    table, done = sight_shade._stamps(tile)
    assert len(steps) == 8 and done.all()
    for code in (0, 1, 16, 255, 495, 511):
        lit = ((code >> np.arange(9)) & 1).astype(bool).reshape(3, 3)
        assert np.array_equal(table[code], sight_shade.ramp(lit, tile)), code
