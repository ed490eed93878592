"""The sidebar as a player reads it: every line whole or cut with an ellipsis, no two lines
on top of each other, what every monster in view is doing (however crowded), the newest
messages (however crowded) and what lies under you; and a sleeping monster's "z" on the map.
The crowded checks run on the desktop's sidebar and on a phone's (upright, and on its side:
every layout ``game.render.layout.LAYOUTS`` has), where what does not fit is "and N more"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest

from game.content.items import ITEMS
from game.content.monsters import CONJURED, GUARDIAN_NAMES, MONSTERS
from game.render import layout, palette, text
from game.render import sidebar_compact
from game.render import sidebar_in_view as in_view
from game.render.hud import PAD, Hud
from game.render.sidebar_log import LOG_SIZE
from game.render.layout import LAYOUTS, SIDEBAR_RECT, TILE, Layout
from game.render.sprites import SpriteBank
from game.world.actor import STATES, state_word
from tests.helpers import game_on

if TYPE_CHECKING:
    from game.world.game import Game

ROOM = """
+-+-+-+-+-+-+-+
|@ a b c d e f|
+-+-+-+-+-+-+-+
"""
LONG_NAMES = [max(GUARDIAN_NAMES, key=len) + " the cave troll", "Captain Wennickashmaw-Brannoch the Warden"]
LONG_MESSAGE = "A message long enough to wrap over two lines of the sidebar, or even three. " * 2
HOVER = "The pointer's words, long enough to wrap over two or three lines of text in the sidebar's narrow column."
PROMPT = "Throw a smoke bomb: aim with keys or mouse. Tab: next foe. 1-9: throw another. Enter: throw. Esc: cancel."
PHONE_PROMPT = "The blast will reach you! Tap it again: throw anyway. Tap off the map: cancel."
"""The longest question a phone's sidebar asks (``game.app.play``: no keys named there)."""


def _crowded_game():
    game = game_on(ROOM, {c: "rat" for c in "abcdef"}, seed="a seed long enough to run off the sidebar's edge")
    game.inventory.slots[:] = [(kind, 12) for kind in list(ITEMS)[:9]]
    game.log.add(LONG_MESSAGE, "bad", 0)
    return game


def _ink(hud: Hud, rect: pygame.Rect, word: str, size: int, covered: bool = True) -> set[tuple[int, int, int]]:
    """The colours on the sidebar where ``word``, drawn whole at ``rect``, has full coverage (or,
    ``covered`` false, none: what it lies on)."""
    glyphs = text.render(word, size, (255, 255, 255))
    assert rect.size == glyphs.get_size(), f"{word!r} is drawn whole, not cut"
    return {tuple(hud._surface.get_at((rect.x + x, rect.y + y)))[:3] for x in range(glyphs.get_width())
            for y in range(glyphs.get_height()) if glyphs.get_at((x, y)).a == (255 if covered else 0)}


def _sidebar(sidebar: Layout) -> Hud:
    """The sidebar of ``sidebar`` (a layout), drawn in it from now on (the test's end restores the desktop's)."""
    layout.use(sidebar)
    return Hud(sidebar.sidebar_rect, SpriteBank(TILE), sidebar.compact)


def _assert_every_state_shown(hud: Hud, monsters: list, game: Game | None = None) -> None:
    """Each monster in view has a badge with its state word on it, whole, in one colour, and
    nothing else drawn over the badge. On a phone's short sidebar (``game`` given), those that
    do not fit are counted instead: the first ones in view are listed, then "and N more"."""
    badges = {monster.eid: (badge, word) for monster, badge, word in hud.badges}
    if game is not None and len(badges) < len(monsters):
        listed = in_view.in_view(game)[:len(badges)]
        assert badges and sorted(badges) == sorted(m.eid for m in listed), "the first in view are listed"
        assert f"and {len(monsters) - len(badges)} more" in [label for _, label in hud.texts]
        monsters = listed
    assert sorted(badges) == sorted(m.eid for m in monsters), "every monster in view is listed"
    for monster in monsters:
        badge, word = badges[monster.eid]
        assert word == state_word(monster)
        inside = [(rect, label) for rect, label in hud.texts if rect.colliderect(badge)]
        assert [label for _, label in inside] == [word], f"only {word!r} is written on its badge"
        rect = inside[0][0]
        assert badge.contains(rect)
        ink, fill = in_view.badge_colours(word)
        assert _ink(hud, rect, word, in_view.sizes().state_text) == {tuple(ink)}, \
            f"{word!r} in one colour, its own: nothing runs across it"
        assert _ink(hud, rect, word, in_view.sizes().state_text, covered=False) == {tuple(fill)}, \
            f"{word!r} lies on its badge's colour, not in a box of another"


def _assert_newest_message_shown(hud: Hud, game: Game, least: int = 3) -> None:
    """The newest message's first lines are on the sidebar, at least ``least`` of them (a
    phone's sidebar keeps two)."""
    message = game.log.last(1)[0][0]
    lines = text.wrap(message.text, LOG_SIZE, hud.rect.width - 2 * PAD)
    drawn = [(rect, label) for rect, label in hud.texts if any(label.startswith(line[:12]) for line in lines)]
    assert len(drawn) >= min(least, len(lines)), f"the newest message keeps its lines: {drawn}"
    assert drawn[0][1] == lines[0]
    assert len(_ink(hud, drawn[0][0], lines[0], LOG_SIZE)) == 1


def _assert_laid_out(hud: Hud) -> None:
    inside = pygame.Rect((0, 0), hud.rect.size)
    for rect, label in hud.texts:
        assert inside.contains(rect), f"{label!r} leaves the sidebar at {rect}"
    for i, (a, first) in enumerate(hud.texts):
        for b, second in hud.texts[i + 1:]:
            assert not a.colliderect(b), f"{first!r} at {a} overlaps {second!r} at {b}"


SIDEBARS = sorted(LAYOUTS.values(), key=lambda sidebar: sidebar.name)
"""The desktop's sidebar and each phone's."""


def _checks(hud: Hud, game: Game, monsters: list, prompt: str = "") -> None:
    phone = hud.compact
    _assert_laid_out(hud)
    _assert_every_state_shown(hud, monsters, game if phone else None)
    if not (phone and prompt):  # PHONE_AIMING: its own test, below
        _assert_newest_message_shown(hud, game, 2 if phone else 3)


@pytest.mark.parametrize("sidebar", SIDEBARS, ids=lambda sidebar: sidebar.name)
@pytest.mark.parametrize("kind", sorted(set(MONSTERS) - set(CONJURED)))
def test_every_monster_name_with_every_state_stays_apart_and_inside(display, kind, sidebar) -> None:
    game = _crowded_game()
    hud = _sidebar(sidebar)
    monsters = [m for m in game.floor.actors if m is not game.player]
    for state in STATES:
        for name in ("", *LONG_NAMES):
            for monster in monsters:
                monster.kind, monster.name, monster.state = kind, name, state
            for prompt in ("", PHONE_PROMPT) if sidebar.compact else (PROMPT,):
                hud._redraw(game, HOVER, prompt)
                _checks(hud, game, monsters, prompt)


def test_conjured_crystal_is_not_listed_among_the_monsters_in_view(display) -> None:
    game = _crowded_game()
    rats = [m for m in game.floor.actors if m is not game.player]
    rats[0].kind = "crystal"
    listed = in_view.in_view(game)
    assert rats[0] not in listed and rats[1] in listed


@pytest.mark.parametrize("sidebar", [sidebar for sidebar in SIDEBARS if sidebar.compact],
                         ids=lambda sidebar: sidebar.name)
def test_while_aiming_in_a_crowd_a_phone_keeps_the_newest_message(display, sidebar) -> None:
    game = _crowded_game()
    hud = _sidebar(sidebar)
    hud._redraw(game, HOVER, PHONE_PROMPT)
    _assert_laid_out(hud)
    assert any(label.startswith("The blast will reach you!") for _, label in hud.texts), "the question is asked"
    _assert_newest_message_shown(hud, game, 2)


@pytest.mark.parametrize("sidebar", SIDEBARS, ids=lambda sidebar: sidebar.name)
@pytest.mark.parametrize(("hover", "prompt"), [("", ""), (HOVER, ""), ("", PROMPT), (HOVER, PROMPT)])
def test_a_crowd_and_a_full_pack_leave_the_newest_messages_and_every_state(display, hover, prompt, sidebar) -> None:
    """Six monsters in view, each doing something else, a full pack and a long message: every
    state is on the sidebar, and so are the message's first lines (while aiming, too)."""
    game = _crowded_game()
    monsters = [m for m in game.floor.actors if m is not game.player]
    for monster, state, name in zip(monsters, STATES, [*LONG_NAMES, "", "", "", ""]):
        monster.state, monster.name = state, name
    monsters[-1].kind = "shopkeeper"  # peaceful
    monsters[2].hp = 1
    prompt = PHONE_PROMPT if prompt and sidebar.compact else prompt  # what a phone asks
    hud = _sidebar(sidebar)
    hud._redraw(game, hover, prompt)
    _checks(hud, game, monsters, prompt)
    words = [label for _, label in hud.texts]
    shown = {word for _, _, word in hud.badges}
    assert {"asleep", "hunting", "peaceful"} & shown == {"asleep", "hunting", "peaceful"} & {
        state_word(m) for m in in_view.in_view(game)[:len(hud.badges)]}
    if not sidebar.compact:
        assert {"asleep", "hunting", "peaceful"} <= set(words)
    size, pad = (sidebar_compact.TEXT, sidebar_compact.PAD) if sidebar.compact else (20, PAD)
    asked = text.wrap(prompt, size, hud.rect.width - 2 * pad)
    assert prompt == "" or asked[0] in words, "the question is shown"


def test_the_state_reads_the_same_whatever_the_health(display) -> None:
    """A state is on its own badge, not on the health bar: the badge looks the same at full
    health and at one hit point, while the bar under it changes."""
    game = game_on(ROOM, {"a": "goblin"})
    goblin = next(m for m in game.floor.actors if m is not game.player)
    goblin.state = "hunting"
    hud = Hud(SIDEBAR_RECT, SpriteBank(TILE))
    pictures = []
    for hp in (goblin.max_hp, goblin.max_hp // 2, 1):
        goblin.hp = hp
        hud._redraw(game, "", "")
        (_, badge, word), = hud.badges
        assert word == "hunting"
        pictures.append((pygame.surfarray.array3d(hud._surface.subsurface(badge)).copy(),
                         pygame.surfarray.array3d(hud._surface.subsurface(badge.move(0, badge.h + 1))).copy()))
    for badge, bar in pictures[1:]:
        assert (badge == pictures[0][0]).all(), "the state's badge does not change with health"
        assert (bar != pictures[0][1]).any(), "the health bar under it does"


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


LONG_HOVER = ("The slime (9/9, wandering). Sleeps until disturbed, then oozes after you, slowly, leaving a trail "
              "that nobody likes to step in. (hits for 1-4, armour 1)")


@pytest.mark.parametrize("sidebar", SIDEBARS, ids=lambda sidebar: sidebar.name)
@pytest.mark.parametrize("crowded", [False, True], ids=["quiet", "crowded"])
def test_the_pointers_words_are_whole_or_end_at_a_word_with_an_ellipsis(display, sidebar, crowded) -> None:
    """TRU-5: with a long log the hover line was cut mid-sentence with no mark ("Sleeps until
    disturbed, then"), or hidden by the messages. Now it shows at least a line, in whole words,
    and where it stops short it says so with "…" right after a whole word."""
    game = _crowded_game() if crowded else game_on(ROOM, {"a": "slime"})
    if not crowded:
        game.log.add(LONG_MESSAGE, "info", 0)
    hud = _sidebar(sidebar)
    hud._redraw(game, LONG_HOVER, "")
    _assert_laid_out(hud)
    labels = [label for _, label in hud.texts]
    below = labels[labels.index("MESSAGES"):]  # the messages, then the pointer's words
    shown = [label for label in below if len(label) > 8 and label.removesuffix("…") in LONG_HOVER]
    assert shown, "the pointer's words are on the sidebar"
    said = " ".join(shown)
    assert LONG_HOVER.startswith(said.removesuffix("…")), f"its lines in order, from its start: {shown}"
    if said != LONG_HOVER:
        assert said.endswith("…") and LONG_HOVER[len(said) - 1] in " ,;:", f"cut after a whole word, marked: {shown}"
    _assert_newest_message_shown(hud, game, 2 if sidebar.compact else 3)


CORRIDOR = "+" + "-+" * 30 + "\n|@ . r" + " ." * 14 + " g" + " ." * 11 + "|\n+" + "-+" * 30 + "\n"
"""A room 30 tiles long: a rat beside you, a goblin 17 tiles east, both in view."""


@pytest.mark.parametrize("sidebar", SIDEBARS, ids=lambda sidebar: sidebar.name)
def test_a_monster_in_view_off_the_map_is_listed_with_an_arrow_its_way(display, sidebar) -> None:
    """TRU-5: on a long room a monster listed "In view" could be off the map's picture (a
    phone's map is 16 tiles wide). The camera stays on the player; the list points the way to
    every monster it does not show, and only to those."""
    from game.app.app import App
    from game.app.options import Options
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    game = game_on(CORRIDOR, {"r": "rat", "g": "goblin"})
    rat, goblin = sorted((m for m in game.floor.actors if m is not game.player), key=lambda m: m.x)
    play = PlayState(App(Options(fps=0, layout=sidebar.name)), Run(game, Recording(game.seed_text)))
    play.draw(display, 10_000)
    assert {m.eid for m, _, _ in play.hud.badges} == {rat.eid, goblin.eid}, "both listed"
    far = not play.camera.shows(*goblin.pos)
    assert far == (sidebar.name != "landscape"), "the desktop's map shows 40 tiles, a phone's 16 to 30"
    assert play.hud.away == ({goblin.eid: (1, 0)} if far else {})
    names = {label: rect for rect, label in play.hud.texts if label in ("The rat", "The goblin", "Rat", "Goblin")}
    goblin_name = next(rect for label, rect in names.items() if label.lower().endswith("goblin"))
    arrow = pygame.Rect(goblin_name.x - in_view.ARROW - 3, goblin_name.y, in_view.ARROW, goblin_name.height)
    colours = {tuple(play.hud._surface.get_at(p))[:3] for p in
               ((x, y) for x in range(arrow.left, arrow.right) for y in range(arrow.top, arrow.bottom))}
    assert (palette.TONE_COLOURS["notice"] in colours) == far, "the arrow, in the notice colour, before its name"
    play.zoomed = True
    play.draw(display, 10_000)
    assert play.hud.away == {}, "the zoomed map shows the whole floor"


def test_a_foe_under_a_staffs_spell_and_an_ally_in_a_fight_read_as_such(display) -> None:
    game = _crowded_game()
    held, slowed, ally = [m for m in game.floor.actors if m is not game.player][:3]
    held.state = slowed.state = ally.state = "hunting"
    held.held, slowed.slowed, ally.ally = 3, 5, True
    assert [state_word(m) for m in (held, slowed, ally)] == ["entranced", "slowed", "fighting"]
    good = palette.TONE_COLOURS["good"]
    assert all(in_view.badge_colours(state_word(m))[0] == good for m in (held, slowed, ally)), "not the foe's red"
    hud = _sidebar(LAYOUTS["landscape"])
    hud._redraw(game, HOVER, PROMPT)
    assert {word for _, _, word in hud.badges} >= {"entranced", "slowed", "fighting"}


def test_the_health_bar_says_what_the_player_is_under_and_for_how_long(display) -> None:
    game = _crowded_game()
    game.player.hasted = 4
    game.magic.spells["ward"] = 30
    hud = _sidebar(LAYOUTS["landscape"])
    hud._redraw(game, HOVER, PROMPT)
    bar = next(label for _, label in hud.texts if label.startswith("Health"))
    assert "haste 4" in bar and "ward 30" in bar and "dark" not in bar
