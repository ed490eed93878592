"""A laser vault's beams on the map (VLT-7, TRU-5): a beam that fires as this turn ends is drawn
boldest, one that fires as the next turn ends less so, a dark one faintly; a smashed emitter's
beam is gone."""

from __future__ import annotations

import numpy as np
import pygame

from game.render import palette
from game.render.laser_marks import DARK, FIRING, WARNING, draw_lasers, look
from tests.world.test_lasers import laser_game

TILE = 24


def ink(game, cell: tuple[int, int]) -> float:
    """How much the foe colour is drawn over the cell (on a black map)."""
    surface = pygame.Surface((6 * TILE, 5 * TILE))
    surface.fill((0, 0, 0))
    draw_lasers(surface, (0, 0), TILE, game.floor.level.vault, game.floor.vault_state, game.turn)
    pixels = pygame.surfarray.array3d(surface)[cell[0] * TILE:(cell[0] + 1) * TILE, cell[1] * TILE:(cell[1] + 1) * TILE]
    colour = np.array(palette.TONE_COLOURS["bad"], dtype=float)
    return float((pixels.astype(float) @ colour).mean())


def test_a_firing_beam_is_drawn_boldest_the_warning_next_and_a_dark_one_faintly() -> None:
    game = laser_game(period=4, lit=2, phase=0)  # fires as turns 2 and 3 end, of every 4
    laser = game.floor.level.vault.lasers[0]
    shown = {}
    for turn in range(4):
        game.turn = turn
        shown[look(laser, turn)] = ink(game, (3, 2))
    assert [look(laser, t) for t in range(4)] == [DARK, WARNING, FIRING, FIRING]
    assert shown[FIRING] > shown[WARNING] > shown[DARK] > 0, "a dark beam is still drawn: where it lies"


def test_a_smashed_emitters_beam_is_not_drawn() -> None:
    game = laser_game(period=4, lit=2, phase=0)
    game.turn = 2
    lit = ink(game, (3, 3))
    game.floor.vault_state.smashed[0] = True
    assert ink(game, (3, 3)) < lit / 4
