"""Aiming as a player meets it: the target starts on the nearest foe in sight, Tab goes
through the foes, and the preview warns "The blast will reach you!" before the throw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.play_words import hover_text

import pygame

from game.app.aim import SELF_BLAST, Aim
from game.app.play_aim import AimScreen
from game.render import palette
from game.tools.gallery.floors import HALL  # a long hall, the player at its west end (the gallery's too)
from tests.helpers import game_on

if TYPE_CHECKING:
    from pathlib import Path

    from game.app.app import App
    from game.app.play import PlayState


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
    aiming = AimScreen.start(play, "throw", "tnt")
    assert isinstance(aiming, AimScreen) and aiming.aim.target == (2, 0)
    assert aiming.aim.hits_player(game) and not aiming.prompt.startswith(SELF_BLAST), "nothing confirmed yet"
    assert hover_text(play, aiming.aim, aiming.prompt).startswith(f"{SELF_BLAST} The rat"), "the sidebar says it"
    aiming.draw(display, 10_000)
    ox, oy = play.camera.tile_origin(2, 0)
    above = pygame.surfarray.array3d(display.subsurface((ox - 100, oy - 30, 224, 26)))
    alarm = (above == palette.TONE_COLOURS["bad"]).all(axis=2).sum()
    assert alarm > 80, "and the map shows it above the target, in the alarm colour"
    aiming.aim.target = (12, 1)  # far enough: no warning
    aiming.draw(display, 10_000)
    above = pygame.surfarray.array3d(display.subsurface((ox - 100, oy - 30, 224, 26)))
    assert (above == palette.TONE_COLOURS["bad"]).all(axis=2).sum() == 0
    assert not hover_text(play, aiming.aim, aiming.prompt).startswith(SELF_BLAST)


def _aiming_on_a_deck(tmp_path: Path) -> tuple[App, AimScreen]:
    """The three compartments of ``tests.world.test_ships.TALL_DECK``, the player beside the open door
    between the west one and the middle one, aiming TNT."""
    from game.app.app import App
    from game.app.options import Options
    from game.tools.gallery.floors import put_on_screen
    from tests.world.test_ships import tall_deck

    game = tall_deck()
    game.player.x, game.player.y = 4, 0
    game.update_visibility()
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    play = put_on_screen(app, game)
    app.frame()
    aiming = AimScreen.start(play, "throw", "tnt")
    assert isinstance(aiming, AimScreen)
    return app, aiming


def _hatched(display: pygame.Surface, play: PlayState, tile: tuple[int, int]) -> int:
    from game.render.effects import VENT_HATCH

    ox, oy = play.camera.tile_origin(*tile)
    pixels = pygame.surfarray.array3d(display.subsurface((ox, oy, play.camera.tile, play.camera.tile)))
    return int((pixels == VENT_HATCH).all(axis=2).sum())


def test_the_preview_says_a_throw_will_breach_the_hull_and_marks_where_the_air_goes(display, tmp_path) -> None:
    from game.app.aim import BREACH

    app, aiming = _aiming_on_a_deck(tmp_path)
    play, _game = aiming.play, aiming.game
    aiming.point_at((1, 0))  # the west compartment's hull
    words = "The blast will breach the hull: the air of 2 rooms will vent, yours too."
    assert hover_text(play, aiming.aim, aiming.prompt).startswith(words), "the sidebar says how far the air will go"
    aiming.draw(display, 10_000)
    assert _hatched(display, play, (0, 4)) and _hatched(display, play, (7, 4)), "the west and middle rooms marked"
    assert not _hatched(display, play, (9, 2)), "not the east room, behind its closed door"
    ox, oy = play.camera.tile_origin(1, 0)
    above = pygame.surfarray.array3d(display.subsurface((ox - 100, max(0, oy - 30), 224, 26)))
    assert (above == palette.TONE_COLOURS["bad"]).all(axis=2).sum() > 80, "and the map says it over the target"
    aiming.point_at((5, 2))  # the middle of the middle room: no hull near
    aiming.draw(display, 10_000)
    assert not _hatched(display, play, (0, 4)) and BREACH not in hover_text(play, aiming.aim, aiming.prompt)


def test_a_throw_that_breaches_the_hull_asks_first(display, tmp_path) -> None:
    app, aiming = _aiming_on_a_deck(tmp_path)
    play, game = aiming.play, aiming.game
    aiming.point_at((1, 0))
    assert aiming.confirm(10_000) is aiming, "asked: still aiming"
    assert aiming.prompt.startswith("The blast will breach the hull") and aiming.prompt.endswith("Esc: cancel.")
    assert game.inventory.count("tnt") == 2 and not game.floor.ship_state.breaches, "asked, not thrown"
    assert "breach" not in hover_text(play, aiming.aim, aiming.prompt), "the sidebar says it once, in the question"
    assert aiming.confirm(10_000) is play, "thrown: back to play"
    assert game.inventory.count("tnt") == 1 and game.floor.ship_state.breaches, "thrown, the second time"


def test_the_warning_counts_the_rooms_seen_and_only_says_there_are_others() -> None:
    from game.app.aim import breach_words
    from game.world.ships import VentForecast
    from tests.world.test_ships import tall_deck

    game = tall_deck()
    area = game.floor.map
    west, middle, east = (area.room_at(*tile) for tile in ((1, 2), (6, 2), (10, 2)))
    game.floor.seen_rooms[west] = False
    broken = [(0, 1, 1)]
    assert breach_words(game, VentForecast(broken, [west, middle])) == \
        "The blast will breach the hull: the air of 1 room, and of rooms you have not seen, will vent, yours too."
    assert breach_words(game, VentForecast(broken, [east])) == "The blast will breach the hull: the air of 1 room will vent."
    assert breach_words(game, VentForecast([], [east])) == \
        "The blast will open the way to a breach: the air of 1 room will vent."
    assert breach_words(game, VentForecast(broken, [])) == "The blast will breach the hull (no air is left there to vent)."
