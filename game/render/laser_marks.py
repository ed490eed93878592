"""A laser vault's emitters and beams on the map (SPEC VLT-7, TRU-5: nothing burns that the
player could not see coming).

Every beam not yet smashed is always drawn, so the player knows where it lies, in one of
three looks: *firing* as this turn ends (the cells tinted and hatched in the foe colour,
a solid line with a hot white core: ending the move there burns), *firing next turn* (the
cells lightly tinted, a dashed line: the warning), and *dark* (a thin dotted line). An
emitter is a ringed disc with a crystal, its nozzle pointing along its beam; a smashed one
is grey. The hatching and the dashes say which look without the hue (the colour-blind palette
changes the foe colour).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.map.vault_field import Laser
from game.render import palette

if TYPE_CHECKING:
    from game.map.vault_field import VaultField
    from game.world.vaults import VaultState

FIRING, WARNING, DARK = "firing", "warning", "dark"
_TINTS: dict[tuple[int, str, int], pygame.Surface] = {}  # (tile, look, palette generation)


def look(laser: Laser, turn: int) -> str:
    """How a live beam is drawn before the player's move on ``turn``."""
    return FIRING if laser.fires(turn) else WARNING if laser.fires(turn + 1) else DARK


def draw_lasers(surface: pygame.Surface, origin: tuple[float, float], size: float, field_: VaultField,
                state: VaultState, turn: int) -> None:
    """Every laser of the vault, the map's tile (0, 0) at ``origin`` on ``surface``, tiles of ``size``
    pixels (a fraction on the zoomed map)."""
    colour = palette.TONE_COLOURS["bad"]
    for laser, smashed in zip(field_.lasers, state.smashed):
        if not smashed:
            _draw_beam(surface, origin, size, laser, look(laser, turn), colour)
    for laser, smashed in zip(field_.lasers, state.smashed):
        _draw_emitter(surface, origin, size, laser, colour, smashed, not smashed and laser.fires(turn))


def beam_mark(kind: str) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
    """A legend's swatch of a beam drawn as ``kind`` (FIRING, WARNING, DARK) or, for ``"emitter"``,
    an emitter firing: the very marks the map draws, one beam cell filling the swatch (the legend
    clips what lies beyond it)."""
    def mark(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
        laser = Laser((0, 0), ((1, 0), (2, 0)), period=1, lit=1, phase=0)
        origin = (centre[0] - 1.5 * size, centre[1] - 0.5 * size)  # the beam's first cell on the swatch
        colour = palette.TONE_COLOURS["bad"]
        if kind == "emitter":
            emitter = (centre[0] - 0.5 * size, origin[1])
            _draw_emitter(surface, emitter, size, Laser((0, 0), ((1, 0),), 1, 1, 0), colour, False, True)
        else:
            _draw_beam(surface, origin, size, laser, kind, colour)
    return mark


def _corner(origin: tuple[float, float], size: float, cell: tuple[int, int]) -> tuple[int, int]:
    return round(origin[0] + cell[0] * size), round(origin[1] + cell[1] * size)


def _centre(origin: tuple[float, float], size: float, cell: tuple[int, int]) -> tuple[int, int]:
    return round(origin[0] + (cell[0] + 0.5) * size), round(origin[1] + (cell[1] + 0.5) * size)


def _draw_beam(surface: pygame.Surface, origin: tuple[float, float], size: float, laser: Laser, kind: str,
               colour: tuple[int, int, int]) -> None:
    tile = max(2, round(size))
    if kind != DARK:
        tint = _tint(tile, kind, colour)
        for cell in laser.beam:
            surface.blit(tint, _corner(origin, size, cell))
    start, end = _centre(origin, size, laser.emitter), _centre(origin, size, laser.beam[-1])
    if kind == FIRING:
        pygame.draw.line(surface, palette.BACKGROUND, start, end, max(1, tile // 6) + 2)
        pygame.draw.line(surface, colour, start, end, max(1, tile // 6))
        pygame.draw.line(surface, (255, 255, 255), start, end, 1)
        return
    dash, gap = (max(2, tile // 3), max(2, tile // 4)) if kind == WARNING else (2, max(3, tile // 4))
    width = max(1, tile // 10) + (kind == WARNING)
    shade = colour if kind == WARNING else tuple(c // 2 + 40 for c in colour)
    length = max(1.0, ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    at = tile / 2.0  # from the emitter's edge
    while at < length:
        stop = min(length, at + dash)
        a = (round(start[0] + ux * at), round(start[1] + uy * at))
        b = (round(start[0] + ux * stop), round(start[1] + uy * stop))
        pygame.draw.line(surface, shade, a, b, width)
        at = stop + gap


def _draw_emitter(surface: pygame.Surface, origin: tuple[float, float], size: float, laser: Laser,
                  colour: tuple[int, int, int], smashed: bool, firing: bool) -> None:
    tile = max(2, round(size))
    cx, cy = _centre(origin, size, laser.emitter)
    radius = max(2, tile // 2 - 3) if tile < 16 else tile // 2 - 3
    ring = palette.TEXT_DIM if smashed else colour
    bx, by = _centre(origin, size, laser.beam[0])
    if not smashed:  # the nozzle, along the beam
        pygame.draw.line(surface, palette.BACKGROUND, (cx, cy), (cx + (bx - cx) * 3 // 4, cy + (by - cy) * 3 // 4),
                         max(1, tile // 7) + 2)
        pygame.draw.line(surface, ring, (cx, cy), (cx + (bx - cx) * 3 // 4, cy + (by - cy) * 3 // 4), max(1, tile // 7))
    pygame.draw.circle(surface, palette.BACKGROUND, (cx, cy), radius)
    pygame.draw.circle(surface, ring, (cx, cy), radius, 2)
    r = max(1, radius * 3 // 5)
    crystal = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surface, (255, 255, 255) if firing else ring, crystal, 0 if not smashed else 1)
    if smashed:
        pygame.draw.line(surface, ring, (cx - r, cy - r), (cx + r, cy + r), 2)


def _tint(tile: int, kind: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """A beam cell's tint: hatched when firing, a light wash as the warning."""
    key = (tile, kind, palette.generation)
    picture = _TINTS.get(key)
    if picture is None:
        picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
        picture.fill((*colour, 70 if kind == FIRING else 34))
        if kind == FIRING:
            step = max(6, tile // 4)
            for start in range(-tile, tile, step):  # as the danger marks: lines down to the right
                pygame.draw.line(picture, (*colour, 140), (start, 0), (start + tile, tile), 2)
        _TINTS[key] = picture
    return picture
