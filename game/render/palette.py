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
STANDEE: Colour = (128, 122, 118)
"""The disc under a monster (ringed in the foe colour): between dark and light icons, so both read."""

TONE_COLOURS: dict[str, Colour] = {
    "info": (210, 206, 196),
    "good": (140, 220, 140),
    "bad": (240, 110, 100),
    "notice": (240, 200, 110),
}

VAULT_NUMBERS: dict[int, Colour] = {}
"""Minesweeper's colours for the trap vaults' numbers (set by ``use_colour_blind``)."""
AIM_BLAST: Colour = (255, 140, 40)
AIM_PATH: Colour = (255, 235, 120)
AIM_BEYOND: Colour = (230, 60, 50)
"""The aim preview: the blast's area, the cells flown, the cells the throw cannot reach."""

_NORMAL: dict[str, object] = {
    "TONES": {"info": (210, 206, 196), "good": (140, 220, 140), "bad": (240, 110, 100), "notice": (240, 200, 110)},
    "HP_FULL": (200, 60, 60),
    "VAULT_NUMBERS": {1: (110, 170, 255), 2: (120, 210, 120), 3: (250, 100, 90), 4: (180, 130, 255),
                      5: (240, 160, 70), 6: (90, 215, 215), 7: (235, 235, 235), 8: (170, 170, 170)},
    "AIM_BLAST": (255, 140, 40), "AIM_PATH": (255, 235, 120), "AIM_BEYOND": (230, 60, 50),
}
_COLOUR_BLIND: dict[str, object] = {
    # Okabe & Ito's palette, which stays apart for the common colour blindnesses: the meanings
    # are carried by blue against orange and by lightness, never by red against green.
    "TONES": {"info": (210, 206, 196), "good": (86, 180, 233), "bad": (238, 124, 32), "notice": (246, 236, 160)},
    "HP_FULL": (238, 124, 32),
    "VAULT_NUMBERS": {1: (86, 180, 233), 2: (0, 190, 140), 3: (238, 124, 32), 4: (214, 130, 180),
                      5: (250, 210, 40), 6: (150, 220, 255), 7: (245, 245, 245), 8: (160, 160, 160)},
    "AIM_BLAST": (238, 124, 32), "AIM_PATH": (246, 236, 160), "AIM_BEYOND": (70, 110, 230),
}
colour_blind = False
generation = 0
"""Bumped on every switch, so pictures that bake these colours in can redraw."""


def use_colour_blind(on: bool) -> None:
    """Switch the colours that carry meaning between the usual and the colour-blind-safe set."""
    global HP_FULL, VAULT_NUMBERS, AIM_BLAST, AIM_PATH, AIM_BEYOND, colour_blind, generation
    chosen = _COLOUR_BLIND if on else _NORMAL
    TONE_COLOURS.clear()
    TONE_COLOURS.update(chosen["TONES"])  # type: ignore[arg-type]
    HP_FULL = chosen["HP_FULL"]  # type: ignore[assignment]
    VAULT_NUMBERS = dict(chosen["VAULT_NUMBERS"])  # type: ignore[arg-type]
    AIM_BLAST, AIM_PATH, AIM_BEYOND = chosen["AIM_BLAST"], chosen["AIM_PATH"], chosen["AIM_BEYOND"]  # type: ignore[assignment]
    if on != colour_blind or generation == 0:
        generation += 1
    colour_blind = bool(on)


use_colour_blind(False)
