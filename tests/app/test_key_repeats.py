"""One key press, one turn (TRU-2): a held key's repeats told from presses, and the repeats
queued while the game was busy dropped (``game.app.key_repeats``)."""

from __future__ import annotations

import ctypes
import glob
import os
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.app.app import App
from game.app.app_runs import AUTOSAVE_LATEST
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
    app.frame()  # the new run's first save, made
    app.frame()  # and written
    return app


def stall_the_next_save(app: App, during: Callable[[], object]) -> None:
    """The next turn is due an autosave it cannot put off any longer (``AUTOSAVE_LATEST``: it takes
    the next frame, idle or not), and the save stalls: ``during()`` runs inside it (in making its
    text, the first of its two frames)."""
    save_text = app.saves.save_text

    def slow_save(*args: Any, **kwargs: Any) -> str:
        text = save_text(*args, **kwargs)
        during()
        return text

    app.saves.save_text = slow_save  # type: ignore[method-assign]
    app.runs.saved_turn = app.state.game.turn - (AUTOSAVE_LATEST - 1)


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


def _sdl() -> ctypes.CDLL | None:
    folder = os.path.join(os.path.dirname(pygame.__file__), os.pardir, "pygame_ce.libs")
    found = glob.glob(os.path.join(folder, "libSDL2-2*"))
    return ctypes.CDLL(found[0]) if found else None


def _push(sdl: ctypes.CDLL, pressed: bool) -> None:
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
