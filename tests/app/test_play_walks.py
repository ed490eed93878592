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
