"""A floor's rooms are drawn into its pictures ahead of being seen: while a new run loads, and one
a frame in the frames that draw nothing (``FloorLayer.draw_ahead``), so that a room coming into
view costs its frame nothing; what the player sees is the same."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.options import Options
from game.render.floor_layer import FloorLayer
from game.render.view import PlayView
from game.world.actions import Descend
from tests.helpers import frames, until_playing


def _composed(layer: FloorLayer) -> bytes:
    return pygame.image.tobytes(layer.composed, "RGB")


def test_a_new_run_s_first_floor_is_drawn_while_it_loads(display, tmp_path) -> None:
    play = until_playing(App(Options(fps=0, seed="ahead", start="dungeon", save_dir=str(tmp_path))))
    assert play.view.layer.drawn.all(), "every room drawn by the loading screen"


def test_on_a_new_floor_the_frames_that_draw_nothing_draw_a_room_each_unseen(display, tmp_path) -> None:
    app = App(Options(fps=0, seed="ahead", start="dungeon", save_dir=str(tmp_path)))
    play = until_playing(app)
    game = play.game
    game.player.x, game.player.y = game.floor.level.exit
    play.act(Descend(), 0.0)
    frames(app)  # the new floor drawn
    while app.runs.saving:  # the save after a floor change, made and written
        frames(app)
    layer = play.view.layer
    assert game.depth == 2 and not layer.drawn.all()
    seen_before, picture = layer.drawn.sum(), _composed(layer)
    app.runs.save_due = True
    frames(app, 2)
    assert layer.drawn.sum() == seen_before, "the frames that save do nothing more"
    for _ in range(20):  # the icons the sidebar will list and the floor's routes first
        frames(app)
        if layer.drawn.sum() > seen_before:
            break
    assert seen_before < layer.drawn.sum() <= seen_before + 1, "a room a frame at most (the app's own work first)"
    assert _composed(layer) == picture, "a room drawn ahead is not shown"
    frames(app, layer.drawn.size)
    assert layer.drawn.all()
    play.walks.start("explore")
    for _ in range(400):
        if play.walk is None:
            break
        frames(app)
    fresh = PlayView(play.view.sprites, play.view.tile, play.view.view)  # draws each room as it is seen
    fresh.sync(game, 0.0)
    assert not fresh.layer.drawn.all()
    assert game.floor.seen_rooms.sum() > 1 and _composed(layer) == _composed(fresh.layer), \
        "the rooms in sight as a floor drawn as it is seen shows them"


def test_the_rooms_beside_those_in_sight_are_drawn_ahead_first(display) -> None:
    """A frame that draws nothing draws a room the player is about to see before a room far off."""
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run
    from tests.helpers import game_on

    game = game_on("""
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . .|
+-+-+-+-+-+D+-+-+-+-+D+-+
|. .|. . . .|. . . .|. .|
+-+-+-+-+-+-+-+-+-+-+-+-+
""")
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.draw(display, 0.0)
    rooms = game.floor.map.rooms
    done = [play.ahead() for _ in range(3)]
    assert done == ["the floor's routes", "a room of the floor", "a room of the floor"]
    layer = play.view.layer
    assert sorted(layer.drawn.nonzero()[0].tolist()) == sorted({int(rooms[0, 0]), int(rooms[1, 5]), int(rooms[1, 10])}), \
        "the hall, and the two rooms behind its doors before the two without a door to it"


def test_a_frame_that_draws_nothing_makes_the_floor_s_routes_before_its_first_walk(display, monkeypatch) -> None:
    """The first route on a floor made its step tables, in the frame of a walk's first step (on a
    phone 5-8 ms); an idle frame makes them ahead, once a floor."""
    from game.app.play import PlayState
    from game.bot.explore import explore_route
    from game.run.recording import Recording
    from game.run.run import Run
    from game.world import paths
    from game.world.game import Game

    game = Game.new("7")
    game.start_on("ship")
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    made: list[object] = []
    steps = paths._Steps.__init__
    monkeypatch.setattr(paths._Steps, "__init__", lambda self, *a: made.append(a) or steps(self, *a))
    done = [play.ahead() for _ in range(12)]
    assert done.count("the floor's routes") == 1 and len(made) == 1, "made once, ahead"
    assert explore_route(game)[0] and len(made) == 1, "the first route of the floor makes none"
