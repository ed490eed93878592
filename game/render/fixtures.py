"""What a floor shows over its cached picture besides what moves (SPEC REN-2): doors (the
island's gates), stairs, the dungeon entrances and the island's places (TER-8). Remembered doors and stairs are drawn dim.

The doors the player knows are listed once per door, view or memory change; a frame only
shifts that list by the camera and blits it in one call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.render import palette, text
from game.render.camera import Camera
from game.render.sprites import SpriteBank
from game.map.edges import Edge
from game.map.floor_map import Side
from game.world import tile_sight

if TYPE_CHECKING:
    from game.world.floor import Floor
    from game.world.game import Game

DOOR_SPRITE = {Edge.DOOR: "door_closed", Edge.OPEN_DOOR: "door_open", Edge.LOCKED_DOOR: "door_locked"}
GATE_SPRITE = {Edge.DOOR: "gate_sealed", Edge.OPEN_DOOR: "gate_open", Edge.LOCKED_DOOR: "gate_sealed"}


@dataclass
class DoorMark:
    x: int
    y: int
    side: Side
    kind: Edge
    rooms: tuple[int, int]


class Doors:
    """The doors of the floor on screen, kept until a door changes, and the sprites of those
    the player knows, kept until a door, the view or the memory changes."""

    def __init__(self, sprites: SpriteBank, tile: int) -> None:
        self.sprites = sprites
        self.tile = tile
        self.marks: list[DoorMark] = []
        self.version = -1
        self._key: tuple = ()
        self._list: list[tuple[pygame.Surface, int, int]] = []

    def forget(self) -> None:
        """Another floor: list its doors at the next ``sync``."""
        self.version = -1

    def sync(self, floor: Floor) -> None:
        if floor.door_version != self.version:  # (the floor's list: where the doors are, kept; their kinds now)
            self.marks = [DoorMark(x, y, Side(side), floor.map.edge(x, y, side), (a, b)) for x, y, side, a, b in floor.doors()]
            self.version = floor.door_version

    def draw(self, surface: pygame.Surface, floor: Floor, camera: Camera,
             names: dict[Edge, str] = DOOR_SPRITE) -> None:
        """The doors the player knows (``names``: the sprite of each kind of door)."""
        ox, oy = camera.tile_origin(0, 0)
        surface.fblits([(sprite, (x + ox, y + oy)) for sprite, x, y in self._sprites(floor, names)])

    def _sprites(self, floor: Floor, names: dict[Edge, str]) -> list[tuple[pygame.Surface, int, int]]:
        key = (id(floor), floor.door_version, tuple(floor.visible), int(floor.seen_rooms.sum()), id(names),
               floor.sight_version)
        if key == self._key:
            return self._list
        tile, half = self.tile, self.tile // 2
        out = []
        for door in self.marks:
            lit, known = floor.door_seen(door.x, door.y, int(door.side), door.rooms)
            if not known:
                continue
            kind = door.kind if lit else Edge(floor.door_memory.get((door.x, door.y, int(door.side)), door.kind))
            name = names[kind]
            if name.startswith("door_") and door.side == Side.W:
                name += "_w"
            sprite = self.sprites.get(name) if lit else self.sprites.dim(name)
            if door.side == Side.N:
                out.append((sprite, door.x * tile, door.y * tile - half))
            else:
                out.append((sprite, door.x * tile - half, door.y * tile))
        self._key, self._list = key, out
        return out


def draw_stairs(surface: pygame.Surface, floor: Floor, camera: Camera, sprites: SpriteBank) -> None:
    """The stairs of rooms the player has seen, lit while in sight."""
    stairs = [("stairs_up", floor.level.entrance)]
    if floor.level.stairs_down:
        stairs.append(("stairs_down", floor.level.exit))
    for name, (x, y) in stairs:
        if not floor.known(x, y):
            continue
        sealed = name == "stairs_down" and floor.vault_state is not None and not floor.vault_state.cleared
        lit = floor.in_sight(x, y) and not sealed  # a vault's stairs stay dim until it is cleared
        sprite = sprites.get(name) if lit else sprites.dim(name)
        surface.blit(sprite, camera.tile_origin(x, y))


def draw_entrances(surface: pygame.Surface, game: Game, camera: Camera, bounds: tuple[int, int, int, int],
                   sprites: SpriteBank, tile: int, top: int) -> None:
    """Each region's dungeon entrance, sealed or open, with the region's name (below the
    marker when it is near ``top``, the view's top edge); by the tile, only once its land is seen,
    but for the next region's, where ``>`` walks (``tile_sight.entrance_known``)."""
    x0, y0, x1, y1 = bounds
    world = game.world
    for region, (x, y) in enumerate(world.entrances):
        if not (x0 - 6 <= x <= x1 + 6 and y0 - 2 <= y <= y1 + 2):
            continue
        if not tile_sight.entrance_known(game, region):
            continue  # unexplored land keeps its dungeon to itself
        sprite = "entrance" if world.unlocked(region) else "entrance_sealed"
        ox, oy = camera.tile_origin(x, y)
        picture = sprites.get(sprite)
        surface.blit(picture if not world.defeated[region] else sprites.dim(sprite), (ox, oy))
        label = world.names[region] + ("  (Warden fallen)" if world.defeated[region] else "")
        words = text.render(label, 20, palette.TITLE)
        above = oy - 22 >= top  # at the top edge of the view the name goes below the marker
        box = words.get_rect(midbottom=(ox + tile // 2, oy - 2)) if above else \
            words.get_rect(midtop=(ox + tile // 2, oy + tile + 2))
        plate = pygame.Surface(box.inflate(10, 4).size, pygame.SRCALPHA)
        plate.fill((*palette.PANEL, 200))  # readable on sand and grass alike
        surface.blit(plate, box.inflate(10, 4))
        surface.blit(words, box)


def draw_places(surface: pygame.Surface, game: Game, camera: Camera, bounds: tuple[int, int, int, int],
                sprites: SpriteBank) -> None:
    """The island's campfires, wayshrines, tents and ruins (SPEC TER-8) where the player knows the
    land; a campfire or a wayshrine already used dim. (Few: drawn every frame, as the entrances.)"""
    x0, y0, x1, y1 = bounds
    floor = game.floor
    for feature in floor.level.features:
        if x0 - 1 <= feature.x <= x1 + 1 and y0 - 1 <= feature.y <= y1 + 1 and floor.known(*feature.pos):
            used = floor.fixture_use.get(feature.pos, 0) > 0
            surface.blit(sprites.dim(feature.kind) if used else sprites.get(feature.kind),
                         camera.tile_origin(*feature.pos))
