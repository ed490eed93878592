"""The colour-blind-safe palette (UI-4): meanings stay apart for deuteranopes and protanopes.

Colours are passed through Machado et al.'s (2009) simulation of full deuteranopia and
protanopia and compared by CIE76 distance. The usual palette fails the same check,
so the test measures what the option is for."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.render import motion, palette

MACHADO = {
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
}
SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])


def _linear(colour) -> np.ndarray:  # noqa: ANN001
    c = np.asarray(colour, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear: np.ndarray) -> np.ndarray:
    xyz = SRGB_TO_XYZ @ linear / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen_apart(a, b, deficiency: str) -> float:  # noqa: ANN001
    """CIE76 distance of two colours as someone with ``deficiency`` sees them."""
    simulate = MACHADO[deficiency]
    return float(np.linalg.norm(_lab(np.clip(simulate @ _linear(a), 0, 1)) - _lab(np.clip(simulate @ _linear(b), 0, 1))))


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_good_and_bad_news_stay_apart_only_with_the_option(deficiency: str) -> None:
    palette.use_colour_blind(False)
    usual = seen_apart(palette.TONE_COLOURS["good"], palette.TONE_COLOURS["bad"], "deuteranopia")
    palette.use_colour_blind(True)
    tones = palette.TONE_COLOURS
    assert seen_apart(tones["good"], tones["bad"], deficiency) >= 40
    assert seen_apart(tones["notice"], tones["bad"], deficiency) >= 20
    assert usual < 20, "the usual green and red are what a deuteranope cannot tell apart"


def test_the_vault_numbers_stay_apart_with_the_option() -> None:
    def closest() -> float:
        numbers = palette.VAULT_NUMBERS
        return min(seen_apart(numbers[a], numbers[b], kind) for a in range(1, 7) for b in range(a + 1, 7)
                   for kind in MACHADO)

    palette.use_colour_blind(False)
    assert closest() < 10
    palette.use_colour_blind(True)
    assert closest() >= 15


def test_switching_bumps_the_generation_so_pictures_redraw() -> None:
    palette.use_colour_blind(False)
    before = palette.generation
    palette.use_colour_blind(False)
    assert palette.generation == before, "no change, nothing to redraw"
    palette.use_colour_blind(True)
    assert palette.generation == before + 1 and palette.colour_blind


def test_the_vault_picture_redraws_its_numbers_in_the_new_colours(display) -> None:
    from game.render.sprites import SpriteBank
    from game.render.vault_layer import VaultLayer

    shape = np.ones((1, 2), dtype=bool)
    numbers = np.array([[1, 2]])
    layer = VaultLayer(shape, numbers, 32, SpriteBank(32))
    revealed, sprung = np.ones((1, 2), dtype=bool), np.zeros((1, 2), dtype=bool)
    palette.use_colour_blind(False)
    layer.update(revealed, sprung)
    before = layer.surface.copy()
    layer.update(revealed, sprung)
    palette.use_colour_blind(True)
    version = layer.version
    layer.update(revealed, sprung)
    assert layer.version == version + 1
    changed = np.abs(pygame.surfarray.array3d(layer.surface).astype(int)
                     - pygame.surfarray.array3d(before).astype(int)).sum()
    assert changed > 0


def test_reduced_motion_stops_slides_and_blasts_moving(display) -> None:
    from game.render.view import PlayView
    from game.render.sprites import SpriteBank
    from tests.helpers import game_on

    game = game_on("""
+-+-+-+-+
|. @ . .|
+-+-+-+-+
""")
    view = PlayView(SpriteBank(32))
    view.sync(game, 0.0)
    game.player.x += 1
    motion.set_reduced(True)
    view.sync(game, 10.0)
    assert view.motion.position(game.player.eid, 11.0) == game.player.pos, "no slide: already there"
    assert view.effects.reduce_motion
    motion.set_reduced(False)
    game.player.x -= 1
    view.sync(game, 20.0)
    assert view.motion.position(game.player.eid, 21.0) != game.player.pos, "usually the step slides"
