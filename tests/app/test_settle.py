"""Settling in real time (``game.app.settle``), as the page's checks wait on the game: the app's
own frames on its own clock until nothing is loading, walking, saving or animating, or the limit."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.app.settle import UNSETTLED, busy, settle
from tests.helpers import key


ARROWS = {(-1, 0): pygame.K_LEFT, (1, 0): pygame.K_RIGHT, (0, -1): pygame.K_UP, (0, 1): pygame.K_DOWN}


def _dungeon(tmp_path, seed: str = "settle") -> App:
    """A run launched on a dungeon floor, its loading screen not begun yet; no monster on it."""
    return App(Options(fps=0, seed=seed, start="dungeon", save_dir=str(tmp_path)))


def _alone(app: App) -> PlayState:
    play = app.state
    assert isinstance(play, PlayState)
    for monster in list(play.game.floor.actors):
        play.game.floor.remove_actor(monster)  # no fight stops the walks here
    return play


def test_a_launched_run_settles_on_its_play_screen_in_real_time(display, tmp_path) -> None:
    app = _dungeon(tmp_path)
    assert busy(app) == "loading"
    settled = settle(app)
    assert settled.ok and settled.screen == "PlayState" and isinstance(app.state, PlayState)
    assert settled.frames > 1 and settled.ms > 0
    assert str(settled).startswith("PlayState settled after ")
    assert not app.runs.saving, "the new run's save, due at the next frame, is written"
    assert app.script_clock is None, "the app's clock is left as it was: real time"
    assert settle(app).frames == 1, "a settled game: one frame, for whatever was just delivered"


def test_exploring_settles_when_the_walk_ends(display, tmp_path) -> None:
    app = _dungeon(tmp_path)
    settle(app)
    play = _alone(app)
    seen = int(play.game.floor.seen_rooms.sum())
    key(pygame.K_x, "x")
    settled = settle(app)
    assert settled.ok, str(settled)
    assert play.walk is None and busy(app) is None
    assert int(play.game.floor.seen_rooms.sum()) > seen


def test_a_walk_longer_than_the_limit_is_reported_not_settled(display, tmp_path) -> None:
    app = _dungeon(tmp_path)
    settle(app)
    _alone(app)
    key(pygame.K_x, "x")
    settled = settle(app, limit_ms=40.0)  # a walk's first step alone waits 70 ms
    assert not settled.ok and settled.busy == "walking" and settled.screen == "PlayState"
    assert settled.ms >= 40.0
    assert UNSETTLED in str(settled) and "still walking" in str(settled)


def test_a_thrown_bomb_settles_once_its_flight_and_blast_are_shown(display, tmp_path) -> None:
    app = _dungeon(tmp_path, seed="7")
    settle(app)
    play = _alone(app)
    game = play.game
    game.inventory.add("tnt", 2)
    (x, y), area = game.player.pos, game.floor.map
    arrow = next(k for (dx, dy), k in ARROWS.items()  # three tiles clear: the blast (radius 2) misses you
                 if all(area.can_step(x + i * dx, y + i * dy, dx, dy) for i in range(3)))
    for pressed, text in ((pygame.K_t, "t"), *[(arrow, "")] * 3, (pygame.K_RETURN, "")):
        key(pressed, text)
        app.frame()
    assert dict(game.inventory.slots).get("tnt") == 1, "thrown"
    assert busy(app) == "animating", "the flight and the blast take a moment to show"
    settled = settle(app)
    assert settled.ok and busy(app) is None and settled.ms > 100


def test_the_end_screen_settles_once_it_takes_keys(display, tmp_path) -> None:
    """A key held while dying does not skip the end screen: it is deaf for a moment, and a
    settle waits that out, so the next key pressed is taken."""
    from game.app.states import GRACE_MS

    app = _dungeon(tmp_path)
    settle(app)
    _alone(app).game.player.hp = 0  # dead: the play screen's next frame shows the end
    app.frame()
    assert type(app.state).__name__ == "GameOverState" and busy(app) == "opening"
    settled = settle(app)
    assert settled.ok and settled.screen == "GameOverState" and settled.ms >= GRACE_MS * 0.9
    key(pygame.K_ESCAPE)
    settle(app)
    assert type(app.state).__name__ == "TitleState"
