"""Draws the play screen: the map around the player, things on it, and overlays.

Order of layers on a tile (SPEC REN-2): floor and walls (cached), doors, stairs,
items, the marks of a boss's blow coming next turn, monsters, the player. Remembered rooms come from the cached dim picture;
remembered doors and stairs are drawn dim; monsters only those the player sees now, which
are the monsters that see the player (``game.world.senses.monsters_seen``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ai.behaviours import blows_coming
from game.progress import Steps
from game.render import palette, sight_shade, surfaces
from game.render.anim import Motion
from game.render.camera import Camera
from game.render.danger_marks import DangerMarks
from game.render.effects import Effects, draw_aim
from game.render.fixtures import GATE_SPRITE, Doors, draw_entrances, draw_places, draw_stairs
from game.render.floor_layer import Dressing, FloorLayer, FloorPictures
from game.render.floor_paint import tile_pattern
from game.render.overworld_layer import OverworldLayer
from game.render.layout import TILE, current
from game.render.map_things import MapThings
from game.render.sprites import SpriteBank
from game.render.terrain_layer import TerrainOverlay
from game.render.ship_layer import ShipLayer
from game.render.vault_layer import VaultLayer
from game.render.zoomed_map import ZoomedMap
from game.world.floor import Floor
from game.world.game import Game
from game.world.senses import monsters_seen

if TYPE_CHECKING:
    from game.app.aim import Aim

class PlayView:
    """Keeps the per-floor caches and draws frames of the play screen."""

    def __init__(self, sprites: SpriteBank, tile: int = TILE, view: tuple[int, int, int, int] | None = None) -> None:
        self.view = view if view is not None else current().map_rect
        self.motion = Motion()
        self.zoom: tuple[float, float, float] | None = None  # the zoomed map's origin and tile size, once drawn
        self.set_tile(tile, sprites)

    def set_tile(self, tile: int, sprites: SpriteBank) -> None:
        """Draw the map at another tile size (the zoom levels, SPEC UI-10) with ``sprites`` made
        at that size: every picture made at the old size is dropped, and the next frame makes
        the floor's again (rooms are drawn as they are seen, so this costs one room pass)."""
        self.sprites = sprites
        self.tile = tile
        self.effects = Effects(sprites, tile)
        self.dangers = DangerMarks(tile)
        self.terrain = TerrainOverlay(tile)
        self.things = MapThings(sprites, tile)
        self._floor: Floor | None = None
        self._layer: FloorLayer | None = None
        self._pictures: FloorPictures | None = None  # the surfaces floor layers draw into, kept between floors
        self._vault: VaultLayer | None = None  # a trap vault's Minesweeper field, over its floor
        self._ship: ShipLayer | None = None  # a derelict deck's air, over its floor
        self._island: OverworldLayer | None = None
        self._behind = False  # the floor's pictures wait for ``_catch_up`` (``sync`` marks them)
        self.doors = Doors(sprites, tile)
        self.zoomed_map = ZoomedMap(self.view, tile)  # the whole floor or island (``o``)

    # --- keeping caches in step with the game ---------------------------------
    def sync(self, game: Game, now_ms: float) -> None:
        """Call after the game changed: new floor, doors, positions; the pictures of what is in
        sight are brought up to date when next drawn or read (``_catch_up``)."""
        floor = game.floor
        if floor is not self._floor:
            self._floor = floor
            if floor.level.kind == "overworld":
                self._island = OverworldLayer(floor.level, self.tile, self.sprites, game.seed)
                self._layer = None
            else:
                self._layer = FloorLayer(floor.map, self.tile, game.seed ^ floor.depth, self._pictures,
                                         Dressing.of(floor.level, floor.terrain, self.sprites))
                self._pictures = self._layer.pictures
                self._island = None
            self._new_painters(floor)
            self.doors.forget()
            self.terrain.forget()
            self.motion.clear()
        self.doors.sync(floor)
        self._behind = True
        self.effects.absorb(game.effects, now_ms)
        self.motion.place(game.player.eid, *game.player.pos, now_ms)
        shown = {game.player.eid}
        for monster in monsters_seen(game):
            self.motion.place(monster.eid, monster.x, monster.y, now_ms)
            shown.add(monster.eid)
        self.motion.keep_only(shown)  # out of sight: no slide from where it was last drawn

    def _catch_up(self, within: pygame.Rect | None = None) -> None:
        """Bring the floor's pictures up to what the player sees now: what the painters want
        painted again, burnt ground, the rooms or tiles come into sight or gone from it (by the
        tile, those ``within``, in tiles: the rest when they come into view, ``FloorLayer.catch_up``).

        ``sync`` only marks them behind: a walk plays many turns in one frame (``FAST_STEP_MS``),
        and each would recompose the floor for a picture nobody sees. The pictures keep what they
        last composed, so catching up once after many turns makes the same pixels."""
        floor, self._behind = self._floor, False
        if floor is None:
            return
        for room, area in self._painted_anew(floor):  # (before the layer's update: what it paints)
            if self._layer is not None:
                self._layer.redraw(room, area)
        if self._layer is not None and floor.terrain is not None:
            self._layer.set_ground(floor.terrain.ground)  # grass burnt to ash
        if self._layer is not None:
            if floor.lit is not None and floor.seen_tiles is not None:  # sight by the tile
                self._layer.update_tiles(floor.seen_tiles, floor.lit, within)
            else:
                self._layer.update(floor.seen_rooms, floor.visible)
        if self._island is not None and floor.lit is not None and floor.seen_tiles is not None:
            self._island.set_sight(floor.seen_tiles, floor.lit)

    def _new_painters(self, floor: Floor) -> None:
        """A vault's field and a deck's wash, painted into the new floor's pictures as it is drawn."""
        field_ = floor.level.vault
        self._vault = None if field_ is None else VaultLayer(floor.map.floor_mask(), field_.numbers,
                                                             floor.map.rooms, self.tile, self.sprites)
        rects = [] if self._layer is None else self._layer.room_rects
        self._ship = None if floor.ship_state is None else ShipLayer(rects, self.tile, self.sprites)
        if self._layer is not None:
            self._layer.painters = [over.paint for over in (self._vault, self._ship) if over is not None]

    def _painted_anew(self, floor: Floor) -> list[tuple[int, tuple[int, int, int, int] | None]]:
        """What the field and the wash want painted again now: per room, a box of tiles (None: all)."""
        vault, ship, state = self._vault, self._ship, floor.vault_state
        cells = [] if vault is None or state is None else vault.update(state.revealed, state.sprung)
        return [*cells, *((room, None) for room in (ship.update(floor) if ship is not None else []))]

    def prepare(self, game: Game) -> Steps[None]:
        """Make what the first frame shows, a piece a step (for the loading screen): the floor's
        pictures (allocated a surface a step, before the floor's layer needs them), or the
        island's chunks in view; then the pictures of the first floor below, ahead."""
        floor_map = game.floor.map
        size = (floor_map.width * self.tile, floor_map.height * self.tile)
        if not game.on_overworld and (self._pictures is None or self._pictures.size != size):
            self._pictures = yield from FloorPictures.allocate_steps(size)
        if game.sight == "tile":
            yield from sight_shade.stamps_ahead(self.tile)
        self.sync(game, 0.0)
        self._catch_up()
        while self.draw_ahead():  # (a new run's first floor: the rooms it will see, drawn while it loads)
            yield "drawing"
        if self._island is not None:
            for cx, cy in self._island.chunks_in_view(self.camera(game, 0.0)):
                self._island.chunk(cx, cy)
                yield "drawing"
        dungeon = game.params.dungeon  # ahead, for the first floor below
        size = (dungeon.width * self.tile, dungeon.height * self.tile)
        if self._pictures is None or self._pictures.size != size:
            self._pictures = yield from FloorPictures.allocate_steps(size)
        tile_pattern(dungeon.width, dungeon.height, self.tile)
        yield "drawing"

    def draw_ahead(self, first: Callable[[], list[int]] | None = None, most_tiles: int | None = None) -> int:
        """Draw a room of the floor not drawn yet into its pictures, ahead of being seen (in a
        frame that draws nothing, or a walk's that plays no step), one of ``first()`` if one is not
        drawn yet, of at most ``most_tiles`` tiles; how many tiles it had (0: none drawn)."""
        return 0 if self._layer is None else self._layer.draw_ahead(first, most_tiles)

    @property
    def layer(self) -> FloorLayer:
        """The floor's pictures, as the player sees the floor now."""
        assert self._layer is not None, "sync() first"
        if self._behind:
            self._catch_up()
        self._layer.catch_up()  # (the tiles left out of view)
        return self._layer

    def camera(self, game: Game, now_ms: float) -> Camera:
        """The camera follows the player's drawn (sliding) position, so the player stays centred."""
        x, y = self.motion.position(game.player.eid, now_ms) or game.player.pos
        return Camera.following(x, y, self.view, self.tile)

    def _in_view(self, game: Game, camera: Camera) -> pygame.Rect:
        """The tiles this frame shows and those a slide to where the player stands will show (in
        tiles): by the tile, the floor's picture is composed there, the rest as it comes into view."""
        x0, y0, x1, y1 = camera.visible_tiles()
        ax, ay, bx, by = Camera.following(*game.player.pos, self.view, self.tile).visible_tiles()
        return pygame.Rect(min(x0, ax), min(y0, ay), max(x1, bx) - min(x0, ax), max(y1, by) - min(y0, ay))

    # --- drawing --------------------------------------------------------------
    def draw(self, surface: pygame.Surface, game: Game, now_ms: float, hover: tuple[int, int] | None = None,
             aim: Aim | None = None, edge: tuple[int, int, int, int] | None = None) -> Camera:
        if game.floor is not self._floor:
            self.sync(game, now_ms)  # a screen drawn before anything was synced (prepare does it first)
        camera = self.camera(game, now_ms)
        within = self._in_view(game, camera)
        if self._behind:
            self._catch_up(within)
        elif self._layer is not None:
            self._layer.catch_up(within)
        previous_clip = surface.get_clip()
        surface.set_clip(self.view)
        x0, y0, x1, y1 = camera.visible_tiles()
        if self._island is not None:
            surface.fill(palette.DEEP_SEA, self.view)
            self._island.draw(surface, camera)
            self.doors.draw(surface, game.floor, camera, GATE_SPRITE)
            draw_places(surface, game, camera, (x0, y0, x1, y1), self.sprites)
            draw_entrances(surface, game, camera, (x0, y0, x1, y1), self.sprites, self.tile, self.view[1])
        else:
            assert self._layer is not None
            picture = self._layer.composed.get_rect(topleft=camera.tile_origin(0, 0))
            for margin in surfaces.bands_around(pygame.Rect(self.view), picture):  # the picture covers the rest
                surface.fill(palette.BACKGROUND, margin)
            surface.blit(self._layer.composed, picture)
            if self._vault is not None:  # the field, and a laser vault's beams (VLT-7)
                self._vault.draw(surface, camera.tile_origin(0, 0), game.floor, game.turn)
            if self._ship is not None:
                self._ship.draw(surface, game.floor, camera)
            self.doors.draw(surface, game.floor, camera)
            draw_stairs(surface, game.floor, camera, self.sprites)
            self.terrain.draw_fire(surface, game.floor, camera, now_ms)
        self.things.draw_items(surface, game, camera)
        self.dangers.draw(surface, camera, blows_coming(game))
        if aim is not None:
            draw_aim(surface, camera, self.sprites, aim.preview(game), aim.target)
        self.things.draw_monsters(surface, game, camera, self.motion, now_ms)
        px, py = self.motion.position(game.player.eid, now_ms) or game.player.pos
        sx, sy = camera.world_to_screen(px, py)
        surface.blit(self.things.standee(None), (round(sx), round(sy)))  # on a dark disc: reads on sand and stairs too
        surface.blit(self.sprites.get("player"), (round(sx), round(sy)))
        self.things.draw_underfoot(surface, game, (round(sx), round(sy)))
        if self._vault is not None:  # the number of the player's own cell, which the sprite covers
            self._vault.draw_own_cell(surface, game.player.pos, (round(sx), round(sy)))
        self.terrain.draw_smoke(surface, game, camera)
        if self._island is None:
            self.terrain.draw_gas(surface, game.floor, camera)
        self.effects.draw(surface, camera, now_ms)
        if hover is not None:  # the tile framed, or the wall or door the hover names (``edge``) drawn bold
            (hx, hy), t = camera.tile_origin(*(edge[:2] if edge else hover)), self.tile
            if edge is None:
                pygame.draw.rect(surface, palette.HOVER, (hx, hy, t, t), 1)
            else:
                a = (hx + t * (edge[2] > 0), hy + t * (edge[3] > 0))
                pygame.draw.line(surface, palette.HOVER, a, (a[0] + t * (edge[2] == 0), a[1] + t * (edge[3] == 0)), 3)
        surface.set_clip(previous_clip)
        return camera

    def draw_zoomed(self, surface: pygame.Surface, game: Game, pointer: tuple[int, int] | None = None) -> None:
        """The whole floor scaled into the map view (``o``), the tile under ``pointer`` framed."""
        if game.floor is not self._floor:
            self.sync(game, 0.0)
        if self._behind:
            self._catch_up()
        if self._island is not None:
            self.zoom = self.zoomed_map.draw_island(surface, game, self._island, pointer)
        else:
            self.zoom = self.zoomed_map.draw_floor(surface, game, self.layer, self._vault, self._ship, pointer)
