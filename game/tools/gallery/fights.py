"""The gallery's shots of fighting with others and with each weapon's style (SPEC ALY-2, CMB-4..8):
freed captives following the player (one told to wait), a battle axe's sweep, a spear's blow
through two foes, a dagger's sneak attack on a sleeper and a rapier's lunge. Each set-up plays
the keys a player presses and leaves the picture on the screen (``SCENES`` lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tools.gallery.choices import press
from game.tools.gallery.floors import hand_drawn, put_on_screen
from game.tools.scenes import Scene

if TYPE_CHECKING:
    from game.app.app import App

PARTY = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . . . .|
+                           +
|. a @ . . . . . . . . r . .|
+                           +
|. b . . . . . . . . . . . .|
+                           +
|. . . . . . . . . . . . . .|
+                           +
|c . . . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""Three freed captives by the player (``a``, ``b``, ``c``), a rat across the room."""
ALLIES = {"a": "goblin", "b": "orc", "c": "cultist", "r": "rat"}
STYLES = {
    "sweep": ("axe", """
+-+-+-+-+-+-+-+-+
|. . . g . . . .|
+               +
|. . g @ g . . .|
+               +
|. . . . . . . .|
+-+-+-+-+-+-+-+-+
""", "Right"),
    "pierce": ("spear", """
+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . .|
+                   +
|. . @ g o . . . . .|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
""", "Right"),
    "sneak": ("dagger", """
+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . .|
+                   +
|. . @ o . . . . . .|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
""", "Right"),
    "lunge": ("rapier", """
+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . .|
+                   +
|. @ . g . . . . . .|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
""", "Right"),
}
"""Each weapon style: the weapon, a floor (goblins ``g``, an orc ``o``) and the keys of the blow."""


def party(app: App) -> None:
    """Three captives freed; the cultist told to wait where it stands; three steps east: the
    goblin and the orc follow, and the rat across the room comes on."""
    from game.world.captives import free

    game = hand_drawn(PARTY, ALLIES)
    for actor in game.floor.actors:
        if actor.kind in ("goblin", "orc", "cultist"):
            free(game, actor)
            actor.waiting = actor.kind == "cultist"
    put_on_screen(app, game)
    press(app, "Right Right Right")


def style(app: App, name: str) -> None:
    """The blow of ``STYLES[name]``'s weapon at its floor's foes (a sneak attack: at a sleeper)."""
    weapon, plan, keys = STYLES[name]
    game = hand_drawn(plan, {"g": "goblin", "o": "orc"})
    game.inventory.weapon = weapon
    for actor in game.floor.actors:
        if actor is not game.player:
            actor.state = "asleep" if name == "sneak" else "hunting"
            actor.target, actor.target_eid = game.player.pos, game.player.eid
            actor.hp = actor.max_hp = 30  # each stands through its blow
    game.update_visibility()
    put_on_screen(app, game)
    press(app, keys)


HELPERS = {f.__name__: f for f in (party, style)}

SCENES: tuple[Scene, ...] = (
    Scene("allies", "three freed captives: two follow you, one told to wait; a rat comes on",
          script=("py:party(app)",)),
    Scene("style-sweep", "a battle axe's blow hits every foe beside you", script=("py:style(app, 'sweep')",)),
    Scene("style-pierce", "a spear's blow hits the goblin and the orc behind it", script=("py:style(app, 'pierce')",)),
    Scene("style-sneak", "a dagger's sneak attack on a sleeping orc: triple damage, and the log says so",
          script=("py:style(app, 'sneak')",)),
    Scene("style-lunge", "a rapier lunges at a goblin two tiles away", script=("py:style(app, 'lunge')",)),
)
