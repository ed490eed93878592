"""The message archive (``m``, or a phone's messages tapped): every message of the run, newest
at the bottom, over the play screen. Keys, the wheel and a finger scroll it; any other key, or
a tap, closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.keys import LOG_SCROLL
from game.app.overlay import Overlay
from game.app.state import State
from game.app.widgets import DragScroll, overlay_panel
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.world.game import Game


class LogScreen(Overlay):
    """The archive, ``scroll`` lines back from the newest."""

    holds_taps = False  # a finger drags it at once; a tap (a press that hardly moved) closes it

    def __init__(self, play: PlayState) -> None:
        super().__init__(play)
        self.scroll = 0
        self.drag = DragScroll(22)

    def repeats(self, event: pygame.event.Event) -> bool:
        return event.key in LOG_SCROLL

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            lines, tapped = self.drag.handle(event)  # dragged, the archive scrolls; a tap closes it
            self.scroll = max(0, self.scroll + lines)
            return self.play if tapped else self
        if event.type == pygame.KEYDOWN:
            if event.key not in LOG_SCROLL:
                return self.play
            self.scroll = LOG_SCROLL[event.key](self.scroll)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll + 3 * event.y)
        return self

    def draw_over(self, surface: pygame.Surface) -> None:
        self.scroll = draw_log(surface, self.game, self.scroll)


def draw_log(surface: pygame.Surface, game: Game, scroll: int = 0) -> int:
    """The whole message log (``m``), newest at the bottom, ``scroll`` lines back from the end;
    returns the scroll clamped to what there is."""
    phone = current().compact
    panel = overlay_panel(surface, (900, 4000 if phone else 620), "Messages", "Drag to scroll; tap to close"
                          if phone else "PgUp/PgDn, arrows, wheel, Home/End scroll; any other key closes")
    rows: list[tuple[str, tuple[int, int, int]]] = []
    for message, repeats in game.log.last(game.log.limit):
        label = f"[{message.turn}] {message.shown}" + (f" (x{repeats})" if repeats > 1 else "")
        colour = palette.TONE_COLOURS.get(message.shown_tone, palette.TEXT)
        rows.extend((line, colour) for line in text.wrap(label, 22, panel.width - 56))
    room = (panel.height - 110) // 22
    scroll = max(0, min(scroll, len(rows) - room))
    shown = rows[max(0, len(rows) - room - scroll):len(rows) - scroll]
    for i, (line, colour) in enumerate(shown):
        surface.blit(text.render(line, 22, colour), (panel.x + 28, panel.y + 64 + i * 22))
    if len(rows) > room:
        where = text.render(f"{len(rows) - scroll - len(shown) + 1}–{len(rows) - scroll} of {len(rows)} lines",
                            18, palette.TEXT_DIM)
        surface.blit(where, where.get_rect(topright=(panel.right - 24, panel.y + 28)))
    return scroll


