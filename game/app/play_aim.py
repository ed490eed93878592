"""Aiming a throw or a shot (SPEC LIN-2, UI-7, TRU-4): a screen over the play screen. The aim
starts on the nearest foe, moves with keys or the pointer, Tab takes the next foe, a number key
throws another thing instead, and a throw whose blast would reach the player, or breach a
derelict's hull, asks first. Esc, or a tap off the map, cancels."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.aim import Aim, throwables, zappables
from game.app.help_page import touch_screen
from game.app.keys import command_for
from game.app.overlay import Overlay
from game.app.state import State

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.world.game import Game


class AimScreen(Overlay):
    """The play screen's aim: where a throw or a shot will go, and what the sidebar asks."""

    def __init__(self, play: PlayState, aim: Aim) -> None:
        super().__init__(play)
        self._aim = aim
        self.words = aim_prompt(play.game, aim)

    @classmethod
    def start(cls, play: PlayState, mode: str, kind: str | None = None) -> State:
        """Aim a throw (``kind``, or the first thing to throw) or a shot; the play screen, saying
        why, when there is nothing to aim."""
        aim = Aim.start(play.game, mode, kind)
        if isinstance(aim, str):
            play.run.note(aim, "bad")
            return play
        return cls(play, aim)

    @property
    def aim(self) -> Aim:
        return self._aim

    @property
    def prompt(self) -> str:
        return self.words

    def repeats(self, event: pygame.event.Event) -> bool:
        command = command_for(event.key, event.unicode, event.mod)
        return command is not None and command.name == "move"  # a held arrow key moves the aim on

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN:
            return self._on_key(event, now_ms)
        if event.type == pygame.MOUSEMOTION:
            self.play.pointer.moved(event.pos)
            hover = self.play.hover
            if hover is not None and hover != self.aim.target:
                self.point_at(hover)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.play.mouse = event.pos
            tile = self.play.pointer.tile_under(event.pos)
            if tile is None:  # off the map (a phone's Esc): no throw
                return self.play
            if tile != self.aim.target:
                self.point_at(tile)
            return self.confirm(now_ms)
        else:
            self.pass_through(event)
        return self

    def _on_key(self, event: pygame.event.Event, now_ms: float) -> State:
        game, aim = self.game, self.aim
        command = command_for(event.key, event.unicode, event.mod)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or (
                command is not None and command.name == aim.mode):
            return self.confirm(now_ms)
        if event.key == pygame.K_ESCAPE:
            return self.play
        if event.key == pygame.K_TAB:  # the next foe in sight
            self._aim = aim.next_target(game)
            self._reprompt()
        elif command is not None and command.name == "use" and command.slot < len(game.inventory.slots):
            self._aim = aim.switched(game, game.inventory.slots[command.slot][0])  # throw that instead
            self.words = aim_prompt(game, self.aim)
        elif command is not None and command.name == "move":
            aim.move(game, command.dx, command.dy)
            self._reprompt()
        return self

    def point_at(self, tile: tuple[int, int]) -> None:
        self.aim.point_at(self.game, tile)
        self._reprompt()

    def _reprompt(self) -> None:
        """Moving the aim withdraws a warning about the old target."""
        self.words = aim_prompt(self.game, self.aim)

    def confirm(self, now_ms: float) -> State:
        """Throw or fire, unless the blast would reach you or breach the hull and that was not
        asked yet (UI-7): then ask, and the same again throws all the same."""
        aim = self.aim
        warning = aim.warning(self.game)
        if warning and not self.words.startswith(warning):
            self.words = (f"{warning} Tap it again: {aim.mode} anyway. Tap off the map: cancel." if touch_screen()
                          else f"{warning} Enter: {aim.mode} anyway. Esc: cancel.")
            return self
        return self.play.answer(aim.action(), now_ms)


def aim_prompt(game: Game, aim: Aim) -> str:
    """"Throw a smoke bomb: aim with keys or mouse. Tab: next foe. 1-9: throw another. Enter: throw. Esc: cancel." """
    verb = {"throw": "Throw", "fire": "Fire", "zap": "Zap"}[aim.mode]
    if touch_screen():  # no keys to name
        return f"{verb} {aim.label}: tap where. Tap off the map: cancel."
    others = {"throw": len(throwables(game)), "zap": len(zappables(game))}.get(aim.mode, 0)
    other = f" 1-9: {aim.mode} another." if others > 1 else ""
    return f"{verb} {aim.label}: aim with keys or mouse. Tab: next foe.{other} Enter: {aim.mode}. Esc: cancel."
