"""Pieces of the sidebar kept as pictures between redraws: the sidebar is drawn again every turn,
and most of it is what it was (a phone's block of buttons, its row of slots). A kept piece is
drawn once for what it shows (its key) and where, then copied, with the texts and taps it
recorded; in the browser a copy costs far less than its text, icons and rounded boxes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.render.hud import Hud

Records = tuple[list, ...]
"""What a piece added to the hud's ``texts``, ``targets``, ``badges`` and ``hovers``."""


class KeptPieces:
    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, pygame.Rect, pygame.Surface, Records]] = {}

    def draw(self, hud: Hud, surface: pygame.Surface, name: str, key: Hashable, area: pygame.Rect,
             draw: Callable[[], None]) -> None:
        """The piece ``name`` within ``area`` of ``surface`` (the hud's, freshly filled): copied
        when drawn last for the same ``key`` in the same ``area``, else drawn by ``draw`` (which
        draws only within ``area``) and kept."""
        kept = self._kept.get(name)
        lists: Records = (hud.texts, hud.targets, hud.badges, hud.hovers)
        if kept is not None and kept[0] == key and kept[1] == area:
            surface.blit(kept[2], area)
            for into, records in zip(lists, kept[3]):
                into.extend(records)
            return
        before = [len(records) for records in lists]
        draw()
        added: Records = tuple(records[start:] for records, start in zip(lists, before))
        self._kept[name] = (key, pygame.Rect(area), surface.subsurface(area).copy(), added)

