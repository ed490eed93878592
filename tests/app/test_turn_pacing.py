"""A turn and its drawing too long for one frame are spread over two, and a full frame holds the
sidebar back one frame (SPEC PERF-9, ``game.app.turn_pacing``): what the player sees of the turn,
step by step."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.app.turn_pacing import TurnPacing
from game.run.recording import Recording
from game.run.run import Run
from game.world.actions import Move
from tests.helpers import game_on, key

HALL = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def ticking(ms: float) -> Callable[[], float]:
    """A clock (seconds) that moves ``ms`` on at each reading: every timed piece takes ``ms``."""
    readings = iter(range(1_000_000))
    return lambda: next(readings) * ms / 1000.0


def _play(display, tick_ms: float) -> PlayState:
    game = game_on(HALL)
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.pacing.clock = ticking(tick_ms)
    play.draw(display, 0.0)
    return play


def turn_shown(play: PlayState) -> str:
    return next(label for _, label in play.hud.texts if label.startswith("Turn "))


def test_a_step_whose_turn_and_map_fill_the_frame_shows_the_turn_count_a_frame_later(display) -> None:
    play = _play(display, tick_ms=5.0)  # the turn 5 ms, the map 5 ms: past the 8 ms goal
    play.act(Move(1, 0), 100.0)
    play.draw(display, 100.0)
    assert play.game.turn == 1 and turn_shown(play) == "Turn 0", "the sidebar held, the map drawn"
    assert play.pacing.owed and play.animating(100.0), "a frame is owed to it"
    play.draw(display, 116.0)
    assert turn_shown(play) == "Turn 1" and not play.pacing.owed
    play.act(Move(1, 0), 200.0)
    play.draw(display, 200.0)
    assert turn_shown(play) == "Turn 1", "held again at the next full frame, never two frames running"


def test_a_step_that_leaves_room_in_the_frame_shows_its_turn_count_at_once(display) -> None:
    play = _play(display, tick_ms=1.0)  # the turn, the map and the sidebar 1 ms each
    for step in range(1, 4):
        play.act(Move(1, 0), 100.0 * step)
        play.draw(display, 100.0 * step)
        assert turn_shown(play) == f"Turn {step}" and not play.pacing.owed


def test_a_walk_takes_no_step_in_the_frame_that_draws_the_sidebar_it_held(display) -> None:
    play = _play(display, tick_ms=5.0)
    play.walks.to((11, 0))
    steps, now = [], 0.0
    while play.walk is not None and now < 10_000:
        now += 6.0  # a frame a step or two at a walk's fast pace
        turn, owed = play.game.turn, play.pacing.owed
        play.update(now)
        steps.append((owed, play.game.turn - turn))
        play.draw(display, now)
        if owed:
            assert turn_shown(play) == f"Turn {play.game.turn}", "the held sidebar is drawn"
    assert play.game.player.pos == (11, 0)
    assert all(taken == 0 for owed, taken in steps if owed), "no step while the sidebar is owed"
    assert sum(owed for owed, _ in steps) >= 3, "the walk's full frames held it"


def test_a_sidebar_quick_to_redraw_is_never_held(display) -> None:
    """Natively the sidebar redraws in about half a millisecond: a slow turn does not hold it."""
    play = _play(display, tick_ms=1.0)
    play.pacing.clock = ticking(15.0)  # a slow turn and map (15 ms each) ...
    play.pacing.redraw_ms = 1.0  # ... beside a sidebar that redrew in 1 ms
    play.act(Move(1, 0), 100.0)
    play.draw(display, 100.0)
    assert turn_shown(play) == "Turn 1" and not play.pacing.owed


def test_the_sidebar_of_a_new_floor_is_never_held() -> None:
    pacing, held = TurnPacing(ticking(5.0)), []
    with pacing.turn():
        pass
    pacing.draw(lambda hold: held.append(hold) or True, pacing.clock(), may_hold=False)
    assert held == [False] and not pacing.owed


ROOMS_BELOW = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . .|
+-+-+-+-+-+D+-+-+-+-+D+-+
|. .|. . . .|. . . .|. .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def _drawn_ahead(display, tick_ms: float) -> list[list[int]]:
    """The rooms drawn into the floor's pictures, frame by frame, as the player walks the hall."""
    game = game_on(ROOMS_BELOW)
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.pacing.clock = ticking(tick_ms)
    play.draw(display, 0.0)
    play.walks.to((11, 0))
    drawn, now = [], 0.0
    while play.walk is not None and now < 10_000:
        now += 6.0
        play.update(now)
        play.draw(display, now)
        drawn.append([int(room) for room in play.view.layer.drawn.nonzero()[0]])
    assert game.player.pos == (11, 0) and game.floor.visible == [game.floor.map.rooms[0, 0]], "the hall alone seen"
    return drawn


def test_a_walk_s_frames_that_hold_no_step_draw_the_rooms_next_to_those_in_sight_ahead(display) -> None:
    """A phone's walk (each piece 3 ms: the sidebar held, then drawn in a frame with room to
    spare): the rooms behind the hall's doors are drawn before the others, all before being seen."""
    area = game_on(ROOMS_BELOW).floor.map
    hall, behind_doors = int(area.rooms[0, 0]), sorted({int(area.rooms[1, 5]), int(area.rooms[1, 10])})
    drawn = _drawn_ahead(display, tick_ms=3.0)
    firsts = [room for before, now in zip([[hall]] + drawn, drawn) for room in now if room not in before]
    assert sorted(firsts[:2]) == behind_doors, firsts
    assert len(drawn[-1]) >= 4, "three rooms drawn ahead (the fourth, at 3 ms a room, no longer fits: 4 tiles)"


def test_no_room_is_drawn_ahead_when_the_sidebar_and_a_room_would_pass_the_frame_s_goal(display) -> None:
    drawn = _drawn_ahead(display, tick_ms=6.0)  # the sidebar 6 ms, the first room's 4 tiles 6 ms: 2 ms left
    assert len(drawn[-1]) == 2, "one room drawn to learn what a tile costs, then none (the others have 2 tiles or more)"


def _app_drawing_in(draw_ms: float, tick_ms: float, save_dir: str | None = None) -> App:
    """An app on the hall whose drawings of the play screen take ``draw_ms`` (as ``App.draw_ms``
    says: a phone's 10, natively 1) and each timed piece of the pacing ``tick_ms``; the clock
    of play moves 16 ms a frame."""
    game = game_on(HALL)
    app = App(Options(fps=0, save_dir=save_dir))
    play = PlayState(app, Run(game, Recording(game.seed_text)))
    app.state, app.run = play, play.run
    draw, clock = app._draw, iter(range(0, 10**9, 16))

    def timed_draw(now: float) -> None:
        draw(now)
        app.draw_ms = draw_ms

    app._draw, app.now_ms = timed_draw, lambda: float(next(clock))  # type: ignore[method-assign]
    play.pacing.clock, play.pacing.puts_off = ticking(tick_ms), True  # (as in the browser)
    app.frame()
    return app


def _map_turn(play: PlayState) -> int:
    """The turn the map was last drawn at."""
    return int(play._drawn[2])  # type: ignore[call-overload]


def test_a_turn_too_long_to_draw_in_its_own_frame_is_drawn_in_the_next() -> None:
    app = _app_drawing_in(draw_ms=10.0, tick_ms=5.0)  # a phone: the turn 5 ms and its drawing 10, past 8
    play, drawn = app.state, app.drawn
    assert isinstance(play, PlayState)
    key(pygame.K_RIGHT)
    app.frame()
    assert play.game.turn == 1 and app.drawn == drawn and _map_turn(play) == 0, "the turn played, nothing drawn"
    assert app.frame_times.frames[-1][2:] == (True, "a turn, drawn the next frame"), "a frame of play all the same"
    app.frame()
    assert app.drawn == drawn + 1 and _map_turn(play) == 1 and play.game.turn == 1, "drawn the next frame"
    key(pygame.K_RIGHT)
    app.frame()
    assert play.game.turn == 2 and app.drawn == drawn + 1, "the next turn put off too"


def test_a_save_due_waits_for_the_frame_after_the_one_that_draws_a_turn_put_off(tmp_path) -> None:
    """A floor change's save is made at the start of the next frame (SAV-1): when that frame
    draws the floor change put off, the save waits one more, as it did for the drawing."""
    app = _app_drawing_in(draw_ms=10.0, tick_ms=5.0, save_dir=str(tmp_path))
    play = app.state
    assert isinstance(play, PlayState)
    key(pygame.K_RIGHT)
    app.frame()
    app.runs.begin(play.run)  # a save due at once, as after a floor change
    drawn = app.drawn
    app.frame()
    assert app.drawn == drawn + 1 and app.runs.save_due, "the frame draws the turn and makes no save"
    app.frame()
    assert not app.runs.save_due and app.frame_times.frames[-1][3] == "a save made"


def test_a_walk_whose_steps_are_too_long_to_draw_with_them_steps_every_other_frame_and_shows_each() -> None:
    app = _app_drawing_in(draw_ms=10.0, tick_ms=5.0)
    play = app.state
    assert isinstance(play, PlayState)
    play.walks.to((11, 0))
    seen: list[tuple[int, bool]] = []  # each frame: the steps it took, whether it drew
    for _ in range(200):
        if play.walk is None and not play.animating(app.now_ms()):
            break
        turn, drawn = play.game.turn, app.drawn
        app.frame()
        seen.append((play.game.turn - turn, app.drawn > drawn))
    assert play.game.player.pos == (11, 0) and _map_turn(play) == play.game.turn, "every turn drawn in the end"
    put_off = [i for i, (steps, drew) in enumerate(seen) if steps and not drew]
    assert len(put_off) >= 5, seen
    assert all(seen[i + 1] == (0, True) for i in put_off), "the frame after draws the turn and takes no step"


def test_a_turn_drawn_fast_is_drawn_in_its_own_frame_and_natively_every_turn_is() -> None:
    """In the browser a turn drawn in a millisecond or two is not put off; natively no turn is,
    however long it takes (a test's machine may be loaded)."""
    app = _app_drawing_in(draw_ms=1.0, tick_ms=0.5)
    play, drawn = app.state, app.drawn
    assert isinstance(play, PlayState)
    for step in range(1, 4):
        key(pygame.K_RIGHT)
        app.frame()
        assert play.game.turn == step and _map_turn(play) == step and app.drawn == drawn + step
    assert not TurnPacing().puts_off, "natively"
    play.pacing.puts_off, app.draw_ms = False, 10.0
    key(pygame.K_RIGHT)
    app.frame()
    assert play.game.turn == 4 and _map_turn(play) == 4, "natively a slow turn is drawn in its own frame too"


def _walk_frames(find_ms: float) -> list[tuple[int, bool]]:
    """Each frame of a walk down the hall (the steps it took, whether it drew), its drawings taking
    5 ms, finding each step ``find_ms`` and the step itself nothing."""
    app = _app_drawing_in(draw_ms=5.0, tick_ms=0.0)
    play = app.state
    assert isinstance(play, PlayState)
    now = [0.0]
    play.pacing.clock = lambda: now[0]
    play.walks.to((11, 0))
    walk = play.walk
    assert walk is not None
    find = walk.next_action

    def timed_find(game):
        now[0] += find_ms / 1000.0
        return find(game)

    walk.next_action = timed_find  # type: ignore[method-assign]
    seen = []
    while play.walk is not None and len(seen) < 300:
        turn, drawn = play.game.turn, app.drawn
        app.frame()
        seen.append((play.game.turn - turn, app.drawn > drawn))
    assert play.game.player.pos == (11, 0)
    return seen


def test_the_time_a_walk_takes_to_find_its_step_counts_in_the_turn_s() -> None:
    """Exploring finds its route afresh each step (3 ms on a phone): a frame whose route, step
    and drawing pass the goal puts the drawing off, though the step and drawing alone would fit."""
    assert not any(steps and not drew for steps, drew in _walk_frames(find_ms=0.0)), "5 ms: drawn at once"
    assert any(steps and not drew for steps, drew in _walk_frames(find_ms=4.0)), "4 + 5 ms: put off"
