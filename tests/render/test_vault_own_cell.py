"""In a trap vault the number of your own cell, which your sprite stands on, is shown: on the
sidebar's "Here:" line and as a badge at your sprite's corner (TRU-5, VLT-3)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.render import layout, palette
from game.render.hud import Hud
from game.render.layout import LAYOUTS, TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.world.actions import Move
from tests.scenarios.test_vault_play import FIELD, vault_game

STEPS = {0: [], 1: [(1, 0), (1, 0)], 2: [(1, 0), (1, 0), (1, 1)]}
"""From the entrance of ``FIELD`` to a cell with 0, 1 and 2 traps around it."""
WORDS = {0: "no trap around you", 1: "1 trap around you", 2: "2 traps around you"}


def standing_on(count: int):
    game = vault_game(FIELD)
    for step in STEPS[count]:
        game.perform(Move(*step))
    x, y = game.player.pos
    assert game.floor.level.vault.numbers[y, x] == count and game.floor.vault_state.revealed[y, x]
    return game


@pytest.mark.parametrize("sidebar", sorted(LAYOUTS.values(), key=lambda s: s.name), ids=lambda s: s.name)
@pytest.mark.parametrize("count", [0, 1, 2])
def test_the_here_line_names_your_cells_number(display, sidebar, count) -> None:
    game = standing_on(count)
    layout.use(sidebar)
    hud = Hud(sidebar.sidebar_rect, SpriteBank(TILE), sidebar.compact)
    hud.draw(display, game)
    here = [label for _, label in hud.texts if label.startswith("Here:")]
    assert here and here[0].startswith(f"Here: {WORDS[count]}"), here


def test_the_stairs_and_items_still_follow_on_the_here_line(display) -> None:
    game = standing_on(0)  # the entrance: the stairs up
    hud = Hud(LAYOUTS["landscape"].sidebar_rect, SpriteBank(TILE))
    hud.draw(display, game)
    assert "Here: no trap around you, the stairs up" in [label for _, label in hud.texts]


def own_tile(display: pygame.Surface, game) -> np.ndarray:
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    camera = view.draw(display, game, 10_000)
    x, y = camera.tile_origin(*game.player.pos)
    return pygame.surfarray.array3d(display.subsurface((x, y, TILE, TILE))).reshape(-1, 3)


@pytest.mark.parametrize("colour_blind", [False, True])
@pytest.mark.parametrize("count", [1, 2])
def test_your_cells_number_is_drawn_at_your_sprites_corner(display, colour_blind, count) -> None:
    palette.use_colour_blind(colour_blind)
    game = standing_on(count)
    colours = {tuple(int(c) for c in pixel) for pixel in own_tile(display, game)}
    assert palette.VAULT_NUMBERS[count] in colours, "the number, in its colour, on the player's own tile"
    other = palette.VAULT_NUMBERS[3 - count]
    assert other not in colours, "and not another number"
