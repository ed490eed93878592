"""One key press, one turn: a held key's repeats told from presses (``game.app.key_repeats``),
and what a held key may still do in play (``game.app.held_keys``)."""

from __future__ import annotations

import ctypes
import glob
import os
import time

import pygame
import pytest

from game.app.app import App
from game.app.options import Options
from game.app.script import run_script

PERIOD = 55  # SDL_SCANCODE_PERIOD: the physical key of "." on a US keyboard


def down(key: int = pygame.K_PERIOD, text: str = ".", scancode: int = PERIOD) -> pygame.event.Event:
    """A KEYDOWN as SDL gives it (a press, or pygame's repeat of it: the same event)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=scancode)


def up(key: int = pygame.K_PERIOD, scancode: int = PERIOD) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=key, unicode="", mod=0, scancode=scancode)


def app_in_dungeon(tmp_path, seed: str = "5") -> App:
    app = App(Options(fps=0, seed=seed, start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    for monster in list(app.state.game.floor.actors):  # nothing to wake, nothing to stop a key
        app.state.game.floor.remove_actor(monster)
    app.frame()  # the new run's first save
    return app


def stall_the_next_save(app: App, during) -> None:  # noqa: ANN001 - what happens while the disk syncs
    """The next turn is due an autosave, and the save stalls: ``during()`` runs inside it."""
    save = app.saves.save

    def slow_save(*args, **kwargs) -> None:  # noqa: ANN002, ANN003
        save(*args, **kwargs)
        during()

    app.saves.save = slow_save
    app._saved_turn = app.state.game.turn - 49


def test_a_press_behind_a_stalled_save_plays_one_turn(tmp_path) -> None:
    """``--seed 5 --start dungeon``: one ``.`` went from turn 144 to 148 under disk load."""
    app = app_in_dungeon(tmp_path)
    game = app.state.game
    stall_the_next_save(app, lambda: [pygame.event.post(down()) for _ in range(4)])  # pygame's timer
    turn = game.turn
    pygame.event.post(down())
    app.frame()  # the press: a turn, and the autosave is due
    app.frame()  # the save stalls; the repeat timer keeps pushing copies of the KEYDOWN
    pygame.event.post(up())  # the key was let go long ago: its KEYUP is read only now
    for _ in range(4):
        app.frame()
    assert game.turn == turn + 1


def test_a_held_key_repeats_when_nothing_stalls(tmp_path) -> None:
    app = app_in_dungeon(tmp_path)
    game = app.state.game
    turn = game.turn
    pygame.event.post(down())
    app.frame()
    app.frame()
    for _ in range(3):  # one copy every 70 ms, a few idle frames apart
        pygame.event.post(down())
        app.frame()
        app.frame()
    pygame.event.post(up())
    app.frame()
    assert game.turn == turn + 4, "holding . waits turn after turn"


def test_repeats_piled_up_in_one_frame_play_one_turn_and_none_once_let_go(tmp_path) -> None:
    app = app_in_dungeon(tmp_path)
    game = app.state.game
    pygame.event.post(down())
    app.frame()
    app.frame()
    turn = game.turn
    for _ in range(5):  # a frame stalled for another reason (the machine under load)
        pygame.event.post(down())
    app.frame()
    assert game.turn == turn + 1, "still held: one turn a frame, never a burst"
    for _ in range(5):
        pygame.event.post(down())
    pygame.event.post(up())
    app.frame()
    assert game.turn == turn + 1, "let go during the stall: its repeats were never meant"
    pygame.event.post(down())
    app.frame()
    assert game.turn == turn + 2, "a new press always plays"


def test_every_keydown_says_whether_it_is_a_repeat(tmp_path) -> None:
    app = app_in_dungeon(tmp_path)
    seen: list[bool] = []
    on_event = app.state.on_event
    app.state.on_event = lambda event, now: (seen.append(event.repeat) if event.type == pygame.KEYDOWN else None,
                                             on_event(event, now))[1]
    for event in (down(), down(), up(), down(), up()):
        pygame.event.post(event)
        app.frame()
    assert seen == [False, True, False]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PERIOD, unicode=".", mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PERIOD, unicode=".", mod=0))
    app.frame()
    assert seen[-2:] == [False, False], "a program's events (a key script) name no key: presses"


def _sdl():  # noqa: ANN202 - ctypes.CDLL | None
    folder = os.path.join(os.path.dirname(pygame.__file__), os.pardir, "pygame_ce.libs")
    found = glob.glob(os.path.join(folder, "libSDL2-2*"))
    return ctypes.CDLL(found[0]) if found else None


def _push(sdl, pressed: bool) -> None:  # noqa: ANN001
    """A key event pushed into SDL as its keyboard would (through pygame's event filter, which
    starts and stops its repeat timer)."""
    event = (ctypes.c_uint8 * 56)()  # SDL_Event: an SDL_KeyboardEvent
    ctypes.memmove(event, ctypes.byref(ctypes.c_uint32(0x300 if pressed else 0x301)), 4)
    event[12] = int(pressed)
    ctypes.memmove(ctypes.byref(event, 16), ctypes.byref(ctypes.c_int32(PERIOD)), 4)
    ctypes.memmove(ctypes.byref(event, 20), ctypes.byref(ctypes.c_int32(pygame.K_PERIOD)), 4)
    assert sdl.SDL_PushEvent(event) == 1


def test_pygames_own_repeat_timer_behind_a_slow_save_plays_one_turn(tmp_path) -> None:
    """The same with pygame-ce's real repeat timer: its thread pushes a copy every 70 ms after
    220 ms while the save stalls (0.6 s: six copies before the KEYUP is read)."""
    sdl = _sdl()
    if sdl is None:
        pytest.skip("pygame-ce's own SDL library is not where its Linux wheel puts it")
    app = app_in_dungeon(tmp_path)
    game = app.state.game
    stall_the_next_save(app, lambda: time.sleep(0.6))
    copies: list[int] = []
    busy = app.keys.busy

    def counted() -> None:
        known = len(app.keys._late)
        busy()
        copies.append(sum(event.type == pygame.KEYDOWN for event in app.keys._late[known:]))

    app.keys.busy = counted
    turn = game.turn
    _push(sdl, True)
    app.frame()
    app.frame()
    _push(sdl, False)
    for _ in range(4):
        app.frame()
    assert sum(copies) >= 3, "pygame's timer pushed its copies during the stall"
    assert game.turn == turn + 1


# --- what a held key may do in play (game.app.held_keys) ---------------------------------------

CORRIDOR = """
+-+-+-+-+-+-+-+-+-+
|@ . . . . . . Z .|
+-+-+-+-+-+-+-+-+-+
"""


def play_on(game):  # noqa: ANN001, ANN201 - Game -> PlayState
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    return PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))


def key_event(key: int, repeat: bool, text: str = "") -> pygame.event.Event:
    """A KEYDOWN as the app hands it to a screen (``game.app.key_repeats`` sets ``repeat``)."""
    event = pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0)
    event.repeat = repeat
    return event


def hold(play, key: int, repeats: int, text: str = "") -> None:  # noqa: ANN001 - PlayState
    """A press, then ``repeats`` repeats of the held key."""
    for i in range(repeats + 1):
        play.on_event(key_event(key, i > 0, text), 0.0)


def notes(play) -> list[str]:  # noqa: ANN001
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
    play._start_walk("rest")
    hold(play, pygame.K_RIGHT, 4)  # the press stops the rest; the key stays down
    assert play.walk is None and game.player.pos == (3, 0)
