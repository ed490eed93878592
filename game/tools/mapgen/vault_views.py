"""A trap vault as the level JSON of SPEC §16, as ASCII and as a picture (for ``mapgen``)."""

from __future__ import annotations

import os

import numpy as np

from game.mapgen.vault import Vault


def _layers(vault: Vault) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The vault's maze, traps and numbers; those its passes have not made yet (``mapgen --until``)
    as none: every cell an aisle, no trap, no number."""
    maze = vault.shape if vault.maze is None else vault.maze
    traps = np.zeros_like(vault.shape) if vault.traps is None else vault.traps
    numbers = np.zeros(vault.shape.shape, np.int8) if vault.numbers is None else vault.numbers
    return maze, traps, numbers


def vault_ascii(vault: Vault) -> str:
    """The whole truth, one character a cell: ``.`` aisle, ``,`` maze wall, ``x`` trap, ``$``
    coin, ``b`` a bug's route, ``@`` entrance, ``>`` exit, a space outside."""
    maze, traps, _ = _layers(vault)
    rows = []
    for y in range(vault.height):
        row = []
        for x in range(vault.width):
            if not vault.shape[y, x]:
                row.append(" ")
            elif traps[y, x]:
                row.append("x")
            else:
                row.append("." if maze[y, x] else ",")
        rows.append(row)
    for bug in vault.bugs:
        for x, y in bug.route:
            rows[y][x] = "b"
    for x, y in vault.coins:
        rows[y][x] = "$"
    rows[vault.entrance[1]][vault.entrance[0]] = "@"
    rows[vault.exit[1]][vault.exit[0]] = ">"
    return "".join("".join(row).rstrip() + "\n" for row in rows)


def save_vault_png(vault: Vault, path: str, tile: int = 20) -> None:
    """Every cell's number, the traps, coins, bug routes and the stairs; the maze's aisles
    are drawn faintly (the player never sees them)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.render import palette
    from game.render.palette import VAULT_NUMBERS as NUMBER_COLOURS

    pygame.display.init()
    pygame.font.init()
    font = pygame.font.Font(None, tile)
    picture = pygame.Surface((vault.width * tile, vault.height * tile))
    picture.fill(palette.BACKGROUND)
    maze, traps, numbers = _layers(vault)
    for y in range(vault.height):
        for x in range(vault.width):
            if not vault.shape[y, x]:
                continue
            rect = pygame.Rect(x * tile, y * tile, tile, tile)
            picture.fill((58, 60, 52) if maze[y, x] else palette.FLOOR, rect)
            pygame.draw.rect(picture, (40, 38, 36), rect, 1)
            if traps[y, x]:
                pygame.draw.line(picture, (230, 70, 60), rect.topleft, rect.bottomright, 3)
                pygame.draw.line(picture, (230, 70, 60), rect.topright, rect.bottomleft, 3)
            elif numbers[y, x] > 0:
                digit = font.render(str(int(numbers[y, x])), True, NUMBER_COLOURS[int(numbers[y, x])])
                picture.blit(digit, digit.get_rect(center=rect.center))
    for bug in vault.bugs:
        points = [(x * tile + tile // 2, y * tile + tile // 2) for x, y in bug.route]
        if len(points) > 1:
            pygame.draw.lines(picture, (120, 230, 110), bug.loops, points, 2)
        pygame.draw.circle(picture, (120, 230, 110), points[0], tile // 3)
    for x, y in vault.coins:
        pygame.draw.circle(picture, (240, 200, 80), (x * tile + tile // 2, y * tile + tile // 2), tile // 4)
    for (x, y), colour in ((vault.entrance, (120, 190, 250)), (vault.exit, (250, 200, 80))):
        pygame.draw.rect(picture, colour, (x * tile + 2, y * tile + 2, tile - 4, tile - 4), 2)
    pygame.image.save(picture, path)
