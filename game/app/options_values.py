"""How the options screen (``game.app.options_screen``) draws a row's value at the row's right
end: a volume's between its two arrows, a switch's on or off, a choice's words, the daily
board's address (and the box it is typed in); each in a column under the volumes' values, moved
right as far as the row's label needs, never past the row's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.settings import CHOICES, Settings
from game.render import palette, text

if TYPE_CHECKING:
    from game.app.options_board import BoardRow

Colour = tuple[int, int, int]
TOGGLES = ("muted", "reduce_motion", "colour_blind", "explore_fights")
CHOICE_WORDS = {"sight": {"room": "by the room", "tile": "by the tile"}}
"""Options that are one of a few words (``game.app.settings.CHOICES``), as the screen says them."""
ARROW = 40  # the width of a volume's clickable arrows
SPREAD, COMPACT_SPREAD = 42, 30  # from a volume's value's middle to its arrows (a phone's rows are narrow)


def value_width(name: str, settings: Settings, size: int, spread: int) -> int:
    """The least room the value of row ``name`` takes at its right end (the board's: what is left)."""
    if name.endswith("volume"):
        return 2 * ARROW + 2 * spread
    if name in CHOICES:
        return text.width_of(CHOICE_WORDS[name][getattr(settings, name)], size)
    if name in TOGGLES:
        return text.width_of("off", size)
    return 0


def draw_value(surface: pygame.Surface, name: str, settings: Settings, board: BoardRow, row: pygame.Rect,
               colour: Colour, label_right: int, size: int, spread: int,
               blink: int) -> tuple[pygame.Rect, pygame.Rect] | None:
    """Row ``name``'s value, clear of its label (which ends at ``label_right``); a volume's two
    arrows, for clicks."""
    if name.endswith("volume"):
        volume = getattr(settings, name)
        right = pygame.Rect(row.right - ARROW, row.y, ARROW, row.height)
        value = text.render(f"{round(volume * 100)} %", size, colour)
        value_rect = value.get_rect(center=(right.x - spread, row.centery))
        left = pygame.Rect(value_rect.centerx - spread - ARROW, row.y, ARROW, row.height)
        for rect, direction, usable in ((left, -1, volume > 0.0), (right, 1, volume < 1.0)):
            _triangle(surface, rect.center, direction, colour if usable else palette.TEXT_DIM)
        surface.blit(value, value_rect)
        return left, right
    if name == "board":
        _draw_board(surface, board, row, label_right, size, spread, blink)
        return None
    words, tone = "", palette.TITLE
    if name in CHOICES:
        words = CHOICE_WORDS[name][getattr(settings, name)]
    elif name in TOGGLES:
        on = getattr(settings, name)
        words, tone = ("on", palette.TITLE) if on else ("off", palette.TEXT_DIM)
    if words:
        value = text.render(words, size, tone)
        surface.blit(value, _placed(value, row, label_right, spread))
    return None


def _draw_board(surface: pygame.Surface, board: BoardRow, row: pygame.Rect, label_right: int, size: int,
                spread: int, blink: int) -> None:
    """The board's address in the room its label leaves; while it is typed, its end and the caret in a box."""
    room = row.right - 8 - (label_right + 16)
    typing = board.typing
    if typing is None:
        value = board.value()
        picture = text.render(text.fit(value, size, room), size, palette.TEXT_DIM if value == "none" else palette.TITLE)
        surface.blit(picture, _placed(picture, row, label_right, spread))
        return
    caret = "|" if blink % 2 == 0 else " "
    shown = typing
    while shown and text.width_of("…" + shown + caret, size) > room:
        shown = shown[1:]
    box = pygame.Rect(row.right - room - 8, row.y + 4, room + 8, row.height - 8)
    pygame.draw.rect(surface, palette.BACKGROUND, box, border_radius=4)
    pygame.draw.rect(surface, palette.TITLE, box, 2, border_radius=4)
    picture = text.render(("…" if shown != typing else "") + shown + caret, size, palette.TEXT)
    surface.blit(picture, picture.get_rect(midright=(row.right - 8, row.centery)))


def _placed(value: pygame.Surface, row: pygame.Rect, label_right: int, spread: int) -> pygame.Rect:
    """Where a row's value goes: under a volume's value, or further right to clear the row's
    label (``label_right``), but never past the row's end."""
    rect = value.get_rect(center=(row.right - ARROW - spread, row.centery))
    rect.x = max(rect.x, label_right + 16)
    rect.right = min(rect.right, row.right - 8)
    return rect


def draw_more(surface: pygame.Surface, centre: tuple[int, int], direction: int) -> pygame.Rect:
    """A small arrow head up (-1) or down (1): rows above or below those shown. Its tap area."""
    x, y = centre
    points = [(x, y + 6 * direction), (x - 8, y - 5 * direction), (x + 8, y - 5 * direction)]
    pygame.draw.polygon(surface, palette.TITLE, points)
    return pygame.Rect(x - 22, y - 22, 44, 44)


def _triangle(surface: pygame.Surface, centre: tuple[int, int], direction: int, colour: Colour) -> None:
    """A small arrow head pointing left (-1) or right (1): the font has no ◂ ▸."""
    x, y = centre
    points = [(x + 6 * direction, y), (x - 5 * direction, y - 8), (x - 5 * direction, y + 8)]
    pygame.draw.polygon(surface, colour, points)
