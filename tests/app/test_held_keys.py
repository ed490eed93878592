"""What a held key may still do in play (TRU-2, ``game.app.held_keys``): walk and wait on, stop
before a cell not revealed or a foe's reach, and do nothing else twice."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.app import App
from game.app.options import Options

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.world.game import Game

CORRIDOR = """
+-+-+-+-+-+-+-+-+-+
|@ . . . . . . Z .|
+-+-+-+-+-+-+-+-+-+
"""


def play_on(game: Game) -> PlayState:
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    return PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))


def key_event(key: int, repeat: bool, text: str = "") -> pygame.event.Event:
    """A KEYDOWN as the app hands it to a screen (``game.app.key_repeats`` sets ``repeat``)."""
    event = pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0)
    event.repeat = repeat
    return event


def hold(play: PlayState, key: int, repeats: int, text: str = "") -> None:
    """A press, then ``repeats`` repeats of the held key."""
    for i in range(repeats + 1):
        play.on_event(key_event(key, i > 0, text), 0.0)


def notes(play: PlayState) -> list[str]:
    return [m.text for m, _ in play.game.log.last(20)]


def test_a_held_key_walks_on_but_stops_before_a_monsters_reach() -> None:
    from tests.helpers import game_on

    play = play_on(game_on(CORRIDOR, {"Z": "zombie"}))
    game = play.game
    game.floor.actors[0].state = "asleep"  # it stays where it is; slow, it reaches the tiles beside it
    hold(play, pygame.K_RIGHT, 10)
    assert game.player.pos == (5, 0), "held: it walks, and stops beside the zombie's reach"
    assert sum("You stop: the zombie is within reach" in text for text in notes(play)) == 1, "said once"
    hold(play, pygame.K_RIGHT, 0)
    assert game.player.pos == (6, 0), "a press still steps there"


def test_a_held_key_kills_once_and_takes_no_step_after_the_kill() -> None:
    from tests.helpers import game_on

    play = play_on(game_on(CORRIDOR, {"Z": "zombie"}))
    game = play.game
    game.player.x = 6
    zombie = game.floor.actors[0]
    for _ in range(40):  # presses until it falls (a blow may miss)
        zombie.hp = 1
        hold(play, pygame.K_RIGHT, 0)
        if not zombie.alive:
            break
    assert not zombie.alive and game.player.pos == (6, 0)
    turn = game.turn
    play.on_event(key_event(pygame.K_RIGHT, True), 0.0)
    assert game.player.pos == (6, 0) and game.turn == turn, "the key still held does not step on"


LINE_VAULT = """
@ . . x . $ >
"""


def test_a_held_key_stops_before_a_deduced_trap_and_a_press_still_steps_on_it() -> None:
    from tests.scenarios.test_vault_play import vault_game

    play = play_on(vault_game(LINE_VAULT))
    game = play.game
    hp = game.player.hp
    hold(play, pygame.K_RIGHT, 6)
    assert game.player.pos == (2, 0) and game.player.hp == hp, "the 1 beside it proves the trap: held, it stops"
    assert any("You stop before a cell not revealed" in text for text in notes(play))
    hold(play, pygame.K_RIGHT, 0)
    assert game.player.pos == (3, 0) and game.player.hp < hp, "the player's own press is obeyed"


def test_a_held_key_drinks_once_but_waits_on() -> None:
    from tests.helpers import game_on

    play = play_on(game_on(CORRIDOR.replace("Z", "."), {}))
    game = play.game
    game.inventory.add("potion_healing", 3)
    game.player.hp = 5
    slot = next(i for i, (kind, _) in enumerate(game.inventory.slots) if kind == "potion_healing")
    potions = game.inventory.count("potion_healing")
    hold(play, pygame.K_1 + slot, 5, str(slot + 1))
    assert game.inventory.count("potion_healing") == potions - 1, "one press, one potion"
    turn = game.turn
    hold(play, pygame.K_PERIOD, 3, ".")
    assert game.turn == turn + 4, "a held wait waits on"
    game.player.hp = 5
    hold(play, pygame.K_z, 3)
    assert play.walk is not None and play.walk.mode == "rest", "z held: the rest goes on (a press would stop it)"
    play.on_event(key_event(pygame.K_z, False), 0.0)
    assert play.walk is None


def test_a_press_that_only_stops_a_walk_is_not_walked_on_by_its_repeats() -> None:
    from tests.helpers import game_on

    play = play_on(game_on(CORRIDOR.replace("Z", "."), {}))
    game = play.game
    hold(play, pygame.K_RIGHT, 2)
    assert game.player.pos == (3, 0)
    game.player.hp = 5
    play.walks.start("rest")
    hold(play, pygame.K_RIGHT, 4)  # the press stops the rest; the key stays down
    assert play.walk is None and game.player.pos == (3, 0)


def test_a_held_key_stops_before_a_step_certain_to_hurt_where_a_press_asks() -> None:
    from game.app.question import Question
    from tests.world.test_ships import deck_game

    game = deck_game()
    west = game.floor.map.room_at(0, 0)
    game.player.x, game.player.y = 5, 0  # two steps east of the open door to the west compartment
    game.update_visibility()
    play = play_on(game)
    hold(play, pygame.K_LEFT, 0)
    assert game.player.pos == (4, 0)
    game.floor.ship_state.air[west] = 0  # the west compartment has lost its air
    answer = play.on_event(key_event(pygame.K_LEFT, True), 0.0)
    assert game.player.pos == (4, 0) and answer is play, "held: it stops, it does not ask"
    assert any("You stop: There is no air there" in text for text in notes(play))
    answer = play.on_event(key_event(pygame.K_LEFT, False), 0.0)
    assert isinstance(getattr(answer, "menu", None), Question), "a press asks"


def test_a_held_wait_and_a_rest_stop_before_a_laser_beam_fires_where_you_stand() -> None:
    """VLT-7: the beam is drawn firing; a press still waits (the player chose), a repeat does not."""
    from game.world import lasers
    from tests.world.test_lasers import laser_game

    play = play_on(laser_game())
    game = play.game
    field_, state = game.floor.level.vault, game.floor.vault_state
    game.player.x, game.player.y = (3, 3)  # in the first beam
    game.turn = next(t for t in range(20) if (3, 3) not in lasers.firing(field_, state, t)
                     and (3, 3) in lasers.firing(field_, state, t + 1))
    hold(play, pygame.K_PERIOD, 3, ".")
    assert game.player.hp == game.player.max_hp and any("fires where you stand" in n for n in notes(play))
    assert (3, 3) in lasers.firing(field_, state, game.turn), "(the press waited: now the beam fires)"
    game.player.hp = hp = game.player.max_hp - 5
    play.on_event(key_event(pygame.K_z, False), 0.0)
    for now in range(1, 20):
        play.update(now * 1000.0)
    assert play.walk is None and game.player.hp == hp, "the rest stops before the beam burns"
    assert any("You stop." in n for n in notes(play))
