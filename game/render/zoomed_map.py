"""The whole floor, or the whole island, scaled into the map view (``o``), with the stairs,
the gates, the dungeon entrances and the player marked. The scaled picture is kept until
what it shows changes (the floor's picture, a vault's field, a deck's vacuum, a gate).
The floor is scaled with pygame's smoothscale, which the app sets to its plain C code on every
platform (``App``: the browser has no other), so the same pixels everywhere: about 2 ms natively,
7 ms in the browser, once per ``o``. The island (a small picture enlarged) uses ``scaling``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render import palette, text
from game.map.edges import Edge

if TYPE_CHECKING:
    from game.render.floor_layer import FloorLayer
    from game.render.overworld_layer import OverworldLayer
    from game.render.ship_layer import ShipLayer
    from game.render.vault_layer import VaultLayer
    from game.world.game import Game


class ZoomedMap:
    """The scaled picture of the floor or the island in ``view``, and how to draw it."""

    def __init__(self, view: tuple[int, int, int, int], tile: int) -> None:
        self.view = view
        self.tile = tile
        self.picture: pygame.Surface | None = None  # the scaled floor or island, as last drawn
        self._key: tuple = (-1, -1)

    def draw_floor(self, surface: pygame.Surface, game: Game, layer: FloorLayer, vault: VaultLayer | None,
                   ship: ShipLayer | None) -> tuple[float, float, float]:
        """The floor of ``layer`` (with a vault's field or a deck's vacuum over it); returns
        where it was drawn: its origin and the size of a tile."""
        vx, vy, vw, vh = self.view
        scale = min((vw - 40) / layer.size[0], (vh - 60) / layer.size[1])
        key = (id(layer), layer.version, None if vault is None else vault.version,
               None if ship is None else ship.vacuum)
        if self.picture is None or self._key != key:
            size = (max(1, int(layer.size[0] * scale)), max(1, int(layer.size[1] * scale)))
            picture = layer.composed
            if vault is not None or ship is not None:  # a vault's field, a deck's vacuum
                picture = picture.copy()
                picture.blit((vault or ship).surface, (0, 0))
            self.picture = pygame.transform.smoothscale(picture, size)
            self._key = key
        surface.fill(palette.BACKGROUND, self.view)
        ox = vx + (vw - self.picture.get_width()) // 2
        oy = vy + 40 + (vh - 60 - self.picture.get_height()) // 2
        surface.blit(self.picture, (ox, oy))
        tile = self.tile * scale

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
        return ox, oy, tile

    def draw_island(self, surface: pygame.Surface, game: Game, island: OverworldLayer) -> tuple[float, float, float]:
        """The island with its gates, entrances and region names; returns where it was drawn."""
        vx, vy, vw, vh = self.view
        key = (id(island), game.floor.door_version)
        if self.picture is None or self._key != key:
            self.picture = island.zoomed((vw - 40, vh - 70))
            self._key = key
        surface.fill(palette.DEEP_SEA, self.view)
        ox = vx + (vw - self.picture.get_width()) // 2
        oy = vy + 50 + (vh - 70 - self.picture.get_height()) // 2
        surface.blit(self.picture, (ox, oy))
        height, width = game.floor.level.terrain.shape
        unit = self.picture.get_width() / width
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
        return ox, oy, unit
