"""Key bindings (UI-1): every scheme reaches the same commands; help lists them all."""

from __future__ import annotations

import pygame
import pytest

from game.app.keys import BINDINGS, command_for, direction_for, help_rows

MOVES = {
    (0, -1): [pygame.K_UP, pygame.K_w, pygame.K_KP8, pygame.K_k],
    (0, 1): [pygame.K_DOWN, pygame.K_s, pygame.K_KP2, pygame.K_j],
    (-1, 0): [pygame.K_LEFT, pygame.K_a, pygame.K_KP4, pygame.K_h],
    (1, 0): [pygame.K_RIGHT, pygame.K_d, pygame.K_KP6, pygame.K_l],
    (-1, -1): [pygame.K_KP7, pygame.K_y],
    (1, -1): [pygame.K_KP9, pygame.K_u],
    (-1, 1): [pygame.K_KP1, pygame.K_b],
    (1, 1): [pygame.K_KP3, pygame.K_n],
}


@pytest.mark.parametrize("direction", sorted(MOVES))
def test_arrows_wasd_numpad_and_vi_keys_move(direction: tuple[int, int]) -> None:
    for key in MOVES[direction]:
        assert direction_for(key) == direction, pygame.key.name(key)


def test_action_keys() -> None:
    assert command_for(pygame.K_PERIOD, ".").name == "wait"
    assert command_for(pygame.K_KP5).name == "wait"
    assert command_for(pygame.K_PERIOD, ">", pygame.KMOD_SHIFT).name == "descend"
    assert command_for(pygame.K_PERIOD, "", pygame.KMOD_SHIFT).name == "descend", "no unicode: shift+."
    # with SDL's text input off (as the browser had it after the seed entry) Shift+. came as "."
    assert command_for(pygame.K_PERIOD, ".", pygame.KMOD_SHIFT).name == "descend"
    assert command_for(pygame.K_SLASH, "/", pygame.KMOD_SHIFT).name == "help"
    assert command_for(pygame.K_SLASH, "?", pygame.KMOD_SHIFT).name == "help"
    for key, name in ((pygame.K_c, "close"), (pygame.K_g, "pickup"), (pygame.K_t, "throw"), (pygame.K_f, "fire"),
                      (pygame.K_o, "zoom"), (pygame.K_ESCAPE, "menu")):
        assert command_for(key).name == name
    assert command_for(pygame.K_F12) is None
    assert command_for(pygame.K_1).slot == 0 and command_for(pygame.K_9).slot == 8
    assert command_for(pygame.K_m).name == "log"


def test_help_lists_every_binding() -> None:
    listed = {meaning for _, rows in help_rows() for _, meaning in rows}
    for binding in BINDINGS:
        assert binding.help in listed or binding.command.name == "use"
    assert "use an inventory slot" in listed


def test_leaving_the_seed_entry_leaves_text_input_on(display, monkeypatch) -> None:
    """With text input off a key's character is unshifted: after typing a seed, > waited a turn
    in the browser. The seed entry must never turn it off."""
    import tempfile

    from game.app.app import App
    from game.app.seed_entry import SeedEntryState
    from game.app.options import Options

    stopped = []
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: stopped.append(True))
    app = App(Options(fps=0, save_dir=tempfile.mkdtemp()))
    entry = SeedEntryState(app, app.title())
    entry.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0), 0.0)
    entry = SeedEntryState(app, app.title())
    entry.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="", mod=0), 0.0)
    assert not stopped
