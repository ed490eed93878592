"""The options screen (SPEC UI-4) driven by keys and the mouse, against a stand-in app
(what the screen asks of the app: ``settings``, ``settings_message``, ``change_settings``,
``audio.play``), so these tests hold whatever the real App does with the changes."""

from __future__ import annotations

import random

import numpy as np
import pygame
import pytest

from game.app.options_screen import ROWS, OptionsState
from game.app.settings import Settings
from game.app.state import State
from game.render.layout import SCREEN_SIZE


class Sounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True


class StandIn:
    """The app, as far as the options screen sees it: records every change."""

    def __init__(self, settings: Settings = Settings()) -> None:
        self.settings = settings
        self.settings_message: str | None = None
        self.audio = Sounds()
        self.changes: list[Settings] = []

    def change_settings(self, settings: Settings) -> None:
        self.changes.append(settings)
        self.settings = settings


@pytest.fixture
def screen(display) -> tuple[OptionsState, StandIn, State]:
    app = StandIn()
    back = State(app)  # type: ignore[arg-type]
    options = OptionsState(app, back)  # type: ignore[arg-type]
    options.draw(display, 0.0)  # lays out the rows the mouse can hit
    return options, app, back


def press(state: State, key: int) -> State:
    return state.on_event(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0), 0.0)


def click(state: State, pos: tuple[int, int]) -> State:
    state.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)), 0.0)
    return state.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), 0.0)


def select(options: OptionsState, name: str) -> None:
    while ROWS[options.selected][0] != name:
        press(options, pygame.K_DOWN)


def test_right_on_the_master_volume_raises_it_a_tenth(screen) -> None:
    options, app, _ = screen
    assert ROWS[options.selected][0] == "master_volume", "the first row is chosen"
    assert press(options, pygame.K_RIGHT) is options
    assert app.changes == [Settings(master_volume=0.9)]
    press(options, pygame.K_l)  # vi keys too
    assert app.settings.master_volume == 1.0
    press(options, pygame.K_RIGHT)
    assert app.settings.master_volume == 1.0 and len(app.changes) == 2, "at the top nothing changes, nothing kept"
    assert app.audio.played == ["menu", "menu", "menu"], "each press is heard at the new volume"


def test_left_on_the_effects_volume_lowers_it_to_nothing_and_no_further(screen) -> None:
    options, app, _ = screen
    select(options, "effects_volume")
    for _ in range(12):
        press(options, pygame.K_LEFT)
    assert app.settings == Settings(effects_volume=0.0)
    assert [s.effects_volume for s in app.changes] == [0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0]


def test_enter_toggles_each_switch_and_nothing_else(screen) -> None:
    options, app, _ = screen
    for name in ("muted", "reduce_motion", "colour_blind"):
        select(options, name)
        before = app.settings
        press(options, pygame.K_RETURN)
        assert getattr(app.settings, name) is not getattr(before, name)
        assert {f: getattr(app.settings, f) for f in vars(before) if f != name} == \
            {f: getattr(before, f) for f in vars(before) if f != name}
    assert app.settings == Settings(muted=True, reduce_motion=True, colour_blind=True)
    press(options, pygame.K_SPACE)
    assert not app.settings.colour_blind, "space too, and again turns it off"


def test_esc_and_back_return_to_the_screen_before(screen) -> None:
    options, app, back = screen
    assert press(options, pygame.K_ESCAPE) is back
    select(options, "back")
    assert press(options, pygame.K_RETURN) is back
    assert app.changes == []


def test_a_click_on_a_row_toggles_it(screen, display) -> None:
    options, app, _ = screen
    row = options.rects[[name for name, _ in ROWS].index("reduce_motion")]
    assert click(options, row.midleft) is options
    assert app.changes == [Settings(reduce_motion=True)]
    options.draw(display, 0.0)
    assert click(options, row.center) is options
    assert app.settings == Settings()


def test_clicking_the_arrows_changes_a_volume(screen, display) -> None:
    options, app, _ = screen
    index = [name for name, _ in ROWS].index("effects_volume")
    left, right = options.arrows[index]
    click(options, left.center)
    click(options, left.center)
    assert app.settings.effects_volume == 0.6
    options.draw(display, 0.0)
    click(options, right.center)
    assert app.settings.effects_volume == 0.7
    assert app.settings.master_volume == 0.8, "only the row clicked"


def test_a_click_on_back_returns(screen) -> None:
    options, _, back = screen
    assert click(options, options.rects[-1].center) is back


def test_keys_opens_the_key_help_and_any_key_closes_it(screen, display) -> None:
    options, app, _ = screen
    select(options, "keys")
    options.draw(display, 0.0)
    before = pygame.surfarray.array3d(display).copy()
    press(options, pygame.K_RETURN)
    assert options.keys_open
    options.draw(display, 0.0)
    assert (pygame.surfarray.array3d(display) != before).any(), "the key help is drawn over the options"
    assert press(options, pygame.K_ESCAPE) is options and not options.keys_open, "Esc closes the help first"
    assert app.changes == []


def test_the_screen_shows_the_values_and_a_problem_keeping_them(screen, display, monkeypatch) -> None:
    from game.render import text

    options, app, _ = screen
    shown: list[str] = []
    original = text.render
    monkeypatch.setattr(text, "render", lambda s, size, colour: (shown.append(s), original(s, size, colour))[1])
    options.draw(display, 0.0)
    quiet = pygame.surfarray.array3d(display).copy()
    app.settings_message = "Your options apply but could not be kept (the disk is full)."
    options.draw(display, 0.0)
    told = pygame.surfarray.array3d(display).copy()
    changed = np.nonzero((told != quiet).any(axis=2))
    assert changed[1].min() > SCREEN_SIZE[1] - 130, "the message takes the panel's bottom line"
    assert app.settings_message in shown
    assert {"80 %", "Master volume", "Colour-blind palette", "off"} <= set(shown)
    app.settings_message = None
    app.settings = Settings(master_volume=0.3)
    options.draw(display, 0.0)
    volume = np.nonzero((pygame.surfarray.array3d(display) != quiet).any(axis=2))
    row = options.rects[0]
    assert volume[0].size and row.top <= volume[1].min() and volume[1].max() <= row.bottom, \
        "a new volume redraws its row only"


def test_mashing_keys_and_the_mouse_never_raises(screen, display) -> None:
    options, app, back = screen
    rng = random.Random(5)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
            pygame.K_h, pygame.K_j, pygame.K_k, pygame.K_l, pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d,
            pygame.K_MINUS, pygame.K_EQUALS, pygame.K_x, pygame.K_v, pygame.K_TAB, pygame.K_F1]
    state: State = options
    for step in range(200):
        if rng.random() < 0.2:
            state = click(state, (rng.randrange(SCREEN_SIZE[0]), rng.randrange(SCREEN_SIZE[1])))
        else:
            state = press(state, rng.choice(keys + [pygame.K_ESCAPE] * (step % 50 == 49)))
        if state is back:
            state = options
        state.draw(display, 0.0)
        settings = app.settings
        assert 0.0 <= settings.master_volume <= 1.0 and 0.0 <= settings.effects_volume <= 1.0
        assert settings.master_volume == round(settings.master_volume, 1), "in tenths, as shown"
    assert len(app.changes) > 20
    assert len({(s.master_volume, s.effects_volume) for s in app.changes}) > 4, "the volumes went up and down"
