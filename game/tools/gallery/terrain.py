"""The gallery's shots of terrain and region themes (SPEC REN-7): a hand-drawn floor with every
kind of ground, fire on grass and brush, a vent breathing each gas; the same floor remembered,
zoomed out, hovered, swum in, and in each theme's colours.

The ground is drawn as a second ASCII picture over the floor's (``GROUND``), a letter a tile:
``g`` grass, ``b`` brush, ``~`` deep water, ``=`` a bridge, ``#`` a chasm, ``a`` ash; ``f`` and
``F`` grass and brush on fire; ``G`` gas over floor, ``V`` a vent in the gas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tools.gallery.floors import hand_drawn, playing, put_on_screen
from game.tools.scenes import Scene

if TYPE_CHECKING:
    from game.app.app import App
    from game.world.game import Game

ROOMS = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . . . . . . .|. . . .|
+                                 +       +
|. . . . . . . . . . . . . . . . .|. . . .|
+                                 +       +
|. . . . . . . . . . . . . . . . .D. . . .|
+                                 +       +
|. . . . . . . . . . . . . . . . .|. . . .|
+                                 +       +
|. . . . . . . . @ . . . . . . . .|. . . .|
+                                 +       +
|. . . . . . . . . . . . . . . . .|. . . .|
+                                 +       +
|. . . . . . . . . . . . . . . . .|. . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A meadow hall (the terrain) and a side room beyond a closed door, the player in the hall."""
GROUND = """
ggffbbb..~~~~~~..
ggffbFb..~~~~~~..
ggffbbb..======..
gggg.....~~~~~~..
####aaa......GGG.
####aaa.....GGVG.
####aaa......GGG.
"""
SIDE_ROOM = (19, 3)
"""A tile of the side room, where the player stands to leave the hall remembered."""
WATER_TILE = (10, 1)
POINTS = {"water": (10.5, 1.5), "fire": (2.5, 1.5), "gas": (14.5, 4.5), "chasm": (1.5, 5.5), "bridge": (11.5, 2.5),
          "vent": (14.5, 5.5)}
"""Where the pointer rests for each hover shot, in tiles."""


def terrain_game(gas: str = "poison", theme: str = "") -> Game:
    """The hall of ``ROOMS`` with the ground, fire and gas (of kind ``gas``) of ``GROUND``, in
    the colours of ``theme`` ("" for none)."""
    from game.map.ground import BURN_TURNS, Ground
    from game.map.level import Feature
    from game.world.terrain import TerrainState

    game = hand_drawn(ROOMS, {})
    level = game.floor.level
    codes = {"g": Ground.GRASS, "f": Ground.GRASS, "b": Ground.BRUSH, "F": Ground.BRUSH, "~": Ground.WATER,
             "=": Ground.BRIDGE, "#": Ground.CHASM, "a": Ground.ASH}
    terrain = TerrainState.fresh(level)
    for y, row in enumerate(GROUND.strip("\n").split("\n")):
        for x, mark in enumerate(row):
            terrain.ground[y, x] = codes.get(mark, Ground.FLOOR)
            if mark in "fF":
                terrain.fire[y, x] = BURN_TURNS[terrain.ground[y, x]] - (x + y) % 3
            if mark in "GV":
                terrain.gas[y, x] = 12 if mark == "V" else 4 + (x + y) % 5
            if mark == "V":
                level.features.append(Feature("vent", x, y))
    terrain.gas_kind = gas
    level.ground = terrain.ground.copy()
    level.theme = theme
    game.floor.terrain = terrain
    game.update_visibility()
    return game


def terrain(app: App, gas: str = "poison", theme: str = "") -> None:
    """The terrain hall on screen."""
    put_on_screen(app, terrain_game(gas, theme))


def remembered(app: App) -> None:
    """The player in the side room, the hall (seen before) remembered: its ground drawn dim, its
    fire and gas not shown (out of sight, not known)."""
    game = terrain_game()
    game.floor.seen_rooms[:] = True
    game.player.x, game.player.y = SIDE_ROOM
    game.update_visibility()
    put_on_screen(app, game)


def swimming(app: App) -> None:
    """The player in deep water: the sidebar's Here line says so."""
    game = terrain_game()
    game.player.x, game.player.y = WATER_TILE
    game.update_visibility()
    put_on_screen(app, game)


def hover_terrain(app: App, what: str) -> None:
    """The pointer resting on ``what`` (a key of ``POINTS``) in the terrain hall."""
    play = put_on_screen(app, terrain_game())
    play.draw(app.screen, app.now_ms())  # places the camera
    camera = playing(app).camera
    assert camera is not None, "placed by the draw above"
    x, y = POINTS[what]
    ox, oy = camera.tile_origin(int(x), int(y))
    play.mouse = (ox + round((x % 1) * camera.tile), oy + round((y % 1) * camera.tile))


HELPERS = {f.__name__: f for f in (terrain, remembered, swimming, hover_terrain)}


def _scenes() -> tuple[Scene, ...]:
    from game.content.themes import THEMES

    return (
        Scene("terrain", "every kind of ground: grass, brush, deep water and a bridge, a chasm, ash; fire on grass "
              "and brush; a vent breathing poison gas", script=("py:terrain(app)",)),
        Scene("terrain-confusion", "the terrain hall, its vent breathing confusion gas",
              script=("py:terrain(app, 'confusion')",)),
        Scene("terrain-remembered", "the terrain hall remembered from the side room: its ground dim, no fire or gas "
              "shown", script=("py:remembered(app)",)),
        Scene("terrain-zoomed", "the zoomed map of the terrain hall: water, chasm, fire and gas in simple colours",
              script=("py:terrain(app)", "o")),
        Scene("terrain-swimming", "the player in deep water: the Here line says so", script=("py:swimming(app)",)),
        *(Scene(f"hover-{what}", f"the pointer on {what}", script=(f"py:hover_terrain(app, {what!r})",))
          for what in POINTS),
        *(Scene(f"theme-{key}", f"{theme.name}: the terrain hall in the region's floor and wall colours",
                script=(f"py:terrain(app, {theme.gas or 'poison'!r}, {key!r})",)) for key, theme in THEMES.items()),
    )


SCENES: tuple[Scene, ...] = _scenes()
