"""The play screen's frames (SPEC PERF-7, REN-7): flames in sight keep the map drawing, a few
times a second; the zoomed map over the same floor rests."""

from __future__ import annotations

from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.map.ground import Ground
from game.render.terrain_layer import FLICKER_MS
from game.run.recording import Recording
from game.run.run import Run
from game.world.terrain import TerrainState
from tests.helpers import game_on

HALL = """
+-+-+-+-+-+-+
|@ . . . . .|
+-+-+-+-+-+-+
"""


def test_flames_keep_the_map_drawing_but_not_the_zoomed_map(display) -> None:
    game = game_on(HALL)
    game.floor.terrain = terrain = TerrainState.fresh(game.floor.level)
    terrain.ground[0, 3], terrain.fire[0, 3] = Ground.GRASS, 4
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.draw(display, 10_000)
    assert not play.animating(10_000), "drawn, and nothing moved yet"
    assert play.animating(10_000 + FLICKER_MS), "the flames' next picture"
    play.zoomed = True
    play.draw(display, 10_000)
    assert not play.animating(10_000 + 3 * FLICKER_MS), "the zoomed map rests"
