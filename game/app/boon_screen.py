"""The choice of a boon (SPEC GRW-1): when a Warden falls and others still stand, three boons
are offered on a page over the island, each with its picture and what it will do; a number key,
a click or a tap takes one. The choice cannot be put off: no other key closes the page (a key
mashed here does nothing), and a run continued with a boon still offered opens the page again.
A screen over the play screen (``game.app.overlay``); ``PlayState.update`` opens it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.overlay import Overlay
from game.app.state import State
from game.app.widgets import overlay_panel
from game.content.boons import BOONS
from game.render import palette, text
from game.render.layout import current
from game.world import boons
from game.world.action import Done

if TYPE_CHECKING:
    from game.app.play import PlayState

ICON = 40
TITLE = "Choose a boon"


def sprite_name(boon: str) -> str:
    return f"boon_{boon}"


class BoonScreen(Overlay):
    """The three boons offered, as big rows; ``rows`` as last drawn, for the pointer."""

    def __init__(self, play: PlayState) -> None:
        super().__init__(play)
        self.rows: list[tuple[pygame.Rect, str]] = []

    @property
    def prompt(self) -> str:
        return "A fallen Warden's boon: " + ("tap one." if current().compact else "choose one (1-3).")

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        offered = self.game.boons.offer
        if event.type == pygame.KEYDOWN and 0 <= event.key - pygame.K_1 < len(offered):
            return self.take(offered[event.key - pygame.K_1], now_ms)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chosen = next((name for box, name in self.rows if box.collidepoint(event.pos)), None)
            return self if chosen is None else self.take(chosen, now_ms)
        self.pass_through(event)
        return self

    def take(self, boon: str, now_ms: float) -> State:
        result = self.play.act(boons.ChooseBoon(boon), now_ms)
        return self.play if isinstance(result, Done) or not self.game.boons.offer else self

    def update(self, now_ms: float) -> State:
        after = self.play.update(now_ms)
        return self if isinstance(after, BoonScreen) or after is self.play else after

    def draw_over(self, surface: pygame.Surface) -> None:
        self.rows = draw_boons(surface, self)


def draw_boons(surface: pygame.Surface, screen: BoonScreen) -> list[tuple[pygame.Rect, str]]:
    """The page: a row per boon offered (its number, picture, name and what it does, wrapped
    to two lines), a finger high at least; returns each row with its boon."""
    offered, phone = screen.game.boons.offer, current().compact
    width = min(720, current().screen_area.width - 20)
    icon_x, words_x = (10, 60) if phone else (34, 86)  # a phone has no number keys: no numbers
    words = {name: text.wrap_within(_sentence(BOONS[name].does), 18, width - 40 - words_x - 10, 3) for name in offered}
    row_h = max(current().tap + 12, 76, 40 + 20 * max((len(lines) for lines in words.values()), default=1))
    height = 66 + 36 + len(offered) * (row_h + 8) + 44
    footer = "Tap a boon to take it." if phone else "Press 1-3 or click a boon to take it."
    panel = overlay_panel(surface, (width, height), TITLE, footer)
    x, y = panel.x + 20, panel.y + 66
    surface.blit(text.render("A Warden has fallen. Take one; the others are gone.", 18, palette.TEXT_DIM), (x, y))
    y += 36
    rows = []
    for index, name in enumerate(offered):
        box = pygame.Rect(x, y + index * (row_h + 8), panel.w - 40, row_h)
        pygame.draw.rect(surface, palette.BACKGROUND, box, border_radius=6)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=6)
        if not phone:
            number = text.render(str(index + 1), 22, palette.TITLE)
            surface.blit(number, number.get_rect(midleft=(box.x + 10, box.centery)))
        surface.blit(screen.app.sprites.icon(sprite_name(name), ICON), (box.x + icon_x, box.centery - ICON // 2))
        surface.blit(text.render(BOONS[name].name, 22, palette.TITLE), (box.x + words_x, box.y + 8))
        for line_no, line in enumerate(words[name]):
            surface.blit(text.render(line, 18, palette.TEXT), (box.x + words_x, box.y + 34 + 20 * line_no))
        rows.append((box, name))
    return rows


def _sentence(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:] + "."
