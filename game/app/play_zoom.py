"""The map's zoom levels on the play screen (SPEC UI-10): ``+`` and ``-``, the mouse wheel over
the map, and a two-finger pinch. The tile size is an option, kept with the others, so a run
continued tomorrow is seen as closely as it was left. ``MapZoom`` is the play screen's.

A pinch never acts: SDL turns the first finger of every touch into a click (a mouse event with
``touch=True``, sent before the finger's own event), so the play screen holds that click until
its finger lifts (``HeldTap``) and drops it if a second finger lands meanwhile. Otherwise a pinch
begun on yourself would take the stairs, one tile away would walk, beside a monster would attack."""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import pygame

from game.render.layout import ZOOM_TILES, current, zoomed

if TYPE_CHECKING:
    from game.app.play import PlayState

PINCH_STEP = 1.35
"""How far two fingers must spread (or close) for one zoom level: a third of their distance."""


@dataclass
class Pinch:
    """The fingers on the screen, and the distance between two of them when the last zoom step
    was taken. SDL gives touch positions from 0 to 1 across the window, so distances are in
    those units (a pinch is the same gesture on a phone or a tablet)."""

    fingers: dict[int, tuple[float, float]] = field(default_factory=dict)
    base: float | None = None

    def feel(self, event: pygame.event.Event, down: Collection[int]) -> int:
        """Follow one finger event; the zoom steps it makes (+1 spread, -1 closed, 0 none).
        ``down``: the fingers on the screen now (``App.fingers``): one lifted while another
        screen was up is forgotten here too."""
        for gone in [finger for finger in self.fingers if finger not in down]:
            del self.fingers[gone]
        if event.type == pygame.FINGERUP:
            self.fingers.pop(event.finger_id, None)
            self.base = None
            return 0
        self.fingers[event.finger_id] = (event.x, event.y)
        if len(self.fingers) != 2:
            self.base = None
            return 0
        distance = math.dist(*self.fingers.values())
        if self.base is None or self.base <= 0:
            self.base = distance
            return 0
        if distance >= self.base * PINCH_STEP:
            self.base = distance
            return 1
        if distance <= self.base / PINCH_STEP:
            self.base = distance
            return -1
        return 0

    @property
    def pinching(self) -> bool:
        return len(self.fingers) >= 2


@dataclass
class HeldTap:
    """The click SDL made from a touch, held until that finger lifts: then it is the tap, unless
    a second finger landed meanwhile (a pinch). Works whichever comes first of a finger's own
    event and its click (SDL sends the click first)."""

    press: pygame.event.Event | None = None

    def click(self, event: pygame.event.Event, fingers: int) -> pygame.event.Event | None:
        """A touch's button event, with ``fingers`` on the screen: the press to act on now (at the
        lift of a tap), or None (held, or cancelled by a pinch)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.press = event if fingers <= 1 else None  # a finger landing in a pinch: no tap
            return None
        press, self.press = self.press, None
        return press

    def finger(self, event: pygame.event.Event, fingers: int) -> None:
        """A finger event, with ``fingers`` on the screen after it: a second one makes a pinch."""
        if event.type == pygame.FINGERDOWN and fingers > 1:
            self.press = None


class MapZoom:
    """The play screen's zoom: ``+``/``-``, the wheel, a pinch (``play.zoomed`` is the zoomed-out map)."""

    def __init__(self, play: PlayState) -> None:
        self.play = play
        self.pinch = Pinch()  # two fingers on the map zoom it

    def by(self, steps: int) -> None:
        """Draw the map ``steps`` levels nearer (negative: farther), and keep it as an option."""
        play, app = self.play, self.play.app
        tile = zoomed(play.view.tile, steps)
        if tile == play.view.tile:
            app.say("As near as the map goes" if steps > 0 else "As far as the map goes", 1200)
            return
        play.view.set_tile(tile, app.sprites_at(tile))
        play.camera = None  # the hover is found again with the new camera
        app.change_settings(replace(app.settings, map_tile=tile))
        level = ZOOM_TILES.index(tile) + 1
        app.say(f"Zoom {level} of {len(ZOOM_TILES)}", 1200)

    def wheel(self, event: pygame.event.Event) -> None:
        """The wheel zooms the map under it (the message archive scrolls with it instead)."""
        play = self.play
        if event.y and not play.zoomed and (play.mouse is None or current().map_area.collidepoint(play.mouse)):
            self.by(1 if event.y > 0 else -1)

    def finger(self, event: pygame.event.Event) -> None:
        """Two fingers pinch the map nearer or farther; the pinch stops a walk the first finger began."""
        steps = self.pinch.feel(event, self.play.app.fingers)
        if self.pinch.pinching:
            self.play.walk = None
        if steps and not self.play.zoomed:
            self.by(steps)
