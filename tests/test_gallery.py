"""The gallery (issue 25, point 16): every shot drawn without error and not blank, the index
page naming each PNG with its caption, and the same pixels from one run to the next."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from game.render import palette
from game.tools import gallery
from game.tools.gallery_shots import SHOTS
from game.tools.scenes import SCENES


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):  # noqa: ANN201
    out = tmp_path_factory.mktemp("gallery")
    assert gallery.main([str(out)]) == 0
    return out


def test_every_shot_is_drawn_and_none_is_blank(rendered) -> None:
    import pygame

    for shot in SHOTS:
        picture = pygame.surfarray.array3d(pygame.image.load(str(rendered / f"{shot.name}.png")))
        assert picture.shape[:2] == (1280, 720), shot.name
        packed = picture.astype(np.uint32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.uint32)
        colours = len(np.unique(packed))
        assert colours > 20, f"{shot.name} is nearly blank ({colours} colours)"


def test_the_index_lists_every_png_with_its_caption(rendered) -> None:
    page = (rendered / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<img src="([^"]+)\.png"', page)
    assert listed == [shot.name for shot in SHOTS]
    assert sorted(path.stem for path in rendered.glob("*.png")) == sorted(listed)
    assert all(html.escape(shot.what) in page for shot in SHOTS)


def test_the_shots_reuse_the_pagecheck_scenes_and_have_names_of_their_own() -> None:
    names = [shot.name for shot in SHOTS]
    assert len(names) == len(set(names))
    assert {scene.name for scene in SCENES} - set(names) == {"phone"}, "natively the phone scene is another floor"
    for needed in ("sidebar-crowded", "aim-self-blast", "credits", "victory", "key-list", "esc-menu",
                   "title-damaged-save", "zoomed-vault", "zoomed-deck", "zoomed-island", "hover-door",
                   "hover-wall", "hover-monster", "hover-yourself", "cb-sidebar-crowded"):
        assert needed in names


@pytest.mark.parametrize("name", ["title", "save-problem", "sidebar-crowded", "cb-aim-self-blast", "hover-door"])
def test_two_renders_are_pixel_identical(name) -> None:
    shot = next(shot for shot in SHOTS if shot.name == name)
    first, second = gallery.draw_shot(shot), gallery.draw_shot(shot)
    assert (first == second).all()
    assert not palette.colour_blind, "the colour-blind palette ends with its shot"


def test_the_colour_blind_shots_differ_from_the_usual_ones() -> None:
    by_name = {shot.name: shot for shot in SHOTS}
    usual = gallery.draw_shot(by_name["sidebar-crowded"])
    colour_blind = gallery.draw_shot(by_name["cb-sidebar-crowded"])
    assert (usual != colour_blind).any(axis=2).sum() > 500
