"""Choices the world asks for, as the player meets them on the play screen: bumping a captive
asks whether to free it (SPEC ALY-1), ``r`` rallies the allies (ALY-2), and a scroll of
enchanting offers what to enchant, each choice saying what it will do (ITM-8)."""

from __future__ import annotations

import pygame
import pytest

from game.app.app import App
from game.app.options import Options
from game.app.script import run_script
from game.mapgen.captors import FREE_TURNS
from game.tools.gallery.floors import put_on_screen
from tests.app.test_play_items import click_at, tap
from tests.helpers import game_on, menu
from tests.world.test_captives import ROOM  # a goblin beside the player in a wide room



@pytest.fixture
def app(display, tmp_path) -> App:
    app = App(Options(fps=0, seed="choices", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    return app


def test_bumping_a_captive_asks_and_yes_frees_it(app) -> None:
    game = game_on(ROOM, {"g": "goblin"})
    goblin = next(a for a in game.floor.actors if a.kind == "goblin")
    goblin.shackles = FREE_TURNS
    play = put_on_screen(app, game)
    app.frame()
    run_script(app, "Right")
    question = menu(app)
    assert question is not None and "Free the captive goblin?" in question.title, "it asks first"
    assert game.turn == 0 and goblin.captive
    app.redraw()
    captive = pygame.Rect(*play.camera.tile_origin(*goblin.pos), play.camera.tile, play.camera.tile)
    assert not question.box.colliderect(captive), "the question hides not the captive it asks about"
    run_script(app, "Esc")
    assert app.state is play and goblin.captive and game.turn == 0, "no: nothing done, no turn spent"
    run_script(app, "Right 1")
    assert goblin.ally and game.turn == FREE_TURNS and app.state is play, "yes: it is freed, in its turns"
    run_script(app, "r")
    assert goblin.waiting, "r tells the allies to wait"
    run_script(app, "r")
    assert not goblin.waiting, "and again to follow"


def test_a_scroll_of_enchanting_offers_what_to_enchant_and_the_choice_is_enchanted(app) -> None:
    game = game_on(ROOM)
    game.inventory.armour = "leather_armour"
    game.inventory.add("scroll_enchanting", 1)
    put_on_screen(app, game)
    app.frame()
    slot = [kind for kind, _ in game.inventory.slots].index("scroll_enchanting")
    run_script(app, str(slot + 1))
    offered = menu(app)
    assert offered is not None and offered.title.endswith("Enchant what?")
    assert [words.split(":")[0] for words, _ in offered.verbs] == ["Dagger", "Leather armour"]
    assert "->" in offered.verbs[1][0], "each choice says what it will do"
    run_script(app, "2")
    assert game.inventory.count("scroll_enchanting") == 0 and game.record.choices == 1
    assert "+1" in game.log.messages[-1].text or any("+1" in m.text for m in game.log.messages[-3:])


def test_escape_from_the_choice_spends_nothing(app) -> None:
    game = game_on(ROOM)
    game.inventory.add("scroll_enchanting", 1)
    play = put_on_screen(app, game)
    app.frame()
    slot = [kind for kind, _ in game.inventory.slots].index("scroll_enchanting")
    run_script(app, str(slot + 1))
    assert menu(app) is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0))
    app.frame()
    assert app.state is play and game.inventory.count("scroll_enchanting") == 1 and game.record.choices == 0


def test_a_fallen_wardens_boons_open_a_page_that_no_stray_key_closes(app) -> None:
    from game.app.boon_screen import BoonScreen

    game = game_on(ROOM)
    game.boons.offer = ["vigour", "might", "lore"]
    play = put_on_screen(app, game)
    app.frame()
    assert isinstance(app.state, BoonScreen), "a boon offered opens its page"
    app.frame()
    run_script(app, "Esc Space Return x Left 9")
    assert isinstance(app.state, BoonScreen) and game.boons.offer and not game.boons.taken, "it must be chosen"
    run_script(app, "2")
    assert game.boons.taken == ["might"] and app.state is play and game.turn == 0
    assert game.record.choices == 1


def test_a_boon_is_taken_with_a_click_on_its_row(app) -> None:
    from game.app.boon_screen import BoonScreen

    game = game_on(ROOM)
    game.boons.offer = ["bulwark", "regeneration", "arcana"]
    put_on_screen(app, game)
    app.frame()
    app.frame()
    screen = app.state
    assert isinstance(screen, BoonScreen) and len(screen.rows) == 3
    click_at(app, screen.rows[2][0].center)
    assert game.boons.taken == ["arcana"] and game.boons.offer == []
    game.boons.offer = ["vigour", "might", "shadow"]
    app.frame()
    app.frame()
    screen = app.state
    assert isinstance(screen, BoonScreen)
    tap(app, screen.rows[0][0].center)
    assert game.boons.taken == ["arcana", "vigour"] and not isinstance(app.state, BoonScreen)
