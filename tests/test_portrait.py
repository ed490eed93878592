"""The portrait layout (SPEC REN-5, issue 25 point 17): a phone held upright gets a 480x960 canvas
with the map above and the sidebar below, text no smaller than 12 CSS pixels and taps no smaller
than 44 on a 390-pixel-wide phone, the inventory as a page of big rows; the page picks it."""

from __future__ import annotations

import sys
import types

import pygame
import pytest

from game.app import window
from game.app.app import App
from game.app.options import Options, parse_options, with_page_query
from game.app.script import run_script
from game.render import text
from game.render.layout import LANDSCAPE, PORTRAIT, current

PHONE_WIDTH = 390  # CSS pixels across a common phone held upright


def _css(canvas_pixels: float) -> float:
    """Canvas pixels as CSS pixels on the phone: the page scales the canvas to its width."""
    return canvas_pixels * PHONE_WIDTH / PORTRAIT.size[0]


def _portrait(tmp_path, keys: str = "x*3", seed: str = "7") -> App:
    app = App(Options(fps=0, seed=seed, start="dungeon", save_dir=str(tmp_path), layout="portrait"))
    run_script(app, keys)
    return app


def _tap(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    app.frame()
    app.frame()


def test_the_map_is_above_the_sidebar_and_the_player_in_the_map(display, tmp_path) -> None:
    app = _portrait(tmp_path)
    play = app.state
    assert app.screen.get_size() == (480, 960)
    map_rect, sidebar = pygame.Rect(current().map_rect), pygame.Rect(current().sidebar_rect)
    assert map_rect.bottom == sidebar.top and map_rect.width == sidebar.width == 480
    assert map_rect.collidepoint(play.camera.tile_origin(*play.game.player.pos))
    assert play.hud.rect == sidebar
    lines = [label for _, label in play.hud.texts]
    assert play.game.place_name in lines and any(label.startswith("Seed 7") for label in lines)
    assert any(label.startswith("Health") for label in lines), "health, the place and the seed stay in sight"


def test_no_text_in_the_portrait_sidebar_is_smaller_than_12_css_pixels(display, tmp_path) -> None:
    app = _portrait(tmp_path)
    smallest_line = text.render("Ag", PORTRAIT.min_text, (255, 255, 255)).get_height()
    assert text.render("Ag", 10, (255, 255, 255)).get_height() == smallest_line, "small sizes are drawn larger"
    heights = [rect.height for rect, _ in app.state.hud.texts]
    assert heights and min(heights) >= smallest_line
    assert _css(PORTRAIT.min_text) >= 12


def test_every_tap_target_is_at_least_44_css_pixels_high(display, tmp_path) -> None:
    app = _portrait(tmp_path)
    play = app.state
    buttons = [rect for rect, what in play.hud.targets]
    assert {what for _, what in play.hud.targets} >= {"explore", "wait", "descend", "pack", "zoom", "menu"}
    assert min(_css(rect.height) for rect in buttons) >= 44
    run_script(app, "Esc")
    app.redraw()
    assert min(_css(rect.height) for rect in app.state.menu.rects) >= 44, "the Esc menu's rows"


def test_the_pack_button_opens_big_rows_and_a_tap_on_one_uses_it(display, tmp_path) -> None:
    app = _portrait(tmp_path)
    play = app.state
    game = play.game
    game.player.hp = 5  # hurt: the healing potion in slot 1 does something
    pack = next(rect for rect, what in play.hud.targets if what == "pack")
    _tap(app, pack.center)
    assert play.pack_rows, "the pack page lists the slots"
    slot, index = play.pack_rows[0]
    assert game.inventory.slots[index][0] == "potion_healing" and _css(slot.height) >= 40
    _tap(app, slot.center)
    assert game.player.hp > 5 and play.pack_rows is None, "the potion is drunk and the page closes"


def test_the_page_picks_portrait_when_it_is_taller_than_wide(monkeypatch) -> None:
    fake = types.SimpleNamespace(window=types.SimpleNamespace(innerWidth=390, innerHeight=844))
    monkeypatch.setattr(window, "BROWSER", True)
    monkeypatch.setitem(sys.modules, "platform", fake)
    assert window.chosen_layout("auto") is PORTRAIT
    fake.window.innerWidth, fake.window.innerHeight = 844, 390
    assert window.chosen_layout("auto") is LANDSCAPE, "a phone on its side: landscape"
    assert window.chosen_layout("portrait") is PORTRAIT


def test_the_desktop_is_landscape_unless_told() -> None:
    assert window.chosen_layout("auto") is LANDSCAPE
    assert parse_options(["--layout", "portrait"], browser=False).layout == "portrait"
    assert with_page_query(Options(), "?layout=portrait").layout == "portrait"
    assert with_page_query(Options(), "?layout=sideways").layout == "auto", "a bad value is ignored"
    with pytest.raises(SystemExit):
        parse_options(["--layout", "sideways"], browser=False)


def test_a_phone_on_its_side_is_told_that_upright_is_bigger(display, tmp_path, monkeypatch) -> None:
    """At 844x390 the landscape canvas' text is some 10 CSS pixels: the game says how to get more."""
    from game.app import app as app_module

    navigator = types.SimpleNamespace(maxTouchPoints=5)
    fake = types.SimpleNamespace(window=types.SimpleNamespace(innerWidth=844, innerHeight=390, navigator=navigator))
    monkeypatch.setattr(window, "BROWSER", True)
    monkeypatch.setattr(window, "open_window", lambda: pygame.display.set_mode(LANDSCAPE.size))
    monkeypatch.setattr(app_module, "open_window", lambda: pygame.display.set_mode(LANDSCAPE.size))
    monkeypatch.setitem(sys.modules, "platform", fake)
    app = App(Options(fps=0, save_dir=str(tmp_path), layout="landscape"))
    assert app.banner is not None and app.banner[0].startswith("Hold your phone upright")
    navigator.maxTouchPoints = 0
    assert not window.sideways_phone(), "a short desktop window is no phone"
