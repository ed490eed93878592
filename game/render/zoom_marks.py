"""The marks of the zoomed map (``o``, REN-5) and its legend.

Every thing the zoomed map marks (you, the stairs, doors, remembered items, the island's
entrances and gates) is drawn by one function here, used both on the map and in the legend's
swatch, so a legend entry is the very mark it explains. Marks differ in shape as well as in
colour (a triangle down or up for the stairs, a bar, two stubs or a barred bar for doors, a
diamond for an item), so they read in the colour-blind palette too. Labels sit on a dark
plate so they read over sand, grass and the brightest floor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.map.edges import Edge
from game.render import palette, text

Colour = tuple[int, int, int]
Point = tuple[float, float]
Mark = Callable[[pygame.Surface, Point, float], None]
"""Draws a mark centred on a point at a size in pixels (about a tile of the zoomed map)."""

YOU: Colour = (255, 255, 255)
STAIRS_DOWN: Colour = (246, 206, 92)
STAIRS_UP: Colour = (150, 200, 250)
DOOR: Colour = (200, 164, 112)  # pale wood (the locked door has the foe colour: red, or orange)
ITEM: Colour = (238, 140, 232)
GATE_OPEN: Colour = (250, 220, 120)
GATE_SEALED: Colour = (140, 128, 150)
FALLEN: Colour = (120, 110, 110)
EDGE: Colour = palette.BACKGROUND  # the dark outline every mark has
LEGEND_TEXT = 16
LABEL_TEXT = 18
SWATCH = 22
LINE = 28  # a legend row's height


def locked_colour() -> Colour:
    """A locked door: the foe colour of the palette in use (red, or orange when colour-blind)."""
    return palette.TONE_COLOURS["bad"]


def you(surface: pygame.Surface, centre: Point, size: float) -> None:
    radius = max(4.0, size * 0.55)
    pygame.draw.circle(surface, EDGE, centre, radius + 2)
    pygame.draw.circle(surface, YOU, centre, radius)


TRIANGLE = 1.4
"""A stairs mark, outline and all, is this many times ``size`` wide (and no taller)."""


def _triangle(surface: pygame.Surface, centre: Point, size: float, colour: Colour, down: bool) -> None:
    """Pointing down or up, with its dark outline; it lies within ``TRIANGLE * size`` square
    about ``centre`` (``_floor_marks`` picks ``size`` so that it stays inside its tile)."""
    half = max(3.0, size * TRIANGLE / 2)
    x, y = centre
    tip, base = (y + half, y - half * 0.8) if down else (y - half, y + half * 0.8)
    points = [(x - half, base), (x + half, base), (x, tip)]
    pygame.draw.polygon(surface, EDGE, points, 0)
    inner = max(2.0, half - 2.5)
    tip, base = (y + inner, y - inner * 0.8) if down else (y - inner, y + inner * 0.8)
    pygame.draw.polygon(surface, colour, [(x - inner, base), (x + inner, base), (x, tip)])


def stairs_down(surface: pygame.Surface, centre: Point, size: float) -> None:
    _triangle(surface, centre, size, STAIRS_DOWN, down=True)


def stairs_up(surface: pygame.Surface, centre: Point, size: float) -> None:
    _triangle(surface, centre, size, STAIRS_UP, down=False)


def door(kind: Edge, across: bool = True) -> Mark:
    """A door's mark: a bar along its edge (``across``: the edge runs left to right) — solid
    when closed, two stubs with the gap between them when open, barred when locked."""

    def draw(surface: pygame.Surface, centre: Point, size: float) -> None:
        length, thick = max(12.0, size * 1.3), max(5.0, size * 0.5)
        x, y = centre
        w, h = (length, thick) if across else (thick, length)
        bar = pygame.Rect(0, 0, round(w), round(h))
        bar.center = (round(x), round(y))
        if kind == Edge.OPEN_DOOR:  # the door swung aside: its two ends, the doorway open between
            stub = max(3, round(length * 0.28))
            ends = ([pygame.Rect(bar.left, bar.top, stub, bar.h), pygame.Rect(bar.right - stub, bar.top, stub, bar.h)]
                    if across else
                    [pygame.Rect(bar.left, bar.top, bar.w, stub), pygame.Rect(bar.left, bar.bottom - stub, bar.w, stub)])
            for end in ends:
                surface.fill(EDGE, end.inflate(2, 2))
                surface.fill(DOOR, end)
            return
        surface.fill(EDGE, bar.inflate(2, 2))
        surface.fill(locked_colour() if kind == Edge.LOCKED_DOOR else DOOR, bar)
        if kind == Edge.LOCKED_DOOR:  # a dark bar through its middle: barred
            lock = pygame.Rect(0, 0, 2, bar.h) if across else pygame.Rect(0, 0, bar.w, 2)
            lock.center = bar.center
            surface.fill(EDGE, lock)

    return draw


def item(surface: pygame.Surface, centre: Point, size: float) -> None:
    half = max(5.0, size * 0.5)
    x, y = centre
    pygame.draw.polygon(surface, EDGE, [(x, y - half - 1.5), (x + half + 1.5, y), (x, y + half + 1.5),
                                        (x - half - 1.5, y)])
    pygame.draw.polygon(surface, ITEM, [(x, y - half), (x + half, y), (x, y + half), (x - half, y)])


def disc(colour: Colour | Callable[[], Colour]) -> Mark:
    """A round mark (the island's entrances and gates); ``colour`` may be read when drawn."""

    def draw(surface: pygame.Surface, centre: Point, size: float) -> None:
        radius = max(4.0, size * 0.5)
        pygame.draw.circle(surface, EDGE, centre, radius + 1.5)
        pygame.draw.circle(surface, colour() if callable(colour) else colour, centre, radius)

    return draw


def area(colour: Colour | Callable[[], Colour]) -> Mark:
    """A square of a colour: a kind of room, or what is not yet known."""

    def draw(surface: pygame.Surface, centre: Point, size: float) -> None:
        box = pygame.Rect(0, 0, round(size), round(size))
        box.center = (round(centre[0]), round(centre[1]))
        pygame.draw.rect(surface, palette.PANEL_EDGE, box.inflate(2, 2), 1)
        surface.fill(colour() if callable(colour) else colour, box)

    return draw


def label(surface: pygame.Surface, words: str, colour: Colour = palette.TEXT, size: int = LABEL_TEXT,
          avoid: list[pygame.Rect] | None = None, around: tuple[Point, float] | None = None,
          **where: Point) -> pygame.Rect:
    """``words`` on a dark plate (readable over any ground), placed by one keyword of
    ``pygame.Rect`` (``center=``, ``midtop=``...); returns the plate. With ``around`` (a mark's
    centre and radius) the plate goes under the mark, else over it, right or left of it,
    whichever first keeps clear of the plates in ``avoid``."""
    picture = text.render(words, size, colour)
    if around is not None:
        (cx, cy), r = around
        tries = [{"midtop": (cx, cy + r)}, {"midbottom": (cx, cy - r)}, {"midleft": (cx + r, cy)},
                 {"midright": (cx - r, cy)}]
        where = next((place for place in tries if not _clashes(picture, place, avoid or [])), tries[0])
    box = picture.get_rect(**{k: (round(v[0]), round(v[1])) for k, v in where.items()})
    plate = box.inflate(8, 2)
    backing = pygame.Surface(plate.size, pygame.SRCALPHA)
    backing.fill((*palette.BACKGROUND, 215))
    surface.blit(backing, plate)
    surface.blit(picture, box)
    return plate


def _clashes(picture: pygame.Surface, where: dict[str, Point], plates: list[pygame.Rect]) -> bool:
    box = picture.get_rect(**{k: (round(v[0]), round(v[1])) for k, v in where.items()}).inflate(8, 2)
    return box.collidelist(plates) >= 0


@dataclass
class Entry:
    """One line of the legend: a mark and what it means."""

    words: str
    mark: Mark


def legend_rows(entries: list[Entry], width: int) -> list[list[Entry]]:
    """The entries laid out left to right, wrapped at ``width`` pixels."""
    rows: list[list[Entry]] = [[]]
    used = 0
    for entry in entries:
        need = SWATCH + 6 + text.width_of(entry.words, LEGEND_TEXT) + 18
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0
        rows[-1].append(entry)
        used += need
    return rows


def draw_legend(surface: pygame.Surface, rows: list[list[Entry]], left: int, top: int,
                width: int) -> list[tuple[str, pygame.Rect]]:
    """The legend on a panel; returns each entry's words and the swatch its mark is drawn in."""
    panel = pygame.Rect(left, top, width, len(rows) * LINE + 8)
    surface.fill(palette.PANEL, panel)
    pygame.draw.rect(surface, palette.PANEL_EDGE, panel, 1)
    drawn = []
    for row, entries in enumerate(rows):
        x, y = left + 10, top + 4 + row * LINE
        for entry in entries:
            swatch = pygame.Rect(x, y + (LINE - SWATCH) // 2, SWATCH, SWATCH)
            surface.fill(palette.BACKGROUND, swatch)
            clip = surface.get_clip()
            surface.set_clip(swatch.inflate(8, 6).clip(clip))
            entry.mark(surface, swatch.center, SWATCH - 8)
            surface.set_clip(clip)
            words = text.render(entry.words, LEGEND_TEXT, palette.TEXT)
            surface.blit(words, (swatch.right + 6, y + (LINE - words.get_height()) // 2))
            drawn.append((entry.words, swatch))
            x = swatch.right + 6 + words.get_width() + 18
    return drawn


def legend_height(rows: list[list[Entry]]) -> int:
    return len(rows) * LINE + 8
