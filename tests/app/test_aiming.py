"""Aiming as a player meets it: the target starts on the nearest foe in sight, Tab goes
through the foes, and the preview warns "The blast will reach you!" before the throw."""

from __future__ import annotations

import pygame

from game.app.aim import SELF_BLAST, Aim
from game.render import palette
from game.tools.gallery.floors import HALL  # a long hall, the player at its west end (the gallery's too)
from tests.helpers import game_on


def _hall(*foes: tuple[str, tuple[int, int]]):
    game = game_on(HALL)
    for kind, pos in foes:
        game.spawn_monster(kind, *pos)
    game.update_visibility()
    game.inventory.add("tnt", 2)
    game.inventory.add("throwing_knives", 4)
    return game


def test_the_aim_starts_on_the_nearest_foe_even_out_of_range() -> None:
    game = _hall(("rat", (19, 1)))
    aim = Aim.start(game, "throw", "throwing_knives")
    assert isinstance(aim, Aim) and aim.target == (19, 1), "not on yourself: on the rat, out of reach"
    assert aim.preview(game).flight.end != (19, 1), "the preview shows where the knife falls short"


def test_the_aim_leaves_a_peaceful_shopkeeper_alone() -> None:
    game = _hall(("shopkeeper", (3, 0)), ("rat", (9, 1)))
    aim = Aim.start(game, "throw", "throwing_knives")
    assert isinstance(aim, Aim) and aim.target == (9, 1)


def test_tab_goes_through_the_foes_in_sight_nearest_first() -> None:
    game = _hall(("rat", (9, 1)), ("goblin", (5, 0)), ("slime", (7, 1)))
    aim = Aim.start(game, "throw", "throwing_knives")
    assert isinstance(aim, Aim)
    seen = [aim.target]
    for _ in range(3):
        seen.append(aim.next_target(game).target)
    assert seen == [(5, 0), (7, 1), (9, 1), (5, 0)]


def test_the_preview_warns_before_the_throw_that_the_blast_will_reach_you(display) -> None:
    from game.app.app import App
    from game.app.options import Options
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    game = _hall(("rat", (2, 0)))
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play._start_aim("throw", "tnt")
    assert play.aim is not None and play.aim.target == (2, 0)
    assert play.aim.hits_player(game) and not play.prompt.startswith(SELF_BLAST), "nothing confirmed yet"
    assert play._hover_text().startswith(f"{SELF_BLAST} The rat"), "the sidebar says it while aiming"
    play.draw(display, 10_000)
    ox, oy = play.camera.tile_origin(2, 0)
    above = pygame.surfarray.array3d(display.subsurface((ox - 100, oy - 30, 224, 26)))
    alarm = (above == palette.TONE_COLOURS["bad"]).all(axis=2).sum()
    assert alarm > 80, "and the map shows it above the target, in the alarm colour"
    play.aim.target = (12, 1)  # far enough: no warning
    play.draw(display, 10_000)
    above = pygame.surfarray.array3d(display.subsurface((ox - 100, oy - 30, 224, 26)))
    assert (above == palette.TONE_COLOURS["bad"]).all(axis=2).sum() == 0
    assert not play._hover_text().startswith(SELF_BLAST)
