"""The key help page (``?``), drawn from the key table (SPEC UI-1): groups of rows in two columns,
each meaning wrapped to its column, the groups placed so that the taller column is as short as
it can be. Nothing overlaps, whatever the table holds, and nothing is left out: what does not fit
the screen (a phone's) goes on a next page, a key or a tap away (``HelpPages``;
``tests/app/test_help_page.py`` checks every row is drawn once, and none over another).

On a phone (``touch_screen``) the page starts with the touch controls and says "Tap to close"."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import pygame

from game.app.keys import help_rows
from game.app.widgets import overlay_panel
from game.render import palette, text
from game.render.layout import current

SIZE = (940, 660)
TOP, BOTTOM, SIDE, GAP = 74, 44, 28, 36  # the panel's margins, and between the columns
HEADING, ROW, AFTER = 30, 22, 10  # a group's heading, a line, the space after a group
FONT = 22
PHONE_FONT, PHONE_ROW = 16, 18  # a phone's one column: as much of it on a page as can be

Row = tuple[str, list[str]]  # keys, and the lines of their meaning
Group = tuple[str, list[Row]]  # a heading and its rows
Column = list[Group]


def touch_screen() -> bool:
    """Whether the screen is a phone's (upright, or a layout made for taps): the help speaks of
    taps and describes the touch controls first."""
    layout = current()
    return layout.portrait or layout.tap > 0


def draw_help(surface: pygame.Surface, area: pygame.Rect | None = None, page: int | None = None) -> int:
    """The key help overlay, over play's map unless ``area`` says otherwise; in one column on a
    narrow (portrait) screen. Draws page ``page`` (the last if there are fewer) of the pages the
    help takes on this screen, and returns how many pages it takes. A caller that turns no pages
    (``page`` None) gets the first, its footer saying only how to close it."""
    phone = touch_screen()
    size = (SIZE[0], 2000) if current().portrait else SIZE  # one tall column: as tall as the screen allows
    panel = overlay_panel(surface, size, "Help" if phone else "Keys", "", area)
    count = 2 if panel.w >= 700 else 1
    column_w = (panel.w - 2 * SIDE - GAP * (count - 1)) // count
    groups = help_rows(touch=phone)
    font, row = (PHONE_FONT, PHONE_ROW) if current().portrait else (FONT, ROW)
    keys_w = max(text.width_of(keys, font) for _, rows in groups for keys, _ in rows) + 16
    laid = [(name, [(keys, text.wrap(meaning, font, column_w - keys_w)) for keys, meaning in rows])
            for name, rows in groups]
    pages = paged(laid, count, panel.h - TOP - BOTTOM, row)
    turning, page = page is not None, min(max(page or 0, 0), len(pages) - 1)
    for index, column in enumerate(pages[page]):
        x, y = panel.x + SIDE + index * (column_w + GAP), panel.y + TOP
        for name, rows in column:
            surface.blit(text.render(name, 26, palette.TITLE), (x, y))
            y += HEADING
            for keys, lines in rows:
                surface.blit(text.render(keys, font, palette.TEXT), (x, y))
                for line in lines:
                    surface.blit(text.render(line, font, palette.TEXT_DIM), (x + keys_w, y))
                    y += row
            y += AFTER
    note = text.render(_footer(phone, page, len(pages) if turning else 1), 22, palette.TEXT_DIM)
    surface.blit(note, note.get_rect(midbottom=(panel.centerx, panel.bottom - 12)))
    return len(pages)


def _footer(phone: bool, page: int, pages: int) -> str:
    """"Tap to close", "Press any key to close", or how to turn the page."""
    if page + 1 < pages:
        return f"Tap for more ({page + 1} of {pages})" if phone else f"Any key: more ({page + 1} of {pages}). Esc: close"
    return "Tap to close" if phone else "Press any key to close"


def paged(groups: list[Group], count: int, height: int, row: int = ROW) -> list[list[Column]]:
    """The groups on pages of ``count`` columns no taller than ``height``: on one page when they
    fit (in two columns, balanced), else flowed column after column, a group split between
    columns repeating its heading."""
    if count == 2:
        columns = _two_columns(groups, row)
        if max(sum(_height(group, row) for group in column) for column in columns) - AFTER <= height:
            return [list(columns)]
    flowed = _flowed(groups, height, row)
    return [flowed[start:start + count] for start in range(0, len(flowed), count)]


def _flowed(groups: list[Group], height: int, row: int) -> list[Column]:
    columns: list[Column] = [[]]
    used = 0
    for name, rows in groups:
        part: list[Row] = []
        for keys, lines in rows:
            need = row * len(lines) + (0 if part else HEADING)
            if used + need > height and (columns[-1] or part):  # the next column (a row never splits)
                if part:
                    columns[-1].append((name, part))
                columns.append([])
                part, used = [], 0
                need = row * len(lines) + HEADING
            part.append((keys, lines))
            used += need
        columns[-1].append((name, part))
        used += AFTER
    return columns


def _height(group: Group, row: int = ROW) -> int:
    return HEADING + row * sum(len(lines) for _, lines in group[1]) + AFTER


def _two_columns(groups: list[Group], row: int = ROW) -> tuple[Column, Column]:
    """The groups in two columns, in their order within each, with the taller column as short as
    can be (the first such split: Move stays top left)."""
    best: tuple[int, tuple[Column, Column]] | None = None
    for sides in product((0, 1), repeat=len(groups)):
        if sides and sides[0] == 1:
            continue
        columns: tuple[Column, Column] = ([], [])
        for group, side in zip(groups, sides):
            columns[side].append(group)
        tallest = max(sum(_height(group, row) for group in column) for column in columns)
        if best is None or tallest < best[0]:
            best = (tallest, columns)
    assert best is not None
    return best[1]


@dataclass
class HelpPages:
    """The help while it is open: which page, and how many there were when last drawn."""

    page: int = 0
    pages: int = 1

    def turn(self, event: pygame.event.Event) -> bool:
        """A key or a tap on the help: the next page; True when it closes the help instead (on
        the last page, or Esc)."""
        if self.page + 1 >= self.pages or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            return True
        self.page += 1
        return False

    def draw(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        self.pages = draw_help(surface, area, self.page)
