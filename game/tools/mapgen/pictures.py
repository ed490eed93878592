"""Pictures of generated levels for ``python -m game.tools.mapgen --format png``: the island
with its regions, gates and entrances, and a room floor or derelict deck as the game draws it.
pygame (with the dummy video driver) is imported only when a picture is written."""

from __future__ import annotations

import os

import numpy as np

from game.mapgen.overworld import OverworldLevel
from game.map.edges import Edge
from game.map.floor_map import Side
from game.map.level import Level


TERRAIN_COLOURS = np.array([(24, 52, 96), (48, 104, 156), (224, 208, 150), (120, 170, 82), (50, 108, 58),
                            (140, 128, 92), (196, 192, 186)], dtype=np.uint8)


def save_overworld_png(level: OverworldLevel, path: str, max_side: int = 2400) -> None:
    """Terrain colours, region borders (dark), gates (gold), entrances (red) and names."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.font.init()
    step = max(1, -(-max(level.width, level.height) // max_side))  # shrink huge maps
    terrain = level.terrain[::step, ::step]
    regions = level.regions[::step, ::step]
    colours = TERRAIN_COLOURS[terrain].copy()
    border = np.zeros(regions.shape, dtype=bool)
    border[:, 1:] |= (regions[:, 1:] != regions[:, :-1]) & (regions[:, 1:] >= 0) & (regions[:, :-1] >= 0)
    border[1:, :] |= (regions[1:, :] != regions[:-1, :]) & (regions[1:, :] >= 0) & (regions[:-1, :] >= 0)
    colours[border] = (30, 24, 20)
    scale = max(1, 1200 // max(terrain.shape))
    picture = pygame.surfarray.make_surface(np.ascontiguousarray(colours.transpose(1, 0, 2)))
    picture = pygame.transform.scale_by(picture, scale)
    unit = scale / step
    for gate in level.gates:
        pygame.draw.circle(picture, (250, 210, 80), ((gate.x + 0.5) * unit, (gate.y + 0.5) * unit), max(3, unit))
    font = pygame.font.Font(None, max(18, picture.get_width() // 50))
    for region, (x, y) in enumerate(level.entrances):
        centre = ((x + 0.5) * unit, (y + 0.5) * unit)
        pygame.draw.circle(picture, (20, 10, 10), centre, max(5, 1.6 * unit))
        pygame.draw.circle(picture, (230, 70, 60), centre, max(4, 1.2 * unit))
        if region < len(level.names):
            order = level.order.index(region) + 1 if region in level.order else 0
            label = font.render(f"{order}. {level.names[region]}", True, (255, 255, 255))
            shadow = font.render(f"{order}. {level.names[region]}", True, (0, 0, 0))
            at = (centre[0] - label.get_width() / 2, centre[1] + 8)
            picture.blit(shadow, (at[0] + 2, at[1] + 2))
            picture.blit(label, at)
    pygame.image.save(picture, path)


def save_png(level: Level, path: str, tile: int = 12) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.content.specials import SPECIALS
    from game.content.themes import THEMES
    from game.render.floor_layer import Dressing, FloorLayer
    from game.render.sprites import SpriteBank

    pygame.display.init()
    sprites = SpriteBank(tile)
    theme = THEMES.get(level.theme)
    dressing = Dressing({s.room: SPECIALS[s.kind].tint for s in level.specials},
                        [(sprites.get(f.kind), f.x, f.y) for f in level.features if f.kind in sprites],
                        level.ground, *((theme.floor, theme.wall) if theme is not None else ()))
    layer = FloorLayer(level.map, tile, dressing=dressing)
    layer.update(np.ones(level.map.room_count, dtype=bool), list(range(level.map.room_count)))
    picture = layer.composed.copy()
    for (x, y), colour in ((level.entrance, (120, 190, 250)), (level.exit, (250, 200, 80))):
        if x >= 0:
            pygame.draw.circle(picture, colour, (x * tile + tile // 2, y * tile + tile // 2), tile // 3)
    for x, y, side, kind in level.map.door_edges():
        colour = (200, 130, 60) if kind != Edge.OPEN_DOOR else (120, 200, 120)
        if side == Side.N:
            pygame.draw.line(picture, colour, (x * tile + 2, y * tile), ((x + 1) * tile - 3, y * tile), 3)
        else:
            pygame.draw.line(picture, colour, (x * tile, y * tile + 2), (x * tile, (y + 1) * tile - 3), 3)
    pygame.image.save(picture, path)
