"""Screens over the play screen: aiming, a menu of verbs, the pack, the message archive, a
question waiting for a direction or a slot. Each is a screen of its own (``State``) that keeps
the play screen under it, draws it first, and hands back to it when it closes: the stack of
screens is the ``play`` each one keeps (the model of the 2023 tcod tutorial's handlers).

What every one of them shares with the play screen under it:

- a held key's repeats do nothing but what the screen allows (``repeats``), so holding the key
  that opened it never closes it again (TRU-2);
- a touch acts when its finger lifts, and not at all when a second finger lands (a pinch): the
  play screen's ``HeldTap`` holds it for the screen on top too;
- the pointer still moves the hover, the wheel and a pinch still zoom the map (unless the screen
  scrolls with them), and time goes on under it: an autoplayer keeps playing, a run that ends
  ends the screen on top too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.held_keys import HeldKey
from game.app.state import State

if TYPE_CHECKING:
    from game.app.aim import Aim
    from game.app.play import PlayState
    from game.run.run import Run
    from game.world.game import Game

FINGERS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
BUTTONS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Overlay(State):
    """A screen over ``play``. Subclasses handle events in ``handle`` and draw themselves in
    ``draw_over``; what the map shows under them (an aim, a prompt in the sidebar) in ``aim``
    and ``prompt``."""

    holds_taps = True
    """Whether a touch waits for its finger to lift (the archive scrolls with the finger instead)."""

    def __init__(self, play: PlayState) -> None:
        super().__init__(play.app)
        self.play = play

    @property
    def game(self) -> Game:
        """The run's game, read through any screen over it (the page's probe, the tools)."""
        return self.play.game

    @property
    def run(self) -> Run:
        return self.play.run

    @property
    def aim(self) -> Aim | None:
        """The aim the map draws under this screen, if any."""
        return None

    @property
    def prompt(self) -> str:
        """What the sidebar asks while this screen is up ("Drop which? 1-3...")."""
        return ""

    # --- events ------------------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN:
            if getattr(event, "repeat", False):
                if not self.repeats(event):
                    return self
            else:
                self.play.held = HeldKey()  # a press: its own repeats may do only what it does
        if self.holds_taps and getattr(event, "touch", False) and event.type in BUTTONS:
            held = self.play.pointer.tap.click(event, len(self.app.fingers))
            if held is None:
                return self
            event = held
        if event.type in FINGERS:
            self.play.pointer.finger(event)
            return self
        return self.handle(event, now_ms)

    def repeats(self, event: pygame.event.Event) -> bool:
        """Whether a held key's repeat does anything here (by default nothing does)."""
        return False

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        """An event for this screen; the screen for the next one. By default the pointer still
        moves over the map and the wheel zooms it."""
        self.pass_through(event)
        return self

    def pass_through(self, event: pygame.event.Event) -> None:
        """What the play screen under still does with ``event``: follow the pointer, zoom."""
        if event.type == pygame.MOUSEMOTION:
            self.play.pointer.moved(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.play.zoom.wheel(event)
        elif event.type == pygame.WINDOWLEAVE:
            self.play.mouse = self.play.hover = None

    # --- time and drawing ----------------------------------------------------------------------
    def update(self, now_ms: float) -> State:
        after = self.play.update(now_ms)
        return self if after is self.play else after  # the run ended under this screen: its end shows

    def animating(self, now_ms: float) -> bool:
        return self.play.animating(now_ms)

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        self.play.draw(surface, now_ms, self.aim, self.prompt)
        self.draw_over(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """This screen over the play screen."""
