"""A line about every monster and item, for hovering over them (SPEC UI-8). Numbers are read
from the kind tables, so the words never disagree with the game."""

from __future__ import annotations

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.potions import POTION_WORDS
from game.content.scrolls import SCROLL_WORDS
from game.content.weapons import WEAPON_WORDS

MONSTER_WORDS = {
    "rat": "Quick and weak; comes in numbers.",
    "bat": "Flits about at random; hard to hit.",
    "spider": "Patient; its bite stings.",
    "nest": "Breeds spiders until destroyed; never moves.",
    "slime": "Sleeps until disturbed, then oozes after you, slowly.",
    "zombie": "Slow, tough and asleep until woken.",
    "skeleton": "Guards its post and returns to it.",
    "ghost": "Walks its rounds through the rooms; hard to hit.",
    "orc": "Calls its kin from nearby rooms when it sees you.",
    "goblin": "Follows its leader into every fight.",
    "cultist": "Hunts whatever it sees.",
    "eel": "Lives in deep water and never leaves it: it bites whoever walks or swims beside its water.",
    "troll": "Huge, slow to tire, and it hits very hard.",
    "crewman": "The derelict's dead crew, still at their stations.",
    "engineer": "Dead, but still hunting the living aboard.",
    "boarder": "Swollen: it bursts beside its prey, and breaches the hull.",
    "alien_bug": "Blind; walks its loop and stings what stands in its way. Blades glance off: blast it.",
    "watcher": "Not blind: it sees you within 6 cells (its gaze is drawn) and hunts you, round its traps, "
               "slower than you. Blades glance off: blast it.",
    "deer": "Grazes the island; bolts when you come near. Peaceful.",
    "wolf": "Hunts in packs near its den; leaves off once you are far from it.",
    "shopkeeper": "Sells what lies in the shop (on the island, by its camp). Peaceful; hurt it and it fights to the death.",
    "warden": "The master of this region's dungeon. Its fall opens the next gate.",
    "ogre": "Guards a treasure. Raises its club, then clubs you back two steps: step away when it does.",
    "warg": "Guards a treasure. Fills its lungs, then howls the whole floor awake and onto you.",
    "cave_troll": "Guards a treasure. Its wounds close every turn: hit hard or not at all.",
    "warden_brute": "A Warden. Raises its maul, then slams everything beside it: be elsewhere.",
    "warden_charger": "A Warden. Lowers its head, then charges down the line: step off it.",
    "warden_thrower": "A Warden. Draws back its arm, then bombs where you stood: keep moving, or close in.",
    "warden_summoner": "A Warden. Raises its arms, then raises skeletons (a few, not endless).",
    "warden_blinker": "A Warden. Crackles, then appears beside you; flickers, then vanishes next door.",
    "risen": "Raised by a Warden; falls apart like any skeleton.",
    "crystal": "Conjured crystal: nothing walks or flies through it until it dissolves. Break it, or wait.",
}

ITEM_WORDS = {
    "potion_healing": "Drink it (its number key) to heal.",
    "scroll_mapping": "Read it to see the whole floor.",
    "key": "Opens one locked door: walk into it.",
    "tnt": "Throw it (t) to blow up what is around where it lands; it flies over creatures.",
    "rockets": "Ammunition for the rocket launcher.",
    "rocket_launcher": "Fire rockets (f): they burst on the first thing in their way and throw monsters back.",
    "coins": "Gold. Picked up as you walk over it.",
    "potion_speed": "Drink it to move twice as fast for a while: two steps or blows to every monster's one.",
    "scroll_teleport": "Read it to vanish and stand somewhere else on the floor you could walk to, away from "
                       "monsters. Not in a trap vault.",
    "smoke_bomb": "Throw it (t): a cloud where it lands. Nobody sees into or out of smoke but from right "
                  "beside, so hunters lose you.",
    "throwing_knives": "Throw one (t) at the first creature in the line; pick it up again where it falls.",
    "bow": "Fire arrows (f): each stops at the first creature in the line. Pick them up again.",
    "arrows": "Ammunition for the bow.",
    **POTION_WORDS,
    **SCROLL_WORDS,
    **WEAPON_WORDS,  # weapons say how they are used (game.content.weapons)
    "staff_blink": "Zap it (its number key) to blink through open space toward a tile, stopping before "
                   "anything in the way. Not in a trap vault.",
    "staff_slowness": "Zap it at a creature: it acts at half speed for a while.",
    "staff_lightning": "Zap it: the lightning strikes every creature in the line, through to the wall.",
    "staff_firebolt": "Zap it: the firebolt burns the first creature in the line.",
    "staff_entrancement": "Zap it at a creature: it stands entranced, losing its turns, for a while.",
    "staff_obstruction": "Zap it: crystal fills the tiles around where the bolt stops. Nothing passes until it "
                         "dissolves.",
    "wand_beckoning": "Zap it at a creature: it is pulled along the line to you.",
    "wand_teleport_other": "Zap it at a creature: it is sent far away on the floor.",
    "charm_health": "Use it (its number key) to heal; it is ready again after a long rest.",
    "charm_teleportation": "Use it to vanish to somewhere else on the floor, away from monsters; it is ready "
                           "again after a long while. Not in a trap vault.",
    "charm_haste": "Use it to move twice as fast for a few turns; it is ready again after a while.",
    "javelins": "Throw one (t): heavy, it hits hard but not far. Pick it up again where it falls.",
    "darts": "Throw one (t): light and accurate but weak; you carry many. Pick them up again.",
    "throwing_axes": "Throw one (t): hits hard, but often misses. Pick it up again where it falls.",
}


def describe_monster(kind: str) -> str:
    spec = MONSTERS[kind]
    low, high = spec.damage
    hits = f"hits for {low}-{high}" if high else "does not bite"
    return f"{MONSTER_WORDS.get(kind, '')} ({hits}, armour {spec.armour})".strip()


def describe_item(kind: str) -> str:
    spec = ITEMS[kind]
    facts = []
    if spec.damage[1] and spec.charges:
        facts.append(f"damage {spec.damage[0]}-{spec.damage[1]}, never misses")
    elif spec.damage[1]:
        facts.append(f"damage {spec.damage[0]}-{spec.damage[1]}, accuracy {spec.accuracy:+d}")
    if spec.range and spec.category != "weapon":
        facts.append(f"range {spec.range}")
    if spec.category == "armour":
        facts.append(f"armour {spec.armour}: blunts a blow by 0-{spec.armour}"
                     + (f", defence {spec.defence:+d}" if spec.defence else ""))
    if spec.heal:
        facts.append(f"heals {spec.heal}")
    if spec.charges:
        facts.append(f"{spec.charges} charge{'s' if spec.charges != 1 else ''}, " +
                     (f"one back every {spec.recharge} turns" if spec.recharge else "never recharges"))
    if spec.blast[0]:
        facts.append(f"blast radius {spec.blast[0]}, power {spec.blast[1]}")
    if spec.smoke:
        facts.append(f"cloud radius {spec.smoke}, lasts {spec.turns} turns")
    elif spec.turns:
        facts.append(f"lasts {spec.turns} turns")
    words = ITEM_WORDS.get(kind, "")
    return f"{words} ({'; '.join(facts)})" if facts else words
