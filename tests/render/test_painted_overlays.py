"""A trap vault's field and a deck's airless wash are painted into the floor's pictures, as the
floor is: the map, the zoomed map and the page show them at no cost a frame (a full-floor
picture with alpha laid over the map each frame cost 11-13 ms in the browser), and a cell or
a room is painted again only when it changes (SPEC VLT-3, SHP-2)."""

from __future__ import annotations

import numpy as np
import pygame

from game.render.layout import TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.world.actions import Move
from game.world.game import Game
from tests.scenarios.test_vault_play import FIELD, vault_game


def _centre(view: PlayView, x: int, y: int) -> tuple[int, int, int]:
    colour = view.layer.composed.get_at((x * TILE + TILE // 2, y * TILE + TILE // 2))
    return colour.r, colour.g, colour.b


def test_a_vault_cell_is_painted_hidden_and_then_revealed_in_the_floor_picture(display) -> None:
    game = vault_game(FIELD)
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0.0)
    hidden = _centre(view, 4, 1)
    far = _centre(view, 5, 1)
    assert not game.floor.vault_state.revealed[1, 4:].any()
    assert hidden == far and hidden != _centre(view, 1, 1), "two hidden cells look alike, not like open floor"
    version = view.layer.version
    for step in ((1, 1), (1, 0), (1, 0), (1, 0)):  # onto (4, 1): revealed, bare floor with its number
        game.perform(Move(*step))
    view.sync(game, 0.0)
    assert game.player.pos == (4, 1) and game.floor.vault_state.revealed[1, 4]
    assert view.layer.version > version, "the picture changed"
    assert _centre(view, 4, 1) != hidden, "the cell is no longer drawn hidden"
    assert _centre(view, 5, 1) == far, "a cell still hidden is as it was"


def test_a_deck_room_without_air_is_washed_blue_in_the_floor_picture_until_its_air_comes_back(display) -> None:
    game = Game.new("7")
    game.start_on("ship")
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0.0)
    floor = game.floor
    room = floor.map.room_at(*game.player.pos)
    ys, xs = np.nonzero(floor.map.rooms == room)
    x, y = int(xs[len(xs) // 2]), int(ys[len(ys) // 2])
    aired = _centre(view, x, y)
    air = floor.ship_state.air[room]
    floor.ship_state.air[room] = 0
    view.sync(game, 0.0)
    washed = _centre(view, x, y)
    assert washed[2] - washed[0] > aired[2] - aired[0] + 10, (aired, washed)
    floor.ship_state.air[room] = air
    view.sync(game, 0.0)
    assert _centre(view, x, y) == aired, "the wash is gone with the air back"
    view.draw(pygame.display.get_surface(), game, 0.0)
