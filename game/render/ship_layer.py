"""A derelict deck's air, drawn over its floor (SPEC SHP-2).

Compartments without air are washed a cold blue; a breach shows as a bright gap in
the hull with a crack; while a space vents, chevrons on its tiles point along the
pull, toward the breach. The blue wash is painted into the floor's pictures, again only
when a compartment loses its air (or gets some back); the chevrons and breaches are
drawn each frame, for the tiles in view only.
"""

from __future__ import annotations

import pygame

from game.render.camera import Camera
from game.render.sprites import SpriteBank
from game.world import ships
from game.world.floor import Floor
from game.map.floor_map import EdgeRef, Side
from game.world.ship_pull import downhill

VACUUM = (70, 110, 200, 70)
GAP = (230, 246, 255)
PULL = (200, 230, 255)


class ShipLayer:
    """A deck's airless wash, painted into the floor's pictures (``paint``, a painter of
    ``game.render.floor_layer.FloorLayer``), and its breaches and pull, drawn each frame."""

    def __init__(self, room_rects: list[list[pygame.Rect]], tile: int, sprites: SpriteBank) -> None:
        self.room_rects = room_rects
        self.tile = tile
        self.sprites = sprites
        self.vacuum: frozenset[int] = frozenset()  # the rooms washed as without air

    def update(self, floor: Floor) -> list[int]:
        """The rooms seen without air now; returns those to paint again (washed, or no longer)."""
        assert floor.ship_state is not None, "View.sync makes a ShipLayer only for a deck, whose state stays"
        vacuum = frozenset(room for room, air in enumerate(floor.ship_state.air) if air == 0 and floor.seen_rooms[room])
        changed = sorted(vacuum ^ self.vacuum)
        self.vacuum = vacuum
        return changed

    def paint(self, lit: pygame.Surface, room: int) -> None:
        """A room without air, washed a cold blue (a painter of the floor layer; within ``lit``'s clip)."""
        if room not in self.vacuum:
            return
        for rect in self.room_rects[room]:
            wash = pygame.Surface(rect.size, pygame.SRCALPHA)
            wash.fill(VACUUM)
            lit.blit(wash, rect)

    def draw(self, surface: pygame.Surface, floor: Floor, camera: Camera) -> None:
        assert floor.ship_state is not None, "View.sync makes a ShipLayer only for a deck, whose state stays"
        self._draw_pull(surface, floor, camera)
        for edge in floor.ship_state.breaches:
            inside = ships.inside_of(floor.map, edge)
            if inside is not None and floor.seen_rooms[floor.map.room_at(*inside)]:  # only where seen
                self._draw_breach(surface, floor, camera, edge, inside)

    def _draw_breach(self, surface: pygame.Surface, floor: Floor, camera: Camera, edge: EdgeRef,
                     inside: tuple[int, int]) -> None:
        x, y, side = edge
        ox, oy = camera.tile_origin(x, y)
        tile = self.tile
        if side == Side.N:
            pygame.draw.line(surface, GAP, (ox + 1, oy), (ox + tile - 2, oy), 3)
        else:
            pygame.draw.line(surface, GAP, (ox, oy + 1), (ox, oy + tile - 2), 3)
        surface.blit(self.sprites.get("breach"), camera.tile_origin(*inside))

    def _draw_pull(self, surface: pygame.Surface, floor: Floor, camera: Camera) -> None:
        """Chevrons along the pull, on the visible tiles of spaces that are venting now."""
        distance = ships.pull_distances(floor)
        if not distance:
            return
        x0, y0, x1, y1 = camera.visible_tiles()
        half = self.tile // 2
        for (x, y), steps in distance.items():
            if steps == 0 or not (x0 <= x <= x1 and y0 <= y <= y1) or (x + y) % 2:
                continue
            if not floor.in_sight(x, y):
                continue
            step = downhill(floor.map, distance, (x, y), lambda p: False)
            if step is None:
                continue
            dx, dy = step[0] - x, step[1] - y
            length = (dx * dx + dy * dy) ** 0.5
            ux, uy = dx / length, dy / length
            cx, cy = camera.tile_origin(x, y)
            cx, cy = cx + half, cy + half
            points = [(cx + ux * 6, cy + uy * 6), (cx - ux * 3 - uy * 4, cy - uy * 3 + ux * 4),
                      (cx - ux * 3 + uy * 4, cy - uy * 3 - ux * 4)]
            pygame.draw.polygon(surface, PULL, points)
