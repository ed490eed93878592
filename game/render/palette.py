"""Colours of the map and the interface."""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND: Colour = (10, 11, 16)
DEEP_SEA: Colour = (24, 50, 92)
FLOOR: Colour = (70, 66, 62)
FLOOR_TINT_RANGE = 7  # per-room colour wobble, so neighbouring rooms read apart
WALL: Colour = (222, 206, 170)
WALL_SHADOW: Colour = (28, 26, 30)
HULL: Colour = (150, 190, 210)
DIM_MULTIPLY: Colour = (78, 90, 132)
"""Remembered rooms are the lit picture multiplied by this (dimmer, a little blue)."""
COLOURKEY: Colour = (255, 0, 255)

PANEL: Colour = (20, 22, 30)
PANEL_EDGE: Colour = (70, 66, 60)
TEXT: Colour = (220, 216, 204)
TEXT_DIM: Colour = (130, 128, 122)
TITLE: Colour = (240, 200, 110)
HP_FULL: Colour = (200, 60, 60)
HP_EMPTY: Colour = (60, 30, 34)
HOVER: Colour = (255, 240, 160)

TONE_COLOURS: dict[str, Colour] = {
    "info": (210, 206, 196),
    "good": (140, 220, 140),
    "bad": (240, 110, 100),
    "notice": (240, 200, 110),
}
