"""Region themes (SPEC TER-2, seed 003's neighbourhoods): what gives a region its character.

Each region of a run has one theme, chosen from the island's seed (``game.world.overworld``):
no two regions of a run share one, and the first region played has a gentle one. A theme
decides the monsters its floors favour, the colours of its floors and walls, the ground that
covers them (``game.map.ground``), its gas, and one signature danger a player learns to fear.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rng import Rng

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    name: str  # as the island and the end screen say it: "the Drowned Marsh"
    words: str  # one line the region's first floor greets the player with
    floor: Colour  # floor tint
    wall: Colour  # wall colour
    monsters: tuple[str, ...]  # kinds its floors favour (``game.content.monsters``)
    ground: dict[str, float] = field(default_factory=dict)  # ground name -> share of a floor's tiles
    gas: str = ""  # "poison" or "confusion": what its vents breathe ("" for none)
    signature: str = ""  # its one signature danger, as the help and the island's hover say it
    gentle: bool = False  # may be the first region played
    favour: int = 2  # how many times more often its own monsters are drawn on its floors


THEMES: dict[str, Theme] = {
    "halls": Theme("the Mossy Halls", "Moss and old grass soften these halls.",
                   (70, 74, 60), (150, 146, 120), ("rat", "bat", "slime", "goblin", "skeleton"),
                   {"grass": 0.14, "water": 0.03}, signature="grass that burns", gentle=True),
    "marsh": Theme("the Drowned Marsh", "Black water stands between the rooms.",
                   (50, 66, 62), (110, 130, 120), ("slime", "rat", "eel", "nest", "zombie"),
                   {"water": 0.16, "grass": 0.10, "bridge": 0.0}, signature="deep water",
                   gentle=True),
    "forest": Theme("the Burnt Forest", "Dry brush and ash; the air smells of smoke.",
                    (74, 62, 46), (140, 112, 84), ("goblin", "orc", "bat", "spider"),
                    {"brush": 0.16, "grass": 0.14, "ash": 0.05, "chasm": 0.015}, signature="fire"),
    "crypts": Theme("the Cult's Crypts", "Incense hangs in the air. Vents hiss in the walls.",
                    (60, 52, 66), (130, 112, 140), ("cultist", "zombie", "skeleton", "ghost"),
                    {"water": 0.02, "chasm": 0.02}, gas="confusion", signature="confusion gas"),
    "caves": Theme("the Frozen Caves", "Cold air rises from cracks in the floor.",
                   (58, 68, 82), (150, 170, 190), ("bat", "spider", "ghost", "skeleton"),
                   {"chasm": 0.05, "water": 0.05}, signature="chasms"),
    "mine": Theme("the Old Mine", "Rails, rubble and a smell of bad air.",
                  (66, 58, 50), (128, 112, 96), ("goblin", "orc", "zombie", "rat"),
                  {"chasm": 0.04, "brush": 0.03}, gas="poison", signature="poison gas"),
    "ruins": Theme("the Sunken Ruins", "Old stones stand in still water; the floor gives way in places.",
                   (56, 62, 70), (120, 126, 138), ("skeleton", "eel", "ghost", "spider"),
                   {"water": 0.10, "grass": 0.05, "chasm": 0.02}, signature="deep water"),
    "embers": Theme("the Ember Warrens", "Warm ash drifts over dry brush; somewhere, something smoulders.",
                    (78, 56, 44), (150, 100, 80), ("goblin", "orc", "rat", "cultist"),
                    {"brush": 0.12, "ash": 0.08, "chasm": 0.02}, gas="poison", signature="fire and bad air"),
}
"""Every theme; a run of five regions uses five of them, never one twice (eight themes: even a
run of eight regions never repeats one)."""

def region_themes(rng: Rng, order: list[int]) -> list[str]:
    """One theme per region (index = region id), by the island's seeded stream (SPEC TER-2).

    The region played first gets a gentle theme; the rest follow in play order from one shuffle
    of the others, so the first ``len(THEMES)`` regions played never share a theme. An island
    of more regions than themes (up to ``MAX_REGIONS``) repeats that cycle: any
    ``len(THEMES)`` regions in a row of play order still differ.

    >>> from game.rng import Rng
    >>> themes = region_themes(Rng(1), [2, 0, 1, 4, 3])
    >>> len(set(themes)) == 5 and THEMES[themes[2]].gentle
    True
    """
    names = list(THEMES)
    gentle = [name for name in names if THEMES[name].gentle]
    first = rng.choice(gentle)
    rest = [name for name in names if name != first]
    rng.shuffle(rest)
    cycle = [first, *rest]
    themes = [""] * len(order)
    for position, region in enumerate(order):
        themes[region] = cycle[position % len(cycle)]
    return themes
