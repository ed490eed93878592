"""A yes/no question on the play screen before a step that will hurt (SPEC UI-7).

It is a menu of two verbs (``game.app.verbs``), so keys, clicks and taps answer it the way they
answer every menu of the play screen: its rows, or their number keys (``1`` is yes); ``n``,
Esc, any other key or a click anywhere else is no, with no turn spent. ``y`` is not yes: it is
also the vi keys' step north-west, which a player walking that way would press again. It opens beside the
tile the step goes to, on the side away from the player (on a phone, over the sidebar, its
rows a finger high), and says the harm in a few whole lines: "The alien bug will sting you
for 4 to 7; ... Attack it anyway?"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.app.verbs import VerbMenu
from game.render import palette, text
from game.render.layout import current
from game.world.harm import Harm

if TYPE_CHECKING:
    from game.render.camera import Camera

SIZE = 20
NO = "No"


@dataclass
class Question(VerbMenu):
    WIDTH: ClassVar[int] = 360  # wider than a verb menu: the question is a sentence or two
    tile: tuple[int, int] | None = None  # the tile the step goes to: the question opens beside it
    left: bool = False  # on its left (the step goes west: the player is on its right)

    @classmethod
    def before(cls, harm: Harm, yes: Callable[[], object], at: tuple[int, int]) -> Question:
        """The question ``harm`` asks, ``yes`` taking the step all the same."""
        return cls(harm.question, [(harm.anyway, yes), (NO, lambda: None)], at)

    def beside(self, camera: Camera) -> None:
        """Open beside ``tile`` as ``camera`` shows it now, on the side away from the player."""
        if self.tile is not None:
            ox, oy = camera.tile_origin(*self.tile)
            self.at = (ox - self.WIDTH - 24, oy) if self.left else (ox + camera.tile, oy)

    @property
    def lines(self) -> list[str]:
        return text.wrap(self.title, SIZE, self.width - 24)

    @property
    def width(self) -> int:
        layout = current()
        return min(layout.sidebar_rect[2] - 16, 420) if layout.compact else self.WIDTH

    @property
    def box(self) -> pygame.Rect:
        layout = current()
        height = self.row * len(self.verbs) + 22 * len(self.lines) + 20
        box = pygame.Rect(0, 0, self.width, height)
        if layout.compact:
            area = pygame.Rect(layout.sidebar_rect)
            box.midbottom = (area.centerx, area.bottom - 8)
        else:
            box.topleft = (self.at[0] + 12, self.at[1] - 10)
        box.clamp_ip(layout.screen_area)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, palette.TONE_COLOURS["bad"], box, 2, border_radius=6)
        y = box.y + 8
        for line in self.lines:
            surface.blit(text.render(line, SIZE, palette.TEXT), (box.x + 12, y))
            y += 22
        phone, keys = current().compact, ("", "  (n, Esc)")
        self.rects = []
        for i, (label, _) in enumerate(self.verbs):
            row = pygame.Rect(box.x + 4, y + 4 + self.row * i, box.width - 8, self.row - 2)
            pygame.draw.rect(surface, palette.BACKGROUND, row, border_radius=4)
            words = label if phone else f"{i + 1}  {label}{keys[i]}"  # a phone: no keys to name
            shown = text.render(words, SIZE, palette.TEXT)
            surface.blit(shown, shown.get_rect(midleft=(row.x + 8, row.centery)))
            self.rects.append(row)
