"""Special rooms and the things that dress a floor (SPEC LVL-4, seed 004 "More map stuff").

A special room is an ordinary room the level analysis picked for a purpose; it is tinted so
it reads at a glance, holds a fixture (something you use by standing on it and pressing
``g``), and is announced the first time you walk in. Decorations are only pictures: they
never block and do nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class SpecialKind:
    name: str  # "a shrine", as the log says it
    tint: Colour  # the room's floor colour
    announce: str  # said on first entry
    fixture: str = ""  # the sprite (and kind) of what stands in the room; "" for none
    decor: str = ""  # what lines the room's walls


SPECIALS: dict[str, SpecialKind] = {
    "shrine": SpecialKind("a shrine", (52, 74, 92),
                          "You enter a shrine. Stand on the altar and press g to pray: it heals you, once.",
                          fixture="shrine", decor="torch"),
    "shop": SpecialKind("a shop", (106, 84, 42),
                        "You enter a shop. Stand on a ware and press g to buy it. Do not anger the shopkeeper.",
                        decor="tapestry"),
    "training": SpecialKind("a training ground", (92, 56, 50),
                            "You enter a training ground. Stand on a dummy and press g to train: pay coins, "
                            "or spend turns if you cannot.", decor="rubble"),
    "armoury": SpecialKind("an armoury", (64, 64, 74),
                           "You enter an armoury. Take one piece: the others are locked to their racks "
                           "once you do.", fixture="anvil", decor="torch"),
    "library": SpecialKind("a library", (70, 56, 74),
                           "You enter a library. Stand at the open book and press g to read the floor's map.",
                           fixture="lectern", decor="bookshelf"),
}

BLESSING = 4  # a wayshrine's blessing: this much more most health (SPEC TER-8)

FIXTURES: dict[str, str] = {
    # kind: what hovering over it says
    "shrine": "An altar of healing. Stand on it and press g to pray (once).",
    "lectern": "An open book of maps. Stand at it and press g to read the floor's map (once).",
    "dummy_accuracy": "A target dummy: train your aim (+1 accuracy). Stand on it and press g.",
    "dummy_defence": "A sparring post: train your guard (+1 defence). Stand on it and press g.",
    "anvil": "The armourer's anvil. The armoury's pieces lie about it.",
    # the island's places (SPEC TER-8, game.world.island)
    "campfire": "A travellers' campfire. Stand on it and press g to rest: it heals you, once.",
    "wayshrine": "A wayside shrine. Stand on it and press g to pray for its blessing "
                 f"(+{BLESSING} most health, once).",
}
USABLE = ("shrine", "lectern", "dummy_accuracy", "dummy_defence", "campfire", "wayshrine")

DECORATIONS: dict[str, str] = {
    "torch": "A torch, burning low.",
    "tapestry": "A faded tapestry.",
    "rubble": "Fallen stones.",
    "bones": "Old bones.",
    "bookshelf": "Shelves of mouldering books.",
    "vent": "A vent in the floor: it breathes the region's gas now and then.",
    "ruin": "Broken walls of an older time.",
    "tent": "A weathered tent.",
}

SHRINE_HEAL = 1.0  # of the player's missing health
TRAINING_TURNS = 40  # what training costs without coins
TRAINING_LIMIT = 3  # the most each of accuracy and defence can be trained in a run
SHOP_MARKUP_PER_DEPTH = 0.15  # prices rise with difficulty


def training_price(depth: int) -> int:
    return 20 + 10 * depth


def shop_price(value: int, depth: int) -> int:
    return max(1, round(value * (1 + SHOP_MARKUP_PER_DEPTH * (depth - 1))))
