"""The floor below is made ahead of the descent, a pass a step (``travel.level_below``), in the
frames that draw nothing: the frame of the descent no longer makes a whole floor, and the floor
is the one the descent would have made."""

from __future__ import annotations

import json

import pytest

from game.app.app import App
from game.app.options import Options
from game.progress import finish
from game.world import travel
from game.world.actions import Descend
from game.world.game import Game
from tests.helpers import frames, until_playing


def _on_the_stairs(game: Game) -> None:
    game.move_actor(game.player, *game.floor.level.exit)


def _floor_state(game: Game) -> str:
    return json.dumps(game.floor.to_dict(), sort_keys=True)


@pytest.mark.parametrize("seed", ["below", "7", "ahead of time"])
def test_a_floor_made_ahead_is_the_floor_the_descent_makes(seed) -> None:
    ahead, there = Game.new(seed), Game.new(seed)
    for game in (ahead, there):
        game.start_on("dungeon")
        _on_the_stairs(game)
    steps = list(_steps(travel.level_below(ahead)))
    assert len(steps) >= 3, "made a pass a step"
    assert ahead.levels_ahead
    for game in (ahead, there):
        game.perform(Descend())
    assert ahead.depth == there.depth == 2 and not ahead.levels_ahead, "the level made ahead was used"
    assert _floor_state(ahead) == _floor_state(there)
    assert ahead.digest() == there.digest()


def _steps(steps):
    while True:
        try:
            yield next(steps)
        except StopIteration:
            return


def test_the_deepest_floor_and_the_island_have_nothing_below_to_make() -> None:
    game = Game.new("below")
    assert finish(travel.level_below(game)) is None and not game.levels_ahead, "on the island"
    game.start_on("dungeon")
    game.depth = game.world.floors(game.region)
    finish(travel.level_below(game))
    assert not game.levels_ahead


def test_idle_frames_make_the_floor_below_and_the_descent_uses_it(display, tmp_path, monkeypatch) -> None:
    app = App(Options(fps=0, seed="below", start="dungeon", save_dir=str(tmp_path)))
    play = until_playing(app)
    game = play.game
    frames(app, 40)  # nothing pressed: the frames draw nothing
    below = travel.floor_key(game.region, game.depth + 1)
    assert below in game.levels_ahead
    monkeypatch.setattr(travel, "dungeon_steps", lambda *a, **k: pytest.fail("the floor made again at the descent"))
    _on_the_stairs(game)
    play.act(Descend(), 0.0)
    assert game.floor_key == below and not game.levels_ahead


def test_a_deck_below_is_not_made_ahead_at_once() -> None:
    """A deck is made in one go (no passes): made ahead, it would be one long idle frame."""
    game = Game.new("below")
    game.start_on("ship")  # the first of a region's decks
    assert travel.floor_kind(game, game.region, game.depth + 1) == "ship"
    steps = travel.level_below(game)
    assert finish(steps) is None and not game.levels_ahead
