"""A save is made in one frame and written in the next (``RunKeeper.save_step``): on a phone the
two took 100 ms in one frame. Nothing is lost by it: what is written is the state of the frame
that made it; a run that ends in between is not written back; a save made on the spot (the window
closing) is newer than the one made before it, which is then dropped."""

from __future__ import annotations

import json

import pygame

from game.app.app import App
from game.app.options import Options
from game.run.saves import SAVE_NAME
from game.storage.storage import FileStorage
from tests.helpers import frames, until_playing


def _saved_turn(tmp_path) -> int | None:
    text = FileStorage(tmp_path).read(SAVE_NAME)
    return None if text is None else json.loads(text)["about"]["turn"]


def _playing(tmp_path) -> App:
    app = App(Options(fps=0, seed="steps", start="dungeon", save_dir=str(tmp_path)))
    until_playing(app)
    for monster in list(app.state.game.floor.actors):
        app.state.game.floor.remove_actor(monster)
    frames(app, 2)  # the new run's save, made and written
    assert not app.runs.saving and _saved_turn(tmp_path) == 0
    return app


def _turns(app: App, count: int) -> None:
    from game.world.actions import Wait

    for _ in range(count):
        app.state.act(Wait(), 0.0)


def test_a_save_written_a_frame_later_is_the_state_of_the_frame_that_made_it(display, tmp_path) -> None:
    app = _playing(tmp_path)
    _turns(app, 50)  # an autosave due
    assert app.runs.save_due
    app.frame()
    assert app.runs.saving and _saved_turn(tmp_path) == 0, "made, not written yet"
    made = app.state.game.turn
    _turns(app, 3)
    app.frame()
    assert not app.runs.saving and _saved_turn(tmp_path) == made == 50


def test_a_run_that_ends_between_the_two_frames_is_not_written_back(display, tmp_path) -> None:
    app = _playing(tmp_path)
    _turns(app, 50)
    app.frame()
    assert app.runs.saving
    game = app.state.game
    game.kill(game.player, None)
    frames(app, 3)
    assert _saved_turn(tmp_path) is None, "death deleted the save, and it stays deleted"


def test_a_save_on_the_spot_between_the_two_frames_drops_the_older_one_made(display, tmp_path) -> None:
    """As when the window closes or the tab is hidden (``App._platform_event``)."""
    app = _playing(tmp_path)
    _turns(app, 50)
    app.frame()
    _turns(app, 2)
    assert app.runs.save_run() and _saved_turn(tmp_path) == 52 and not app.runs.saving
    frames(app, 2)
    assert _saved_turn(tmp_path) == 52, "the older save made was not written over it"


def test_closing_the_window_saves_the_newest_state(display, tmp_path) -> None:
    app = _playing(tmp_path)
    _turns(app, 50)
    app.frame()
    _turns(app, 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert _saved_turn(tmp_path) == 52 and not app.runs.saving


def test_a_walk_takes_no_step_in_the_frames_that_make_and_write_a_save(display, tmp_path) -> None:
    """A frame that makes or writes a save holds that, not a turn as well: the walk waits for it
    (on a phone making one took 14 ms, writing it 25-38)."""
    app = _playing(tmp_path)
    play, clock = app.state, iter(range(100, 1_000_000, 100))
    app.now_ms = lambda: float(next(clock))  # a tenth of a second a frame: a step (at least) is due in each
    play.game.player.hp, play.game.player.max_hp = 1, 1000  # a long rest
    play.walks.start("rest")
    taken: list[tuple[bool, int]] = []  # (the frame made or wrote a save, the turns it played)
    while play.walk is not None and len(taken) < 200:
        turn, owed, saves = play.game.turn, play.pacing.owed, app.runs.saving
        app.frame()
        if not owed:  # (a frame that draws the sidebar it held plays no step either)
            taken.append((saves, play.game.turn - turn))
    assert play.game.turn >= 100, "the rest went on through autosaves"
    assert len([saved for saved, _ in taken if saved]) >= 4, "two autosaves at least, a frame to make, one to write"
    assert all(turns == 0 for saved, turns in taken if saved), "no step in a frame that makes or writes a save"
    assert all(turns >= 1 for saved, turns in taken if not saved), "a step or more in every other frame"
