"""The browser's screen has another pixel format than the desktop's: the game must draw
the same picture on both (WEB-7).

pygbag's canvas is 32-bit with red in the low byte (read from the page with run-game:
masks ``(0xFF, 0xFF00, 0xFF0000, 0)``); the desktop's window, and SDL's dummy driver,
put red in bits 16-23. Every scene of ``game.tools.scenes`` is drawn here twice, on a
screen of each format, and the two pictures must be equal pixel for pixel: a picture
made in one format and scaled into the other raises (as every dungeon floor did in the
browser), and one that mixes up channels shows.
"""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.render import surfaces
from game.render.layout import LAYOUTS
from game.tools import scenes

BROWSER_MASKS = (0xFF, 0xFF00, 0xFF0000, 0)


def browser_screen(size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    return pygame.Surface(size, 0, 32, BROWSER_MASKS)


@pytest.mark.parametrize("scene", scenes.SCENES, ids=lambda scene: scene.name)
def test_every_scene_looks_the_same_on_the_browsers_pixel_format(display, scene) -> None:
    desktop = scenes.draw_native(scene)
    screen = browser_screen(LAYOUTS[scene.layout].size)
    browser = scenes.draw_native(scene, screen=screen)
    assert screen.get_masks() == BROWSER_MASKS, "the scene was drawn on the browser's format"
    differing = int((desktop != browser).any(axis=2).sum())
    assert differing == 0, f"{scene.name}: {differing} pixels differ between the two pixel formats"
    assert desktop.std() > 0, "the scene drew something"


def test_pictures_are_made_in_the_screens_format(display) -> None:
    screen = browser_screen()
    surfaces.use_screen(screen)
    try:
        colours = np.zeros((3, 2, 3), dtype=np.uint8)
        colours[..., 0] = 200  # red
        picture = surfaces.from_rgb(colours)
        assert picture.get_masks() == BROWSER_MASKS
        assert tuple(picture.get_at((2, 1)))[:3] == (200, 0, 0)
        bigger = surfaces.opaque((6, 4))
        pygame.transform.scale(picture, bigger.get_size(), bigger)  # raises for two formats
        assert tuple(bigger.get_at((5, 3)))[:3] == (200, 0, 0)
    finally:
        surfaces.use_screen(None)
