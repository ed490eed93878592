"""The whole floor, or the whole island, scaled into the map view (``o``), with a legend
under it (REN-5): you, the stairs, the doors, the items remembered, special rooms named
on a plate, rooms in sight, remembered or unexplored; on the island the entrances, the
gates and the region names. The title names the place as the sidebar does.

The floor is shown from the rooms the player has seen (a deck entered a moment ago fills
the view rather than sitting as a speck in the corner of the whole map), scaled as large as
the view's shape allows up to ``MAX_TILE``; the stairs' marks stay inside their tile.

The scaled picture is kept until what it shows changes (the floor's picture, a vault's field,
a deck's vacuum, a gate, the room the legend leaves). The floor is scaled with pygame's smoothscale,
which the app sets to its plain C code on every platform (``App``: the browser has no other), so
the same pixels everywhere: about 2 ms natively, 7 ms in the browser, once per ``o``. The island (a small picture enlarged) uses ``scaling``. The marks
and the legend's swatches are drawn by the same functions (``zoom_marks``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.content.specials import SPECIALS
from game.map.edges import Edge
from game.map.floor_map import Side
from game.render import palette, text, zoom_terrain
from game.render import zoom_marks as zm
from game.render.layout import current
from game.render.gaze_marks import draw_gazes
from game.render.laser_marks import draw_lasers
from game.render.zoom_legend import floor_legend, island_legend, special_name
from game.world import tile_sight

if TYPE_CHECKING:
    from game.render.floor_layer import FloorLayer
    from game.render.overworld_layer import OverworldLayer
    from game.render.ship_layer import ShipLayer
    from game.render.vault_layer import VaultLayer
    from game.world.floor import Floor
    from game.world.game import Game

TITLE_TOP = 44  # the picture starts below the title
MAX_TILE = 40
"""A tile of the zoomed map is at most this wide (the play view's nearest zoom): a floor barely
explored fills the view but is not blown up past what its picture holds."""
Zoom = tuple[float, float, float]  # where the picture was drawn: its origin and a tile's size





class ZoomedMap:
    """The scaled picture of the floor or the island in ``view``, and how to draw it."""

    def __init__(self, view: tuple[int, int, int, int], tile: int) -> None:
        self.view = view
        self.tile = tile
        self.picture: pygame.Surface | None = None  # the scaled floor or island, as last drawn
        self._key: tuple = (-1, -1)
        self.title = ""  # as last drawn
        self.legend: list[tuple[str, pygame.Rect]] = []  # each entry's words and swatch, as last drawn
        self.labels: list[tuple[str, pygame.Rect]] = []  # each label's words and plate, as last drawn

    def _frame(self, surface: pygame.Surface, entries: list[zm.Entry]) -> tuple[list[list[zm.Entry]], int]:
        """The legend's rows and the height left for the picture between title and legend."""
        vx, vy, vw, vh = self.view
        rows = zm.legend_rows(entries, vw - 40)
        return rows, vh - TITLE_TOP - zm.legend_height(rows) - 20

    def _finish(self, surface: pygame.Surface, title: str, rows: list[list[zm.Entry]]) -> None:
        vx, vy, vw, vh = self.view
        self.title = title
        if current().compact:  # a phone: less room, and no o key (its map button returns)
            for long, short in ((" — the whole floor", ""), (" — the whole island", ""), ("o to return", "map: back")):
                title = title.replace(long, short)
        surface.blit(text.render(text.fit(title, 22, vw - 40), 22, palette.TITLE), (vx + 20, vy + 14))
        height = zm.legend_height(rows)
        self.legend = zm.draw_legend(surface, rows, vx + 20, vy + vh - height - 8, vw - 40)

    def draw_floor(self, surface: pygame.Surface, game: Game, layer: FloorLayer, vault: VaultLayer | None,
                   ship: ShipLayer | None, pointer: tuple[int, int] | None = None) -> Zoom:
        """The floor of ``layer`` (with a vault's field or a deck's vacuum over it), its marks and
        legend, scaled so that the floor (not the empty map around a small deck) fills the view as
        far as its shape allows; returns where it was drawn: the origin of tile (0, 0) and the
        size of a tile."""
        vx, vy, vw, vh = self.view
        rows, room = self._frame(surface, floor_legend(game))
        unit = layer.size[0] // game.floor.map.width  # the layer's tile
        x0, y0, x1, y1 = known_extent(game.floor, game.player.pos)
        crop = pygame.Rect(x0 * unit, y0 * unit, (x1 - x0) * unit, (y1 - y0) * unit)
        scale = min((vw - 40) / crop.w, room / crop.h, MAX_TILE / unit)
        size = (max(1, int(crop.w * scale)), max(1, int(crop.h * scale)))
        key = (id(layer), layer.version, None if vault is None else vault.version,
               None if ship is None else ship.vacuum, size, tuple(crop))
        if self.picture is None or self._key != key:
            self.picture = _scaled(layer.composed.subsurface(crop), size)  # (a vault's field, a deck's wash in it)
            zoom_terrain.paint(self.picture, game.floor, (round(-x0 * unit * scale), round(-y0 * unit * scale)), unit * scale)
            self._key = key
        surface.fill(palette.BACKGROUND, self.view)
        left = vx + (vw - self.picture.get_width()) // 2
        top = vy + TITLE_TOP + (room - self.picture.get_height()) // 2
        surface.blit(self.picture, (left, top))
        tile = unit * scale
        ox, oy = left - x0 * tile, top - y0 * tile
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(vx, vy + TITLE_TOP - 4, vw, room + 8))
        self.labels = _room_labels(surface, game.floor, ox, oy, tile)
        zoom_terrain.marks(surface, game.floor, ox, oy, tile)
        _floor_marks(surface, game, ox, oy, tile)
        if vault is not None and game.floor.level.vault is not None and game.floor.vault_state is not None:
            draw_lasers(surface, (ox, oy), tile, game.floor.level.vault, game.floor.vault_state, game.turn)
            draw_gazes(surface, (ox, oy), tile, game.floor)
        _hovered(surface, game, (ox, oy, tile), pointer)
        surface.set_clip(clip)
        self._finish(surface, f"{game.place_name} — the whole floor (o to return)", rows)
        return ox, oy, tile

    def draw_island(self, surface: pygame.Surface, game: Game, island: OverworldLayer,
                    pointer: tuple[int, int] | None = None) -> Zoom:
        """The island with its gates, entrances and region names; returns where it was drawn."""
        vx, vy, vw, vh = self.view
        rows, room = self._frame(surface, island_legend())
        key = (id(island), game.floor.door_version, room, island.version)  # version: land seen by the tile
        if self.picture is None or self._key != key:
            self.picture = island.zoomed((vw - 40, room))
            self._key = key
        surface.fill(palette.DEEP_SEA, self.view)
        ox = vx + (vw - self.picture.get_width()) // 2
        oy = vy + TITLE_TOP + (room - self.picture.get_height()) // 2
        surface.blit(self.picture, (ox, oy))
        height, width = island.terrain.shape
        unit = self.picture.get_width() / width
        world = game.world

        def at(x: int, y: int) -> zm.Point:
            return ox + (x + 0.5) * unit, oy + (y + 0.5) * unit

        for edge, regions in world.gates:
            open_gate = world.gate_kind(regions) == Edge.OPEN_DOOR
            zm.disc(zm.GATE_OPEN if open_gate else zm.GATE_SEALED)(surface, at(edge[0], edge[1]), 2 * unit)
        self.labels = []
        for region, (x, y) in enumerate(world.entrances):
            if not tile_sight.entrance_known(game, region):
                continue  # by the tile, on land not seen yet (the next region's is known: > walks there)
            centre = at(x, y)
            zm.disc(zm.FALLEN if world.defeated[region] else palette.ENTRANCE)(surface, centre, 3.2 * unit)
            number = world.order.index(region) + 1
            words = f"{number}. {world.names[region]}"
            plates = [plate for _, plate in self.labels]  # a small map: names keep clear of each other
            self.labels.append((words, zm.label(surface, words, avoid=plates,
                                                around=(centre, 2.5 * unit + 3))))
        zm.you(surface, at(*game.player.pos), 3 * unit)
        _hovered(surface, game, (ox, oy, unit), pointer)
        self._finish(surface, f"{game.place_name} — the whole island (o to return)", rows)
        return ox, oy, unit


def _room_labels(surface: pygame.Surface, floor: Floor, ox: float, oy: float,
                 tile: float) -> list[tuple[str, pygame.Rect]]:
    """Each special room the player has seen, named on a plate with its colour beside."""
    drawn = []
    for special in floor.level.specials:
        if not floor.seen_rooms[special.room]:
            continue
        ys, xs = np.nonzero(floor.map.rooms == special.room)
        if not len(xs):
            continue
        centre = (ox + (float(xs.mean()) + 0.5) * tile, oy + (float(ys.mean()) + 0.5) * tile)
        words = special_name(special.kind)
        plate = zm.label(surface, words, center=(centre[0] + 8, centre[1]))
        zm.area(SPECIALS[special.kind].tint)(surface, (plate.left - 7, plate.centery), 10)
        drawn.append((words, plate))
    return drawn


def _floor_marks(surface: pygame.Surface, game: Game, ox: float, oy: float, tile: float) -> None:
    """The doors the player knows (as last seen), the items remembered, the stairs seen, you."""
    floor = game.floor
    size = min(max(8.0, tile), 20.0)  # a mark about a tile wide, but never a blot on a small floor
    for x, y, side, kind in floor.map.door_edges():
        lit, seen = floor.door_seen(x, y, int(side), floor.map.rooms_across(x, y, side))
        if not seen:
            continue
        known = kind if lit else Edge(floor.door_memory.get((x, y, int(side)), kind))
        if side == Side.N:
            zm.door(known, across=True)(surface, (ox + (x + 0.5) * tile, oy + y * tile), size)
        else:
            zm.door(known, across=False)(surface, (ox + x * tile, oy + (y + 0.5) * tile), size)

    def centre(x: int, y: int) -> zm.Point:
        return ox + (x + 0.5) * tile, oy + (y + 0.5) * tile

    for x, y in floor.item_memory:
        zm.item(surface, centre(x, y), size * 0.8)
    level = floor.level
    stairs = [(zm.stairs_up, level.entrance)] + ([(zm.stairs_down, level.exit)] if level.stairs_down else [])
    for mark, (x, y) in stairs:
        if floor.known(x, y):
            mark(surface, centre(x, y), min(size, (tile - 4) / zm.TRIANGLE))  # inside its tile, clear of the walls
    zm.you(surface, centre(*game.player.pos), size)


def known_extent(floor: Floor, you: tuple[int, int], margin: int = 1) -> tuple[int, int, int, int]:
    """The tiles the zoomed map shows: those of the rooms the player has seen (and where they
    stand), with ``margin`` around them for the walls, within the map, as ``(x0, y0, x1, y1)``
    with the ends excluded. A deck or floor barely explored is shown large, not as a speck
    in a corner of the whole map."""
    rooms = floor.map.rooms
    known = (rooms >= 0) & (floor.seen_rooms[np.maximum(rooms, 0)] if floor.seen_tiles is None else floor.seen_tiles)
    ys, xs = np.nonzero(known)
    xs, ys = np.append(xs, you[0]), np.append(ys, you[1])
    height, width = rooms.shape
    return (max(0, int(xs.min()) - margin), max(0, int(ys.min()) - margin),
            min(width, int(xs.max()) + 1 + margin), min(height, int(ys.max()) + 1 + margin))


def _scaled(picture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``picture`` at ``size``: shrunk smoothly; enlarged first by whole pixels (crisp) to at
    least ``size``, then shrunk smoothly to it, so a small deck is not a blur."""
    w, h = picture.get_size()
    times = max(-(-size[0] // w), -(-size[1] // h))
    if times > 1:
        picture = pygame.transform.scale(picture, (w * times, h * times))
    return pygame.transform.smoothscale(picture, size)


def tile_at(zoom: Zoom, pointer: tuple[int, int]) -> tuple[int, int]:
    """The tile of the zoomed map under ``pointer`` (may lie off the map)."""
    ox, oy, tile = zoom
    return int((pointer[0] - ox) // tile), int((pointer[1] - oy) // tile)


def _hovered(surface: pygame.Surface, game: Game, zoom: Zoom, pointer: tuple[int, int] | None) -> None:
    """A frame around the tile under the pointer, when it is on the map."""
    if pointer is None:
        return
    x, y = tile_at(zoom, pointer)
    if not (0 <= x < game.floor.map.width and 0 <= y < game.floor.map.height):
        return
    ox, oy, tile = zoom
    side = max(6, round(tile))
    box = pygame.Rect(0, 0, side, side)
    box.center = (round(ox + (x + 0.5) * tile), round(oy + (y + 0.5) * tile))
    pygame.draw.rect(surface, palette.BACKGROUND, box.inflate(2, 2), 1)
    pygame.draw.rect(surface, palette.HOVER, box, 1)
