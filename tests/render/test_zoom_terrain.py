"""The terrain on the zoomed map (REN-5, REN-7): water blue and a chasm hatched black (not the
unexplored dark) where tiles are small, fire marked on tiles in sight, and the legend naming
what the player knows of."""

from __future__ import annotations

import numpy as np
import pygame

from game.map.ground import Ground
from game.render import palette, zoom_terrain
from game.render.layout import TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.render.zoom_marks import Entry
from game.world.terrain import TerrainState
from tests.helpers import play_in_dungeon


def _words(entries: list[Entry]) -> list[str]:
    return [entry.words for entry in entries]


def _dungeon_with_terrain():
    game = play_in_dungeon("zoomed terrain", 120)
    floor = game.floor
    floor.terrain = terrain = TerrainState.fresh(floor.level)
    rooms = floor.map.rooms
    ys, xs = np.nonzero(rooms == rooms[game.player.y, game.player.x])
    even = [(int(x), int(y)) for x, y in zip(xs, ys) if (x + y) % 2 == 0 and (x, y) != game.player.pos]
    water, chasm = even[0], even[-1]  # a chasm on an even tile is hatched
    terrain.ground[water[1], water[0]] = Ground.WATER
    terrain.ground[chasm[1], chasm[0]] = Ground.CHASM
    floor.reveal_all()
    return game, water, chasm


def test_the_legend_names_the_terrain_the_player_knows() -> None:
    game, _, _ = _dungeon_with_terrain()
    assert _words(zoom_terrain.legend(game.floor)) == ["Deep water", "Chasm"]
    terrain = game.floor.terrain
    terrain.fire[game.player.y, game.player.x] = 2
    terrain.gas[game.player.y, game.player.x], terrain.gas_kind = 3, "poison"
    assert _words(zoom_terrain.legend(game.floor)) == ["Deep water", "Chasm", "Fire", "Poison gas"]


def test_small_tiles_show_water_blue_and_a_chasm_unlike_the_unexplored(display) -> None:
    game, water, chasm = _dungeon_with_terrain()
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    screen = pygame.Surface((1280, 720))
    view.draw_zoomed(screen, game)
    assert view.zoom is not None
    ox, oy, tile = view.zoom
    assert tile < zoom_terrain.PAINTED_BELOW, "a whole floor: small tiles"
    picture = pygame.surfarray.array3d(screen).transpose(1, 0, 2).astype(int)

    def at(pos: tuple[int, int]) -> np.ndarray:
        x0, y0 = round(ox + pos[0] * tile), round(oy + pos[1] * tile)
        return picture[y0 + 2:round(y0 + tile) - 2, x0 + 2:round(x0 + tile) - 2].reshape(-1, 3)

    blue = at(water)
    assert (blue[:, 2] - blue[:, 0]).mean() > 40, "deep water, blue"
    hole = at(chasm)
    hatch = np.abs(hole - np.array(zoom_terrain.HATCH)).sum(axis=1) < 40
    assert hatch.any() and (hole.sum(axis=1) < 30).mean() > 0.5, "a chasm: black, hatched (unexplored is plain dark)"
    game.floor.terrain.fire[water[1], water[0]] = 3
    screen.fill(palette.BACKGROUND)
    view.draw_zoomed(screen, game)
    picture = pygame.surfarray.array3d(screen).transpose(1, 0, 2).astype(int)
    burning = at(water)
    assert ((burning[:, 0] > 200) & (burning[:, 2] < 80)).any(), "fire in sight: a flame's mark"
