"""A save is made in one frame and written in the next (``RunKeeper.save_step``): on a phone the
two took 100 ms in one frame. Nothing is lost by it: what is written is the state of the frame
that made it; a run that ends in between is not written back; a save made on the spot (the window
closing) is newer than the one made before it, which is then dropped."""

from __future__ import annotations

import json

import pygame

from collections.abc import Callable

from game.app.app import App
from game.app.app_runs import AUTOSAVE_LATEST
from game.app.play import PlayState
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


def _autosave_made(app: App) -> None:
    """The autosave due made: not in the frame that draws the turns, in the idle one after it."""
    app.frame()
    assert app.runs.save_due, "put off: the frame drew the turns"
    _idle_frames(app, lambda: not app.runs.save_due)
    assert app.runs.saving, "made, not written yet"


def _idle_frames(app: App, until: Callable[[], bool]) -> None:
    """Frames until ``until()``: an idle one at the latest, unless an event was left in the queue."""
    for _ in range(5):
        app.frame()
        if until():
            return


def test_a_save_written_a_frame_later_is_the_state_of_the_frame_that_made_it(display, tmp_path) -> None:
    app = _playing(tmp_path)
    _turns(app, 50)  # an autosave due
    assert app.runs.save_due
    _autosave_made(app)
    assert _saved_turn(tmp_path) == 0, "made, not written yet"
    made = app.state.game.turn
    _turns(app, 3)
    app.frame()  # the turns drawn
    assert _saved_turn(tmp_path) == 0, "not written in the frame that draws turns"
    _idle_frames(app, lambda: not app.runs.saving)
    assert not app.runs.saving and _saved_turn(tmp_path) == made == 50


def test_a_run_that_ends_between_the_two_frames_is_not_written_back(display, tmp_path) -> None:
    app = _playing(tmp_path)
    _turns(app, 50)
    _autosave_made(app)
    game = app.state.game
    game.kill(game.player, None)
    frames(app, 3)
    assert _saved_turn(tmp_path) is None, "death deleted the save, and it stays deleted"


def test_a_save_on_the_spot_between_the_two_frames_drops_the_older_one_made(display, tmp_path) -> None:
    """As when the window closes or the tab is hidden (``App._platform_event``)."""
    app = _playing(tmp_path)
    _turns(app, 50)
    _autosave_made(app)
    _turns(app, 2)
    assert app.runs.save_run() and _saved_turn(tmp_path) == 52 and not app.runs.saving
    frames(app, 2)
    assert _saved_turn(tmp_path) == 52, "the older save made was not written over it"


def test_closing_the_window_saves_the_newest_state(display, tmp_path) -> None:
    app = _playing(tmp_path)
    _turns(app, 50)
    _autosave_made(app)
    _turns(app, 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert _saved_turn(tmp_path) == 52 and not app.runs.saving


def _resting(app: App) -> tuple[PlayState, Callable[[], tuple[bool, int]]]:
    """The play screen resting a long rest, a tenth of a second a frame (a step at least due in
    each), and a frame of it: whether it made or wrote a piece of a save, and the turns it played."""
    play, clock = app.state, iter(range(100, 1_000_000, 100))
    app.now_ms = lambda: float(next(clock))
    play.game.player.hp, play.game.player.max_hp = 1, 1000
    play.walks.start("rest")

    def frame() -> tuple[bool, int]:
        turn, stepped_before = play.game.turn, app.runs._stepped_in
        app.frame()
        return app.runs._stepped_in != stepped_before, play.game.turn - turn
    return play, frame


def test_an_autosave_waits_for_a_frame_with_nothing_else_to_do(display, tmp_path) -> None:
    """A walk's frames are full (on a phone making a save took 14 ms, writing it 17-26): the
    autosave due after 50 turns is made and written once the walk stops, or when it is
    ``AUTOSAVE_LATEST`` turns late, whatever the frame does."""
    app = _playing(tmp_path)
    play, frame = _resting(app)
    saved_in: list[int] = []
    while play.walk is not None and len(saved_in) < 4:
        saved, _ = frame()
        if saved:
            saved_in.append(play.game.turn)
    assert saved_in and min(saved_in) >= AUTOSAVE_LATEST, f"no save while resting until late: {saved_in}"
    play.walk = None  # the rest stopped (a key)
    turn = play.game.turn
    frames(app, 4)
    assert not app.runs.saving and _saved_turn(tmp_path) == turn, "made and written in the idle frames after it"


def test_a_walk_takes_no_step_in_the_frames_that_make_and_write_a_save(display, tmp_path) -> None:
    """A frame that makes or writes a save holds that, not a turn as well: the walk waits for it."""
    app = _playing(tmp_path)
    play, frame = _resting(app)
    taken: list[tuple[bool, int]] = []  # (the frame made or wrote a save, the turns it played)
    while play.walk is not None and len(taken) < 200:
        if len(taken) % 10 == 0:
            app.runs.saved_turn = play.game.turn - AUTOSAVE_LATEST  # a save late: it takes the next frame
            app.runs.save_due = True
        owed = play.pacing.owed
        played = frame()
        if not owed:  # (a frame that draws the sidebar it held plays no step either)
            taken.append(played)
    assert play.game.turn >= 100, "the rest went on through the saves"
    assert len([saved for saved, _ in taken if saved]) >= 6, "three saves, a frame to make each, one to write it"
    assert all(turns == 0 for saved, turns in taken if saved), "no step in a frame that makes or writes a save"
    assert all(turns >= 1 for saved, turns in taken if not saved), "a step or more in every other frame"
