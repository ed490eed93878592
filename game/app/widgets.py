"""Pieces the screens share: a list of choices driven by keys and mouse, panels, centred lines,
the title's backdrop and name, and the key help page. Imports no screen, so every screen can
use it without import circles."""

from __future__ import annotations

import pygame

from game.paths import asset
from game.render import palette, scaling, surfaces, text
from game.render.layout import current

MOVE_UP = (pygame.K_UP, pygame.K_w, pygame.K_k, pygame.K_KP8)
MOVE_DOWN = (pygame.K_DOWN, pygame.K_s, pygame.K_j, pygame.K_KP2)
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def screen_area() -> pygame.Rect:
    """Where a panel goes over the title's backdrop: the middle of the screen."""
    return current().screen_area


def map_area() -> pygame.Rect:
    """Where a panel goes over play: the middle of the map, never over the sidebar's text (in
    portrait the map is too small for a page: the whole screen)."""
    layout = current()
    return layout.screen_area if layout.portrait else layout.map_area


def centre_x() -> int:
    return current().centre_x
DIM = 150
"""How dark the screen behind a panel gets (alpha of black, 0-255)."""


def row_at(rects: list[pygame.Rect], pos: tuple[int, int]) -> int | None:
    """The index of the row under ``pos``, or None."""
    return next((i for i, rect in enumerate(rects) if rect.collidepoint(pos)), None)


class MenuList:
    """A column of choices: ``items`` are ``(key, label)``; ``choose`` gives the key picked."""

    def __init__(self, items: list[tuple[str, str]], top: int, size: int = 36, gap: int = 48,
                 selected: int = 0, cx: int | None = None) -> None:
        """``gap``: from one row's middle to the next's; never less than a finger needs (``Layout.tap``)."""
        self.items, self.top, self.size, self.cx = items, top, size, cx if cx is not None else centre_x()
        self.gap = max(gap, current().tap)
        self.selected = selected
        self.rects: list[pygame.Rect] = []

    def choose(self, event: pygame.event.Event) -> str | None:
        """The key of the item this event picks (Enter, a click), or None; moves the selection."""
        if event.type == pygame.KEYDOWN:
            if event.key in MOVE_UP:
                self.selected = (self.selected - 1) % len(self.items)
            elif event.key in MOVE_DOWN:
                self.selected = (self.selected + 1) % len(self.items)
            elif event.key in CONFIRM:
                return self.items[self.selected][0]
        elif event.type == pygame.MOUSEMOTION:
            self._point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._point(event.pos):
                return self.items[self.selected][0]
        return None

    def _point(self, pos: tuple[int, int]) -> bool:
        row = row_at(self.rects, pos)
        if row is not None:
            self.selected = row
        return row is not None

    def draw(self, surface: pygame.Surface) -> None:
        self.rects = []
        for i, (_, label) in enumerate(self.items):
            chosen = i == self.selected
            picture = text.render(("›  " if chosen else "") + label, self.size, palette.TITLE if chosen else palette.TEXT)
            rect = picture.get_rect(center=(self.cx, self.top + i * self.gap))
            surface.blit(picture, rect)
            row = rect.inflate(60, self.gap - self.size)
            self.rects.append(row.inflate(0, max(0, current().tap - row.height)))  # a finger's height, at least


def dim(surface: pygame.Surface) -> None:
    """Darken the whole picture: what a panel is drawn over."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, DIM))
    surface.blit(veil, (0, 0))


def draw_panel(surface: pygame.Surface, height: int, width: int = 760,
               area: pygame.Rect | None = None) -> pygame.Rect:
    """An opaque panel centred in ``area`` (the screen unless told; no wider than it, less a
    margin), the rest of the picture dimmed behind it; returns its rectangle."""
    area = area if area is not None else screen_area()
    panel = pygame.Rect(0, 0, min(width, area.width - 20), min(height, area.height - 20))
    panel.center = area.center
    dim(surface)
    surface.fill(palette.PANEL, panel)
    pygame.draw.rect(surface, palette.PANEL_EDGE, panel, 2, border_radius=6)
    return panel


def draw_lines(surface: pygame.Surface, lines: list[tuple[str, int, tuple[int, int, int]]], top: int,
               width: int = 700, cx: int | None = None) -> int:
    """Lines centred on ``cx`` (the screen's middle unless told), each wrapped to ``width`` (no
    wider than the screen, less a margin); returns the y below the last."""
    y, cx, width = top, cx if cx is not None else centre_x(), min(width, current().size[0] - 40)
    for line, size, colour in lines:
        for part in text.wrap(line, size, width) if line else [""]:
            picture = text.render(part, size, colour)
            surface.blit(picture, picture.get_rect(midtop=(cx, y)))
            y += size + 8
        y += 6
    return y


BACKDROP = ("backdrop.png",)
"""The title's backdrop under ``assets/`` (made by ``game.tools.backdrop``)."""


def draw_title(surface: pygame.Surface) -> None:
    """The game's name and motto, centred near the top (the title and loading screens)."""
    cx, narrow = centre_x(), current().portrait
    title = text.render("THRESHOLD", 64 if narrow else 96, palette.TITLE)
    surface.blit(title, title.get_rect(center=(cx, 150 if narrow else 200)))
    subtitle = text.render("a roguelike of thin walls and closed doors", 22 if narrow else 28, palette.TEXT_DIM)
    surface.blit(subtitle, subtitle.get_rect(center=(cx, 200 if narrow else 262)))


_BACKDROPS: dict[tuple[int, int], pygame.Surface] = {}


def backdrop() -> pygame.Surface:
    """The title's backdrop picture at the screen's size (made once): its middle, as tall as the
    screen's shape allows, scaled to fit; plain background if the file is missing or broken."""
    size = current().size
    if size not in _BACKDROPS:
        picture = surfaces.opaque(size)
        picture.fill(palette.BACKGROUND)
        try:
            image = pygame.image.load(str(asset(*BACKDROP)))
            w, h = image.get_size()
            crop = pygame.Rect(0, 0, min(w, h * size[0] // size[1]), min(h, w * size[1] // size[0]))
            crop.center = (w // 2, h // 2)
            image = image.subsurface(crop)
            if image.get_size() != size:  # the file is made at 1280x720; another needs scaling
                image = scaling.smoothscale(image, size)  # the same pixels in the browser
            picture.blit(image, (0, 0))
        except (pygame.error, FileNotFoundError, OSError, ValueError):
            pass  # the menu still works on a plain background
        _BACKDROPS[size] = picture
    return _BACKDROPS[size]


def overlay_panel(surface: pygame.Surface, size: tuple[int, int], title: str, footer: str,
                  area: pygame.Rect | None = None) -> pygame.Rect:
    """An opaque panel centred in ``area`` (play's map, unless told) with a title and a footer
    line, the rest dimmed behind it; returns its rectangle."""
    area = area if area is not None else map_area()
    panel = draw_panel(surface, size[1], size[0], area)
    surface.blit(text.render(title, 38, palette.TITLE), (panel.x + 28, panel.y + 18))
    note = text.render(footer, 22, palette.TEXT_DIM)
    surface.blit(note, note.get_rect(midbottom=(panel.centerx, panel.bottom - 12)))
    return panel
