"""The sidebar as a player reads it: every line whole or cut with an ellipsis, no two lines
on top of each other, what the monsters in view are doing and what lies under you; and a
sleeping monster's "z" on the map."""

from __future__ import annotations

import pygame
import pytest

from game.content.items import ITEMS
from game.content.monsters import GUARDIAN_NAMES, MONSTERS
from game.render.hud import Hud
from game.render.layout import SIDEBAR_RECT, TILE
from game.render.sprites import SpriteBank
from game.world.actor import STATES, state_word
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+-+
|@ a b c d e f|
+-+-+-+-+-+-+-+
"""
LONG_NAMES = [max(GUARDIAN_NAMES, key=len) + " the cave troll", "Captain Wennickashmaw-Brannoch the Warden"]


def _crowded_game():
    game = game_on(ROOM, {c: "rat" for c in "abcdef"}, seed="a seed long enough to run off the sidebar's edge")
    game.inventory.slots[:] = [(kind, 12) for kind in list(ITEMS)[:9]]
    game.log.add("A message long enough to wrap over two lines of the sidebar, or even three. " * 2, "bad", 0)
    return game


def _assert_laid_out(hud: Hud) -> None:
    inside = pygame.Rect((0, 0), hud.rect.size)
    for rect, label in hud.texts:
        assert inside.contains(rect), f"{label!r} leaves the sidebar at {rect}"
    for i, (a, first) in enumerate(hud.texts):
        for b, second in hud.texts[i + 1:]:
            assert not a.colliderect(b), f"{first!r} at {a} overlaps {second!r} at {b}"


@pytest.mark.parametrize("kind", sorted(MONSTERS))
def test_every_monster_name_with_every_state_stays_apart_and_inside(display, kind) -> None:
    game = _crowded_game()
    hud = Hud(SIDEBAR_RECT, SpriteBank(TILE))
    monsters = [m for m in game.floor.actors if m is not game.player]
    for state in STATES:
        for name in ("", *LONG_NAMES):
            for monster in monsters:
                monster.kind, monster.name, monster.state = kind, name, state
            hud._redraw(game, "The pointer's words, long enough to wrap over two or three lines of text "
                              "in the sidebar's narrow column.", "Throw a smoke bomb: aim with keys or mouse. Tab: "
                                                                 "next target. Enter: throw. Esc: cancel.")
            _assert_laid_out(hud)
            words = [label for _, label in hud.texts]
            assert state_word(monsters[0]) in words, "each monster in view says what it is doing"


def test_a_long_name_is_cut_with_an_ellipsis_not_run_into_its_state(display) -> None:
    game = game_on(ROOM, {"a": "crewman", "b": "cave_troll"})
    crewman, troll = (m for m in game.floor.actors if m is not game.player)
    crewman.state, troll.name = "hunting", LONG_NAMES[0]
    hud = Hud(SIDEBAR_RECT, SpriteBank(TILE))
    hud.draw(display, game)
    _assert_laid_out(hud)
    words = [label for _, label in hud.texts]
    assert "The skeleton crewman" in words and "hunting" in words and "guarding" in words


def test_a_sleeping_slime_says_asleep_and_a_shopkeeper_peaceful(display) -> None:
    game = game_on(ROOM, {"a": "slime", "b": "shopkeeper", "c": "skeleton", "d": "ghost", "e": "rat"})
    slime, keeper, skeleton, ghost, rat = (m for m in game.floor.actors if m is not game.player)
    slime.state = "asleep"
    assert [state_word(m) for m in (slime, keeper, skeleton, ghost, rat)] == \
        ["asleep", "peaceful", "guarding", "patrolling", "wandering"]
    keeper.hp -= 1
    keeper.state = "hunting"
    assert state_word(keeper) == "hunting"


def test_the_sidebar_says_what_lies_under_you(display) -> None:
    game = game_on("""
+-+-+-+
|@ . .|
+-+-+-+
""", {"@": "potion_healing"})
    game.floor.level.exit = game.player.pos
    hud = Hud(SIDEBAR_RECT, SpriteBank(TILE))
    hud.draw(display, game)
    words = [label for _, label in hud.texts]
    assert "Here: the stairs down, a healing potion" in words
    _assert_laid_out(hud)


def test_a_sleeping_monster_has_a_z_over_it_on_the_map(display) -> None:
    from game.render.view import PlayView

    game = game_on(ROOM, {"c": "slime"})
    slime = next(m for m in game.floor.actors if m is not game.player)
    pictures = []
    for state in ("idle", "asleep"):
        slime.state = state
        view = PlayView(SpriteBank(TILE))
        view.sync(game, 0)
        camera = view.draw(display, game, 10_000)
        x, y = camera.tile_origin(*slime.pos)
        pictures.append(pygame.surfarray.array3d(display.subsurface((x + TILE // 2, y - 4, TILE // 2 + 4, 12))).copy())
    assert (pictures[0] != pictures[1]).any(axis=2).sum() > 10, "asleep: a 'z' by its head"
