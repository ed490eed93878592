"""Draws the play screen: the map around the player, things on it, and overlays.

Order of layers on a tile (SPEC REN-2): floor and walls (cached), doors, stairs,
items, monsters, the player. Remembered rooms come from the cached dim picture;
remembered doors and stairs are drawn dim; monsters only where seen now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai.behaviours import route_cell
from game.content.specials import SPECIALS
from game.progress import Steps
from game.render import palette, text
from game.render.anim import Motion
from game.render.camera import Camera
from game.render.effects import Effects, draw_aim
from game.render.floor_layer import Dressing, FloorLayer, FloorPictures, tile_pattern
from game.render.overworld_layer import OverworldLayer
from game.render.layout import MAP_RECT, TILE
from game.render.sprites import SpriteBank
from game.render.ship_layer import ShipLayer
from game.render.vault_layer import VaultLayer
from game.world.edges import Edge
from game.world.floor_map import Side
from game.world.game import Floor, Game
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.app.aim import Aim

_DOOR_SPRITE = {Edge.DOOR: "door_closed", Edge.OPEN_DOOR: "door_open", Edge.LOCKED_DOOR: "door_locked"}
_GATE_SPRITE = {Edge.DOOR: "gate_sealed", Edge.OPEN_DOOR: "gate_open", Edge.LOCKED_DOOR: "gate_sealed"}


def _around(view: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``view`` outside ``inner``: up to four bands (above, below, left, right)."""
    inner = inner.clip(view)
    if not inner:
        return [view]
    bands = [pygame.Rect(view.x, view.y, view.w, inner.top - view.y),
             pygame.Rect(view.x, inner.bottom, view.w, view.bottom - inner.bottom),
             pygame.Rect(view.x, inner.top, inner.left - view.x, inner.h),
             pygame.Rect(inner.right, inner.top, view.right - inner.right, inner.h)]
    return [band for band in bands if band.w > 0 and band.h > 0]


@dataclass
class DoorMark:
    x: int
    y: int
    side: Side
    kind: Edge
    rooms: tuple[int, int]


class PlayView:
    """Keeps the per-floor caches and draws frames of the play screen."""

    def __init__(self, sprites: SpriteBank, tile: int = TILE, view: tuple[int, int, int, int] = MAP_RECT) -> None:
        self.sprites = sprites
        self.tile = tile
        self.view = view
        self.motion = Motion()
        self.effects = Effects(sprites, tile)
        self.zoom: tuple[float, float, float] | None = None  # the zoomed map's origin and tile size, once drawn
        self._small: dict[str, pygame.Surface] = {}  # half-size item icons (what lies under the player)
        self._standee_key = -1
        self._standee_pictures: dict[bool, pygame.Surface] = {}
        self._floor: Floor | None = None
        self._layer: FloorLayer | None = None
        self._pictures: FloorPictures | None = None  # the surfaces floor layers draw into, kept between floors
        self._vault: VaultLayer | None = None  # a trap vault's Minesweeper field, over its floor
        self._ship: ShipLayer | None = None  # a derelict deck's air, over its floor
        self._island: OverworldLayer | None = None
        self._doors: list[DoorMark] = []
        self._door_version = -1
        self._door_key: tuple = ()
        self._door_list: list[tuple[pygame.Surface, int, int]] = []
        self._zoomed: pygame.Surface | None = None
        self._zoomed_key: tuple[int, int] = (-1, -1)

    # --- keeping caches in step with the game ---------------------------------
    def sync(self, game: Game, now_ms: float) -> None:
        """Call after the game changed: new floor, doors, visibility, positions."""
        floor = game.floor
        if floor is not self._floor:
            self._floor = floor
            if floor.level.kind == "overworld":
                self._island = OverworldLayer(floor.level, self.tile, self.sprites, game.seed)
                self._layer = None
            else:
                self._layer = FloorLayer(floor.map, self.tile, game.seed ^ floor.depth, self._pictures,
                                         self._dressing(floor))
                self._pictures = self._layer.pictures
                self._island = None
            field_ = floor.level.vault
            self._vault = None if field_ is None else VaultLayer(floor.map.floor_mask(), field_.numbers, self.tile,
                                                                 self.sprites)
            self._ship = None if floor.ship_state is None else ShipLayer(self.layer.room_rects, self.layer.size,
                                                                         self.tile, self.sprites)
            self._door_version = -1
            self.motion.clear()
        if floor.door_version != self._door_version:
            self._doors = [DoorMark(x, y, side, kind, floor.map.rooms_across(x, y, side))
                           for x, y, side, kind in floor.map.door_edges()]
            self._door_version = floor.door_version
        if self._layer is not None:
            self._layer.update(floor.seen_rooms, floor.visible)
        if self._vault is not None and floor.vault_state is not None:
            self._vault.update(floor.vault_state.revealed, floor.vault_state.sprung)
        if self._ship is not None:
            self._ship.update(floor)
        self.effects.absorb(game.effects, now_ms)
        self.motion.place(game.player.eid, *game.player.pos, now_ms)
        visible = set(floor.visible)
        shown = {game.player.eid}
        for monster in floor.actors:
            if monster.alive and floor.map.rooms[monster.y, monster.x] in visible:
                self.motion.place(monster.eid, monster.x, monster.y, now_ms)
                shown.add(monster.eid)
        self.motion.keep_only(shown)  # out of sight: no slide from where it was last drawn

    def _dressing(self, floor: Floor) -> Dressing:
        level = floor.level
        return Dressing({s.room: SPECIALS[s.kind].tint for s in level.specials},
                        [(self.sprites.get(f.kind), f.x, f.y) for f in level.features])

    def prepare(self, game: Game) -> Steps[None]:
        """Draw the island chunks the first frame shows, one a step (for the loading screen)."""
        self.sync(game, 0.0)
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

    @property
    def layer(self) -> FloorLayer:
        assert self._layer is not None, "sync() first"
        return self._layer

    def camera(self, game: Game, now_ms: float) -> Camera:
        """The camera follows the player's drawn (sliding) position, so the player stays centred."""
        x, y = self.motion.position(game.player.eid, now_ms) or game.player.pos
        return Camera.following(x, y, self.view, self.tile)

    # --- drawing --------------------------------------------------------------
    def draw(self, surface: pygame.Surface, game: Game, now_ms: float, hover: tuple[int, int] | None = None,
             aim: Aim | None = None) -> Camera:
        camera = self.camera(game, now_ms)
        previous_clip = surface.get_clip()
        surface.set_clip(self.view)
        x0, y0, x1, y1 = camera.visible_tiles()
        if self._island is not None:
            surface.fill(palette.DEEP_SEA, self.view)
            self._island.draw(surface, camera)
            self._draw_doors(surface, game.floor, camera, _GATE_SPRITE)
            self._draw_entrances(surface, game, camera, (x0, y0, x1, y1))
        else:
            picture = self.layer.composed.get_rect(topleft=camera.tile_origin(0, 0))
            for margin in _around(pygame.Rect(self.view), picture):  # the picture covers the rest
                surface.fill(palette.BACKGROUND, margin)
            surface.blit(self.layer.composed, picture)
            if self._vault is not None:
                surface.blit(self._vault.surface, camera.tile_origin(0, 0))
            if self._ship is not None:
                self._ship.draw(surface, game.floor, camera)
            self._draw_doors(surface, game.floor, camera)
            self._draw_stairs(surface, game.floor, camera)
        self._draw_items(surface, game.floor, camera)
        if aim is not None:
            draw_aim(surface, camera, self.sprites, aim.preview(game), aim.target)
        self._draw_monsters(surface, game, camera, now_ms)
        px, py = self.motion.position(game.player.eid, now_ms) or game.player.pos
        sx, sy = camera.world_to_screen(px, py)
        surface.blit(self.sprites.get("player"), (round(sx), round(sy)))
        self._draw_underfoot(surface, game, (round(sx), round(sy)))
        self.effects.draw(surface, camera, now_ms)
        if hover is not None:
            hx, hy = camera.tile_origin(*hover)
            pygame.draw.rect(surface, palette.HOVER, (hx, hy, self.tile, self.tile), 1)
        surface.set_clip(previous_clip)
        return camera

    def _draw_entrances(self, surface: pygame.Surface, game: Game, camera: Camera,
                        bounds: tuple[int, int, int, int]) -> None:
        """Each region's dungeon entrance, sealed or open, with the region's name."""
        x0, y0, x1, y1 = bounds
        world = game.world
        for region, (x, y) in enumerate(world.entrances):
            if not (x0 - 6 <= x <= x1 + 6 and y0 - 2 <= y <= y1 + 2):
                continue
            sprite = "entrance" if world.unlocked(region) else "entrance_sealed"
            ox, oy = camera.tile_origin(x, y)
            picture = self.sprites.get(sprite)
            surface.blit(picture if not world.defeated[region] else self.sprites.dim(sprite), (ox, oy))
            label = world.names[region] + ("  (Warden fallen)" if world.defeated[region] else "")
            words = text.render(label, 20, palette.TITLE)
            above = oy - 22 >= self.view[1]  # at the top edge of the view the name goes below the marker
            box = words.get_rect(midbottom=(ox + self.tile // 2, oy - 2)) if above else \
                words.get_rect(midtop=(ox + self.tile // 2, oy + self.tile + 2))
            plate = pygame.Surface(box.inflate(10, 4).size, pygame.SRCALPHA)
            plate.fill((*palette.PANEL, 200))  # readable on sand and grass alike
            surface.blit(plate, box.inflate(10, 4))
            surface.blit(words, box)

    def _draw_doors(self, surface: pygame.Surface, floor: Floor, camera: Camera,
                    sprites: dict[Edge, str] = _DOOR_SPRITE) -> None:
        """The doors the player knows, from a list kept until a door, the view or the memory
        changes: a frame only shifts it by the camera."""
        ox, oy = camera.tile_origin(0, 0)
        surface.fblits([(sprite, (x + ox, y + oy)) for sprite, x, y in self._door_sprites(floor, sprites)])

    def _door_sprites(self, floor: Floor, sprites: dict[Edge, str]) -> list[tuple[pygame.Surface, int, int]]:
        key = (id(floor), floor.door_version, tuple(floor.visible), int(floor.seen_rooms.sum()), id(sprites))
        if key == self._door_key:
            return self._door_list
        visible, seen = set(floor.visible), floor.seen_rooms
        tile, half = self.tile, self.tile // 2
        out = []
        for door in self._doors:
            a, b = door.rooms
            lit = a in visible or b in visible
            if not lit and not ((a >= 0 and seen[a]) or (b >= 0 and seen[b])):
                continue
            kind = door.kind if lit else Edge(floor.door_memory.get((door.x, door.y, int(door.side)), door.kind))
            name = sprites[kind]
            if name.startswith("door_") and door.side == Side.W:
                name += "_w"
            sprite = self.sprites.get(name) if lit else self.sprites.dim(name)
            if door.side == Side.N:
                out.append((sprite, door.x * tile, door.y * tile - half))
            else:
                out.append((sprite, door.x * tile - half, door.y * tile))
        self._door_key, self._door_list = key, out
        return out

    def _draw_stairs(self, surface: pygame.Surface, floor: Floor, camera: Camera) -> None:
        stairs = [("stairs_up", floor.level.entrance)]
        if floor.level.stairs_down:
            stairs.append(("stairs_down", floor.level.exit))
        for name, (x, y) in stairs:
            room = floor.map.room_at(x, y)
            if room < 0 or not floor.seen_rooms[room]:
                continue
            sealed = name == "stairs_down" and floor.vault_state is not None and not floor.vault_state.cleared
            lit = room in floor.visible and not sealed  # a vault's stairs stay dim until it is cleared
            sprite = self.sprites.get(name) if lit else self.sprites.dim(name)
            surface.blit(sprite, camera.tile_origin(x, y))

    def _draw_items(self, surface: pygame.Surface, floor: Floor, camera: Camera) -> None:
        """Items in sight as they are; elsewhere what the player last saw, dimmed."""
        visible = set(floor.visible)
        rooms = floor.map.rooms
        for (x, y), kind in floor.item_memory.items():
            if rooms[y, x] not in visible:
                surface.blit(self.sprites.dim(kind), camera.tile_origin(x, y))
        for item in floor.items:
            if rooms[item.y, item.x] in visible:
                origin = camera.tile_origin(item.x, item.y)
                surface.blit(self.sprites.get(item.kind), origin)
                if item.price:  # a ware: a coin in its corner says it is for sale
                    surface.blit(self._small_icon("coins"), (origin[0] + self.tile // 2, origin[1] + self.tile // 2))

    def _small_icon(self, kind: str) -> pygame.Surface:
        icon = self._small.get(kind)
        if icon is None:
            half = self.tile // 2
            icon = self._small[kind] = pygame.transform.smoothscale(self.sprites.get(kind), (half + 2, half + 2))
        return icon

    def _standee(self, foe: bool = True) -> pygame.Surface:
        """The disc drawn under every monster, ringed in the current palette's foe colour (or
        its good-news colour for a peaceful shopkeeper)."""
        if self._standee_key != palette.generation:
            self._standee_pictures.clear()
            self._standee_key = palette.generation
        picture = self._standee_pictures.get(foe)
        if picture is None:
            tile = self.tile
            picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
            centre, radius = (tile / 2, tile / 2 + 1), tile / 2 - 1
            pygame.draw.circle(picture, (*palette.STANDEE, 185), centre, radius)  # mid-grey: dark and light icons both show
            ring = palette.TONE_COLOURS["bad" if foe else "good"]
            pygame.draw.circle(picture, (*ring, 210), centre, radius, 2)
            self._standee_pictures[foe] = picture
        return picture

    def _draw_underfoot(self, surface: pygame.Surface, game: Game, at: tuple[int, int]) -> None:
        """What lies under the player, as a small icon in the tile's corner (the player hides it)."""
        items = game.floor.items_at(game.player.pos)
        kind = items[-1].kind if items else _stairs_under(game)
        if kind is None:
            return
        half = self.tile // 2
        icon = self._small_icon(kind)
        corner = (at[0] + half - 2, at[1] + half - 2)
        pygame.draw.circle(surface, palette.BACKGROUND, (corner[0] + half // 2 + 1, corner[1] + half // 2 + 1),
                           half // 2 + 3)
        surface.blit(icon, corner)

    def _draw_monsters(self, surface: pygame.Surface, game: Game, camera: Camera, now_ms: float) -> None:
        floor = game.floor
        visible = set(floor.visible)
        tile = self.tile
        for monster in floor.actors:
            if not monster.alive or floor.map.rooms[monster.y, monster.x] not in visible:
                continue
            mx, my = self.motion.position(monster.eid, now_ms) or monster.pos
            sx, sy = camera.world_to_screen(mx, my)
            x, y = round(sx), round(sy)
            if monster.kind == "alien_bug" and len(monster.route) >= 2:
                self._draw_next_step(surface, camera, route_cell(monster.route, monster.route_index + 1))
            surface.blit(self._standee(not peaceful(monster)), (x, y))  # a ringed disc: never taken for an item
            surface.blit(self.sprites.get(monster.kind), (x, y))
            if monster.hp < monster.max_hp:
                width = max(1, round((tile - 4) * monster.hp / monster.max_hp))
                surface.fill(palette.BACKGROUND, (x + 1, y + tile - 5, tile - 2, 5))
                surface.fill(palette.HP_FULL, (x + 2, y + tile - 4, width, 3))
            if monster.state == "asleep":
                surface.blit(text.render("z", 16, palette.TEXT), (x + tile - 7, y - 4))

    def _draw_next_step(self, surface: pygame.Surface, camera: Camera, cell: tuple[int, int]) -> None:
        """Where a blind bug steps next: a ring on that cell (seed 002), green, or sky blue in the
        colour-blind palette (never to be taken for the foe colour)."""
        ox, oy = camera.tile_origin(*cell)
        half = self.tile // 2
        pygame.draw.circle(surface, palette.BACKGROUND, (ox + half, oy + half), half - 2, 3)
        pygame.draw.circle(surface, palette.NEXT_STEP, (ox + half, oy + half), half - 3, 2)

    def draw_zoomed(self, surface: pygame.Surface, game: Game) -> None:
        """The whole floor scaled into the map view (``o``)."""
        if self._island is not None:
            self._draw_island_map(surface, game)
            return
        layer = self.layer
        vx, vy, vw, vh = self.view
        scale = min((vw - 40) / layer.size[0], (vh - 60) / layer.size[1])
        key = (id(layer), layer.version, None if self._vault is None else self._vault.version,
               None if self._ship is None else self._ship.vacuum)
        if self._zoomed is None or self._zoomed_key != key:
            size = (max(1, int(layer.size[0] * scale)), max(1, int(layer.size[1] * scale)))
            picture = layer.composed
            if self._vault is not None or self._ship is not None:  # a vault's field, a deck's vacuum
                picture = picture.copy()
                picture.blit((self._vault or self._ship).surface, (0, 0))
            self._zoomed = pygame.transform.smoothscale(picture, size)
            self._zoomed_key = key
        surface.fill(palette.BACKGROUND, self.view)
        ox = vx + (vw - self._zoomed.get_width()) // 2
        oy = vy + 40 + (vh - 60 - self._zoomed.get_height()) // 2
        surface.blit(self._zoomed, (ox, oy))
        tile = self.tile * scale
        self.zoom = (ox, oy, tile)

        def mark(x: int, y: int, colour: tuple[int, int, int], radius: float) -> None:
            centre = (ox + (x + 0.5) * tile, oy + (y + 0.5) * tile)
            pygame.draw.circle(surface, palette.BACKGROUND, centre, radius + 1.5)
            pygame.draw.circle(surface, colour, centre, radius)

        floor = game.floor
        for colour, (x, y) in (((160, 200, 240), floor.level.entrance), ((246, 206, 92), floor.level.exit)):
            room = floor.map.room_at(x, y)
            if room >= 0 and floor.seen_rooms[room]:
                mark(x, y, colour, max(2.0, tile * 0.45))
        mark(*game.player.pos, (255, 255, 255), max(2.5, tile * 0.55))
        title = text.render(f"Depth {game.depth} — the whole floor (o to return)", 22, palette.TITLE)
        surface.blit(title, (vx + 20, vy + 14))

    def _draw_island_map(self, surface: pygame.Surface, game: Game) -> None:
        vx, vy, vw, vh = self.view
        key = (id(self._island), game.floor.door_version)
        if self._zoomed is None or self._zoomed_key != key:
            self._zoomed = self._island.zoomed((vw - 40, vh - 70))
            self._zoomed_key = key
        surface.fill(palette.DEEP_SEA, self.view)
        ox = vx + (vw - self._zoomed.get_width()) // 2
        oy = vy + 50 + (vh - 70 - self._zoomed.get_height()) // 2
        surface.blit(self._zoomed, (ox, oy))
        height, width = game.floor.level.terrain.shape
        unit = self._zoomed.get_width() / width
        self.zoom = (ox, oy, unit)
        world = game.world
        for edge, regions in world.gates:
            x, y = edge[0], edge[1]
            colour = (250, 220, 120) if world.gate_kind(regions) == Edge.OPEN_DOOR else (120, 110, 130)
            pygame.draw.circle(surface, colour, (ox + (x + 0.5) * unit, oy + (y + 0.5) * unit), max(2.0, unit))
        for region, (x, y) in enumerate(world.entrances):
            centre = (ox + (x + 0.5) * unit, oy + (y + 0.5) * unit)
            colour = (120, 110, 110) if world.defeated[region] else palette.ENTRANCE
            pygame.draw.circle(surface, palette.BACKGROUND, centre, max(4.0, 2 * unit))
            pygame.draw.circle(surface, colour, centre, max(3.0, 1.6 * unit))
            number = world.order.index(region) + 1
            label = text.render(f"{number}. {world.names[region]}", 22, palette.TEXT)
            surface.blit(label, (centre[0] - label.get_width() / 2, centre[1] + 8))
        px, py = game.player.pos
        centre = (ox + (px + 0.5) * unit, oy + (py + 0.5) * unit)
        pygame.draw.circle(surface, palette.BACKGROUND, centre, max(4.0, 2 * unit))
        pygame.draw.circle(surface, (255, 255, 255), centre, max(3.0, 1.5 * unit))
        entrances = "orange" if palette.colour_blind else "red"
        title = text.render(f"The island (o to return)   {entrances}: dungeon entrances   gold: open gates", 22,
                            palette.TITLE)
        surface.blit(title, (vx + 20, vy + 14))


def _stairs_under(game: Game) -> str | None:
    """The sprite of the stairs or the dungeon entrance the player stands on (hidden by the player)."""
    here, level = game.player.pos, game.floor.level
    if game.on_overworld:
        region = game.world.region_at_entrance(here)
        if region is None:
            return None
        return "entrance" if game.world.unlocked(region) else "entrance_sealed"
    if level.stairs_down and here == level.exit:
        return "stairs_down"
    return "stairs_up" if here == level.entrance else None
