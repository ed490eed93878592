"""Questions the sidebar asks over the play screen (SPEC UI-2, ITM-2): "Close which way?" waits
for a direction, "Drop which?" for a slot. Each is a screen over the play screen; its answer acts,
anything else withdraws the question with no turn spent."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app.keys import command_for, direction_for
from game.app.overlay import Overlay
from game.app.state import State
from game.world.actions import CloseDoor

if TYPE_CHECKING:
    from game.app.play import PlayState


@dataclass(frozen=True)
class SlotQuestion:
    """Which slot? ``question`` as the sidebar asks it ("Drop which?"); ``answer`` acts on the
    slot (0-based) the player picks, and may answer the next screen."""

    question: str
    answer: Callable[[int], object]

    def answered(self, play: PlayState, index: int) -> State:
        """The answer ``index``, if that slot holds anything; the screen that comes next."""
        if play.game.inventory.slot(index) is None:
            return play
        after = self.answer(index)
        return after if isinstance(after, State) else play


class SlotPrompt(Overlay):
    """"Drop which? 1-3, or click a slot. Esc: cancel." A number key or a click on a slot of the
    sidebar answers it; any other key or click withdraws it."""

    def __init__(self, play: PlayState, question: SlotQuestion) -> None:
        super().__init__(play)
        self.question = question
        slots = len(play.game.inventory.slots)
        which = "1" if slots == 1 else f"1-{slots}"
        self.words = f"{question.question} {which}, or click a slot. Esc: cancel."

    @property
    def prompt(self) -> str:
        return self.words

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN:
            command = command_for(event.key, event.unicode, event.mod)
            if command is not None and command.name == "use":
                return self.question.answered(self.play, command.slot)
            return self.play
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.play.mouse = event.pos
            button = self.play.hud.target_at(event.pos) or ""
            if button.startswith("slot:"):
                return self.question.answered(self.play, int(button[5:]))
            return self.play  # answered elsewhere: withdrawn
        self.pass_through(event)
        return self


class DirectionPrompt(Overlay):
    """"Close which door? (a direction)": a direction key closes that way; anything else cancels."""

    def __init__(self, play: PlayState, words: str) -> None:
        super().__init__(play)
        self.words = words

    @property
    def prompt(self) -> str:
        return self.words

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN:
            direction = direction_for(event.key, event.unicode, event.mod)
            return self.play if direction is None else self.play.answer(CloseDoor(*direction), now_ms)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.play
        self.pass_through(event)
        return self
