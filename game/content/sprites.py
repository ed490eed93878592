"""Every sprite the game draws: the game-icons glyph it comes from and its colour.

``python -m game.tools.icons`` rasterises these rows into ``assets/sprites/*.png``
(with dark outlines) and writes the credits; the game loads the PNGs by name.
Rows with ``icon=None`` are drawn by the tool itself (doors lie on tile edges).
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class SpriteSpec:
    icon: str | None  # a name in the game-icons set (npm @iconify-json/game-icons)
    colour: Colour
    scale: float = 0.86  # how much of the tile the glyph fills
    outline: bool = True  # terrain texture glyphs go without


SPRITES: dict[str, SpriteSpec] = {
    # the player and the map's fixtures
    "player": SpriteSpec("hooded-figure", (236, 232, 214)),
    "stairs_down": SpriteSpec("stairs", (246, 206, 92), 0.8),
    "stairs_up": SpriteSpec("stairs-goal", (160, 200, 240), 0.8),
    "door_closed": SpriteSpec(None, (192, 122, 58)),
    "door_open": SpriteSpec(None, (192, 122, 58)),
    "door_locked": SpriteSpec(None, (190, 150, 60)),
    # monsters
    "rat": SpriteSpec("rat", (176, 150, 130), 0.7),
    "bat": SpriteSpec("bat", (150, 120, 170), 0.75),
    "goblin": SpriteSpec("goblin-head", (126, 190, 90)),
    "skeleton": SpriteSpec("skeleton", (222, 220, 200)),
    "zombie": SpriteSpec("shambling-zombie", (130, 170, 120)),
    "spider": SpriteSpec("long-legged-spider", (200, 80, 70), 0.8),
    "slime": SpriteSpec("slime", (110, 210, 160), 0.75),
    "ghost": SpriteSpec("ghost", (190, 210, 240)),
    "orc": SpriteSpec("orc-head", (170, 130, 80)),
    "troll": SpriteSpec("troll", (120, 150, 100), 0.92),
    "cultist": SpriteSpec("cultist", (200, 70, 90)),
    "nest": SpriteSpec("egg-clutch", (214, 190, 150)),
    "shopkeeper": SpriteSpec("dwarf-face", (236, 200, 140)),
    "warden": SpriteSpec("crowned-skull", (240, 180, 60), 0.95),
    "ogre": SpriteSpec("ogre", (190, 150, 100), 0.95),
    "warg": SpriteSpec("wolf-howl", (170, 160, 150), 0.9),
    "cave_troll": SpriteSpec("troll", (110, 170, 140), 0.95),
    "warden_brute": SpriteSpec("brute", (240, 170, 70), 0.98),
    "warden_charger": SpriteSpec("minotaur", (240, 150, 60), 0.98),
    "warden_thrower": SpriteSpec("barbarian", (250, 190, 80), 0.98),
    "warden_summoner": SpriteSpec("raise-skeleton", (210, 190, 250), 0.98),
    "warden_blinker": SpriteSpec("wizard-face", (150, 200, 250), 0.98),
    "risen": SpriteSpec("skeleton", (180, 210, 170), 0.85),
    "crewman": SpriteSpec("space-suit", (176, 200, 214)),
    "engineer": SpriteSpec("hazmat-suit", (214, 196, 96)),
    "boarder": SpriteSpec("burning-skull", (236, 130, 70)),
    "alien_bug": SpriteSpec("alien-bug", (120, 230, 110), 0.8),
    # items
    "potion_healing": SpriteSpec("health-potion", (230, 80, 90), 0.7),
    "scroll_mapping": SpriteSpec("tied-scroll", (230, 215, 170), 0.7),
    "key": SpriteSpec("key", (250, 210, 80), 0.65),
    "coins": SpriteSpec("two-coins", (250, 200, 60), 0.6),
    "tnt": SpriteSpec("dynamite", (220, 70, 50), 0.7),
    "rocket_launcher": SpriteSpec("missile-launcher", (200, 205, 215), 0.8),
    "rockets": SpriteSpec("rocket", (230, 120, 80), 0.65),
    "dagger": SpriteSpec("plain-dagger", (200, 205, 215), 0.7),
    "sword": SpriteSpec("broadsword", (205, 210, 225), 0.75),
    "axe": SpriteSpec("battle-axe", (205, 200, 190), 0.75),
    "leather_armour": SpriteSpec("leather-armor", (170, 120, 70), 0.7),
    "chain_armour": SpriteSpec("chain-mail", (180, 185, 195), 0.7),
    "potion_speed": SpriteSpec("fizzing-flask", (110, 200, 250), 0.7),
    "scroll_teleport": SpriteSpec("scroll-unfurled", (200, 160, 250), 0.7),
    "smoke_bomb": SpriteSpec("smoking-orb", (185, 190, 205), 0.7),
    "throwing_knives": SpriteSpec("thrown-daggers", (205, 210, 220), 0.7),
    "scale_armour": SpriteSpec("lamellar", (120, 180, 150), 0.7),
    "plate_armour": SpriteSpec("breastplate", (215, 220, 235), 0.72),
    "bow": SpriteSpec("pocket-bow", (200, 150, 95), 0.75),
    "arrows": SpriteSpec("arrow-cluster", (215, 195, 150), 0.65),
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
    # the overworld
    "entrance": SpriteSpec("cave-entrance", (210, 190, 160), 0.9),
    "entrance_sealed": SpriteSpec("dungeon-gate", (150, 140, 150), 0.85),
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
}
