"""Every sprite the game draws: the game-icons glyph it comes from and its colour.

``python -m game.tools.icons`` rasterises these rows into ``assets/sprites/*.png``
(with dark outlines) and writes the credits; the game loads the PNGs by name.
Rows with ``icon=None`` are drawn by the tool itself (doors lie on tile edges).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.content.potions import COLOURS

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class SpriteSpec:
    icon: str | None  # a name in the game-icons set (npm @iconify-json/game-icons)
    colour: Colour
    scale: float = 0.86  # how much of the tile the glyph fills
    outline: bool = True  # terrain texture glyphs go without


SPRITES: dict[str, SpriteSpec] = {
    # the player and the map's fixtures
    "player": SpriteSpec("hooded-figure", (240, 240, 240)),
    # boons (game.content.boons), drawn on the choice a fallen Warden offers
    "boon_vigour": SpriteSpec("heart-plus", (255, 110, 120)),
    "boon_might": SpriteSpec("biceps", (255, 190, 120)),
    "boon_bulwark": SpriteSpec("checked-shield", (170, 205, 255)),
    "boon_shadow": SpriteSpec("cloak-dagger", (200, 170, 255)),
    "boon_regeneration": SpriteSpec("healing", (120, 240, 150)),
    "boon_lore": SpriteSpec("open-book", (245, 225, 160)),
    "boon_arcana": SpriteSpec("crystal-wand", (120, 220, 255)),
    "stairs_down": SpriteSpec("stairs", (246, 206, 92), 0.8),
    "stairs_up": SpriteSpec("stairs-goal", (160, 200, 240), 0.8),
    "door_closed": SpriteSpec(None, (192, 122, 58)),
    "door_open": SpriteSpec(None, (192, 122, 58)),
    "door_locked": SpriteSpec(None, (190, 150, 60)),
    # monsters
    "rat": SpriteSpec("rat", (225, 180, 255), 0.82),
    "bat": SpriteSpec("bat", (255, 150, 255), 0.92),
    "goblin": SpriteSpec("goblin-head", (140, 225, 90)),
    "skeleton": SpriteSpec("skull-crossed-bones", (255, 210, 165), 0.9),
    "zombie": SpriteSpec("shambling-zombie", (0, 225, 135)),
    "spider": SpriteSpec("spider-face", (255, 195, 195), 0.86),
    "slime": SpriteSpec("slime", (0, 255, 210), 0.85),
    "ghost": SpriteSpec("ghost", (0, 210, 255)),
    "orc": SpriteSpec("orc-head", (135, 240, 15)),
    "troll": SpriteSpec("troll", (0, 255, 0), 0.92),
    "eel": SpriteSpec("eel", (192, 204, 120), 0.9),
    "cultist": SpriteSpec("cultist", (255, 165, 210)),
    "nest": SpriteSpec("egg-clutch", (165, 255, 255)),
    "shopkeeper": SpriteSpec("dwarf-face", (210, 255, 150)),
    "warden": SpriteSpec("crowned-skull", (255, 240, 0), 0.95),
    "ogre": SpriteSpec("ogre", (210, 255, 0), 0.95),
    "warg": SpriteSpec("wolf-howl", (240, 255, 195), 0.9),
    "cave_troll": SpriteSpec("troll", (60, 225, 210), 0.95),
    "warden_brute": SpriteSpec("brute", (195, 195, 30), 0.98),
    "warden_charger": SpriteSpec("minotaur", (255, 180, 0), 0.98),
    "warden_thrower": SpriteSpec("barbarian", (255, 225, 120), 0.98),
    "warden_summoner": SpriteSpec("raise-skeleton", (195, 225, 180), 0.98),
    "warden_blinker": SpriteSpec("wizard-face", (165, 195, 255), 0.98),
    "risen": SpriteSpec("half-dead", (165, 255, 195), 0.9),
    "crystal": SpriteSpec("crystal-growth", (240, 215, 255), 0.9),
    "crewman": SpriteSpec("space-suit", (160, 210, 225)),
    "engineer": SpriteSpec("hazmat-suit", (210, 255, 90)),
    "boarder": SpriteSpec("burning-skull", (255, 180, 105)),
    "alien_bug": SpriteSpec("alien-bug", (60, 255, 105), 0.88),
    "watcher": SpriteSpec("eyestalk", (255, 165, 135), 0.96),
    # the island's residents (SPEC TER-8)
    "deer": SpriteSpec("deer", (176, 192, 104), 0.9),
    "wolf": SpriteSpec("wolf-head", (192, 184, 176), 0.88),
    # items
    "potion_healing": SpriteSpec("health-potion", (255, 170, 175), 0.72),
    "scroll_mapping": SpriteSpec("treasure-map", (150, 235, 200), 0.74),
    "key": SpriteSpec("key", (255, 215, 90), 0.68),
    "coins": SpriteSpec("two-coins", (255, 215, 70), 0.62),
    "tnt": SpriteSpec("dynamite", (255, 200, 160), 0.72),
    "rocket_launcher": SpriteSpec("missile-launcher", (215, 222, 232), 0.9),
    "rockets": SpriteSpec("rocket", (255, 185, 130), 0.68),
    "dagger": SpriteSpec("plain-dagger", (215, 222, 232), 0.72),
    "sword": SpriteSpec("broadsword", (220, 226, 240), 0.75),
    "axe": SpriteSpec("battle-axe", (225, 218, 205), 0.75),
    "spear": SpriteSpec("spear-hook", (230, 210, 170), 0.82),
    "rapier": SpriteSpec("piercing-sword", (200, 225, 250), 0.8),
    "mace": SpriteSpec("flanged-mace", (210, 205, 215), 0.75),
    "war_hammer": SpriteSpec("warhammer", (235, 200, 160), 0.78),
    "leather_armour": SpriteSpec("leather-armor", (240, 190, 130), 0.72),
    "chain_armour": SpriteSpec("chain-mail", (205, 212, 225), 0.82),
    "potion_speed": SpriteSpec("fizzing-flask", (120, 215, 255), 0.72),
    "scroll_teleport": SpriteSpec("scroll-unfurled", (215, 175, 255), 0.72),
    "smoke_bomb": SpriteSpec("smoking-orb", (212, 216, 230), 0.72),
    "throwing_knives": SpriteSpec("thrown-daggers", (220, 226, 236), 0.72),
    "scale_armour": SpriteSpec("lamellar", (140, 220, 180), 0.72),
    "plate_armour": SpriteSpec("breastplate", (225, 230, 245), 0.74),
    "bow": SpriteSpec("pocket-bow", (240, 185, 120), 0.84),
    "arrows": SpriteSpec("quiver", (240, 220, 170), 0.78),
    # potions and scrolls, once known (SPEC ITM-5)
    "potion_strength": SpriteSpec("magic-potion", (255, 190, 130), 0.72),
    "potion_life": SpriteSpec("heart-bottle", (255, 185, 205), 0.72),
    "potion_darkness": SpriteSpec("bottled-shadow", (215, 205, 245), 0.72),
    "potion_hallucination": SpriteSpec("potion-of-madness", (250, 185, 255), 0.72),
    "potion_incineration": SpriteSpec("fire-bottle", (255, 175, 70), 0.72),
    "potion_confusion": SpriteSpec("spiral-bottle", (200, 240, 110), 0.72),
    "scroll_enchanting": SpriteSpec("scroll-quill", (255, 225, 120), 0.74),
    "scroll_identify": SpriteSpec("magnifying-glass", (170, 230, 255), 0.72),
    "scroll_protect_armour": SpriteSpec("checked-shield", (170, 210, 255), 0.72),
    "scroll_aggravate": SpriteSpec("shouting", (255, 195, 175), 0.74),
    "scroll_recharging": SpriteSpec("battery-plus", (150, 255, 180), 0.72),
    # unknown potions and scrolls: a flask of the look's colour, a tied scroll (``game.world.magic.sprite_of``)
    **{f"potion_look_{word}": SpriteSpec("round-bottom-flask", colour, 0.72) for word, colour in COLOURS},
    "scroll_unknown": SpriteSpec("tied-scroll", (235, 220, 175), 0.74),
    "staff_blink": SpriteSpec("crescent-staff", (150, 200, 255), 0.8),
    "staff_slowness": SpriteSpec("wizard-staff", (150, 230, 170), 0.8),
    "staff_lightning": SpriteSpec("crescent-staff", (250, 240, 110), 0.8),
    "staff_firebolt": SpriteSpec("wizard-staff", (255, 185, 135), 0.8),
    "staff_entrancement": SpriteSpec("skull-staff", (240, 190, 255), 0.8),
    "staff_obstruction": SpriteSpec("skull-staff", (120, 240, 220), 0.8),
    "wand_beckoning": SpriteSpec("fairy-wand", (255, 200, 120), 0.76),
    "wand_teleport_other": SpriteSpec("crystal-wand", (215, 200, 255), 0.76),
    "charm_health": SpriteSpec("charm", (255, 175, 180), 0.7),
    "charm_teleportation": SpriteSpec("charm", (200, 160, 255), 0.7),
    "charm_haste": SpriteSpec("charm", (130, 215, 255), 0.7),
    "javelins": SpriteSpec("thrown-spear", (225, 205, 170), 0.8),
    "darts": SpriteSpec("dart", (210, 220, 235), 0.92),
    "throwing_axes": SpriteSpec("tomahawk", (225, 215, 200), 0.74),
    # special rooms and decorations
    "shrine": SpriteSpec("crystal-shrine", (150, 220, 250)),
    "shop": SpriteSpec("shop", (240, 190, 110)),
    "torch": SpriteSpec("torch", (250, 170, 60), 0.6),
    "tapestry": SpriteSpec("vertical-banner", (170, 60, 80), 0.7),
    "rubble": SpriteSpec("stone-pile", (130, 125, 120), 0.6),
    "training_dummy": SpriteSpec("target-dummy", (200, 170, 120)),
    "dummy_accuracy": SpriteSpec("target-dummy", (214, 180, 120)),
    "dummy_defence": SpriteSpec("attached-shield", (150, 170, 200), 0.75),
    "anvil": SpriteSpec("anvil", (150, 150, 165), 0.75),
    "lectern": SpriteSpec("open-book", (226, 214, 170), 0.7),
    "bookshelf": SpriteSpec("bookshelf", (140, 100, 70), 0.7),
    "bones": SpriteSpec("crossed-bones", (200, 195, 175), 0.55),
    "vent": SpriteSpec("steam", (184, 196, 180), 0.7),  # a gas vent in the floor (SPEC REN-7)
    # the overworld
    "entrance": SpriteSpec("cave-entrance", (210, 190, 160), 0.9),
    "entrance_sealed": SpriteSpec("dungeon-gate", (150, 140, 150), 0.85),
    "campfire": SpriteSpec("campfire", (255, 170, 70), 0.8),
    "wayshrine": SpriteSpec("shinto-shrine", (160, 230, 255), 0.85),
    "ruin": SpriteSpec("ancient-columns", (200, 190, 170), 0.8),
    "tent": SpriteSpec("camping-tent", (220, 190, 130), 0.8),
    "gate_sealed": SpriteSpec("medieval-gate", (170, 160, 175), 0.8),
    "gate_open": SpriteSpec("open-gate", (220, 200, 140), 0.8),
    "tree": SpriteSpec("pine-tree", (40, 88, 48), 0.72, outline=False),
    "hills": SpriteSpec("hills", (112, 100, 70), 0.8, outline=False),
    "mountain": SpriteSpec("peaks", (228, 226, 220), 0.9, outline=False),
    "waves": SpriteSpec("waves", (44, 80, 130), 0.6, outline=False),
    "grass": SpriteSpec("high-grass", (96, 140, 64), 0.5, outline=False),
    "victory": SpriteSpec("laurels-trophy", (250, 210, 90), 1.0),
    # effects and interface
    "explosion": SpriteSpec("bright-explosion", (255, 190, 80), 1.0),
    "target": SpriteSpec("crosshair", (255, 240, 120), 0.9),
    "trap": SpriteSpec("wolf-trap", (220, 90, 60), 0.75),
    "breach": SpriteSpec("cracked-glass", (140, 210, 250), 0.8),
    "bolt_magic": SpriteSpec("spark-spirit", (200, 180, 255), 0.6),
    "bolt_fire": SpriteSpec("fireball", (255, 150, 60), 0.6),
    "bolt_lightning": SpriteSpec("lightning-arc", (250, 245, 140), 0.7),
}
