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
                   "daily", "shop", "training", "loading", "replay", "error"):
        assert needed in names


HOVERS = {"hover-item": "Scroll titled ", "hover-stairs": "Stairs up", "hover-hull": "The hull: vacuum beyond it",
          "hover-vacuum": "Vacuum", "hover-open-door": "An open door", "hover-locked-door": "A locked door",
          "hover-vault-cell": "A safe cell, ", "hover-zoomed": "An open door", "shop": "Healing potion, for sale: ",
          "training": "A target dummy", "hover-door": "A closed door",
          "hover-yourself": "You. Here: the stairs down, a healing potion.", "sight-doorway": "The goblin (",
          "blow-marks": "Grimtooth the ogre's raised club falls here next turn! Floor"}


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
