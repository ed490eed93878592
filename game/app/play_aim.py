"""Aiming a throw or a shot on the play screen (SPEC LIN-2, UI-7, TRU-4): the aim starts on
the nearest foe, moves with keys or the pointer, Tab takes the next foe, and a throw whose blast
would reach the player, or breach a derelict's hull, asks first. A base of ``PlayState``: the attributes it uses are the play
screen's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.aim import Aim, throwables
from game.app.help_page import touch_screen
from game.app.keys import command_for

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.app.state import State
    from game.world.game import Game


class AimControl:
    """``PlayState``'s aiming."""

    def _start_aim(self: PlayState, mode: str, kind: str | None = None) -> None:
        aim = Aim.start(self.game, mode, kind)
        if isinstance(aim, str):
            self.run.note(aim, "bad")
            return
        self.aim = aim
        self.prompt = aim_prompt(self.game, aim)

    def _on_aim_key(self: PlayState, event: pygame.event.Event, now_ms: float) -> State:
        aim = self.aim
        assert aim is not None
        command = command_for(event.key, event.unicode, event.mod)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or (
                command is not None and command.name == aim.mode):
            self._confirm_aim(now_ms)
        elif event.key == pygame.K_ESCAPE:
            self.aim, self.prompt = None, ""
        elif event.key == pygame.K_TAB:  # the next foe in sight
            self.aim = aim.next_target(self.game)
            self._reprompt(self.aim)
        elif command is not None and command.name == "use" and command.slot < len(self.game.inventory.slots):
            self.aim = aim.switched(self.game, self.game.inventory.slots[command.slot][0])  # throw that instead
            self.prompt = aim_prompt(self.game, self.aim)
        elif command is not None and command.name == "move":
            aim.move(self.game, command.dx, command.dy)
            self._reprompt(aim)
        return self

    def _reprompt(self: PlayState, aim: Aim) -> None:
        """Moving the aim withdraws a warning about the old target."""
        if self.prompt != aim_prompt(self.game, aim):
            self.prompt = aim_prompt(self.game, aim)

    def _confirm_aim(self: PlayState, now_ms: float) -> None:
        aim = self.aim
        assert aim is not None
        warning = aim.warning(self.game)  # the blast reaches you, or breaches the hull
        if warning and not self.prompt.startswith(warning):  # UI-7: ask first
            self.prompt = (f"{warning} Tap it again: {aim.mode} anyway. Tap off the map: cancel." if touch_screen()
                           else f"{warning} Enter: {aim.mode} anyway. Esc: cancel.")
            return
        self.aim, self.prompt = None, ""
        self._act(aim.action(), now_ms)


def aim_prompt(game: Game, aim: Aim) -> str:
    """"Throw a smoke bomb: aim with keys or mouse. Tab: next foe. 1-9: throw another. Enter: throw. Esc: cancel." """
    verb = "Throw" if aim.mode == "throw" else "Fire"
    if touch_screen():  # no keys to name
        return f"{verb} {aim.label}: tap where. Tap off the map: cancel."
    other = " 1-9: throw another." if aim.mode == "throw" and len(throwables(game)) > 1 else ""
    return f"{verb} {aim.label}: aim with keys or mouse. Tab: next foe.{other} Enter: {aim.mode}. Esc: cancel."
