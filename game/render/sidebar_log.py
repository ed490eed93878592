"""The message log of both sidebars (SPEC REN-6): the newest messages that fit whole, the three
newest bright and older ones dimmed.

The sidebar is redrawn every turn, and most turns say nothing new: the log is kept as a picture
(``sidebar_pieces``) until a message comes or its room changes: laying out its lines again was
a sixth of each redraw of a phone's sidebar (natively, the bot playing a deck), for nothing on
two turns in three.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from game.render import palette, text
from game.render.sidebar_pieces import PAD

if TYPE_CHECKING:
    from game.render.hud import Hud
    from game.world.game import Game

LOG_SIZE = 20
LOG_LINE = 20
NEWEST = 12  # the most messages looked at: more never fit
BRIGHT = 3  # the newest this many are in their full colour, older ones dimmed
DIM = 0.7


def line_step() -> int:
    """From one message line to the next: ``LOG_LINE``, or more when a phone's least text
    size is larger than the log's."""
    least = text.minimum_size()
    if least <= LOG_SIZE:
        return LOG_LINE
    return text.render("Ag", least, palette.TEXT).get_height() + 5


def draw(hud: Hud, s: pygame.Surface, game: Game, top: int, bottom: int, w: int) -> None:
    """The log between ``top`` and ``bottom`` of ``hud``'s surface ``s``, ``w`` wide: each message
    in one shade however many lines it wraps to, never cut at the top; the newest shown even when
    it does not fit whole (its first lines, the last cut with "…")."""
    hud.pieces.draw(hud, s, "log", *piece(hud, s, game, top, bottom, w))


def piece(hud: Hud, s: pygame.Surface, game: Game, top: int, bottom: int, w: int
          ) -> tuple[Hashable, pygame.Rect, Callable[[], None]]:
    """``draw``'s log as a kept piece (``game.render.sidebar_pieces``): its key, area and drawing."""
    look = (id(game.log), game.log.version, palette.generation, text.minimum_size())
    area = pygame.Rect(0, top, w, max(0, bottom - top))
    return look, area, lambda: _draw_lines(hud, s, game, top, bottom, w)


def _draw_lines(hud: Hud, s: pygame.Surface, game: Game, top: int, bottom: int, w: int) -> None:
    step = line_step()
    room = max(0, (bottom - top) // step)
    blocks: list[tuple[list[str], tuple[int, int, int]]] = []
    used = 0
    for age, (message, repeats) in enumerate(reversed(game.log.last(NEWEST))):
        label = message.shown + (f" (x{repeats})" if repeats > 1 else "")
        lines = text.wrap(label, LOG_SIZE, w - 2 * PAD)
        if used + len(lines) > room:
            if not blocks and room:  # the newest, too long for the room left: its start
                lines = lines[:room - 1] + [text.fit(lines[room - 1] + " " + " ".join(lines[room:]), LOG_SIZE,
                                                     w - 2 * PAD)]
            else:
                break
        colour = palette.TONE_COLOURS.get(message.shown_tone, palette.TEXT)
        if age >= BRIGHT:
            colour = (int(colour[0] * DIM), int(colour[1] * DIM), int(colour[2] * DIM))
        blocks.append((lines, colour))
        used += len(lines)
    y = top
    for lines, colour in reversed(blocks):
        for line in lines:
            hud._put(s, line, LOG_SIZE, colour, (PAD, y))
            y += step
