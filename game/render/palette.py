"""Colours of the map and the interface.

The colours that carry a meaning (good and bad news, health, the trap vaults' numbers, the
aim preview, a blind bug's next step, the island's entrances) come in two schemes: the usual one and a
colour-blind-safe one (an option, SPEC UI-4). ``use_colour_blind`` switches them in place:
read them as ``palette.NAME`` when drawing (the dictionaries may also be imported, they are
changed in place), and redraw any picture that bakes them in when ``generation`` changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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
HP_EMPTY: Colour = (60, 30, 34)
BADGE: Colour = (38, 40, 54)
"""A monster's state badge in the sidebar, under words in a meaning colour (``sidebar_in_view``)."""
HOVER: Colour = (255, 240, 160)
STANDEE: Colour = (16, 15, 22)
STANDEE_ALPHA = 200
"""The disc under a monster (ringed in the foe colour) and under the player (ringed in ``TITLE``):
dark, so the light sprites stand out on any floor or terrain (tests/render/test_sprite_contrast.py)."""
SMOKE: Colour = (196, 198, 206)
"""A smoke bomb's cloud, drawn see-through over its tiles."""


@dataclass(frozen=True)
class Scheme:
    """The colours that carry a meaning."""

    tones: Mapping[str, Colour]  # the message log's tones; "bad" also rings every foe
    hp_full: Colour
    vault_numbers: Mapping[int, Colour]  # Minesweeper's colours for the numbers 1..8
    aim_blast: Colour  # the aim preview: the blast's area,
    aim_path: Colour  # the cells flown,
    aim_beyond: Colour  # the cells the throw cannot reach
    next_step: Colour  # a blind bug's next step
    entrance: Colour  # a dungeon's entrance on the island's map (on grass and forest)


USUAL = Scheme(
    tones={"info": (210, 206, 196), "good": (140, 220, 140), "bad": (240, 110, 100), "notice": (240, 200, 110)},
    hp_full=(200, 60, 60),
    vault_numbers={1: (110, 170, 255), 2: (120, 210, 120), 3: (250, 100, 90), 4: (180, 130, 255),
                   5: (240, 160, 70), 6: (90, 215, 215), 7: (235, 235, 235), 8: (170, 170, 170)},
    aim_blast=(255, 140, 40), aim_path=(255, 235, 120), aim_beyond=(230, 60, 50),
    next_step=(150, 240, 130), entrance=(230, 80, 60),
)
COLOUR_BLIND = Scheme(
    # Okabe & Ito's colours, which stay apart for deuteranopes and protanopes: meanings are
    # carried by blue against orange and by lightness, never by red against green.
    tones={"info": (210, 206, 196), "good": (86, 180, 233), "bad": (238, 124, 32), "notice": (246, 236, 160)},
    hp_full=(238, 124, 32),
    # Sky blue and orange for 1 and 3, the rest searched on a 15-step grid of colours lighter
    # than the floor for the largest smallest distance (CIE76 28) seen with usual eyes and
    # with simulated deuteranopia and protanopia, near Minesweeper's hues (tests/render/test_palette.py).
    vault_numbers={1: (86, 180, 233), 2: (210, 255, 135), 3: (238, 124, 32), 4: (150, 120, 255),
                   5: (195, 135, 90), 6: (105, 255, 255), 7: (210, 225, 180), 8: (135, 150, 150)},
    aim_blast=(238, 124, 32), aim_path=(246, 236, 160), aim_beyond=(70, 110, 230),
    next_step=(86, 180, 233), entrance=(238, 124, 32),
)

TONE_COLOURS: dict[str, Colour] = dict(USUAL.tones)
VAULT_NUMBERS: dict[int, Colour] = dict(USUAL.vault_numbers)
HP_FULL: Colour = USUAL.hp_full
AIM_BLAST: Colour = USUAL.aim_blast
AIM_PATH: Colour = USUAL.aim_path
AIM_BEYOND: Colour = USUAL.aim_beyond
NEXT_STEP: Colour = USUAL.next_step
ENTRANCE: Colour = USUAL.entrance

colour_blind = False
generation = 1
"""Bumped on every switch, so pictures that bake the meaning colours in can redraw."""


def use_colour_blind(on: bool) -> None:
    """Switch the colours that carry meaning between the usual and the colour-blind-safe scheme."""
    global HP_FULL, AIM_BLAST, AIM_PATH, AIM_BEYOND, NEXT_STEP, ENTRANCE, colour_blind, generation
    on = bool(on)
    if on == colour_blind:
        return
    scheme = COLOUR_BLIND if on else USUAL
    TONE_COLOURS.clear()  # in place: ``from palette import TONE_COLOURS`` copies follow
    TONE_COLOURS.update(scheme.tones)
    VAULT_NUMBERS.clear()
    VAULT_NUMBERS.update(scheme.vault_numbers)
    HP_FULL, NEXT_STEP, ENTRANCE = scheme.hp_full, scheme.next_step, scheme.entrance
    AIM_BLAST, AIM_PATH, AIM_BEYOND = scheme.aim_blast, scheme.aim_path, scheme.aim_beyond
    colour_blind = on
    generation += 1
