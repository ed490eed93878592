"""The key help page lists every binding and no two pieces of its text overlap (UI-1, UI-13:
"go down; away from the stairs, travel to them" once ran into the Mouse group's "Hover"). On a
phone it starts with the touch controls, is read a page at a time and says "Tap to close"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pytest

from game.app import help_page
from game.app.app import App
from game.app.keys import help_rows
from game.app.options import Options
from game.app.script import run_script
from game.render import layout, text
from game.render.layout import LANDSCAPE
from tests import touches

if TYPE_CHECKING:
    from pygame.typing import Point, RectLike

MAP_AREA, SCREEN_AREA = LANDSCAPE.map_area, LANDSCAPE.screen_area
PHONES = [lay for lay in layout.LAYOUTS.values() if lay is not LANDSCAPE]
"""Every layout a phone gets (upright, and on its side when there is one for it)."""


class Recording(pygame.Surface):
    """A surface that remembers each text drawn on it and where (the panel's own frame aside)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[str, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Point | RectLike, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = super().blit(source, dest, *args, **kwargs)
        if WORDS.get(id(source)):
            self.placed.append((WORDS[id(source)], rect))
        return rect


WORDS: dict[int, str] = {}


@pytest.fixture(autouse=True)
def _words_of_pictures(monkeypatch):
    """Which words each picture of text shows (``text.render`` keeps its pictures)."""
    render = text.render

    def remembered(words: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        picture = render(words, size, colour)
        WORDS[id(picture)] = words
        return picture

    monkeypatch.setattr(help_page.text, "render", remembered)
    monkeypatch.setattr("game.app.widgets.text.render", remembered)
    yield
    WORDS.clear()


def _pages(area: pygame.Rect | None = None) -> list[list[tuple[str, pygame.Rect]]]:
    """Every page of the help as drawn on the current layout's screen: its texts and places."""
    area = area or layout.current().screen_area
    pages, count = [], 1
    while len(pages) < count:
        surface = Recording(layout.current().size)
        count = help_page.draw_help(surface, area, len(pages))
        pages.append(surface.placed)
    return pages


def _panel(area: pygame.Rect) -> pygame.Rect:
    size = (help_page.SIZE[0], 2000) if layout.current().portrait else help_page.SIZE
    panel = pygame.Rect(0, 0, min(size[0], area.width - 20), min(size[1], area.height - 20))
    panel.center = area.center
    return panel


def _check_page(placed: list[tuple[str, pygame.Rect]], area: pygame.Rect) -> None:
    panel = _panel(area)
    for index, (words, rect) in enumerate(placed):
        assert panel.contains(rect), f"{words!r} at {rect} runs off the panel {panel}"
        clashes = [other for other in placed[index + 1:] if rect.colliderect(other[1])]
        assert not clashes, f"{words!r} at {rect} overlaps {clashes}"


def _meanings(touch: bool) -> list[str]:
    return [meaning for _, rows in help_rows(touch) for _, meaning in rows]


def _drawn_once(pages: list[list[tuple[str, pygame.Rect]]], touch: bool) -> None:
    """Every row, its keys then its meaning's lines, is drawn once over all the pages."""
    drawn = [words for placed in pages for words, _ in placed]
    joined = " ".join(" ".join(drawn).split())
    for _, rows in help_rows(touch):
        for keys, meaning in rows:
            assert keys in drawn, f"{keys!r} is not on the help"
            row = " ".join(f"{keys} {meaning}".split())
            assert joined.count(row) == 1, f"{row!r} is not on the help once"


def test_no_text_on_the_help_page_overlaps_and_all_of_it_is_on_the_panel() -> None:
    for area in (MAP_AREA, SCREEN_AREA):
        pages = _pages(area)
        assert len(pages) == 1, "at 1280x720 the help is one page"
        _check_page(pages[0], area)
        _drawn_once(pages, touch=False)
        assert pages[0][-1][0] == "Press any key to close"


def test_every_binding_and_every_line_of_its_meaning_is_drawn() -> None:
    lines = sum(1 + len(rows) for _, rows in help_rows())  # a heading and at least a line a row
    placed = _pages(MAP_AREA)[0]
    assert len(placed) >= 2 + lines + sum(len(rows) for _, rows in help_rows()), "keys and meanings, title, footer"


def test_the_help_says_that_walking_onto_coins_keys_and_potions_picks_them_up() -> None:
    for touch in (False, True):
        rows = dict(row for _, group in help_rows(touch) for row in group)
        assert "walk onto" in rows
        assert all(word in rows["walk onto"] for word in ("coins", "key", "potion", "scroll", "picked up"))
        assert "weapon or armour" in rows["g"], "g is still what picks up what you wear"


@pytest.mark.parametrize("phone", PHONES, ids=lambda lay: lay.name)
def test_a_phone_s_help_describes_touch_first_says_tap_and_fits_page_by_page(phone) -> None:
    layout.use(phone)
    pages = _pages()
    for placed in pages:
        _check_page(placed, phone.screen_area)
    _drawn_once(pages, touch=True)
    first = [words for words, _ in pages[0]]
    assert first[:2] == ["Help", "Touch"], "the touch controls come first"
    for keys in ("Tap a tile", "Tap yourself", "Buttons", "Pinch"):
        assert keys in first, f"{keys!r} is not on the first page"
    footers = [placed[-1][0] for placed in pages]
    assert footers[-1] == "Tap to close"
    assert footers[:-1] == [f"Tap for more ({n} of {len(pages)})" for n in range(1, len(pages))]
    assert not any("Press any key" in words or words == "Mouse" for placed in pages for words, _ in placed)


def test_on_a_phone_a_tap_turns_the_help_s_page_and_the_last_tap_closes_it(display, tmp_path) -> None:
    phone = layout.LAYOUTS["portrait"]
    app = App(Options(fps=0, seed="helptap", start="dungeon", save_dir=str(tmp_path), layout="portrait"))
    run_script(app, "?")
    play = app.state.under
    pages = app.state.pages.pages
    assert type(app.state).__name__ == "HelpState" and pages >= 2, "a phone's help takes more than a page"
    for page in range(1, pages):
        touches.tap(phone.map_area.center)
        app.frame()
        assert type(app.state).__name__ == "HelpState" and app.state.pages.page == page
    here, turn = play.game.player.pos, play.game.turn
    touches.tap(phone.map_area.center)
    app.frame()
    assert type(app.state).__name__ != "HelpState"
    assert (play.game.player.pos, play.game.turn) == (here, turn), "the taps only read the help"


def test_from_the_menu_too_the_help_turns_its_pages_and_esc_closes_it_at_once(display, tmp_path) -> None:
    from game.app.menus import HelpState

    app = App(Options(fps=0, seed="helpmenu", start="dungeon", save_dir=str(tmp_path), layout="portrait"))
    run_script(app, "")
    play = app.state
    app.state = HelpState(app, play, play)
    app.redraw()
    assert app.state.pages.pages >= 2
    touches.tap(layout.current().screen_area.center)
    app.frame()
    assert isinstance(app.state, HelpState) and app.state.pages.page == 1
    run_script(app, "Esc")
    assert app.state is play


@pytest.mark.parametrize("phone", PHONES, ids=lambda lay: lay.name)
def test_a_caller_that_turns_no_pages_is_not_told_of_pages_it_cannot_reach(phone) -> None:
    """Options' key list closes on a tap: its footer says so, not "Tap for more"."""
    layout.use(phone)
    surface = Recording(phone.size)
    assert help_page.draw_help(surface, phone.screen_area) >= 2
    assert surface.placed[-1][0] == "Tap to close"
