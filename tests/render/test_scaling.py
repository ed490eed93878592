"""Smooth scaling that gives the same pixels on every platform (``game.render.scaling``).

pygame's ``smoothscale`` differs by one between the desktop's SIMD code and the browser's
plain C for ratios other than 2, so the HUD icons, the small icons, the trophy and the
island's zoomed map are scaled by an integer area average instead; the zoomed floor, a big
picture, by pygame's plain C code, which the app selects on every platform.
"""

from __future__ import annotations

from typing import Any, NoReturn

import numpy as np
import pygame
import pytest

from game.render import scaling, surfaces
from game.render.hud import Hud
from game.render.layout import SIDEBAR_RECT, TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.world.game import Game

BROWSER_MASKS = (0xFF, 0xFF00, 0xFF0000, 0)
DESKTOP_MASKS = (0xFF0000, 0xFF00, 0xFF, 0)


def area_weights(length: int, count: int) -> np.ndarray:
    """The area average as a dense ``[count, length]`` matrix, in floats: the definition."""
    weights = np.zeros((count, length))
    for new in range(count):
        for old in range(length):
            start, end = max(new * length / count, old), min((new + 1) * length / count, old + 1)
            weights[new, old] = max(0.0, end - start)
    return weights / weights.sum(axis=1, keepdims=True)


def by_definition(pixels: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    rows, columns = area_weights(pixels.shape[0], size[1]), area_weights(pixels.shape[1], size[0])
    return np.einsum("ij,jkc,lk->ilc", rows, pixels.astype(float), columns)


def opaque_surface(colours: np.ndarray, masks: tuple[int, int, int, int]) -> pygame.Surface:
    """An opaque 32-bit surface with ``masks`` showing ``colours`` (``[y, x, 3]``)."""
    surface = pygame.Surface((colours.shape[1], colours.shape[0]), 0, 32, masks)
    pygame.surfarray.blit_array(surface, colours.transpose(1, 0, 2))
    return surface


def rgb(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2)


def test_a_4x4_square_becomes_the_means_of_its_quarters() -> None:
    square = np.array([[0, 4, 10, 10],
                       [8, 12, 10, 10],
                       [1, 1, 0, 0],
                       [1, 2, 0, 255]], dtype=np.uint8)
    assert scaling.average(square[..., None], (2, 2))[..., 0].tolist() == [[6, 10], [1, 64]]  # 63.75 rounds up


def test_three_pixels_into_two_weigh_the_middle_one_by_thirds() -> None:
    cells, weights, width = scaling.taps(3, 2)
    assert weights.tolist() == [[2, 1], [1, 2]] and width == 3  # the middle pixel: a third to each side
    grid = np.array([[0, 30, 60], [90, 120, 150], [180, 210, 240]], dtype=np.uint8)
    # new (0, 0) = (4*0 + 2*30 + 2*90 + 1*120) / 9 = 40; new (0, 1) = (2*30 + 4*60 + 1*120 + 2*150) / 9 = 80
    assert scaling.average(grid[..., None], (2, 2))[..., 0].tolist() == [[40, 80], [160, 200]]
    corner = np.zeros((3, 3, 1), dtype=np.uint8)
    corner[2, 2] = 10
    assert scaling.average(corner, (2, 2))[..., 0].tolist() == [[0, 0], [0, 4]]  # 2 x 2 x 10 / 9 = 4.4
    assert scaling.average(np.array([[[0], [1]]], dtype=np.uint8), (1, 1))[0, 0, 0] == 1, "halves round up"


def test_every_size_is_the_area_average_by_its_definition() -> None:
    rng = np.random.default_rng(22)
    for _ in range(150):
        height, width = (int(n) for n in rng.integers(1, 30, 2))
        size = (int(rng.integers(1, 45)), int(rng.integers(1, 45)))  # smaller and larger
        pixels = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
        got = scaling.average(pixels, size)
        assert got.shape == (size[1], size[0], 3)
        assert np.abs(got - by_definition(pixels, size)).max() <= 0.5 + 1e-9, (width, height, size)


def test_sums_too_big_for_int32_are_made_in_int64() -> None:
    """1009 -> 1000 columns and 13 -> 12 rows share no factor: colour x alpha sums reach 2**31."""
    rng = np.random.default_rng(7)
    pixels = rng.integers(0, 256, (13, 1009, 4), dtype=np.uint8)
    assert scaling._sum_type(3 * scaling.PREMULTIPLIED * 1009 * 13) == np.int64
    got = scaling.average_rgba(pixels, (1000, 12)).astype(float)
    alpha = pixels[..., 3:].astype(float)
    coverage = by_definition(alpha, (1000, 12))
    colour = by_definition(pixels[..., :3] * alpha, (1000, 12)) / np.maximum(coverage, 1e-9)
    assert np.abs(got[..., 3:] - coverage).max() <= 0.5 + 1e-6
    assert np.abs(got[..., :3] - colour)[coverage[..., 0] > 0].max() <= 0.5 + 1e-6


def white_sprite() -> pygame.Surface:
    """A white square inside a transparent border of black, transparent pixels (as the PNGs have)."""
    sprite = pygame.Surface((48, 48), pygame.SRCALPHA)
    sprite.fill((0, 0, 0, 0))
    sprite.fill((255, 255, 255, 255), (7, 7, 33, 33))
    return sprite


@pytest.mark.parametrize("size", [20, 14, 24, 31])
def test_a_white_sprite_keeps_white_edges_and_soft_alpha(size: int) -> None:
    icon = scaling.smoothscale(white_sprite(), (size, size))
    assert icon.get_size() == (size, size) and icon.get_flags() & pygame.SRCALPHA
    alpha = pygame.surfarray.array_alpha(icon)
    colours = pygame.surfarray.array3d(icon)[alpha > 0]
    assert (colours == 255).all(), "no dark fringe: transparent black adds nothing to the colour"
    partly = (alpha > 0) & (alpha < 255)
    assert partly.any() or size == 24, "edges that fall between pixels fade in alpha instead"
    assert alpha[0, 0] == 0 and alpha[size // 2, size // 2] == 255


def test_opaque_in_opaque_out_in_the_screens_format() -> None:
    colours = np.random.default_rng(3).integers(0, 256, (30, 50, 3), dtype=np.uint8)
    surfaces.use_screen(pygame.Surface((8, 8), 0, 32, BROWSER_MASKS))
    try:
        picture = scaling.smoothscale(opaque_surface(colours, DESKTOP_MASKS), (21, 13))
    finally:
        surfaces.use_screen(None)
    assert picture.get_size() == (21, 13)
    assert not picture.get_flags() & pygame.SRCALPHA
    assert picture.get_masks() == BROWSER_MASKS
    assert (rgb(picture) == scaling.average(colours, (21, 13))).all()


def test_the_browsers_pixel_format_gives_the_same_pixels_as_the_desktops() -> None:
    colours = np.random.default_rng(4).integers(0, 256, (120, 200, 3), dtype=np.uint8)
    desktop = scaling.smoothscale(opaque_surface(colours, DESKTOP_MASKS), (77, 45))
    browser = scaling.smoothscale(opaque_surface(colours, BROWSER_MASKS), (77, 45))
    assert (rgb(desktop) == rgb(browser)).all()
    rgba = np.random.default_rng(5).integers(0, 256, (48, 48, 4), dtype=np.uint8)
    sprites = [pygame.Surface((48, 48), pygame.SRCALPHA, 32, masks)
               for masks in ((0xFF, 0xFF00, 0xFF0000, 0xFF000000), (0xFF0000, 0xFF00, 0xFF, 0xFF000000))]
    for sprite in sprites:
        pygame.surfarray.pixels3d(sprite)[...] = rgba[..., :3].transpose(1, 0, 2)
        pygame.surfarray.pixels_alpha(sprite)[...] = rgba[..., 3].T
    icons = [scaling.smoothscale(sprite, (20, 20)) for sprite in sprites]
    assert (rgb(icons[0]) == rgb(icons[1])).all()
    assert (pygame.surfarray.array_alpha(icons[0]) == pygame.surfarray.array_alpha(icons[1])).all()


def test_enlarging_makes_sharp_blocks() -> None:
    """The trophy: the 48-pixel PNG doubled is each pixel twice, nothing blurred."""
    colours = np.random.default_rng(6).integers(0, 256, (5, 4, 3), dtype=np.uint8)
    doubled = scaling.average(colours, (8, 10))
    assert (doubled == colours.repeat(2, axis=0).repeat(2, axis=1)).all()


def test_a_zero_size_is_refused() -> None:
    with pytest.raises(ValueError):
        scaling.smoothscale(pygame.Surface((4, 4)), (0, 3))


# --- the game uses it ------------------------------------------------------------------------------
@pytest.fixture
def no_pygame_smoothscale(monkeypatch):
    """pygame's smoothscale raises from now on (the sprite bank's 2:1 tiles are made before)."""
    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        raise AssertionError("pygame.transform.smoothscale differs in the browser")
    return lambda: monkeypatch.setattr(pygame.transform, "smoothscale", refuse)


def test_hud_icons_small_icons_and_the_trophy_use_it(display, no_pygame_smoothscale) -> None:
    sprites = SpriteBank(TILE)
    game = Game.in_dungeon("icons")
    no_pygame_smoothscale()
    Hud(SIDEBAR_RECT, sprites).draw(display, game)
    assert "dagger@20" in sprites, "the inventory's icons were drawn"
    assert sprites.icon("dagger", 20).get_size() == (20, 20)
    view = PlayView(sprites)
    assert view.things.small_icon("coins").get_size() == (TILE // 2 + 2,) * 2
    trophy = sprites.icon("victory", 96)
    alpha = pygame.surfarray.array_alpha(trophy)
    assert trophy.get_size() == (96, 96) and (alpha[0::2, 0::2] == alpha[1::2, 1::2]).all(), "pixels doubled"


def test_the_zoomed_island_uses_it(display, no_pygame_smoothscale) -> None:
    sprites = SpriteBank(TILE)
    no_pygame_smoothscale()
    island = Game.new("zoomed island")
    assert island.on_overworld
    view = PlayView(sprites)
    view.sync(island, 0)
    view.draw_zoomed(display, island)
    assert view.zoomed_map.picture is not None and view.zoomed_map.picture.get_width() > 200


def test_the_app_scales_with_pygames_plain_code_as_the_browser_does(display) -> None:
    """The browser's pygame-ce has only the plain C smoothscale; the desktop's SIMD one rounds
    otherwise. The zoomed floor map (pygame's smoothscale, fast) is the same pixels on both."""
    import tempfile

    from game.app.app import App
    from game.app.options import Options

    for fast in ("SSE2", "NEON"):  # the desktop's own default, where the machine has one
        try:
            pygame.transform.set_smoothscale_backend(fast)
            break
        except (ValueError, pygame.error):
            continue
    App(Options(fps=0, save_dir=tempfile.mkdtemp()))
    assert pygame.transform.get_smoothscale_backend() == "GENERIC"
