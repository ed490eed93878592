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
