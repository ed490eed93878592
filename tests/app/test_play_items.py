"""Noun, then verb, for things (SPEC UI-2, UI-3, ITM-2): a click on a slot, an
item on the floor or a door offers what can be done to it, and choosing a verb does it; ``p``
asks which slot to drop; a full pack offers to make room."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest

from game.app.app import App
from game.app.options import Options
from game.app.script import run_script
from game.map.edges import Edge
from game.tools.gallery.floors import put_on_screen
from game.tools.gallery.setups import click
from tests import touches
from tests.helpers import game_on

if TYPE_CHECKING:
    from game.app.play import PlayState

ROOMS = """
+-+-+-+-+-+-+-+
|@ . . s . . k|
+ + + +-+-+-+-+
|. . . .D. . .|
+-+-+-+-+-+-+-+
"""
"""A sword three steps east, a key at the east end; a closed door on the way east, below."""
FILLERS = ("tnt", "smoke_bomb", "throwing_knives", "scroll_mapping", "potion_speed", "scroll_teleport",
           "rockets", "arrows")


@pytest.fixture
def app(display, tmp_path) -> App:
    app = App(Options(fps=0, seed="verbs", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    return app


def playing(app: App, legend: dict[str, str] | None = None) -> PlayState:
    game = game_on(ROOMS, {"s": "sword", "k": "key", **(legend or {})})
    game.floor.seen_rooms[:] = True
    play = put_on_screen(app, game)
    app.frame()
    return play


def labels(app: App) -> list[str]:
    menu = getattr(app.state, "menu", None)
    assert menu is not None, "a menu of verbs is open"
    return [label for label, _ in menu.verbs]


def asked(app: App) -> str:
    """What the sidebar asks now ("" when no question is up)."""
    return getattr(app.state, "prompt", "")


def choose(app: App, label: str) -> None:
    """Pick a verb by its number key, as a player would, and let any walk finish."""
    index = labels(app).index(label)
    run_script(app, str(index + 1))


def slot_target(play: PlayState, index: int) -> tuple[int, int]:
    app_frame = next(rect for rect, what in play.hud.targets if what == f"slot:{index}")
    return app_frame.center


def tap(app: App, pos: tuple[int, int]) -> None:
    """A finger down and up (``tests.touches``), the lift a frame later."""
    touches.press(pos)
    app.frame()
    touches.lift(pos)
    app.frame()


def click_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame()


def test_p_asks_which_slot_and_its_number_drops_that_stack(app) -> None:
    play = playing(app)
    game = play.game
    game.inventory.add("tnt", 3)
    turn = game.turn
    run_script(app, "p")
    assert asked(app) == "Drop which? 1-2, or click a slot. Esc: cancel."
    run_script(app, "2")
    assert game.inventory.count("tnt") == 0 and game.turn == turn + 1 and not asked(app)
    assert [i.kind for i in game.floor.items_at(game.player.pos)] == ["tnt"]
    assert play.run.recording.commands[-1] == ["drop", 1]
    run_script(app, "p Esc")
    assert app.state is play and game.turn == turn + 1, "Esc cancels, no menu opens"
    assert type(app.state).__name__ == "PlayState"
    run_script(app, "p")
    click(app, (3.5, 1.5))
    assert app.state is play, "a click elsewhere cancels it"
    game.player.hp = 5
    run_script(app, "1")
    assert game.player.hp > 5 and [i.kind for i in game.floor.items_at(game.player.pos)] == ["tnt"], \
        "a number key then uses its slot, as ever: it drops nothing"


def test_a_click_on_a_slot_offers_its_use_first_then_dropping_it(app) -> None:
    play = playing(app)
    game = play.game
    game.player.hp = 5
    click_at(app, slot_target(play, 0))
    assert labels(app) == ["Drink the healing potion", "Drop the healing potion"], "a click spends nothing by itself"
    assert game.player.hp == 5
    choose(app, "Drink the healing potion")
    assert game.player.hp > 5 and app.state is play
    game.inventory.add("tnt", 2)
    game.version += 1
    app.frame()
    click_at(app, slot_target(play, 0))
    assert labels(app) == ["Throw a stick of TNT\u2026", "Drop 2 sticks of TNT"]
    choose(app, "Drop 2 sticks of TNT")
    assert game.inventory.count("tnt") == 0 and game.floor.items_at(game.player.pos)


def test_a_click_on_a_slot_answers_which_slot_while_it_is_asked(app) -> None:
    play = playing(app)
    game = play.game
    game.inventory.add("tnt", 1)
    run_script(app, "p")
    click_at(app, slot_target(play, 1))
    assert game.inventory.count("tnt") == 0 and app.state is play


def test_a_click_on_a_floor_item_offers_to_take_it_and_taking_walks_there_and_wields_it(app) -> None:
    play = playing(app)
    game = play.game
    click(app, (3.5, 0.5))
    assert labels(app) == ["Wield it, leaving the dagger", "Walk to it"]
    assert app.state.menu.title == "A sword"
    choose(app, "Wield it, leaving the dagger")
    assert game.player.pos == (3, 0) and game.inventory.weapon == "sword"
    assert [i.kind for i in game.floor.items_at((3, 0))] == ["dagger"]


def test_walk_to_it_walks_there_and_takes_nothing(app) -> None:
    play = playing(app)
    game = play.game
    click(app, (3.5, 0.5))
    choose(app, "Walk to it")
    assert game.player.pos == (3, 0) and game.inventory.weapon == "dagger"


def test_a_full_pack_offers_to_make_room_and_the_slot_chosen_is_left_for_the_find(app) -> None:
    play = playing(app)
    game = play.game
    for kind in FILLERS:
        game.inventory.add(kind, 2)
    game.version += 1
    click(app, (6.5, 0.5))
    assert app.state.menu.title == "A key (your pack is full)"
    assert labels(app) == ["Make room for it\u2026", "Walk to it"]
    choose(app, "Make room for it\u2026")
    assert asked(app).startswith("Make room: drop which? 1-9")
    run_script(app, "9")  # the arrows
    assert game.player.pos == (6, 0)
    assert game.inventory.count("key") == 1 and game.inventory.count("arrows") == 0
    assert [(i.kind, i.dropped) for i in game.floor.items_at((6, 0))] == [("arrows", True)]


def test_g_on_a_full_pack_says_how_to_make_room(app) -> None:
    play = playing(app)
    game = play.game
    for kind in FILLERS:
        game.inventory.add(kind, 1)
    game.player.x, game.player.y = 6, 0
    run_script(app, "g")
    assert game.log.last(1)[0][0].text == "Your pack is full (9 kinds): drop something to make room for a key."


def test_tapping_yourself_on_a_find_with_a_full_pack_offers_to_make_room(app) -> None:
    play = playing(app)
    game = play.game
    for kind in FILLERS:
        game.inventory.add(kind, 1)
    game.player.x, game.player.y = 6, 0
    play.view.sync(game, 0.0)
    app.frame()
    click(app, (6.5, 0.5))
    assert labels(app)[0] == "Make room for a key\u2026" and "Wait a turn" in labels(app)
    choose(app, "Make room for a key\u2026")
    run_script(app, "1")
    assert game.inventory.count("key") == 1 and game.inventory.count("potion_healing") == 0


def test_a_click_by_a_door_beside_you_offers_to_close_or_open_it(app) -> None:
    play = playing(app)
    game = play.game
    area = game.floor.map
    game.player.x, game.player.y = 3, 1
    door = (3, 1, 1, 0)  # the door east of (3, 1)
    assert area.edge_kind_toward(3, 1, 1, 0) == Edge.DOOR
    play.view.sync(game, 0.0)
    app.frame()
    click(app, (3.95, 1.5))
    assert app.state.menu.title == "A closed door" and labels(app) == ["Open it"]
    choose(app, "Open it")
    assert area.edge_kind_toward(*door) == Edge.OPEN_DOOR and game.player.pos == (3, 1)
    click(app, (3.95, 1.5))
    assert app.state.menu.title == "An open door" and labels(app) == ["Close it", "Go through"]
    choose(app, "Close it")
    assert area.edge_kind_toward(*door) == Edge.DOOR


def test_a_click_by_a_door_across_the_room_walks_there_to_open_it(app) -> None:
    play = playing(app)
    game = play.game
    area = game.floor.map
    click(app, (3.95, 1.5))
    assert labels(app) == ["Open it", "Walk to it"]
    choose(app, "Open it")
    assert game.player.pos == (3, 1) and area.edge_kind_toward(3, 1, 1, 0) == Edge.OPEN_DOOR


def _phone(tmp_path, size: tuple[int, int]) -> App:
    from game.render import layout

    layout.LAYOUTS["test-phone"] = layout.phone(*size)
    try:
        app = App(Options(fps=0, seed="7", start="dungeon", save_dir=str(tmp_path), layout="test-phone"))
    finally:
        del layout.LAYOUTS["test-phone"]
    run_script(app, "x*3")
    return app


@pytest.mark.parametrize("size", [(390, 844), (390, 664), (844, 390), (360, 560)])
def test_a_phone_sidebar_shows_the_slots_icons_and_counts_and_a_tap_on_one_offers_its_verbs(
        display, tmp_path, size) -> None:
    from game.render.layout import current

    app = _phone(tmp_path, size)
    play = app.state
    game = play.game
    game.inventory.add("tnt", 3)
    game.version += 1
    app.redraw()
    page, sidebar = current(), pygame.Rect(current().sidebar_rect)
    cells = {what: rect for rect, what in play.hud.targets if what.startswith("slot:")}
    assert set(cells) == {"slot:0", "slot:1"}, "every slot has its cell in the sidebar"
    for rect in cells.values():
        assert sidebar.contains(rect) and page.css(rect.width) >= 44 and page.css(rect.height) >= 44
    assert "3" in [label for _, label in play.hud.texts], "the TNT's count"
    assert any(label.startswith("Seed 7") for _, label in play.hud.texts), "the seed keeps its line"
    assert play.hud.badges, "what is in view is still listed"
    tap(app, cells["slot:1"].center)
    assert labels(app) == [
        "Throw a stick of TNT\u2026", "Drop 3 sticks of TNT"]
    app.frame()
    tap(app, app.state.menu.rects[1].center)
    assert game.inventory.count("tnt") == 0 and game.floor.items_at(game.player.pos)


@pytest.mark.parametrize(("size", "cells"), [((390, 844), 9), ((390, 664), 6)])
def test_a_full_pack_on_a_phone_shows_what_fits_and_how_many_more(display, tmp_path, size, cells) -> None:

    app = _phone(tmp_path, size)
    play = app.state
    for kind in FILLERS:
        play.game.inventory.add(kind, 2)
    play.game.version += 1
    app.redraw()
    slots = [what for _, what in play.hud.targets if what.startswith("slot:")]
    assert len(slots) == cells
    if cells < 9:
        more = [rect for rect, what in play.hud.targets if what == "pack"][0]  # the first "pack": the "+N" cell
        assert f"+{9 - cells}" in [label for _, label in play.hud.texts]
        tap(app, more.center)
        assert type(app.state).__name__ == "PackScreen", "it opens the pack page"
