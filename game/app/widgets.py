"""Pieces the screens share: a list of choices driven by keys and mouse, panels, centred lines,
the title's backdrop and name, and the key help page. Imports no screen, so every screen can
use it without import circles."""

from __future__ import annotations

import pygame

from game import __version__
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
    """Where a panel goes over play: the middle of the map, never over the sidebar's text (on a
    phone the map is too small for a page: the whole screen)."""
    layout = current()
    return layout.screen_area if layout.compact else layout.map_area


def centre_x() -> int:
    return current().centre_x


def phone_parts(words_height: int) -> tuple[pygame.Rect, pygame.Rect] | None:
    """On a phone, where a whole-screen page puts its words and where its choices: the words
    ``words_height`` high at the top and the choices under them when it is upright; side by side
    (the words left) on its side. None on the desktop, where each screen places its own."""
    layout = current()
    if not layout.compact:
        return None
    area = layout.screen_area.inflate(-20, -20)
    if layout.portrait:
        words = pygame.Rect(area.x, area.y, area.width, min(words_height, area.height // 2))
        return words, pygame.Rect(area.x, words.bottom, area.width, area.bottom - words.bottom)
    half = area.width // 2
    return pygame.Rect(area.x, area.y, half, area.height), pygame.Rect(area.x + half, area.y, area.width - half,
                                                                       area.height)


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
        self.width = current().size[0] - 40  # the widest a row's words may be (``centre_in`` narrows it)

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

    def centre_in(self, area: pygame.Rect) -> None:
        """Put the rows in the middle of ``area`` (as many as there are now)."""
        self.cx, self.width = area.centerx, area.width - 20
        self.top = area.centery - (len(self.items) - 1) * self.gap // 2

    def _point(self, pos: tuple[int, int]) -> bool:
        row = row_at(self.rects, pos)
        if row is not None:
            self.selected = row
        return row is not None

    def draw(self, surface: pygame.Surface) -> None:
        self.rects = []
        for i, (_, label) in enumerate(self.items):
            chosen = i == self.selected
            words = ("›  " if chosen else "") + label
            size = self.size
            while size > 18 and text.width_of(words, size) > self.width:  # a narrow screen: smaller words
                size -= 2
            picture = text.render(text.fit(words, size, self.width), size, palette.TITLE if chosen else palette.TEXT)
            rect = picture.get_rect(center=(self.cx, self.top + i * self.gap))
            surface.blit(picture, rect)
            row = rect.inflate(60, self.gap - self.size)
            row = row.inflate(0, max(0, current().tap - row.height))  # a finger's height, at least
            self.rects.append(row.clip(current().screen_area))


class DragScroll:
    """A page a finger drags (or the mouse, its button held): how many lines it moves, and
    whether a press was a tap (a press that hardly moved), which closes such a page."""

    TAP_SLOP = 10  # pixels a finger may wander in a tap

    def __init__(self, line: int) -> None:
        self.line = line
        self._down: tuple[int, int] | None = None
        self._travel = 0
        self._carried = 0

    def handle(self, event: pygame.event.Event) -> tuple[int, bool]:
        """Lines to scroll back (positive: toward older lines, the page dragged down) and whether
        ``event`` ends a tap."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down, self._travel, self._carried = event.pos, 0, 0
        elif event.type == pygame.MOUSEMOTION and self._down is not None and event.buttons[0]:
            self._travel += abs(event.rel[1]) + abs(event.rel[0])
            self._carried += event.rel[1]
            lines = int(self._carried / self.line)
            self._carried -= lines * self.line
            return lines, False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._down is not None:
            tapped = self._travel < self.TAP_SLOP
            self._down = None
            return 0, tapped
        return 0, False


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


VERSION_WORDS = f"version {__version__}"
"""How the title, the credits and the end screen name the game's version (``main.py --version``)."""


def draw_version(surface: pygame.Surface, **anchor: tuple[int, int]) -> pygame.Rect:
    """The game's version, small and dim, placed by one anchor of its rectangle (``topright=(x, y)``);
    returns where it went."""
    picture = text.render(VERSION_WORDS, 16, palette.TEXT_DIM)
    rect = picture.get_rect(**anchor)
    surface.blit(picture, rect)
    return rect


BACKDROP = ("backdrop.png",)
"""The title's backdrop under ``assets/`` (made by ``game.tools.backdrop``)."""


def draw_title(surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
    """The game's name and motto, centred near the top (the title and loading screens), or in
    the middle of ``area`` (on a phone), as large as its width allows."""
    motto = "a roguelike of thin walls and closed doors"
    if area is None:
        title = text.render("THRESHOLD", 96, palette.TITLE)
        surface.blit(title, title.get_rect(center=(centre_x(), 200)))
        subtitle = text.render(motto, 28, palette.TEXT_DIM)
        surface.blit(subtitle, subtitle.get_rect(center=(centre_x(), 262)))
        return
    size = next((size for size in (72, 64, 56) if text.width_of("THRESHOLD", size) <= area.width - 20), 40)
    title = text.render("THRESHOLD", size, palette.TITLE)
    motto_lines = text.wrap(motto, 22, area.width - 20)
    top = area.centery - (title.get_height() + 12 + 26 * len(motto_lines)) // 2
    surface.blit(title, title.get_rect(midtop=(area.centerx, top)))
    for index, line in enumerate(motto_lines):
        picture = text.render(line, 22, palette.TEXT_DIM)
        surface.blit(picture, picture.get_rect(midtop=(area.centerx, top + title.get_height() + 12 + 26 * index)))


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
