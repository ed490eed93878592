"""The colour-blind-safe palette (UI-4): meanings stay apart for deuteranopes and protanopes.

Colours are passed through Machado et al.'s (2009) simulation of full deuteranopia and
protanopia and compared by CIE76 distance. The usual palette fails the same check,
so the test measures what the option is for."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pygame
import pytest

from game.render import palette
from game.render.palette import Colour

MACHADO = {
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
}
SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])


def _linear(colour: Colour) -> np.ndarray:
    c = np.asarray(colour, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear: np.ndarray) -> np.ndarray:
    xyz = SRGB_TO_XYZ @ linear / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen_apart(a: Colour, b: Colour, deficiency: str) -> float:
    """CIE76 distance of two colours as someone with ``deficiency`` sees them."""
    simulate = MACHADO[deficiency]
    return float(np.linalg.norm(_lab(np.clip(simulate @ _linear(a), 0, 1)) - _lab(np.clip(simulate @ _linear(b), 0, 1))))


def seen_apart_by_all(a: Colour, b: Colour) -> float:
    """The smallest distance of two colours with usual eyes, deuteranopia and protanopia."""
    usual = float(np.linalg.norm(_lab(_linear(a)) - _lab(_linear(b))))
    return min(usual, *(seen_apart(a, b, kind) for kind in MACHADO))


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_good_and_bad_news_stay_apart_only_with_the_option(deficiency: str) -> None:
    usual, safe = palette.USUAL.tones, palette.COLOUR_BLIND.tones
    assert seen_apart(safe["good"], safe["bad"], deficiency) >= 40
    assert seen_apart(safe["notice"], safe["bad"], deficiency) >= 20
    assert seen_apart(safe["notice"], safe["good"], deficiency) >= 20
    assert seen_apart(usual["good"], usual["bad"], "deuteranopia") < 20, \
        "the usual green and red are what a deuteranope cannot tell apart"


def test_the_other_meanings_stay_apart_with_the_option() -> None:
    safe = palette.COLOUR_BLIND
    floor, grass, forest = palette.FLOOR, (118, 166, 82), (62, 118, 66)  # overworld_layer's terrain
    pairs = {
        "health bar, full and empty": (safe.hp_full, palette.HP_EMPTY),
        "aim: flown and out of reach": (safe.aim_path, safe.aim_beyond),
        "aim: blast and out of reach": (safe.aim_blast, safe.aim_beyond),
        "aim: blast and flown": (safe.aim_blast, safe.aim_path),
        "a bug's next step and the foe ring": (safe.next_step, safe.tones["bad"]),
        "an entrance on grass": (safe.entrance, grass),
        "an entrance in a forest": (safe.entrance, forest),
    }
    for n, colour in safe.vault_numbers.items():
        pairs[f"vault number {n} on the floor"] = (colour, floor)
    near = {what: round(seen_apart_by_all(*pair), 1) for what, pair in pairs.items()}
    assert min(near.values()) >= 18, near
    usual = palette.USUAL
    assert seen_apart(usual.entrance, forest, "protanopia") < 10, "the usual red entrance vanishes in a forest"


def test_the_vault_numbers_stay_apart_with_the_option() -> None:
    def closest(numbers: Mapping[int, Colour]) -> float:
        return min(seen_apart_by_all(numbers[a], numbers[b]) for a in range(1, 9) for b in range(a + 1, 9))

    assert closest(palette.USUAL.vault_numbers) < 10, "the usual 1 and 4 (blue and violet) look alike"
    assert closest(palette.COLOUR_BLIND.vault_numbers) >= 25


def test_the_switch_changes_the_colours_in_place() -> None:
    from game.render.palette import TONE_COLOURS, VAULT_NUMBERS  # copies of the names, as some modules hold

    palette.use_colour_blind(True)
    assert TONE_COLOURS == palette.COLOUR_BLIND.tones and VAULT_NUMBERS == palette.COLOUR_BLIND.vault_numbers
    assert palette.HP_FULL == palette.COLOUR_BLIND.hp_full and palette.NEXT_STEP == palette.COLOUR_BLIND.next_step
    palette.use_colour_blind(False)
    assert TONE_COLOURS == palette.USUAL.tones and VAULT_NUMBERS == palette.USUAL.vault_numbers
    assert (palette.AIM_BLAST, palette.AIM_PATH, palette.AIM_BEYOND, palette.ENTRANCE) == \
        (palette.USUAL.aim_blast, palette.USUAL.aim_path, palette.USUAL.aim_beyond, palette.USUAL.entrance)


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
    layer = VaultLayer(shape, numbers, np.zeros((1, 2), dtype=np.int16), 32, SpriteBank(32))
    revealed, sprung = np.ones((1, 2), dtype=bool), np.zeros((1, 2), dtype=bool)

    def painted() -> np.ndarray:
        picture = pygame.Surface((64, 32))
        picture.set_clip(picture.get_rect())
        layer.paint(picture, 0)
        return pygame.surfarray.array3d(picture).astype(int)

    palette.use_colour_blind(False)
    assert layer.update(revealed, sprung) == [(0, (0, 0, 2, 1))], "both cells painted at first"
    before = painted()
    assert layer.update(revealed, sprung) == [], "nothing changed, nothing to paint again"
    palette.use_colour_blind(True)
    version = layer.version
    assert layer.update(revealed, sprung) == [(0, (0, 0, 2, 1))]
    assert layer.version == version + 1
    assert np.abs(painted() - before).sum() > 0


def test_the_sidebar_and_the_foe_ring_redraw_in_the_new_colours(display) -> None:
    """The sidebar keeps its picture until what it shows changes: a palette switch is such a change."""
    from game.render.hud import Hud
    from game.render.layout import SIDEBAR_RECT, TILE
    from game.render.sprites import SpriteBank
    from game.render.view import PlayView
    from tests.helpers import game_on

    game = game_on("""
+-+-+-+-+
|. @ . r|
+-+-+-+-+
""", {"r": "rat"})
    game.log.add("Good news.", "good", game.turn)
    game.log.add("Bad news.", "bad", game.turn)
    hud, view = Hud(SIDEBAR_RECT, SpriteBank(TILE)), PlayView(SpriteBank(TILE))
    view.sync(game, 0.0)

    def pictures() -> tuple[np.ndarray, np.ndarray]:
        hud.draw(display, game)
        view.draw(display, game, 1000.0)
        return (pygame.surfarray.array3d(display.subsurface(SIDEBAR_RECT)).copy(),
                pygame.surfarray.array3d(display.subsurface((0, 0, SIDEBAR_RECT[0], SIDEBAR_RECT[3]))).copy())

    def has(picture: np.ndarray, colour: tuple[int, int, int]) -> bool:
        return bool((np.abs(picture.astype(int) - colour).sum(axis=2) <= 6).any())

    sidebar, usual_board = pictures()
    assert has(sidebar, palette.USUAL.tones["bad"]) and not has(sidebar, palette.COLOUR_BLIND.tones["good"])
    palette.use_colour_blind(True)
    sidebar, board = pictures()
    assert has(sidebar, palette.COLOUR_BLIND.tones["good"]) and has(sidebar, palette.COLOUR_BLIND.tones["bad"])
    assert not has(sidebar, palette.USUAL.tones["good"]), "nothing left of the usual green"
    changed = np.nonzero((board != usual_board).any(axis=2))
    rat = view.camera(game, 1000.0).tile_origin(3, 0)
    assert changed[0].size and rat[0] <= changed[0].min() and changed[0].max() < rat[0] + TILE, \
        "the rat's ring is redrawn in the new foe colour, and nothing else on the board changes"
