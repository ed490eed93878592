"""Panels are solid (UI-13): the message archive, the key help (over play and over Options),
the Esc menu and the death screen hide what lies behind them, dim the rest, and keep off the
sidebar's text when drawn over play."""

from __future__ import annotations

import numpy as np
import pygame

from game.app import options_screen
from game.app.app import App
from game.app.menus import PauseState
from game.app.options import Options
from game.app.log_screen import draw_log
from game.app.states import GameOverState
from game.app.help_page import draw_help
from game.render.layout import LANDSCAPE
from game.render import palette
from game.render.layout import SCREEN_SIZE, SIDEBAR_RECT
from tests.helpers import until_playing

LOUD = [(255, 0, 255), (0, 255, 0)]  # two backgrounds nothing in a panel is drawn in


def panel_rect(picture: np.ndarray) -> pygame.Rect:
    """The panel's interior: the bounding box of the pixels of the panel's colour, less its edge."""
    ys, xs = np.nonzero((picture == palette.PANEL).all(axis=2))
    return pygame.Rect(xs.min(), ys.min(), xs.max() - xs.min() + 1, ys.max() - ys.min() + 1).inflate(-6, -6)


def drawn_over(draw, colour: tuple[int, int, int]) -> np.ndarray:
    """``draw(surface)`` over a surface of ``colour``, as an ``[y, x, rgb]`` array."""
    surface = pygame.Surface(SCREEN_SIZE)
    surface.fill(colour)
    draw(surface)
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2)


def assert_solid(draw, over_play: bool = True) -> pygame.Rect:
    first, second = (drawn_over(draw, colour) for colour in LOUD)
    panel = panel_rect(first)
    inside = (slice(panel.top, panel.bottom), slice(panel.left, panel.right))
    assert (first[inside] == second[inside]).all(), "nothing behind the panel shows through it"
    assert (first[inside] == palette.PANEL).all(axis=2).mean() > 0.6, "where there is no text, the panel's colour"
    outside = first.copy()
    outside[inside] = 0
    assert not (outside == LOUD[0]).all(axis=2).any(), "the rest of the screen is dimmed"
    if over_play:
        assert not panel.colliderect(pygame.Rect(SIDEBAR_RECT)), "the sidebar's text stays clear"
        assert LANDSCAPE.map_area.contains(panel)
    return panel


def test_the_message_archive_and_the_key_help_are_solid(display) -> None:
    app = App(Options(seed="archive", fps=0))
    play = until_playing(app)
    for i in range(200):
        play.game.log.add(f"message number {i}", "info", i)
    assert_solid(lambda surface: draw_log(surface, play.game))
    assert_solid(draw_help)


def test_the_esc_menu_and_the_death_screen_are_solid(display, monkeypatch) -> None:
    app = App(Options(seed="doomed", fps=0))
    play = until_playing(app)
    pause = PauseState(app, play)
    colour = iter(LOUD * 2)
    monkeypatch.setattr(play, "draw", lambda surface, now: surface.fill(next(colour)))
    assert_solid(lambda surface: pause.draw(surface, 0.0))
    monkeypatch.undo()
    play.game.kill(play.game.player, None)
    app.frame()
    app.frame()
    summary = app.state
    assert isinstance(summary, GameOverState)
    colours = iter(LOUD)

    def draw(surface: pygame.Surface) -> None:
        summary.backdrop.fill(next(colours))  # the moment of death behind it, in a loud colour
        summary.draw(surface, 0.0)

    assert_solid(draw)


def test_the_key_list_opened_from_options_is_solid(display, monkeypatch) -> None:
    app = App(Options(fps=0))
    options = options_screen.OptionsState(app, app.state)
    options.keys_open = True
    colours = iter(LOUD)

    def loud_backdrop() -> pygame.Surface:
        picture = pygame.Surface(SCREEN_SIZE)
        picture.fill(next(colours))
        return picture

    monkeypatch.setattr(options_screen, "backdrop", loud_backdrop)
    first, second = (drawn_over(lambda surface: options.draw(surface, 0.0), colour) for colour in LOUD)
    help_panel = pygame.Rect(0, 0, 940, 620)
    help_panel.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
    inside = (slice(help_panel.top + 4, help_panel.bottom - 4), slice(help_panel.left + 4, help_panel.right - 4))
    assert (first[inside] == second[inside]).all(), "neither the backdrop nor the options show through the keys"
    assert (first[inside] == palette.PANEL).all(axis=2).mean() > 0.6
