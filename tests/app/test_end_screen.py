"""The end of a run: what the summary says, and keys that cannot skip it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.app import App
from game.app.keys import BINDINGS
from game.app.options import Options
from game.app.states import END_KEYS, GRACE_MS, GameOverState, deepest, sentence
from game.world.game import Game
from tests.helpers import until_playing

if TYPE_CHECKING:
    import pytest

    from game.app.state import State


def press(state: State, key: int, unicode: str, now: float) -> State:
    return state.on_event(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=0), now)


def dead(seed: str) -> tuple[App, GameOverState]:  # the moment after death
    app = App(Options(seed=seed, fps=0))
    play = until_playing(app)
    play.game.kill(play.game.player, None)
    play.game.cause = "caught in a trap on floor 1 of Perric"  # as a trap says it
    app.frame()
    app.frame()
    assert isinstance(app.state, GameOverState)
    return app, app.state


def test_the_cause_keeps_its_names_and_the_deepest_floor_is_named() -> None:
    assert sentence("caught in a trap on floor 1 of Perric") == "Caught in a trap on floor 1 of Perric"
    game = Game.in_dungeon("deep")
    first = game.world.order[0]
    assert deepest(game) == f"floor 1 of {game.world.names[first]}, {game.world.theme(first).name}"
    assert deepest(Game.new("shallow")) == "no dungeon entered"


def test_the_death_screen_says_it_right(display) -> None:
    _, summary = dead("doomed")
    summary.draw(pygame.Surface((1280, 720)), 0.0)
    assert summary.lines[1].startswith("Caught in a trap on floor 1 of Perric")
    assert "Deepest: no dungeon entered" in summary.lines[2], "died on the island: no floor reached"


def test_no_end_screen_key_is_a_move() -> None:
    moves = {key for binding in BINDINGS if binding.command.name == "move" for key in binding.keys}
    assert not moves & set(END_KEYS), "a player still moving when they die would skip the summary"
    assert END_KEYS[pygame.K_p] == "new" and pygame.K_n not in END_KEYS


def test_keys_wait_half_a_second_after_the_end_screen_appears(display) -> None:
    app, summary = dead("doomed again")
    opened = summary.opened_ms  # set when it was first drawn
    assert opened is not None and GRACE_MS == 500
    assert press(summary, pygame.K_p, "p", opened + GRACE_MS - 1) is summary, "too soon: ignored"
    assert press(summary, pygame.K_n, "n", opened + GRACE_MS + 100) is summary, "n (a move) does nothing here"
    assert press(summary, pygame.K_p, "p", opened + GRACE_MS) is not summary, "P starts a new run"


def _drawn_lines(state: State, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts ``state`` draws, in order."""
    from game.render import text

    shown: list[str] = []
    original = text.render
    monkeypatch.setattr(text, "render", lambda words, size, colour: (shown.append(words), original(words, size,
                                                                                                     colour))[1])
    state.draw(surface, 0.0)
    return shown


def test_the_numbers_break_between_items_never_after_a_dot(display, monkeypatch, tmp_path) -> None:
    """On a phone the line of numbers takes two lines or more: each starts and ends with an item
    (it broke after a dangling "·" at 390 pixels), and all of them are there, in order."""
    from game.render import layout
    from game.render.layout import LAYOUTS

    app = App(Options(seed="doomed on a phone", fps=0, save_dir=str(tmp_path), layout="portrait"))
    play = until_playing(app)
    play.game.kill(play.game.player, None)
    app.frame()
    app.frame()
    summary = app.state
    assert isinstance(summary, GameOverState) and layout.current() is LAYOUTS["portrait"]
    shown = _drawn_lines(summary, pygame.Surface(layout.current().size), monkeypatch)
    numbers = [line for line in shown if any(item in line for item in summary.numbers)]
    assert len(numbers) >= 2, f"the numbers fit one line at {layout.current().size}: nothing to check"
    for line in numbers:
        assert not line.strip().startswith("·") and not line.strip().endswith("·"), line
    assert " · ".join(numbers).split(" · ") == summary.numbers, "every item once, in order, whole"


def test_separated_breaks_only_between_items() -> None:
    from game.app.states import separated
    from game.render import text

    items = ["Wardens 0/5", "Deepest: floor 1 of Virelund", "Turns 1 204", "Kills 17", "Coins 230"]
    for width in (120, 260, 400, 2000):
        lines = separated(items, 22, width)
        assert [part for line in lines for part in line.split("  ·  ")] == items
        assert all(text.width_of(line, 22) <= width or "·" not in line for line in lines)
    assert len(separated(items, 22, 2000)) == 1


def test_the_end_menu_names_its_keys_on_a_desktop_and_none_on_a_phone(display, tmp_path) -> None:
    labels = {}
    for layout_name in ("landscape", "portrait"):
        app = App(Options(seed="doomed", fps=0, save_dir=str(tmp_path / layout_name), layout=layout_name))
        play = until_playing(app)
        play.game.kill(play.game.player, None)
        app.frame()
        labels[layout_name] = [label for _, label in app.state.menu.items]
    assert labels["landscape"][:2] == ["New run, new seed   P", "Play this seed again   R"]
    assert labels["landscape"][-1] == "Title   Esc"
    assert labels["portrait"][:2] == ["New run, new seed", "Play this seed again"] and labels["portrait"][-1] == "Title"


def test_the_title_the_credits_and_the_end_screen_show_the_version(display, monkeypatch, tmp_path) -> None:
    """TRU-5: the game's version was shown nowhere. In every layout each of these screens
    draws it, whole on the screen, clear of the menu's rows."""
    from game import __version__
    from game.app.menus import CreditsState
    from game.app.title import TitleState
    from game.render import layout

    try:
        for name, shape in layout.LAYOUTS.items():
            app = App(Options(seed="doomed", fps=0, save_dir=str(tmp_path / name), layout=name))
            title = TitleState(app)
            screens = [title, CreditsState(app, title)]
            play = until_playing(app)
            play.game.kill(play.game.player, None)
            app.frame()
            screens.append(app.state)
            for screen in screens:
                with monkeypatch.context() as patch:
                    drawn = _drawn_lines(screen, pygame.Surface(shape.size), patch)
                where = f"{type(screen).__name__} in {name}"
                assert f"version {__version__}" in drawn, where
                assert shape.screen_area.contains(screen.version_rect), where
                rows = getattr(screen, "menu", None)
                assert not any(screen.version_rect.colliderect(row) for row in (rows.rects if rows else [])), where
    finally:
        layout.use(layout.LANDSCAPE)
