"""Reduce motion (an option, SPEC UI-4): steps and the camera jump, thrown things and blasts
are not animated. Each test also shows the usual motion, so it measures what the option changes."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.render import motion
from game.render.anim import Motion
from game.render.camera import Camera
from game.render.effects import EXPLOSION_MS, STILL_BLAST_MS, Effects
from game.render.layout import MAP_RECT, TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from tests.helpers import game_on

HALL = """
+-+-+-+-+-+-+
|. . @ . . .|
+-+-+-+-+-+-+
"""


@pytest.mark.parametrize("reduced", [False, True])
def test_the_camera_jumps_to_the_player_only_with_reduced_motion(display, reduced: bool) -> None:
    game = game_on(HALL)
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0.0)
    motion.set_reduced(reduced)
    game.player.x += 1
    view.sync(game, 1000.0)
    target = Camera.following(*game.player.pos, view.view, view.tile)
    just_after = view.camera(game, 1000.0)
    assert (just_after == target) is reduced
    assert view.camera(game, 1050.0) == target if reduced else view.camera(game, 1050.0) != target
    assert view.camera(game, 1200.0) == target, "a slide ends on the player"
    assert view.motion.busy(1001.0) is not reduced


def test_switching_it_on_mid_slide_jumps_there() -> None:
    slides = Motion()
    slides.place(1, 0, 0, 0.0)
    slides.place(1, 1, 0, 100.0)
    assert slides.position(1, 120.0) != (1.0, 0.0)
    motion.set_reduced(True)
    assert slides.position(1, 120.0) == (1.0, 0.0) and not slides.busy(120.0)
    slides.place(1, 2, 0, 130.0)
    motion.set_reduced(False)
    assert slides.position(1, 131.0) == (2.0, 0.0), "a step taken while it was on never slides later"


def _frames(effects: Effects, display: pygame.Surface, times: list[float]) -> list[np.ndarray]:
    camera = Camera.following(5, 5, MAP_RECT, TILE)
    pictures = []
    for now in times:
        display.fill((0, 0, 0))
        effects.draw(display, camera, now)
        pictures.append(pygame.surfarray.array3d(display).copy())
    return pictures


def _throw(effects: Effects) -> None:
    path = [(x, 5) for x in range(1, 7)]
    effects.absorb([("flight", "dagger", path), ("explosion", (6, 5), 1, 3)], 0.0)


def test_usually_a_throw_flies_and_its_blast_grows_and_fades(display) -> None:
    effects = Effects(SpriteBank(TILE), TILE)
    _throw(effects)
    times = [float(t) for t in range(0, 600, 20)]
    pictures = _frames(effects, display, times)
    distinct = {picture.tobytes() for picture in pictures}
    assert len(distinct) > 15, "animated: the picture changes frame by frame"
    assert effects.busy(100.0)
    left_of_blast = Camera.following(5, 5, MAP_RECT, TILE).tile_origin(5, 5)[0]
    assert any(picture[:left_of_blast].any() for picture in pictures), "the dagger flies"


def test_with_reduced_motion_nothing_moves_a_blast_is_one_still_brief_mark(display) -> None:
    motion.set_reduced(True)
    effects = Effects(SpriteBank(TILE), TILE)
    _throw(effects)
    times = [float(t) for t in range(0, 600, 20)]
    pictures = _frames(effects, display, times)
    drawn = [picture for picture in pictures if picture.any()]
    assert pictures[0].any(), "the blast is marked at once: the thrown thing does not fly first"
    assert len({picture.tobytes() for picture in drawn}) == 1, "the same still picture on every frame"
    assert len(drawn) * 20 <= STILL_BLAST_MS < EXPLOSION_MS, "and only for a moment"
    assert not pictures[-1].any() and not effects.busy(STILL_BLAST_MS + 1)
    camera = Camera.following(5, 5, MAP_RECT, TILE)
    left_of_blast = camera.tile_origin(5, 5)[0]  # the blast reaches 1.5 tiles from the middle of (6, 5)
    assert not any(picture[:left_of_blast].any() for picture in pictures), "no thrown thing drawn along its way"
