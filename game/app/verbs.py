"""Noun, then verb (SPEC UI-2, UI-3): clicking or tapping a thing offers what can be done to it.

A small menu opens beside the pointer (on a phone, over the sidebar, its rows a finger high:
it hides nothing on the map); a click, a tap or a number key picks a verb, and anything else
closes it. The play screen fills it: a monster out of reach offers throwing
and firing at it and walking to it; yourself (with nothing to pick up and no stairs here)
offers waiting, resting, exploring and closing a door beside you; an inventory slot, an item
on the floor and a door offer theirs (``game.app.play_items``). The menu is shown by a screen
of its own over the play screen (``VerbScreen``); a verb answers the screen that comes next (a
verb that only acts answers nothing: the play screen comes back).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.app.overlay import Overlay
from game.app.state import State
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.render.camera import Camera

Verb = tuple[str, Callable[[], object]]
"""A verb's words and what it does: it may answer the next screen (aiming, a question)."""

ROW = 30
WIDTH = 260
MAX_WIDTH = 520


@dataclass
class VerbMenu:
    title: str
    verbs: list[Verb]
    at: tuple[int, int]
    rects: list[pygame.Rect] = field(default_factory=list)

    @property
    def row(self) -> int:
        return max(ROW, current().tap + 4)

    @property
    def width(self) -> int:
        """As wide as its longest row needs (a choice says what it will do), within ``MAX_WIDTH``."""
        longest = max([text.width_of(f"9  {label}", 20) for label, _ in self.verbs] + [text.width_of(self.title, 20)])
        return max(WIDTH, min(MAX_WIDTH, longest + 32))

    @property
    def box(self) -> pygame.Rect:
        layout = current()
        height = self.row * (len(self.verbs) + 1) + 8
        if layout.compact:
            area = pygame.Rect(layout.sidebar_rect)
            box = pygame.Rect(0, 0, min(area.width - 16, 420), height)
            box.midbottom = (area.centerx, area.bottom - 8)
        else:
            box = pygame.Rect(self.at[0] + 12, self.at[1] - 10, self.width, height)
        box.clamp_ip(layout.screen_area)
        return box

    def beside(self, camera: Camera) -> None:
        """Where the menu opens as the map is drawn now: by the pointer, where it was (a question
        opens by the tile it asks about: ``game.app.question``)."""

    def choose(self, event: pygame.event.Event) -> Callable[[], object] | None | bool:
        """The verb an event picks; ``False`` when it closes the menu without one; ``None`` to ignore."""
        if event.type == pygame.KEYDOWN:
            index = event.key - pygame.K_1
            if 0 <= index < len(self.verbs):
                return self.verbs[index][1]
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, (_, verb) in zip(self.rects, self.verbs):
                if rect.collidepoint(event.pos):
                    return verb
            return False
        return None

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, palette.TITLE, box, 1, border_radius=6)
        step, phone = self.row, current().compact
        title = text.render(text.fit(self.title, 20, box.width - 24), 20, palette.TEXT_DIM)
        surface.blit(title, title.get_rect(midleft=(box.x + 12, box.y + 4 + step // 2)))
        self.rects = []
        for i, (label, _) in enumerate(self.verbs):
            row = pygame.Rect(box.x + 4, box.y + 6 + step * (i + 1), box.width - 8, step - 2)
            pygame.draw.rect(surface, palette.BACKGROUND, row, border_radius=4)
            words = text.render(label if phone else f"{i + 1}  {label}", 20, palette.TEXT)  # a phone: no number keys
            surface.blit(words, words.get_rect(midleft=(row.x + 8, row.centery)))
            self.rects.append(row)


class VerbScreen(Overlay):
    """A menu of verbs (or a question before harm) over the play screen: a verb picked does its
    deed and answers the next screen; anything else that the menu takes closes it."""

    def __init__(self, play: PlayState, menu: VerbMenu) -> None:
        super().__init__(play)
        self.menu = menu

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        choice = self.menu.choose(event)
        if choice is None:
            self.pass_through(event)
            return self
        if choice is False or choice is True:
            return self.play
        after = choice()
        return after if isinstance(after, State) else self.play

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.play.camera is not None:
            self.menu.beside(self.play.camera)  # a question: by its tile, wherever the map has slid
        self.menu.draw(surface)
