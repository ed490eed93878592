"""The gallery (``python -m game.tools.gallery``): every shot drawn without error and not blank, at 1280x720
and on a phone held upright (OUT/portrait), the index page naming each PNG with its caption,
the same pixels from one run to the next, and shots that show what their captions say."""

from __future__ import annotations

from game.app.play_words import hover_text

import html
import re
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.render import palette
from game.render.layout import LAYOUTS
from game.tools import gallery
from game.tools.gallery.shots import SHOTS
from game.tools.scenes import SCENES

BY_NAME = {shot.name: shot for shot in SHOTS}
UPRIGHT = [shot for shot in SHOTS if shot.layout == "landscape"]
"""The shots drawn again in the portrait layout (the others have a page of their own shape)."""


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gallery")
    assert gallery.main([str(out)]) == 0
    return out


def _not_blank(path, size: tuple[int, int], name: str) -> None:
    picture = pygame.surfarray.array3d(pygame.image.load(str(path)))
    assert picture.shape[:2] == size, name
    packed = picture.astype(np.uint32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.uint32)
    colours = len(np.unique(packed))
    assert colours > 20, f"{name} is nearly blank ({colours} colours)"


def test_every_shot_is_drawn_and_none_is_blank(rendered) -> None:
    for shot in SHOTS:
        _not_blank(rendered / f"{shot.name}.png", LAYOUTS[gallery.shot_layout(shot, "landscape")].size, shot.name)
    for shot in UPRIGHT:
        _not_blank(rendered / "portrait" / f"{shot.name}.png", LAYOUTS["portrait"].size, f"portrait/{shot.name}")
    assert LAYOUTS["sideways" if "sideways" in LAYOUTS else "landscape"].size == \
        pygame.image.load(str(rendered / "sideways.png")).get_size(), "a phone on its side: its own layout"


def test_the_index_lists_every_png_with_its_caption(rendered) -> None:
    page = (rendered / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<img src="([^"]+)\.png"', page)
    assert listed == [shot.name for shot in SHOTS] + [f"portrait/{shot.name}" for shot in UPRIGHT]
    on_disk = [path.stem for path in rendered.glob("*.png")] + [f"portrait/{path.stem}"
                                                                for path in (rendered / "portrait").glob("*.png")]
    assert sorted(on_disk) == sorted(listed)
    assert all(html.escape(shot.what) in page for shot in SHOTS)
    assert page.index('<h2 id="landscape">') < page.index('<h2 id="portrait">')


def test_the_shots_reuse_the_pagecheck_scenes_and_have_names_of_their_own() -> None:
    names = [shot.name for shot in SHOTS]
    assert len(names) == len(set(names))
    assert {scene.name for scene in SCENES} - set(names) == {"phone"}, "natively the phone scene is another floor"
    for needed in ("sidebar-crowded", "aim-self-blast", "credits", "victory", "key-list", "esc-menu",
                   "title-damaged-save", "zoomed-vault", "zoomed-deck", "zoomed-island", "hover-door",
                   "hover-wall", "hover-monster", "hover-yourself", "cb-sidebar-crowded", "hover-item",
                   "hover-stairs", "hover-hull", "hover-vacuum", "hover-open-door", "hover-locked-door",
                   "hover-vault-cell", "hover-zoomed", "verbs-monster", "verbs-yourself", "abandon-confirm",
                   "daily", "shop", "training", "loading", "replay", "error", "boons", "boons-2", "enchant-what",
                   "identify-which", "free-captive", "aim-zap-lightning", "aim-zap-obstruction", "pack-families",
                   "hover-staff-slot", "potion-hallucination", "potion-darkness", "potion-speed",
                   "potion-incineration", "scroll-mapping", "scroll-mapping-zoomed", "scroll-teleport",
                   "scroll-protect-armour", "bolt-firebolt", "bolt-lightning", "slowed-entranced", "crystals",
                   "wand-beckoning", "charm-used", "thrown-lying", "allies", "style-sweep", "style-pierce",
                   "style-sneak", "style-lunge"):
        assert needed in names


HOVERS = {"hover-item": "Scroll titled ", "hover-stairs": "Stairs up", "hover-hull": "The hull: vacuum beyond it",
          "hover-vacuum": "Vacuum", "hover-open-door": "An open door", "hover-locked-door": "A locked door",
          "hover-vault-cell": "A safe cell, ", "hover-zoomed": "An open door", "shop": "Healing potion, for sale: ",
          "training": "A target dummy", "hover-door": "A closed door",
          "hover-yourself": "You. Here: the stairs down, a healing potion.", "sight-doorway": "The goblin (",
          "blow-marks": "Grimtooth the ogre's raised club falls here next turn! Floor",
          "hover-staff-slot": "Staff of firebolt, slot 5 (1/2 charges", "charm-used": "Charm of health, slot 2 (ready in",
          "thrown-lying": "Javelin. ", "slowed-entranced": "The orc (",
          "hover-water": "Deep water: you swim here", "hover-fire": "Burning grass", "hover-gas": "Poison gas",
          "hover-chasm": "A chasm: a fall to the floor below", "hover-bridge": "A bridge",
          "hover-vent": "Poison gas: breathing it hurts. A vent in the floor"}


@pytest.mark.parametrize("name", sorted(HOVERS))
def test_a_hover_shot_says_what_its_caption_promises(name) -> None:
    with gallery.played(BY_NAME[name]) as app:
        assert hover_text(app.state).startswith(HOVERS[name]), hover_text(app.state)


def test_the_screens_shots_show_their_screens() -> None:
    from game.app.error_screen import ErrorState
    from game.app.loading import LoadingState
    from game.app.menus import ConfirmState
    from game.app.replay_screen import ReplayState

    with gallery.played(BY_NAME["verbs-monster"]) as app:
        assert [verb for verb, _ in app.state.menu.verbs] == ["Throw TNT at it", "Fire an arrow at it", "Walk to it"]
    with gallery.played(BY_NAME["verbs-yourself"]) as app:
        verbs = [verb for verb, _ in app.state.menu.verbs]
        assert verbs[:3] == ["Wait a turn", "Rest until healed", "Explore"] and "Close the door east" in verbs
    with gallery.played(BY_NAME["abandon-confirm"]) as app:
        assert isinstance(app.state, ConfirmState) and app.state.question == "Abandon this run?"
    with gallery.played(BY_NAME["daily"]) as app:
        assert any(words == "Daily, 1 Jan 2026" for _, words in app.state.hud.texts), "gallery.DAY, as the sidebar says it"
    for name, kind in (("loading", LoadingState), ("replay", ReplayState), ("error", ErrorState)):
        with gallery.played(BY_NAME[name]) as app:
            assert isinstance(app.state, kind), name


def test_the_choice_screens_shots_ask_what_their_captions_say() -> None:
    from game.app.boon_screen import BoonScreen
    from game.app.pack import PackScreen
    from game.app.play_aim import AimScreen
    from game.tools.gallery.choices import FAMILIES

    for name, offered in (("boons", ["vigour", "might", "shadow"]), ("boons-2", ["bulwark", "lore", "arcana"])):
        with gallery.played(BY_NAME[name]) as app:
            game = app.state.game
            assert isinstance(app.state, BoonScreen) and game.boons.offer == offered, name
            assert game.on_overworld and game.world.defeated[game.world.order[0]], "a Warden fell: back on the island"
    for name, question, count in (("enchant-what", "It is a scroll of enchanting. Enchant what?", 2),
                                  ("identify-which", "It is a scroll of identify. Identify which?", 3),
                                  ("free-captive", "Free the captive orc?", 2)):
        with gallery.played(BY_NAME[name]) as app:
            menu = app.state.menu
            assert menu.title.startswith(question) and len(menu.verbs) == count, (name, menu.title)
    for name, kind in (("aim-zap-lightning", "staff_lightning"), ("aim-zap-obstruction", "staff_obstruction")):
        with gallery.played(BY_NAME[name]) as app:
            aim, game = app.state.aim, app.state.game
            assert isinstance(app.state, AimScreen) and (aim.mode, aim.kind) == ("zap", kind), name
    with gallery.played(BY_NAME["aim-zap-lightning"]) as app:
        orc = next(a for a in app.state.game.floor.actors if a.kind == "orc")
        assert app.state.aim.target == orc.pos, "Tab: the orc behind the goblin"
    with gallery.played(BY_NAME["pack-families"]) as app:
        assert isinstance(app.state, PackScreen)
        assert [kind for kind, _ in app.state.game.inventory.slots] == ["potion_healing"] + [k for k, _ in FAMILIES]


def test_the_items_in_use_shots_show_their_effects() -> None:
    from game.world import magic

    for name, kind in (("potion-hallucination", "potion_hallucination"), ("potion-darkness", "potion_darkness"),
                       ("potion-incineration", "potion_incineration"), ("scroll-mapping", "scroll_mapping"),
                       ("scroll-teleport", "scroll_teleport"), ("scroll-protect-armour", "scroll_protect_armour")):
        with gallery.played(BY_NAME[name]) as app:
            assert magic.knows(app.state.game, kind), f"{name}: used, and so known"
    with gallery.played(BY_NAME["scroll-mapping"]) as app:
        assert app.state.game.floor.seen_rooms.all(), "the whole floor shown"
    for name in ("bolt-firebolt", "bolt-lightning", "potion-incineration"):
        with gallery.played(BY_NAME[name]) as app:
            assert app.state.view.effects.running, f"{name}: its animation held on screen"
    with gallery.played(BY_NAME["slowed-entranced"]) as app:
        kinds = {a.kind: a for a in app.state.game.floor.actors}
        assert kinds["goblin"].slowed and kinds["orc"].held
    with gallery.played(BY_NAME["crystals"]) as app:
        assert sum(a.kind == "crystal" for a in app.state.game.floor.actors) >= 4
    with gallery.played(BY_NAME["wand-beckoning"]) as app:
        game = app.state.game
        goblin = next(a for a in game.floor.actors if a.kind == "goblin")
        assert max(abs(goblin.x - game.player.x), abs(goblin.y - game.player.y)) == 1, "pulled to your side"
    with gallery.played(BY_NAME["thrown-lying"]) as app:
        lying = {item.kind for item in app.state.game.floor.items}
        assert {"javelins", "darts"} <= lying


def test_the_fighting_shots_show_allies_and_each_weapons_style() -> None:
    from game.world.actor import state_word

    with gallery.played(BY_NAME["allies"]) as app:
        game = app.state.game
        allies = {a.kind: a for a in game.floor.actors if a.ally}
        assert set(allies) == {"goblin", "orc", "cultist"} and state_word(allies["cultist"]) == "waiting"
        assert all(max(abs(allies[k].x - game.player.x), abs(allies[k].y - game.player.y)) <= 2
                   for k in ("goblin", "orc")), "the others followed"
    for name, said in (("style-sneak", "(sneak attack)"), ("style-lunge", "(lunge)")):
        with gallery.played(BY_NAME[name]) as app:
            assert any(said in m.text for m in app.state.game.log.messages), name
    with gallery.played(BY_NAME["style-sweep"]) as app:
        blows = [m.text for m in app.state.game.log.messages if m.text.startswith(("You hit", "You miss"))]
        assert len(blows) == 3, blows
    with gallery.played(BY_NAME["style-pierce"]) as app:
        texts = [m.text for m in app.state.game.log.messages]
        assert any("the goblin" in t for t in texts if t.startswith("You")) and \
            any("the orc" in t for t in texts if t.startswith("You"))


def test_the_terrain_shots_show_every_ground_fire_gas_and_theme() -> None:
    """SPEC REN-7: the terrain hall holds every kind of ground, fire and gas; remembered, its fire is
    not drawn; each theme's shot is a floor of that theme."""
    from game.content.themes import THEMES
    from game.map.ground import Ground

    with gallery.played(BY_NAME["terrain"]) as app:
        terrain = app.state.game.floor.terrain
        assert set(np.unique(terrain.ground).tolist()) == {int(kind) for kind in Ground}
        assert terrain.fire.any() and terrain.gas.any() and terrain.gas_kind == "poison"
        assert app.state.view.terrain.busy(app.now_ms() + 1000), "its flames ask for frames"
    with gallery.played(BY_NAME["terrain-remembered"]) as app:
        assert not app.state.view.terrain.busy(app.now_ms() + 1000), "out of sight: no flames drawn"
    with gallery.played(BY_NAME["terrain-swimming"]) as app:
        from game.render.here import here_line

        assert here_line(app.state.game)[0] == "deep water (you swim)"
    for key in THEMES:
        with gallery.played(BY_NAME[f"theme-{key}"]) as app:
            assert app.state.game.floor.level.theme == key


def test_the_victory_shot_is_a_won_run_whose_numbers_agree() -> None:
    from game.app.states import VictoryState

    with gallery.played(BY_NAME["victory"]) as app:
        summary = app.state
        world = summary.game.world
        assert isinstance(summary, VictoryState) and summary.game.won
        assert summary.lines[0] == "Every Warden has fallen"
        assert summary.numbers[0] == f"Wardens {world.regions}/{world.regions}"
        assert summary.game.kills >= world.regions, "each Warden was killed"


def test_the_portrait_death_shot_breaks_its_numbers_between_items(monkeypatch) -> None:
    from game.render import text

    with gallery.played(BY_NAME["death"], "portrait") as app:
        shown: list[str] = []
        original = text.render
        monkeypatch.setattr(text, "render", lambda words, size, colour: (shown.append(words),
                                                                        original(words, size, colour))[1])
        app.state.draw(app.screen, app.now_ms())
        numbers = [line for line in shown if any(item in line for item in app.state.numbers)]
    assert len(numbers) >= 2 and all(not line.startswith("·") and not line.endswith("·") for line in numbers)


@pytest.mark.parametrize("name", ["title", "save-problem", "sidebar-crowded", "cb-aim-self-blast", "hover-door",
                                  "victory", "replay", "loading", "hover-zoomed", "shop", "verbs-monster"])
def test_two_renders_are_pixel_identical(name) -> None:
    shot = BY_NAME[name]
    first, second = gallery.draw_shot(shot), gallery.draw_shot(shot)
    assert (first == second).all()
    assert not palette.colour_blind, "the colour-blind palette ends with its shot"


def test_two_portrait_renders_are_pixel_identical() -> None:
    shot = BY_NAME["death"]
    assert (gallery.draw_shot(shot, "portrait") == gallery.draw_shot(shot, "portrait")).all()


def test_the_colour_blind_shots_differ_from_the_usual_ones() -> None:
    usual = gallery.draw_shot(BY_NAME["sidebar-crowded"])
    colour_blind = gallery.draw_shot(BY_NAME["cb-sidebar-crowded"])
    assert (usual != colour_blind).any(axis=2).sum() > 500
