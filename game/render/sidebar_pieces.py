"""Pieces of the sidebar kept as pictures between redraws: the sidebar is drawn again every turn,
and most of it is what it was (a phone's block of buttons, its row of slots, the place's name). A
kept piece is drawn once for what it shows (its key) and where, with the texts and taps it
recorded; in the browser its text, icons and rounded boxes cost far more than keeping them.

A redraw either starts afresh (the caller fills the whole surface, and a piece unchanged is
copied from its kept picture) or, while the sidebar's size and look are those of the last
redraw (``begin``'s frame), in place: the areas that pieces left (moved, resized or gone) are
filled, a piece unchanged where it lay is left as it is on the surface, one unchanged but moved
is copied from its picture to its new place, and only a piece that changed is drawn again. A
turn mostly changes the count and a message, and a line that comes or goes ("Here: the stairs
up", a monster in view) moves what lies below it; the rest (a dozen lines of text, the list of
what is in view, the inventory) cost the browser more than the frame could spare.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.render import palette, text

if TYPE_CHECKING:
    from game.render.hud import Hud

Records = tuple[list, ...]
"""What a piece added to the hud's ``texts``, ``targets``, ``badges`` and ``hovers``."""
Piece = tuple[str, Hashable, pygame.Rect, Callable[[], object]]
"""A part of the sidebar: its name, what it shows (its key), its area, and its drawing."""
PAD = 16  # the sidebars' margin (``hud.PAD``)


def text_lines(hud: Hud, name: str, lines: list[str], size: int, colour: tuple[int, int, int], top: int,
               step: int) -> Piece:
    """Lines of text from ``top``, ``step`` apart, as a piece."""
    def draw() -> None:
        for index, words in enumerate(lines):
            hud._put(hud._surface, words, size, colour, (PAD, top + index * step))
    return name, tuple(lines), pygame.Rect(0, top, hud.rect.width, step * len(lines)), draw


@cache
def widest_count(digits: int, size: int) -> int:
    """The widest the turn's count ("Turn 123") is with ``digits`` digits at text ``size``: the
    place's name ends before it, and so stays where it is while the count goes up."""
    return max(text.width_of(f"Turn {digit * digits}", size) for digit in "0123456789")


class KeptPieces:
    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, pygame.Rect, pygame.Surface, Records]] = {}
        self._frame: Hashable | None = None
        self._areas: dict[str, pygame.Rect] = {}  # where each piece lies on the surface now
        self._before: dict[str, pygame.Rect] = {}  # and where each lay before this redraw
        self.in_place = False
        """Whether this redraw leaves the pieces unchanged as they are on the surface (``begin``)."""
        self.changed: list[pygame.Rect] | None = None
        """A redraw in place: the areas it drew again (nothing else of the surface changed); None:
        the redraw started afresh."""

    def begin(self, surface: pygame.Surface, frame: Hashable, areas: dict[str, pygame.Rect]) -> bool:
        """Start a redraw of the pieces named in ``areas``, each to lie in its area (no two
        overlapping); True when the caller must fill ``surface`` afresh: ``frame`` (the sidebar's
        size and look) is not the last redraw's. In place, the areas pieces leave are filled now."""
        self.in_place = frame == self._frame
        self._frame = frame
        left = [area for name, area in self._areas.items() if areas.get(name) != area and area.height and area.width]
        self._before, self._areas = self._areas, dict(areas)
        self.changed = left if self.in_place else None
        for area in self.changed or ():
            surface.fill(palette.PANEL, area)
        return not self.in_place

    def draw(self, hud: Hud, surface: pygame.Surface, name: str, key: Hashable, area: pygame.Rect,
             draw: Callable[[], object]) -> None:
        """The piece ``name`` within ``area`` of ``surface`` (the hud's): when drawn last for the
        same ``key``, left as it is (in place, where it lay) or copied from its picture (afresh, or
        moved), else drawn by ``draw`` (which draws only within ``area``, on the panel's colour) and kept."""
        kept = self._kept.get(name)
        lists: Records = (hud.texts, hud.targets, hud.badges, hud.hovers)
        if kept is not None and kept[0] == key and kept[1].size == area.size:
            if kept[1].topleft != area.topleft:
                dx, dy = area.x - kept[1].x, area.y - kept[1].y
                kept = self._kept[name] = (key, pygame.Rect(area), kept[2], tuple(_shifted(r, dx, dy) for r in kept[3]))
            if not (self.in_place and self._before.get(name) == area):
                surface.blit(kept[2], area)
                if self.changed is not None:
                    self.changed.append(pygame.Rect(area))
            for into, records in zip(lists, kept[3]):
                into.extend(records)
            return
        if self.changed is not None:  # (in place)
            surface.fill(palette.PANEL, area)
            self.changed.append(pygame.Rect(area))
        before = [len(records) for records in lists]
        draw()
        added: Records = tuple(records[start:] for records, start in zip(lists, before))
        self._kept[name] = (key, pygame.Rect(area), surface.subsurface(area).copy(), added)


def _shifted(records: list, dx: int, dy: int) -> list:
    """Records (tuples holding a rectangle: a text's, a tap's, a badge's) moved by ``(dx, dy)``."""
    return [tuple(part.move(dx, dy) if isinstance(part, pygame.Rect) else part for part in record)
            for record in records]
