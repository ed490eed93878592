"""Every monster state the sidebar shows (UI-11) reads on its badge: WCAG contrast of at least 4.5:1
between the words and the badge, in the usual and the colour-blind palette, both
for the colours the sidebar picks and for the pixels it draws."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.content.monsters import MONSTERS
from game.render import palette, text
from game.render.hud import Hud
from game.render.layout import SIDEBAR_RECT, TILE
from game.render.sidebar_in_view import STATE_TEXT, STATE_WORDS, badge_colours
from game.render.sprites import SpriteBank
from game.world.actor import STATES, state_word
from tests.helpers import game_on
from tests.render.test_sprite_contrast import contrast

ROOM = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ a b c d e f g h i j .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""
WCAG_AA = 4.5


@pytest.fixture(params=[False, True], ids=["usual", "colour-blind"])
def scheme(request: pytest.FixtureRequest) -> Iterator[bool]:
    palette.use_colour_blind(request.param)
    yield request.param
    palette.use_colour_blind(False)


def test_every_state_word_is_one_the_badges_know() -> None:
    game = game_on(ROOM, {"a": "rat"})
    monster = next(m for m in game.floor.actors if m is not game.player)
    for kind in MONSTERS:
        for state in STATES:
            monster.kind, monster.state, monster.hp = kind, state, monster.max_hp
            assert state_word(monster) in STATE_WORDS
    assert set(STATE_WORDS) >= {"asleep", "wandering", "hunting", "fleeing", "guarding", "peaceful"}


@pytest.mark.parametrize("word", STATE_WORDS)
def test_each_state_word_contrasts_with_its_badge(scheme, word) -> None:
    ink, fill = badge_colours(word)
    assert contrast(ink, fill) >= WCAG_AA, f"{word!r}: {ink} on {fill}"
    assert contrast(fill, palette.PANEL) > 1.2 or contrast(ink, palette.PANEL) >= WCAG_AA, "the badge stands out"


def test_the_drawn_badges_have_that_contrast(display, scheme) -> None:
    """Ten monsters, each state the sidebar can show: the pixels of each word against the
    pixels of its badge."""
    kinds = {"asleep": "goblin", "wandering": "rat", "patrolling": "ghost", "waiting": "nest", "guarding": "skeleton",
             "hunting": "goblin", "searching": "goblin", "returning": "goblin", "fleeing": "goblin",
             "peaceful": "shopkeeper"}
    kinds = {word: kind for word, kind in kinds.items() if kind in MONSTERS}
    game = game_on(ROOM, dict(zip("abcdefghij", kinds.values())))
    monsters = [m for m in game.floor.actors if m is not game.player]
    for monster, word in zip(monsters, kinds):
        monster.state = word if word in STATES else "idle"
    hud = Hud(SIDEBAR_RECT, SpriteBank(TILE))
    hud._redraw(game, "", "")
    shown = {word for _, _, word in hud.badges}
    assert {"asleep", "wandering", "guarding", "hunting", "fleeing", "peaceful"} <= shown
    for _, badge, word in hud.badges:
        rect = next(rect for rect, label in hud.texts if label == word and badge.contains(rect))
        glyphs = text.render(word, STATE_TEXT, (255, 255, 255))
        ink = {tuple(hud._surface.get_at((rect.x + x, rect.y + y)))[:3] for x in range(glyphs.get_width())
               for y in range(glyphs.get_height()) if glyphs.get_at((x, y)).a == 255}
        fill = tuple(hud._surface.get_at((badge.x + 2, badge.centery)))[:3]
        assert len(ink) == 1, f"{word!r} drawn in one colour"
        assert contrast(ink.pop(), fill) >= WCAG_AA, f"{word!r} on its badge"
