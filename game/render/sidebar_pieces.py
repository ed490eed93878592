"""Pieces of the sidebar kept as pictures between redraws: the sidebar is drawn again every turn,
and most of it is what it was (a phone's block of buttons, its row of slots, the place's name). A
kept piece is drawn once for what it shows (its key) and where, with the texts and taps it
recorded; in the browser its text, icons and rounded boxes cost far more than keeping them.

A redraw either starts afresh (the caller fills the whole surface, and a piece unchanged is
copied from its kept picture) or, when every piece lies where it lay the last time
(``begin``'s layout), in place: a piece unchanged is left as it is on the surface, and only a
piece that changed has its area filled and is drawn again. A phone's sidebar is redrawn so: a
turn mostly changes its count and a message, and the rest (a dozen lines of text, the list of
what is in view) cost a phone's browser more than the frame could spare.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from game.render import palette

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


class KeptPieces:
    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, pygame.Rect, pygame.Surface, Records]] = {}
        self._layout: Hashable | None = None
        self.in_place = False
        """Whether this redraw leaves the pieces unchanged as they are on the surface (``begin``)."""
        self.changed: list[pygame.Rect] | None = None
        """A redraw in place: the areas it drew again (nothing else of the surface changed); None:
        the redraw started afresh."""

    def begin(self, layout: Hashable | None = None) -> bool:
        """Start a redraw; True when the caller must fill the surface afresh. ``layout``: where
        every piece of this redraw lies; the same as the last redraw's, the redraw is made in
        place. None (the desktop's sidebar): always afresh."""
        self.in_place = layout is not None and layout == self._layout
        self._layout = layout
        self.changed = [] if self.in_place else None
        return not self.in_place

    def draw(self, hud: Hud, surface: pygame.Surface, name: str, key: Hashable, area: pygame.Rect,
             draw: Callable[[], object]) -> None:
        """The piece ``name`` within ``area`` of ``surface`` (the hud's): when drawn last for the
        same ``key`` in the same ``area``, left as it is (in place) or copied (afresh), else drawn by
        ``draw`` (which draws only within ``area``, on the panel's colour) and kept."""
        kept = self._kept.get(name)
        lists: Records = (hud.texts, hud.targets, hud.badges, hud.hovers)
        if kept is not None and kept[0] == key and kept[1] == area:
            if not self.in_place:
                surface.blit(kept[2], area)
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
