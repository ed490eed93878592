"""The play screen's walks and stairs (UI-6, TRU-6), as keys start them."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.run.recording import Recording
from game.run.run import Run
from game.world import events
from game.world.actions import ChooseBoon
from game.world.game import Game


def descend() -> pygame.event.Event:
    """``>`` as a keyboard gives it (shift and the period key)."""
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PERIOD, unicode=">", mod=pygame.KMOD_SHIFT)


def test_after_a_warden_falls_the_stairs_key_travels_on_to_the_next_dungeon() -> None:
    """On the island at the cleared dungeon's entrance, ``>`` goes on, not back down."""
    game = Game.new("onwards")
    for resident in list(game.floor.actors):  # (a wolf by the way would stop the walk: TER-8)
        game.floor.remove_actor(resident)
    world = game.world
    first, second = world.order[:2]
    game.player.x, game.player.y = world.entrances[first]
    events.warden_falls(game, first)  # as its Warden dies: the gates open, the player comes up here
    game.returning = None
    game.perform(ChooseBoon(game.boons.offer[0]))  # (the boon it offers is chosen first: GRW-1)
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.on_event(descend(), 0.0)
    assert game.on_overworld, "not back into the cleared dungeon"
    assert play.walk is not None and play.walk.route[-1] == world.entrances[second]
    assert any(f"travel on to the dungeon of {world.names[second]}" in m.text for m in game.log.messages[-2:])
    now = 0.0
    while play.walk is not None and now < 100_000:
        now += 100.0
        play.update(now)
    assert game.player.pos == world.entrances[second]
    play.on_event(descend(), now)
    assert game.region == second and game.depth == 1, "> at the next entrance goes down into it"


def _quiet_island_play() -> PlayState:
    """A new run's island on the play screen, nobody on it but the player."""
    game = Game.new("2")
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)
    return PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))


def _land_at(game: Game, distance: int) -> tuple[int, int]:
    region, (px, py) = game.floor.map.room_at(*game.player.pos), game.player.pos
    return next((px + dx * distance, py + dy * distance) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if game.floor.map.room_at(px + dx * distance, py + dy * distance) == region)


def test_on_the_island_a_walk_stops_for_a_foe_that_comes_near_not_for_one_far_off_or_a_deer() -> None:
    """By daylight a whole region is in view (TER-8): a walk across it is not stopped by every
    resident that comes into view, only by a foe near enough to notice the player."""
    from game.ai.wild import NOTICE
    from game.app.walking import Walk

    game = _quiet_island_play().game
    walk = Walk(game, "walk", [game.player.pos])
    game.spawn_monster("deer", *_land_at(game, 2))
    game.spawn_monster("wolf", *_land_at(game, NOTICE + 3))
    assert walk.interrupted(game) is None
    wolf = game.spawn_monster("wolf", *_land_at(game, NOTICE - 1))
    assert walk.interrupted(game) == f"You see {game.name_of(wolf)}."


def test_on_the_island_resting_is_refused_only_with_a_foe_near() -> None:
    from game.ai.wild import NOTICE

    play = _quiet_island_play()
    game = play.game
    game.player.hp = 10
    game.spawn_monster("wolf", *_land_at(game, NOTICE + 3))
    play.walks.start("rest")
    assert play.walk is not None and play.walk.mode == "rest"
    play.walk = None
    game.spawn_monster("wolf", *_land_at(game, NOTICE - 1))
    play.walks.start("rest")
    assert play.walk is None


def _exploring(seed: str) -> PlayState:
    game = Game.new(seed)
    game.start_on("dungeon")
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.walks.start("explore")
    assert play.walk is not None
    return play


def test_a_slow_machine_s_frame_plays_the_steps_that_fit_not_all_that_are_due() -> None:
    """On a phone's browser a step costs more than the fast pace allows: the frame stops its steps
    before one as long as the last would pass ``BURST_MS``, and the steps left are not owed to the
    next frame."""
    from game.app import play_walks

    play = _exploring("burst")
    readings = iter(range(1000))  # each reading of the clock 1.5 ms after the one before: a slow step
    play.walks.clock = lambda: next(readings) * 0.0015
    turn, now = play.game.turn, 1000.0
    play.update(now)  # the first step, at the slow pace
    play.update(now + 200.0)  # 40 steps due at the fast pace
    assert play.game.turn - turn == 1 + 2, "two steps fit in the burst's 4 ms (a third would end at 4.5)"
    play.update(now + 200.0 + play_walks.FAST_STEP_MS)
    assert play.game.turn - turn == 1 + 2 + 1, "the steps not played were dropped, not owed"


def test_a_frame_s_steps_take_what_the_last_drawing_left_of_the_frame_s_goal() -> None:
    """Where drawing is slow (the desktop's page showing a wide view) the steps get less of the
    frame: what the last drawing left of ``FRAME_GOAL_MS``, and always one step."""
    from game.app import play_walks

    played = {}
    for draw_ms in (0.0, play_walks.FRAME_GOAL_MS - 2.0, play_walks.FRAME_GOAL_MS + 5.0):
        play = _exploring("goal")
        play.walks.clock = lambda readings=iter(range(1000)): next(readings) * 0.0005  # a step of 0.5 ms
        play.update(1000.0)  # the first step, at the slow pace
        play.app.draw_ms, turn = draw_ms, play.game.turn
        play.update(1200.0)  # 40 steps due at the fast pace
        played[draw_ms] = play.game.turn - turn
    assert played == {0.0: 8, 6.0: 4, 13.0: 1}, "steps of 0.5 ms: 4 ms of them, then the 2 ms left, then one"


def test_a_frame_s_many_steps_compose_the_floor_once_and_as_if_one_at_a_time(monkeypatch) -> None:
    """Many turns of a walk in one frame: the floor's picture is composed once, when it is drawn,
    and it is the picture that composing after every turn makes."""
    from game.app.play_walks import FAST_STEP_MS
    from game.render.floor_layer import FloorLayer

    composed, original = [], FloorLayer.update
    monkeypatch.setattr(FloorLayer, "update", lambda layer, *args: (composed.append(1), original(layer, *args))[1])
    pictures = []
    for draw_each_turn in (True, False):
        play, screen = _exploring("compose once"), pygame.Surface((1280, 720))
        play.pacing.clock = lambda: 0.0  # (a frame that holds the sidebar back plays no step: test_turn_pacing)
        play.draw(screen, 0.0)
        composed.clear()
        seen = play.game.floor.seen_rooms.sum()
        for turn in range(15):
            play.update(1000.0 + FAST_STEP_MS * turn)  # a turn each
            if draw_each_turn:
                play.draw(screen, 1000.0 + FAST_STEP_MS * turn)
        assert play.game.turn >= 15 and play.game.floor.seen_rooms.sum() > seen, "rooms came into view"
        assert len(composed) == (15 if draw_each_turn else 0), "composed only to be drawn"
        play.draw(screen, 5000.0)
        pictures.append(pygame.image.tobytes(play.view.layer.composed, "RGB"))
    assert len(composed) == 1, "fifteen turns, one frame: composed once"
    assert pictures[0] == pictures[1], "the same picture"


def test_a_frame_s_steps_fit_the_drawing_of_the_last_frame_that_played_turns_not_a_glide_s() -> None:
    """A frame that played turns draws more (the tiles they lit) than the frames that only glide
    between them: the steps fit the former's drawing when it is the longer."""
    from game.app import play_walks

    play = _exploring("glide")
    play.walks.clock = lambda readings=iter(range(1000)): next(readings) * 0.0005  # a step of 0.5 ms
    play.update(1000.0)  # the first step, at the slow pace
    play.pacing.drew_turns, play.app.draw_ms = True, play_walks.FRAME_GOAL_MS - 2.0  # its frame drew in 6 ms
    play.update(1000.0 + play_walks.FAST_STEP_MS)
    play.pacing.drew_turns, play.app.draw_ms = False, 1.0  # a frame that only glided, in 1 ms
    turn = play.game.turn
    play.update(1200.0)
    assert play.game.turn - turn == 4, "steps of 0.5 ms: the 2 ms the turns' frame left, not the 4 ms burst"
