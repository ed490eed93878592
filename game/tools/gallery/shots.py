"""The gallery's situations beyond the scripted scenes: hand-drawn floors put on screen
(a crowded sidebar, hover, aiming TNT), panels and screens opened directly, and the
colour-blind palette over the ones where colour carries meaning (``game.tools.gallery``).

Each shot is a ``Scene`` of ``game.tools.scenes``; its ``py:`` lines may call the helpers
in ``HELPERS`` (``crowd(app)``, ``hover(app, "door")``, and ``game.tools.gallery.setups``'
``visit(app, "shop")``...) besides the scenes' own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tools.gallery.choices import HELPERS as CHOICES
from game.tools.gallery.choices import SCENES as CHOICE_SCENES
from game.tools.gallery.fights import HELPERS as FIGHTS
from game.tools.gallery.fights import SCENES as FIGHT_SCENES
from game.tools.gallery.floors import HALL, hand_drawn, put_on_screen
from game.tools.gallery.in_use import HELPERS as IN_USE
from game.tools.gallery.island import HELPERS as ISLAND
from game.tools.gallery.island import SCENES as ISLAND_SCENES
from game.tools.gallery.in_use import SCENES as IN_USE_SCENES
from game.tools.gallery.setups import HELPERS as SETUPS
from game.tools.gallery.shown import HELPERS as SHOWN
from game.tools.gallery.terrain import HELPERS as TERRAIN
from game.tools.gallery.terrain import SCENES as TERRAIN_SCENES
from game.tools.gallery.things import HELPERS as THINGS
from game.tools.scenes import SCENES, Scene

if TYPE_CHECKING:
    from game.app.app import App

LASER_SEED = "L3"
"""A seed whose first trap vault is a laser vault."""
WATCHER_SEED = "W4"
"""A seed whose first trap vault is a watcher's."""
NATIVE_ONLY = {"phone"}
"""Scenes that differ only in the page (a phone's viewport): natively they are another floor."""

CROWD_ROOM = """
+-+-+-+-+-+-+-+
|@ a b c d e f|
+-+-+-+-+-+-+-+
"""
CROWD = {"a": "cave_troll", "b": "crewman", "c": "slime", "d": "goblin", "e": "ghost", "f": "shopkeeper"}
LONG_NAMES = ("Captain Wennickashmaw-Brannoch the Warden", "Ossifrage Threnody-Blackwater the cave troll")
HOVER_ROOMS = """
+-+-+-+-+-+-+
|@ . s .D. .|
+-+ +-+-+-+-+
|< ! .o. .L.|
+-+-+-+-+-+-+
"""
STAIRS_UP = (0, 1)
"""Where ``HOVER_ROOMS`` has its ``<``: the stairs up (the player stands on the stairs down)."""
POINTS = {"door": (3.95, 0.5), "wall": (1.5, 0.04), "monster": (2.5, 0.5), "yourself": (0.5, 0.5),
          "item": (1.5, 1.5), "stairs": (0.5, 1.5), "open door": (2.95, 1.5), "locked door": (4.95, 1.5)}
"""Where the pointer rests on ``HOVER_ROOMS``, in tiles: by the closed door's edge, on the
wall above the floor, on the slime, on the player (standing on the stairs and a potion), on a
scroll, on the stairs up, by the open door's edge, by the locked door's edge."""
HOVER_WORDS = {"door": "a closed door", "wall": "a wall", "monster": "a monster", "yourself": "yourself",
               "item": "an item", "stairs": "the stairs up", "open door": "an open door",
               "locked door": "a locked door"}


def crowd(app: App, first: int = 0) -> None:
    """Six monsters in view, each in another state (from ``STATES[first]`` on), two with the
    longest names; a full pack (nine kinds of what stacks, twelve of each) and a long message.
    The sidebar lists all six, two to a row, and keeps the newest message."""
    from game.content.items import ITEMS
    from game.world.actor import STATES

    game = hand_drawn(CROWD_ROOM, CROWD, seed="a seed long enough to run off the sidebar's edge")
    game.inventory.slots[:] = [[kind, 12] for kind, item in ITEMS.items() if item.category == "consumable"][:9]
    game.log.add("A message long enough to wrap over two lines of the sidebar, or even three. " * 2, "bad", 0)
    monsters = [m for m in game.floor.actors if m is not game.player]
    for i, (monster, state) in enumerate(zip(monsters, STATES[first:] + STATES[:first])):
        monster.state = state
        monster.name = LONG_NAMES[i] if i < len(LONG_NAMES) else monster.name
    monsters[2].hp = max(1, monsters[2].hp // 3)
    put_on_screen(app, game)


def hover(app: App, what: str) -> None:
    """The pointer resting on ``what`` (a key of ``POINTS``) on ``HOVER_ROOMS``."""
    game = hand_drawn(HOVER_ROOMS, {"s": "slime", "@": "potion_healing", "!": "scroll_mapping"})
    game.floor.level.exit, game.floor.level.entrance = game.player.pos, STAIRS_UP
    game.floor.seen_rooms[:] = True
    play = put_on_screen(app, game)
    play.draw(app.screen, app.now_ms())  # places the camera
    x, y = POINTS[what]
    camera = play.camera
    assert camera is not None, "placed by the draw above"
    ox, oy = camera.tile_origin(int(x), int(y))
    tile = camera.tile
    play.mouse = (ox + round((x % 1) * tile), oy + round((y % 1) * tile))


def aim_tnt(app: App) -> None:
    """Aiming TNT at a rat beside you: the blast would reach you, and the screen says so."""
    game = hand_drawn(HALL, {})
    game.spawn_monster("rat", 2, 0)
    game.update_visibility()
    game.inventory.add("tnt", 2)
    from game.app.play_aim import AimScreen

    app.state = AimScreen.start(put_on_screen(app, game), "throw", "tnt")


def key_list(app: App) -> None:
    """Options with its key list open."""
    from game.app.options_screen import OptionsState

    options = OptionsState(app, app.state)
    options.keys_open = True
    app.state = options


def damaged_save(app: App) -> None:
    """A save that cannot be read, then a fresh title that finds it."""
    app.storage.write("save.json", '{"version": 1, "game": {"turn": "thirty')
    app.state = app.title()


HELPERS = {**{f.__name__: f for f in (crowd, hover, aim_tnt, key_list, damaged_save, put_on_screen)}, **SETUPS,
           **SHOWN, **THINGS, **CHOICES, **IN_USE,
           **FIGHTS, **TERRAIN, **ISLAND}

CB = "py:scene_palette(app, True)"
EXTRA: tuple[Scene, ...] = (
    Scene("title-damaged-save", "the title when the save cannot be read", script=("py:damaged_save(app)",)),
    Scene("save-problem", "Continue on a damaged save: why, and what you can do",
          script=("py:damaged_save(app)", "Enter")),
    Scene("seed-entry", "Enter seed, half typed", script=("Down*2 Enter", "py:app.state.type('Île 42 Ω')")),
    Scene("credits", "the credits", script=("Down*5 Enter",)),
    Scene("title-help", "Help from the title", script=("Down*4 Enter",)),
    Scene("key-list", "Options with the key list open", script=("py:key_list(app)",)),
    Scene("esc-menu", "the Esc menu over a floor", seed="7", start="dungeon", script=("x", "Esc")),
    Scene("victory", "the victory screen: every Warden falls on the run's own record, each on its region's "
          "last floor (the run is not played to its end)", seed="7", start="dungeon", script=("x*3", "py:victory(app)")),
    Scene("sidebar-crowded", "the sidebar crowded: every monster state, the longest names, a full pack",
          script=("py:crowd(app)",)),
    Scene("sidebar-crowded-2", "the crowded sidebar with the other states first",
          script=("py:crowd(app, 3)",)),
    Scene("aim-self-blast", "aiming TNT at a rat beside you: the blast warning", script=("py:aim_tnt(app)",)),
    *(Scene(f"hover-{what.replace(' ', '-')}", f"the pointer on {HOVER_WORDS[what]}",
            script=(f"py:hover(app, {what!r})",)) for what in POINTS),
    Scene("hover-hull", "the pointer by the hull of a derelict deck", seed="7", start="ship",
          script=("x", "py:hover_hull(app)")),
    Scene("hover-vacuum", "the pointer on the vacuum outside a derelict deck", seed="7", start="ship",
          script=("x", "py:hover_vacuum(app)")),
    Scene("hover-vault-cell", "the pointer on a revealed vault cell: how many traps are around it", seed="7",
          start="vault", script=("Right Up Up", "py:hover_vault_cell(app)")),
    Scene("hover-zoomed", "the zoomed map, the pointer on a door", seed="7", start="dungeon",
          script=("x*3 o", "py:hover_zoomed_door(app)")),
    Scene("verbs-monster", "a click on a rat out of reach: throw, fire or walk to it",
          script=("py:verbs_for_a_monster(app)",)),
    Scene("verbs-yourself", "a click on yourself (hurt, by an open door, nothing here): what you can do",
          script=("py:verbs_for_yourself(app)",)),
    Scene("verbs-item", "a click on a sword in sight: wield it (walking there) or walk to it",
          script=("py:verbs_for_an_item(app)",)),
    Scene("verbs-full-pack", "a click on a key with a full pack: make room for it, or walk to it",
          script=("py:verbs_for_a_find_in_a_full_pack(app)",)),
    Scene("verbs-door", "a click by a closed door across the room: open it (walking there) or walk to it",
          script=("py:verbs_for_a_door(app)",)),
    Scene("verbs-slot", "a click on the TNT's slot in the sidebar: throw it, or drop the stack",
          script=("py:verbs_for_a_slot(app)",)),
    Scene("drop-question", "p with a full pack: drop which slot? (a phone asks on the pack page)",
          script=("py:drop_question(app)",)),
    Scene("abandon-confirm", "Abandon run, from the Esc menu: asked first", seed="7", start="dungeon",
          script=("x", "Esc", "Down*4 Enter")),
    Scene("daily", "the daily challenge begun from the title: the sidebar names it and its day",
          script=("Down Enter",)),
    Scene("shop", "a shop: its keeper and wares, the pointer on one (its price)", seed="7", start="dungeon",
          script=("py:visit(app, 'shop', 'ware')",)),
    Scene("training", "a training ground, the pointer on a dummy", seed="7", start="dungeon",
          script=("py:visit(app, 'training', 'fixture')",)),
    Scene("loading", "the loading screen of a new run", script=("py:loading(app)",)),
    Scene("replay", "watching a recording (--replay), paused", seed="7", start="dungeon",
          script=("x*3", "py:replay(app)")),
    Scene("error", "the error screen: a bug caught, the report to copy, carry on", seed="7", start="dungeon",
          script=("x", "py:error(app)")),
    Scene("zoomed-vault", "the zoomed map of a vault", seed="7", start="vault", script=("Right Up Up o",)),
    Scene("zoomed-deck", "the zoomed map of a derelict deck", seed="7", start="ship", script=("x o",)),
    Scene("zoomed-island", "the zoomed map of the island", seed="7", script=("o",)),
    Scene("cb-sidebar-crowded", "colour-blind: the crowded sidebar", script=(CB, "py:crowd(app)")),
    Scene("cb-aim-self-blast", "colour-blind: the blast warning", script=(CB, "py:aim_tnt(app)")),
    Scene("cb-hover-monster", "colour-blind: the pointer on a monster", script=(CB, "py:hover(app, 'monster')")),
    Scene("cb-deck", "colour-blind: a venting deck", seed="7", start="ship",
          script=(CB, "x", "py:scene_breach(game)", ".")),
    Scene("cb-zoomed", "colour-blind: the zoomed map of a floor", seed="7", start="dungeon", script=(CB, "x*3 o")),
    Scene("cb-zoomed-vault", "colour-blind: the zoomed map of a vault", seed="7", start="vault",
          script=(CB, "Right Up Up o")),
    Scene("cb-zoomed-island", "colour-blind: the zoomed map of the island", seed="7", script=(CB, "o")),
    Scene("cb-death", "colour-blind: the death screen", seed="7", start="dungeon",
          script=(CB, "x*3", "py:game.player.hp = 1", ".*6")),
    Scene("zoom-far", "the map zoomed out (-): 16-pixel tiles, 60x45 in view", seed="7", start="dungeon",
          script=("x*3", "-")),
    Scene("zoom-near", "the map zoomed in (+): 32-pixel tiles", seed="7", start="dungeon", script=("x*3", "+")),
    Scene("zoom-nearest", "the map zoomed in twice (+ +): 40-pixel tiles", seed="7", start="dungeon",
          script=("x*3", "+ +")),
    Scene("zoom-island", "the island zoomed in (+)", seed="7", script=("+",)),
    Scene("pack", "the pack page (the portrait layout's pack button)", seed="7", start="dungeon",
          script=("x*3", "py:pack_page(app)")),
    Scene("sight-doorway", "a goblin beside an open door sees your room: drawn and listed, its room dark",
          script=("py:doorway(app)",)),
    Scene("blow-marks", "an ogre's raised club: the tiles it will hit marked, the pointer on one",
          script=("py:raised_club(app)",)),
    Scene("cb-blow-marks", "colour-blind: the tiles a raised club will hit", script=(CB, "py:raised_club(app)")),
    Scene("laser-vault", "a laser vault: a beam firing as this turn ends (hatched, solid), one firing next "
          "turn (dashed), dark ones dotted, their emitters", seed=LASER_SEED, start="vault", script=("py:laser_beams(app)",)),
    Scene("hover-laser-beam", "the pointer on a firing laser beam: when it fires", seed=LASER_SEED, start="vault",
          script=("py:laser_beams(app, hover=True)",)),
    Scene("cb-laser-vault", "colour-blind: a laser vault's beams", seed=LASER_SEED, start="vault",
          script=(CB, "py:laser_beams(app)")),
    Scene("zoomed-laser-vault", "the zoomed map of a laser vault: every beam and emitter", seed=LASER_SEED,
          start="vault", script=("py:laser_beams(app)", "o")),
    Scene("watcher-vault", "a watcher's vault: the watcher has not seen you yet, its gaze dashed",
          seed=WATCHER_SEED, start="vault", script=("py:watcher_hunting(app, hunting=False)",)),
    Scene("watcher-hunting", "a watcher's vault: the watcher sees you and hunts, its gaze solid",
          seed=WATCHER_SEED, start="vault", script=("py:watcher_hunting(app)",)),
    Scene("zoomed-watcher-vault", "the zoomed map of a watcher's vault: its gaze, and the legend's word for it",
          seed=WATCHER_SEED, start="vault", script=("py:watcher_hunting(app, hunting=False)", "o")),
    Scene("vault-own-cell", "in a trap vault, your own cell's number at your corner and on the Here line",
          seed="7", start="vault", script=("py:own_cell(app)",)),
)

SHOTS: tuple[Scene, ...] = (*(scene for scene in SCENES if scene.name not in NATIVE_ONLY), *EXTRA, *CHOICE_SCENES,
                            *IN_USE_SCENES, *FIGHT_SCENES, *TERRAIN_SCENES, *ISLAND_SCENES)
"""Every shot of the gallery: the pagecheck scenes first, then the situations they lack."""
