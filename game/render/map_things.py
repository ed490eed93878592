"""The things drawn on the map over the floor's picture: items (seen, or remembered dim), the
monsters in view on their ringed discs, the player's disc, and what lies under the player."""

from __future__ import annotations

import pygame

from game.ai.behaviours import route_cell
from game.render import palette, text
from game.render.anim import Motion
from game.render.camera import Camera
from game.render.sprites import SpriteBank
from game.world import magic
from game.world.game import Game
from game.world.senses import monsters_seen
from game.world.specials import peaceful


class MapThings:
    """Draws the things on the map at one tile size, keeping the small pictures it makes."""

    def __init__(self, sprites: SpriteBank, tile: int) -> None:
        self.sprites = sprites
        self.tile = tile
        self._standee_pictures: dict[bool | None, pygame.Surface] = {}
        self._standee_key = -1

    def draw_items(self, surface: pygame.Surface, game: Game, camera: Camera) -> None:
        """Items in sight as they are; elsewhere what the player last saw, dimmed. An unknown potion
        or scroll as it looks (``magic.sprite_of``)."""
        floor = game.floor
        for (x, y), kind in floor.item_memory.items():
            if not floor.in_sight(x, y):
                surface.blit(self.sprites.dim(magic.sprite_of(game, kind)), camera.tile_origin(x, y))
        for item in floor.items:
            if floor.in_sight(item.x, item.y):
                origin = camera.tile_origin(item.x, item.y)
                surface.blit(self.sprites.get(magic.sprite_of(game, item.kind)), origin)
                if item.price:  # a ware: a coin in its corner says it is for sale
                    surface.blit(self.small_icon("coins"), (origin[0] + self.tile // 2, origin[1] + self.tile // 2))

    def small_icon(self, kind: str) -> pygame.Surface:
        """A half-size icon (what lies under the player, a ware's coin), cached by the sprite bank."""
        return self.sprites.icon(kind, self.tile // 2 + 2)

    def standee(self, foe: bool | None = True) -> pygame.Surface:
        """The dark disc drawn under every monster, ringed in the current palette's foe colour (or
        its good-news colour for a peaceful shopkeeper); ``None``: the player's, ringed in gold."""
        if self._standee_key != palette.generation:
            self._standee_pictures.clear()
            self._standee_key = palette.generation
        picture = self._standee_pictures.get(foe)
        if picture is None:
            tile = self.tile
            picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
            centre, radius = (tile / 2, tile / 2 + 1), tile / 2 - 1
            pygame.draw.circle(picture, (*palette.STANDEE, palette.STANDEE_ALPHA), centre, radius)
            ring = palette.TITLE if foe is None else palette.TONE_COLOURS["bad" if foe else "good"]
            pygame.draw.circle(picture, (*ring, 210), centre, radius, 2)
            self._standee_pictures[foe] = picture
        return picture

    def draw_underfoot(self, surface: pygame.Surface, game: Game, at: tuple[int, int]) -> None:
        """What lies under the player, as a small icon in the tile's corner (the player hides it)."""
        items = game.floor.items_at(game.player.pos)
        kind = items[-1].kind if items else _stairs_under(game)
        if kind is None:
            return
        half = self.tile // 2
        icon = self.small_icon(kind)
        corner = (at[0] + half - 2, at[1] + half - 2)
        pygame.draw.circle(surface, palette.BACKGROUND, (corner[0] + half // 2 + 1, corner[1] + half // 2 + 1),
                           half // 2 + 3)
        surface.blit(icon, corner)

    def draw_monsters(self, surface: pygame.Surface, game: Game, camera: Camera, motion: Motion, now_ms: float) -> None:
        tile = self.tile
        for monster in monsters_seen(game):
            mx, my = motion.position(monster.eid, now_ms) or monster.pos
            sx, sy = camera.world_to_screen(mx, my)
            x, y = round(sx), round(sy)
            if monster.kind == "alien_bug" and len(monster.route) >= 2:
                self._draw_next_step(surface, camera, route_cell(monster.route, monster.route_index + 1))
            surface.blit(self.standee(not peaceful(monster)), (x, y))  # a ringed disc: never taken for an item
            surface.blit(self.sprites.get(magic.seen_kind(game, monster)), (x, y))  # (hallucination: ITM-9)
            if monster.hp < monster.max_hp:
                width = max(1, round((tile - 4) * monster.hp / monster.max_hp))
                surface.fill(palette.BACKGROUND, (x + 1, y + tile - 5, tile - 2, 5))
                surface.fill(palette.HP_FULL, (x + 2, y + tile - 4, width, 3))
            if monster.state == "asleep":
                surface.blit(text.render("z", max(14, tile // 3 * 2), palette.TEXT), (x + tile - 7, y - 4))
            if monster.ally or monster.captive:  # ALY-2: a dot in the good colour; a captive's is hollow
                pygame.draw.circle(surface, palette.TONE_COLOURS["good"], (x + 5, y + 5), 4, 0 if monster.ally else 2)

    def _draw_next_step(self, surface: pygame.Surface, camera: Camera, cell: tuple[int, int]) -> None:
        """Where a blind bug steps next: a ring on that cell (seed 002), green, or sky blue in the
        colour-blind palette (never to be taken for the foe colour)."""
        ox, oy = camera.tile_origin(*cell)
        half = self.tile // 2
        pygame.draw.circle(surface, palette.BACKGROUND, (ox + half, oy + half), half - 2, 3)
        pygame.draw.circle(surface, palette.NEXT_STEP, (ox + half, oy + half), half - 3, 2)


def _stairs_under(game: Game) -> str | None:
    """The sprite of the stairs or the dungeon entrance the player stands on (hidden by the player)."""
    here, level = game.player.pos, game.floor.level
    if game.on_overworld:
        region = game.world.region_at_entrance(here)
        return None if region is None else "entrance" if game.world.unlocked(region) else "entrance_sealed"
    if level.stairs_down and here == level.exit:
        return "stairs_down"
    return "stairs_up" if here == level.entrance else None
