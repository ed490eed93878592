"""The play screen copies to the window only what its sidebar changed (``Hud.draw``'s ``shown``):
the window must show the sidebar's picture after every frame all the same, whatever was drawn
over it in between (a menu, a banner, the zoomed map)."""

from __future__ import annotations

import pygame
import pytest

from game.app.play import PlayState
from game.bot.autoplay import Autoplayer
from game.render.layout import LANDSCAPE, PORTRAIT, SIDEWAYS
from tests.render.test_portrait import _phone_app


def _window_shows_sidebar(app) -> bool:
    hud = app.state.hud
    return pygame.image.tobytes(app.screen.subsurface(hud.rect), "RGB") == pygame.image.tobytes(hud._surface, "RGB")


def _key(code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))


@pytest.mark.parametrize("page", [PORTRAIT, SIDEWAYS, LANDSCAPE], ids=["upright", "sideways", "desktop"])
def test_after_every_frame_of_play_the_window_shows_the_sidebar_s_picture(display, tmp_path, page) -> None:
    app = _phone_app(tmp_path, page, keys="", start="dungeon")
    play: PlayState = app.state
    game = play.game
    game.player.hp = game.player.max_hp = 10 ** 6
    clock = [0.0]
    app.now_ms = lambda: clock[0]
    bot, checked = Autoplayer(), 0
    for turn in range(80):
        if app.state is play:
            play.act(bot.next_action(game), clock[0])
        if turn % 10 == 3:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pygame.Rect(play.view.view).center, rel=(1, 1), buttons=(0, 0, 0)))
        if turn % 20 == 7:
            _key(pygame.K_ESCAPE)  # the menu over the play screen, and back
        if turn % 20 == 8:
            _key(pygame.K_ESCAPE)
        if turn % 20 == 12:
            app.say("A banner over the sidebar", 50)
        if turn % 20 == 15:
            _key(pygame.K_o, "o")  # the zoomed map, and back
        if turn % 20 == 16:
            _key(pygame.K_o, "o")
        for _ in range(3):
            clock[0] += 17.0
            app.frame()
            if app.state is play and app.screen_by is play:
                assert _window_shows_sidebar(app), f"turn {turn}: the window shows another sidebar than the hud's"
                checked += 1
    assert checked > 150 and game.turn > 40


def test_a_sidebar_unchanged_is_not_copied_to_the_window_and_a_changed_one_only_where_it_changed(display,
                                                                                                 tmp_path) -> None:
    app = _phone_app(tmp_path, PORTRAIT, keys="", start="dungeon")
    play: PlayState = app.state
    hud = play.hud
    app.frame()
    app.redraw()
    mark = (hud.rect.centerx, hud.rect.bottom - 3)  # under the buttons, never drawn again in place
    app.screen.set_at(mark, (255, 0, 255))
    app.redraw()
    assert app.screen.get_at(mark)[:3] == (255, 0, 255), "the map redrawn, the sidebar left on the window as it was"
    play.game.turn += 1
    app.redraw()
    assert app.screen.get_at(mark)[:3] == (255, 0, 255), "only the turn's count copied"
    turn_area = next(area for area in hud.pieces.changed or [] if area.top == 0)
    shown = app.screen.subsurface(turn_area.move(hud.rect.topleft))
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(hud._surface.subsurface(turn_area), "RGB")
    app.say("Over it all", 1000)
    app.redraw()
    app.banner = None
    app.redraw()
    assert app.screen.get_at(mark)[:3] != (255, 0, 255), "after a banner, the whole sidebar is copied"
