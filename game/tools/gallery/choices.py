"""The gallery's shots of the screens that ask for a choice (SPEC GRW-1, ITM-7, ITM-8, ITM-21,
ALY-1): a fallen Warden's boons, a scroll of enchanting's "Enchant what?", a scroll of identify's
"Identify which?", bumping a captive ("Free the captive ...?"), aiming a staff, and the pack
holding one of each family of item. Each set-up takes the ``App`` and leaves the picture on its
screen, reached by the keys a player presses where it can be (``SCENES`` lists the shots).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tools.gallery.floors import hand_drawn, playing, put_on_screen
from game.tools.scenes import Scene

if TYPE_CHECKING:
    from game.app.app import App
    from game.world.game import Game

ROOM = """
+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . .|
+                   +
|. @ c . . . . . . .|
+                   +
|. . . . . . . s . .|
+-+-+-+-+-+-+-+-+-+-+
"""
"""A wide room: the player, a captive beside them (``c``), one of its captors asleep in a corner."""
LINE = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . .|
+                       +
|@ . . g . o . . . . . .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A hall: a goblin and an orc in a line east of the player."""
FAMILIES = (("potion_darkness", 1), ("scroll_mapping", 2), ("scroll_teleport", 1), ("staff_firebolt", 1),
            ("wand_beckoning", 1), ("charm_health", 1), ("javelins", 3), ("tnt", 2))
"""One of each family, with the healing potion a run starts with: a full pack. The mapping
scroll is known (read once before), the darkness potion and teleportation scroll not."""


def press(app: App, keys: str) -> None:
    """The keys pressed, the game settling after each (``game.app.script``)."""
    from game.app.script import run_script

    run_script(app, keys)


def slot_key(game: Game, kind: str) -> str:
    """The number key of ``kind``'s slot."""
    return str([slot_kind for slot_kind, _ in game.inventory.slots].index(kind) + 1)


def boons(app: App, *offered: str) -> None:
    """The first region's Warden falls (the game's own bookkeeping, as ``victory`` does it): the
    player climbs back to the island and the page of its boons opens there, ``offered`` the three."""
    from game.world import events
    from game.world.actions import Wait

    play = playing(app)
    game = play.game
    region = game.world.order[0]
    game.enter_dungeon(region, game.world.floors(region))
    game.kills += 1
    events.warden_falls(game, region)
    game.perform(Wait())  # the turn ends: back to the island, as after the killing blow
    game.boons.offer = list(offered)
    play.view.sync(game, app.now_ms())
    press(app, "")


def enchant_what(app: App) -> None:
    """An unknown scroll read in leather armour: it is a scroll of enchanting, and asks what to enchant."""
    game = hand_drawn(ROOM, {})
    game.inventory.armour = "leather_armour"
    game.inventory.add("scroll_enchanting", 1)
    put_on_screen(app, game)
    press(app, slot_key(game, "scroll_enchanting"))


def identify_which(app: App) -> None:
    """An unknown scroll read with three unknown kinds carried: identify, asking which."""
    game = hand_drawn(ROOM, {})
    for kind in ("potion_darkness", "potion_strength", "scroll_aggravate", "scroll_identify"):
        game.inventory.add(kind, 1)
    put_on_screen(app, game)
    press(app, slot_key(game, "scroll_identify"))


def free_captive(app: App) -> None:
    """A step into the shackled orc beside the player: "Free the captive orc?"."""
    game = hand_drawn(ROOM, {"c": "orc", "s": "skeleton"})
    orc = next(actor for actor in game.floor.actors if actor.kind == "orc")
    from game.mapgen.captors import FREE_TURNS

    orc.shackles = FREE_TURNS
    game.update_visibility()
    put_on_screen(app, game)
    press(app, "Right")


def aim_zap(app: App, kind: str, keys: str = "") -> None:
    """``e`` with only a staff of ``kind`` carried: aiming it at the nearest foe, the goblin, the
    orc behind it; then ``keys`` (Tab: at the orc, the bolt's line through the goblin)."""
    game = hand_drawn(LINE, {"g": "goblin", "o": "orc"})
    game.inventory.add(kind, 1)
    put_on_screen(app, game)
    press(app, f"e {keys}".strip())


def pack_families(app: App, page: bool = True) -> None:
    """A full pack, one of each family (``FAMILIES``), a charge of the staff spent; the pack page
    over it (``page``), else the pointer on the staff's slot in the sidebar."""
    from game.app.pack import PackScreen
    from game.world import charges, magic

    game = hand_drawn(ROOM, {})
    for kind, count in FAMILIES:
        game.inventory.add(kind, count)
    magic.identify(game, "scroll_mapping")
    charges.spend(game.inventory, "staff_firebolt")
    charges.spend(game.inventory, "charm_health")
    play = put_on_screen(app, game)
    if page:
        app.state = PackScreen(play)
        return
    app.redraw()
    staff = int(slot_key(game, "staff_firebolt")) - 1  # (the sidebar's targets count slots from 0)
    cell = next(rect for rect, what in play.hud.targets if what == f"slot:{staff}")
    play.mouse = cell.center


HELPERS = {f.__name__: f for f in (boons, enchant_what, identify_which, free_captive, aim_zap, pack_families)}

SCENES: tuple[Scene, ...] = (
    Scene("boons", "a Warden fell: its three boons, one to take (vigour, might, shadowstrike)", seed="7",
          start="dungeon",
          script=("py:boons(app, 'vigour', 'might', 'shadow')",)),
    Scene("boons-2", "the other boons' words (bulwark, lore, arcana)", seed="7", start="dungeon",
          script=("py:boons(app, 'bulwark', 'lore', 'arcana')",)),
    Scene("enchant-what", "an unknown scroll read: enchanting, \"Enchant what?\", each choice with what it does",
          script=("py:enchant_what(app)",)),
    Scene("identify-which", "an unknown scroll read: identify, \"Identify which?\" of three unknown kinds",
          script=("py:identify_which(app)",)),
    Scene("free-captive", "a step into a shackled orc: \"Free the captive orc?\"", script=("py:free_captive(app)",)),
    Scene("aim-zap-lightning", "e then Tab: aiming a staff of lightning at an orc, through the goblin before it",
          script=("py:aim_zap(app, 'staff_lightning', 'Tab')",)),
    Scene("aim-zap-obstruction", "e: aiming a staff of obstruction: the tiles its crystal will fill",
          script=("py:aim_zap(app, 'staff_obstruction')",)),
    Scene("pack-families", "the pack page, one of each family: potions known and not, scrolls, staff, wand, "
          "charm (charges), javelins, TNT", script=("py:pack_families(app)",)),
    Scene("hover-staff-slot", "a full pack of every family, the pointer on the staff's slot: its charges",
          script=("py:pack_families(app, page=False)",)),
)
