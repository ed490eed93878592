"""The gallery's shots of each family of item in use (SPEC ITM-4..9, ITM-20..23): a potion drunk
(hallucination, darkness, speed, incineration), a scroll read (mapping, teleportation, protect
armour), a staff's bolt in flight (firebolt, lightning), a slowed and an entranced monster, a
staff of obstruction's crystal, a wand of beckoning's pull, a charm used, and thrown javelins
and darts lying where they fell. Each set-up plays the item with the keys a player presses, or
the action they would end in, and leaves the picture on the screen (``SCENES`` lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tools.gallery.choices import press, slot_key
from game.tools.gallery.floors import hand_drawn, playing, put_on_screen
from game.tools.gallery.setups import point_at
from game.tools.scenes import Scene

if TYPE_CHECKING:
    import pygame

    from game.app.app import App
    from game.render.camera import Camera
    from game.app.play import PlayState
    from game.world.action import Action
    from game.world.game import Game

HALL = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . . . .|
+                           +
|. . . . . . . . . . . . . .|
+                           +
|. @ . . . g . . o . . . . .|
+                           +
|. . . . . . . . . . . . . .|
+                           +
|. . . . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A wide hall: a goblin (``g``) and an orc (``o``) east of the player, in a line."""
CROWD = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . .|
+                       +
|. . . g . . . . . . . .|
+                       +
|. . r @ s . . . . . . .|
+                       +
|. . . . . . . . . . o .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""The player with a goblin, a rat and a skeleton beside them, an orc across the room."""
APART = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . g . . . . .|
+                       +
|. @ . . . . . . . . . .|
+                       +
|. . . . . . . . . . . .|
+                       +
|. . . . . . . . o . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A goblin and an orc in different lines from the player."""
RAT = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . .|
+                       +
|. @ . . . r . . . . . .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A rat four steps east of the player."""
PLANS = {"crowd": CROWD, "hall": HALL}
MONSTERS = {"g": "goblin", "o": "orc", "r": "rat", "s": "skeleton"}


def on_screen(app: App, plan: str, *carried: str) -> tuple[PlayState, Game]:
    """``plan`` (``MONSTERS`` placed) on screen, ``carried`` in the pack, one of each."""
    game = hand_drawn(plan, MONSTERS)
    for kind in carried:
        game.inventory.add(kind, 1)
    return put_on_screen(app, game), game


def use(app: App, kind: str, plan: str = "crowd", keys: str = "", armour: str = "") -> None:
    """``kind`` (unknown until used) used by its number key on the floor ``plan`` names (``PLANS``),
    wearing ``armour``; then ``keys``."""
    _, game = on_screen(app, PLANS[plan], kind)
    game.inventory.armour = armour or None
    press(app, f"{slot_key(game, kind)} {keys}".strip())


def read_here(app: App, kind: str) -> None:
    """``kind``, unknown, read by its number key on the run on screen (a real floor)."""
    game = playing(app).game
    game.inventory.add(kind, 1)
    press(app, slot_key(game, kind))


def held(app: App, action: Action, share: float = 0.5) -> None:
    """``action`` played on the run on screen, and its animation (a bolt's flight, a blast's
    ring) held ``share`` of the way through: the moment a player sees it, kept still for the
    shot (the animations read a clock of their own, ``game.render.effects``)."""
    from game.render.effects import Effects

    class Held(Effects):
        """The play screen's animations, drawn at one moment whatever the clock says."""

        def __init__(self, running: Effects, moment: float) -> None:
            super().__init__(running.sprites, running.tile)
            self.running, self.moment = running.running, moment

        def draw(self, surface: pygame.Surface, camera: Camera, now_ms: float) -> None:
            super().draw(surface, camera, self.moment)

    play = playing(app)
    play.act(action, app.now_ms())
    first = play.view.effects.running[0]
    play.view.effects = Held(play.view.effects, first.start_ms + share * (first.end_ms - first.start_ms))


def bolt(app: App, kind: str, at: str = "o", share: float = 0.3) -> None:
    """A staff of ``kind`` zapped from across ``HALL`` at the monster marked ``at``, its bolt held in flight."""
    from game.world.zaps import Zap

    _, game = on_screen(app, HALL, kind)
    target = next(a for a in game.floor.actors if a.kind == MONSTERS[at])
    held(app, Zap(target.x, target.y, kind), share)


def incineration(app: App) -> None:
    """An unknown potion drunk among three foes: incineration, its flames held in the air."""
    from game.world.item_actions import UseSlot

    _, game = on_screen(app, CROWD, "potion_incineration")
    held(app, UseSlot(int(slot_key(game, "potion_incineration")) - 1), 0.3)


def spells(app: App) -> None:
    """A staff of slowness zapped at the goblin and a staff of entrancement at the orc; the pointer on the orc."""
    from game.world.zaps import Zap

    play, game = on_screen(app, APART, "staff_slowness", "staff_entrancement")
    goblin, orc = (next(a for a in game.floor.actors if a.kind == kind) for kind in ("goblin", "orc"))
    play.act(Zap(goblin.x, goblin.y, "staff_slowness"), app.now_ms())
    play.act(Zap(orc.x, orc.y, "staff_entrancement"), app.now_ms())
    point_at(app, (orc.x + 0.5, orc.y + 0.5))


def zapped(app: App, kind: str) -> None:
    """A wand or staff of ``kind`` zapped at the goblin across ``HALL``, by ``e`` and Enter."""
    on_screen(app, HALL, kind)
    press(app, "e Return")


def charm(app: App) -> None:
    """Hurt, a charm of health used by its number key; the pointer on its slot (recharging)."""
    play, game = on_screen(app, HALL, "charm_health")
    game.player.hp = game.player.max_hp // 3
    press(app, slot_key(game, "charm_health"))
    app.redraw()
    index = int(slot_key(game, "charm_health")) - 1
    play.mouse = next(rect for rect, what in play.hud.targets if what == f"slot:{index}").center


def thrown(app: App) -> None:
    """Javelins thrown at a rat until it falls and two darts at the floor: they lie where they
    stopped; the pointer on the javelins."""
    from game.world.item_actions import Throw

    play, game = on_screen(app, RAT)
    game.inventory.add("javelins", 3)
    game.inventory.add("darts", 8)
    rat = next(a for a in game.floor.actors if a.kind == "rat")
    spot = rat.pos
    for _ in range(3):
        if rat.alive:
            play.act(Throw(rat.x, rat.y, "javelins"), app.now_ms())
    for action in (Throw(4, 0, "darts"), Throw(7, 2, "darts")):
        play.act(action, app.now_ms())
    point_at(app, (spot[0] + 0.5, spot[1] + 0.5))


HELPERS = {f.__name__: f for f in (use, read_here, held, bolt, incineration, spells, zapped, charm, thrown)}

SCENES: tuple[Scene, ...] = (
    Scene("potion-hallucination", "an unknown potion drunk among monsters: hallucination, each taken for another",
          script=("py:use(app, 'potion_hallucination')",)),
    Scene("potion-darkness", "an unknown potion drunk: darkness, the monsters not after you no longer notice you",
          script=("py:use(app, 'potion_darkness', 'hall')",)),
    Scene("potion-speed", "a potion of speed drunk among foes, then two blows at the goblin in one turn: hasted",
          script=("py:use(app, 'potion_speed', keys='Up Up')",)),
    Scene("potion-incineration", "an unknown potion drunk among foes: incineration's flames, in the air",
          script=("py:incineration(app)",)),
    Scene("scroll-mapping", "an unknown scroll read on a real floor: mapping, the whole floor shown", seed="7",
          start="dungeon", script=("x", "py:read_here(app, 'scroll_mapping')")),
    Scene("scroll-mapping-zoomed", "the zoomed map after a scroll of mapping: every room known", seed="7",
          start="dungeon", script=("x", "py:read_here(app, 'scroll_mapping')", "o")),
    Scene("scroll-teleport", "an unknown scroll read: teleportation, elsewhere on the floor", seed="7",
          start="dungeon", script=("x", "py:read_here(app, 'scroll_teleport')")),
    Scene("scroll-protect-armour", "an unknown scroll read in leather armour beside foes: protect armour, the ward",
          script=("py:use(app, 'scroll_protect_armour', armour='leather_armour')",)),
    Scene("bolt-firebolt", "a staff of firebolt zapped at a goblin: the bolt in flight",
          script=("py:bolt(app, 'staff_firebolt', 'g', 0.5)",)),
    Scene("bolt-lightning", "a staff of lightning zapped through a goblin at an orc: the bolt in flight",
          script=("py:bolt(app, 'staff_lightning', 'o', 0.15)",)),
    Scene("slowed-entranced", "a goblin slowed and an orc entranced by staffs, the pointer on the orc",
          script=("py:spells(app)",)),
    Scene("crystals", "a staff of obstruction zapped at a goblin: the crystal round it",
          script=("py:zapped(app, 'staff_obstruction')",)),
    Scene("wand-beckoning", "a wand of beckoning zapped at a goblin: pulled to your side",
          script=("py:zapped(app, 'wand_beckoning')",)),
    Scene("charm-used", "hurt, a charm of health used: healed, the charm recharging (the pointer on its slot)",
          script=("py:charm(app)",)),
    Scene("thrown-lying", "javelins thrown at a rat till it fell, darts at the floor: where they lie (pointer: javelins)",
          script=("py:thrown(app)",)),
)
