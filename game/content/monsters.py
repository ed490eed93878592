"""Monster kinds: stats, behaviour, faction and where they appear. One row per kind.

Tuned so a fight with a monster of the floor's own depth lasts a few turns (a median of 3 to 6
from its first blow to its last, SPEC CMB-10) and costs a share of the player's health that is
felt but not crushing; goblins and cultists flee when hurt and come back (CMB-9).

``behaviour`` names a class in ``game.ai.behaviours``. ``cost`` is what a monster
takes out of a floor's difficulty budget; ``depth`` is the shallowest floor where
it appears; ``weight`` its relative frequency there. Speed 100 acts once per
player turn, 150 three times every two turns, 60 three times every five.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class MonsterKind:
    name: str  # as the player reads it
    hp: int
    accuracy: int  # added to the chance to hit (5 % a point)
    damage: tuple[int, int]
    defence: int  # taken off the attacker's chance to hit (5 % a point)
    armour: int  # taken off each hit's damage
    speed: int
    behaviour: str
    faction: str
    opens_doors: bool
    cost: int
    depth: int
    weight: int
    drops: tuple[tuple[str, float], ...] = ()  # (item kind, chance) when it dies
    erratic: float = 0.0  # chance a move is random (bats)
    stationary: bool = False
    boss: bool = False
    spawn: str = ""  # spawners: what they make
    group: tuple[str, ...] = field(default=())  # companions placed with it (sidekicks)
    shelled: bool = False  # blades glance off: only blasts hurt it, and bumping into it stings you
    flees: float = 0.0  # flees at this share of its health, mends, and comes back (game.ai.fleeing)
    swims: bool = False  # enters deep water (SPEC TER-5); others never step in
    flies: bool = False  # over deep water and chasms alike: it never swims nor falls (TER-5, TER-6)
    aquatic: bool = False  # lives in deep water and never leaves it (an eel; game.ai.swimmers)
    themed: bool = False  # appears only on the floors of a theme that lists it (game.content.themes)
    peaceful: bool = False  # a wild creature that fights no one and no one fights (SPEC TER-8): it shies away


_GUARDIAN_DROPS = (("potion_healing", 1.0), ("coins", 1.0))
_WARDEN_DROPS = (("potion_healing", 1.0), ("coins", 1.0), ("tnt", 1.0))

MONSTERS: dict[str, MonsterKind] = {
    "rat": MonsterKind("rat", 7, 0, (1, 3), 1, 0, 120, "chaser", "vermin", False, 1, 1, 10, swims=True),
    "bat": MonsterKind("bat", 6, 1, (1, 3), 3, 0, 150, "chaser", "vermin", False, 1, 1, 6, erratic=0.4,
                       flies=True),
    "spider": MonsterKind("spider", 7, 1, (1, 4), 2, 0, 110, "chaser", "vermin", False, 2, 2, 4),
    "nest": MonsterKind("spider nest", 12, 0, (0, 0), 0, 1, 100, "spawner", "vermin", False, 4, 2, 3,
                        drops=(("potion_healing", 0.5),), stationary=True, spawn="spider"),
    "slime": MonsterKind("slime", 9, 0, (1, 4), 0, 1, 70, "sleeper", "vermin", False, 2, 1, 4),
    "zombie": MonsterKind("zombie", 16, 0, (3, 6), 0, 1, 60, "sleeper", "undead", True, 3, 2, 5,
                          drops=(("coins", 0.4),), swims=True),
    "skeleton": MonsterKind("skeleton", 11, 2, (2, 4), 2, 1, 100, "guard", "undead", True, 3, 1, 5,
                            drops=(("coins", 0.5),)),
    "ghost": MonsterKind("ghost", 10, 3, (2, 4), 5, 0, 100, "patroller", "undead", True, 3, 2, 4, flies=True),
    "orc": MonsterKind("orc", 15, 2, (2, 5), 1, 1, 100, "henchman", "greenskin", True, 4, 2, 5,
                       drops=(("coins", 0.6), ("potion_healing", 0.15)), group=("goblin", "goblin")),
    "goblin": MonsterKind("goblin", 9, 1, (2, 4), 2, 0, 110, "sidekick", "greenskin", True, 2, 1, 6,
                          drops=(("coins", 0.4),), flees=0.3),
    "cultist": MonsterKind("cultist", 11, 2, (2, 4), 1, 0, 100, "chaser", "cult", True, 3, 2, 5,
                           drops=(("scroll_mapping", 0.2), ("coins", 0.4)), group=("cultist",), flees=0.25),
    # the themes' own (SPEC TER-2): an eel of the marsh's and the ruins' deep water
    "eel": MonsterKind("marsh eel", 10, 2, (2, 5), 3, 0, 120, "lurker", "vermin", False, 3, 1, 5,
                       swims=True, aquatic=True, themed=True),
    "troll": MonsterKind("troll", 26, 3, (3, 7), 1, 2, 90, "guard", "greenskin", True, 8, 3, 0,
                         drops=(("potion_healing", 1.0), ("coins", 1.0)), boss=True),
    # a derelict's undead crew (seed 000): they do not breathe, so vacuum does not hurt them
    "crewman": MonsterKind("skeleton crewman", 8, 1, (1, 4), 1, 0, 100, "guard", "undead", True, 2, 99, 0,
                           drops=(("coins", 0.4),)),
    "engineer": MonsterKind("dead engineer", 9, 1, (2, 4), 0, 1, 100, "chaser", "undead", True, 3, 99, 0,
                            drops=(("rockets", 0.3),)),
    "boarder": MonsterKind("bloated boarder", 6, 0, (0, 0), 0, 0, 90, "boarder", "undead", True, 3, 99, 0),
    # trap vaults' blind bugs (seed 002): they walk their route and sting what they touch
    "alien_bug": MonsterKind("alien bug", 6, 0, (4, 7), 0, 0, 100, "bug", "bug", False, 0, 99, 0,
                             shelled=True),
    # a vault's watcher (VLT-8): it sees you within six cells and hunts you; slower than you
    "watcher": MonsterKind("vault watcher", 30, 3, (4, 8), 0, 0, 60, "watcher", "bug", False, 0, 99, 0,
                           shelled=True),
    # a shop's keeper (LVL-4): peaceful until hurt, then deadly; it ignores the floor's monsters
    "shopkeeper": MonsterKind("shopkeeper", 60, 6, (5, 10), 4, 3, 110, "keeper", "keeper", True, 0, 99, 0,
                              drops=(("coins", 1.0), ("potion_healing", 1.0))),
    # treasure's guardians at branch ends (LVL-2): named mini-bosses with one telegraphed trick,
    # grown with depth (game.world.spawn.GUARDIAN_HP_PER_DEPTH)
    "ogre": MonsterKind("ogre", 16, 2, (2, 4), 1, 1, 90, "basher", "guardian", True, 0, 1, 0,
                        drops=_GUARDIAN_DROPS, boss=True),
    "warg": MonsterKind("warg", 14, 3, (1, 4), 3, 0, 100, "howler", "guardian", False, 0, 1, 0,
                        drops=_GUARDIAN_DROPS, boss=True),
    "cave_troll": MonsterKind("cave troll", 16, 2, (2, 4), 1, 0, 100, "regenerator", "guardian", True, 0, 1, 0,
                              drops=_GUARDIAN_DROPS, boss=True),
    # a region's Warden: the placement the generators make; game.world.spawn turns it into the
    # region's own Warden below (WARDENS), grown with the region's place in the play order
    "warden": MonsterKind("Warden", 16, 1, (2, 4), 1, 0, 100, "guard", "warden", True, 0, 1, 0,
                          drops=_WARDEN_DROPS, boss=True),
    "warden_brute": MonsterKind("Warden", 36, 1, (1, 4), 0, 0, 100, "brute", "warden", True, 0, 1, 0,
                                drops=_WARDEN_DROPS, boss=True),
    "warden_charger": MonsterKind("Warden", 28, 2, (2, 4), 1, 0, 100, "charger", "warden", True, 0, 1, 0,
                                  drops=_WARDEN_DROPS, boss=True),
    "warden_thrower": MonsterKind("Warden", 24, 2, (2, 4), 2, 0, 100, "thrower", "warden", True, 0, 1, 0,
                                  drops=_WARDEN_DROPS, boss=True),
    "warden_summoner": MonsterKind("Warden", 26, 2, (2, 4), 1, 1, 100, "summoner", "warden", True, 0, 1, 0,
                                   drops=_WARDEN_DROPS, boss=True),
    "warden_blinker": MonsterKind("Warden", 28, 3, (2, 5), 3, 1, 100, "blinker", "warden", True, 0, 1, 0,
                                  drops=_WARDEN_DROPS, boss=True),
    "risen": MonsterKind("risen skeleton", 6, 1, (1, 3), 1, 0, 100, "chaser", "warden", True, 0, 99, 0),
    # conjured by a staff of obstruction (ITM-21): blocks the way until it dissolves; never acts (speed 0)
    "crystal": MonsterKind("crystal", 8, 0, (0, 0), 0, 2, 0, "spawner", "crystal", False, 0, 99, 0,
                           stationary=True),
    # the island's residents (SPEC TER-8): never in dungeons (weight 0); grown by their region's place in the
    # play order. Deer are peaceful and shy; wolves keep to their ground and hunt what comes near (game.ai.wild)
    "deer": MonsterKind("deer", 8, 0, (0, 0), 4, 0, 130, "grazer", "wild", False, 0, 1, 0, peaceful=True),
    "wolf": MonsterKind("wolf", 10, 2, (2, 4), 2, 0, 120, "prowler", "beast", False, 3, 1, 0),
}

WARDENS: tuple[str, ...] = ("warden_brute", "warden_charger", "warden_thrower", "warden_summoner", "warden_blinker")
"""The five Wardens, in the order the regions are played (``game.world.spawn.warden_kind``)."""
GUARDIANS: tuple[str, ...] = ("ogre", "warg", "cave_troll")
"""What guards treasure at a branch's end (``game.mapgen.populate``)."""
GUARDIAN_NAMES: tuple[str, ...] = (
    "Grimtooth", "Skarn", "Old Mag", "Gorbash", "Ulfang", "Brakka", "Mordgut", "Nagrol", "Thrug", "Vexa",
    "Karsk", "Hollowjaw", "Red Wennick", "Dreg", "Ashmaw", "Gullet", "Iron Ysolde", "Scab", "Murk", "Brannoch")
"""Guardians' own names ("Grimtooth the ogre"), picked by a floor's seeded stream."""
ABILITIES: tuple[str, ...] = ("slam", "charge", "throw", "summon", "blink_in", "blink_away", "bash", "howl")
"""What a boss can be winding up (``Actor.windup``): announced one turn, done the next."""


def is_warden(kind: str) -> bool:
    return kind == "warden" or kind in WARDENS

HOSTILE_FACTIONS: frozenset[frozenset[str]] = frozenset({frozenset({"greenskin", "cult"})})
"""Pairs of factions that fight each other on sight. Everyone fights the player."""
_HOSTILE_PAIRS = frozenset((a, b) for pair in HOSTILE_FACTIONS for a in pair for b in pair if a != b)
"""``HOSTILE_FACTIONS`` as ordered pairs, both ways: every monster's look asks ``hostile`` of each it sees."""


def hostile(faction_a: str, faction_b: str) -> bool:
    """Whether two factions fight; the player's faction is ``"player"``."""
    if faction_a == faction_b:
        return False
    if "player" in (faction_a, faction_b):
        return True
    return (faction_a, faction_b) in _HOSTILE_PAIRS


CONJURED: tuple[str, ...] = ("crystal",)
"""Kinds of the table that are things conjured, not creatures (a staff of obstruction's crystal,
SPEC ITM-21): the sidebar does not list them among the monsters in view, nor Tab aim at them."""
