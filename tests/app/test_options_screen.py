"""The options screen (SPEC UI-4) driven by keys and the mouse, against a stand-in app
(what the screen asks of the app: ``settings``, ``settings_message``, ``change_settings``,
``audio.play``), so these tests hold whatever the real App does with the changes."""

from __future__ import annotations

import random

import numpy as np
import pygame
import pytest

from game.app.options import Options
from game.app.options_screen import ROWS, OptionsState
from game.app.settings import Settings
from game.app.state import State
from game.render.layout import SCREEN_SIZE
from game.storage.memory import MemoryStorage


class Sounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True


class StandIn:
    """The app, as far as the options screen sees it: records every change."""

    def __init__(self, settings: Settings = Settings(), options: Options = Options()) -> None:
        self.settings = settings
        self.options = options  # the daily board's row reads --board here
        self.storage = MemoryStorage()  # and board.json here
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


def typed(state: State, words: str) -> None:
    state.on_event(pygame.event.Event(pygame.TEXTINPUT, text=words), 0.0)


def shown_words(options: OptionsState, display: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the screen draws, as it draws it."""
    from game.render import text

    shown: list[str] = []
    original = text.render
    monkeypatch.setattr(text, "render", lambda s, size, colour: (shown.append(s), original(s, size, colour))[1])
    options.draw(display, 0.0)
    monkeypatch.setattr(text, "render", original)
    return shown


def test_the_daily_board_row_keeps_a_typed_address_where_the_board_is_kept(screen, display, monkeypatch) -> None:
    from game.app.board import BOARD_NAME, Identity, identity_from_json, identity_to_json

    options, app, _ = screen
    app.storage.write(BOARD_NAME, identity_to_json(Identity("Ann", "k" * 30)))
    options = OptionsState(app, options.back)  # the row reads the file when the screen opens
    select(options, "board")
    assert "none" in shown_words(options, display, monkeypatch)
    press(options, pygame.K_RETURN)
    assert options.board.typing == "", "Enter opens the address for typing"
    typed(options, "https://board.example.org/")
    press(options, pygame.K_DOWN)  # keys type, they do not move
    assert options.board.typing == "https://board.example.org/" and ROWS[options.selected][0] == "board"
    press(options, pygame.K_RETURN)
    assert options.board.typing is None
    kept = identity_from_json(app.storage.read(BOARD_NAME))
    assert kept == Identity("Ann", "k" * 30, "https://board.example.org"), "beside the name and its key"
    assert app.options.board == "https://board.example.org", "the game uses it from now on"
    words = shown_words(options, display, monkeypatch)
    assert "https://board.example.org" in words and "Kept: daily runs go to" in " ".join(words)
    assert app.changes == [], "the board is not one of settings.json's options"


def test_an_address_that_is_not_a_board_is_refused_and_esc_leaves_the_board(screen, display, monkeypatch) -> None:
    from game.app.board import BOARD_NAME

    options, app, _ = screen
    select(options, "board")
    for bad in ("ftp://board.example.org", "board.example.org", "https://", "javascript:alert(1)",
                "https://board.example.org/?x=1"):
        press(options, pygame.K_RETURN)
        typed(options, bad)
        press(options, pygame.K_RETURN)
        assert options.board.typing == bad, "still open, to be mended"
        assert options.board.refused and "is not a board's address" in options.board.note
        assert "Not kept:" in " ".join(shown_words(options, display, monkeypatch))
        press(options, pygame.K_ESCAPE)
        assert options.board.typing is None and app.storage.read(BOARD_NAME) is None and app.options.board is None
    assert press(options, pygame.K_ESCAPE) is options.back, "Esc then leaves the screen"


def test_the_board_given_on_the_command_line_is_shown_and_an_empty_address_clears_it(display, monkeypatch) -> None:
    from game.app.board import BOARD_NAME, load_identity
    from game.app.board_screen import board_for

    app = StandIn(options=Options(board="http://127.0.0.1:9"))
    options = OptionsState(app, State(app))  # type: ignore[arg-type]
    select(options, "board")
    assert "http://127.0.0.1:9" in shown_words(options, display, monkeypatch)
    press(options, pygame.K_RETURN)
    assert options.board.typing == "http://127.0.0.1:9", "the address to mend"
    options.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL, unicode=""), 0)
    press(options, pygame.K_RETURN)
    assert app.options.board is None and load_identity(app.storage).board is None
    assert app.storage.read(BOARD_NAME) is not None and board_for(app) is None, "no board: no Submit item"
    assert "none" in shown_words(options, display, monkeypatch)


def test_in_the_page_the_board_row_only_shows_the_pages_board(display, monkeypatch) -> None:
    from types import SimpleNamespace

    from game.app import options_board

    monkeypatch.setattr(options_board, "BROWSER", True)
    app = StandIn()
    app.board_client = None  # type: ignore[attr-defined] - no board baked in, and the page's site is none
    options = OptionsState(app, State(app))  # type: ignore[arg-type]
    select(options, "board")
    assert "none" in shown_words(options, display, monkeypatch)
    press(options, pygame.K_RETURN)
    assert options.board.typing is None, "nothing to type in the page"
    assert "it cannot be changed here" in " ".join(shown_words(options, display, monkeypatch))
    app.board_client = SimpleNamespace(url="http://127.0.0.1:8027", guessed=True, reach="unknown", usable=False)
    assert "looking…" in shown_words(options, display, monkeypatch) and options.animating(0.0)
    app.board_client.reach, app.board_client.usable = "ok", True
    words = shown_words(options, display, monkeypatch)
    assert "this site" in words and "http://127.0.0.1:8027" in " ".join(words) and not options.animating(0.0)
    assert app.storage.read("board.json") is None and app.changes == []


@pytest.mark.parametrize("size", [(320, 568), (360, 560), (390, 664), (430, 932), (667, 375), (844, 390)])
def test_on_a_phone_every_row_is_a_finger_high_inside_the_panel_and_scrolls_into_view(size, display,
                                                                                      monkeypatch) -> None:
    from game.render import layout

    page = layout.phone(*size)
    layout.use(page)
    surface = pygame.Surface(page.size)
    app = StandIn()
    options = OptionsState(app, State(app))  # type: ignore[arg-type]
    seen: set[int] = set()
    for index in range(len(ROWS)):
        options.selected = index
        words = shown_words(options, surface, monkeypatch)
        rows = [(i, rect) for i, rect in enumerate(options.rects) if rect.width]
        assert index in dict(rows), f"the chosen row {ROWS[index][0]} is shown"
        seen.update(i for i, _ in rows)
        for i, rect in rows:
            assert options.panel.contains(rect) and page.css(rect.height) >= 44, (ROWS[i][0], rect)
            assert rect.bottom <= options.notes_top <= options.footer_top, "the words below the rows stay below"
        assert all(a.bottom <= b.top for (_, a), (_, b) in zip(rows, rows[1:])), "rows apart"
        labels = [label for _, label in ROWS]
        assert not [w for w in words if w.endswith("…") and w[:-1] in "".join(labels)], f"a label cut: {words}"
        if len(rows) < len(ROWS):  # the rows scroll: arrows say more are above or below, and a tap goes there
            assert any(options.more) and all(options.panel.contains(r) for r in options.more if r is not None)
    assert seen == set(range(len(ROWS)))
    if page.size[1] < 500:  # a phone on its side shows a few rows at a time; its ▾ shows the next ones
        sideways_arrows_scroll_a_page(options, app, surface)


def sideways_arrows_scroll_a_page(options: OptionsState, app: StandIn, surface: pygame.Surface) -> None:
    """A tap on ▾ shows the rows below at once, the highlight kept in view, and Sight can be
    tapped after one (TRU-8: ▾ moved the highlight a row before the rows moved, six taps to
    Sight); ▴ goes back. The arrow keys still move the highlight a row, the rows following it."""
    sight = [name for name, _ in ROWS].index("sight")
    options.selected, options.first = 0, 0
    options.draw(surface, 0.0)
    shown = sum(1 for rect in options.rects if rect.width)
    assert not options.rects[sight].width, "Sight starts below the rows shown"
    taps = 0
    while not options.rects[sight].width:
        up, down = options.more
        assert down is not None and taps < 3
        options.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=down.center, button=1), 0.0)
        options.draw(surface, 0.0)
        taps += 1
        first = min(i for i, rect in enumerate(options.rects) if rect.width)
        assert first == min(len(ROWS) - shown, taps * (shown - 1)), "a page, the last row shown kept"
        assert options.rects[options.selected].width, "the highlight stays in view"
    assert taps == 1 and app.changes == []
    click(options, options.rects[sight].center)
    assert ROWS[options.selected][0] == "sight" and app.changes[-1].sight == "tile", "a tap on Sight changes it"
    up, _ = options.more
    options.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=up.center, button=1), 0.0)
    options.draw(surface, 0.0)
    assert options.rects[0].width and options.rects[options.selected].width
    options.selected, options.first = 0, 0
    options.draw(surface, 0.0)
    press(options, pygame.K_DOWN)
    options.draw(surface, 0.0)
    assert options.selected == 1 and options.rects[0].width, "a key moves the highlight; the rows stay"
