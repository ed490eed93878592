"""The key help page (``?``), drawn from the key table (SPEC UI-1): groups of rows in two columns,
each meaning wrapped to its column, the groups placed so that the taller column is as short as
it can be. Nothing overlaps, whatever the table holds: a row that would run past the panel is
left out rather than drawn over another (``tests/test_help_page.py`` checks that none is)."""

from __future__ import annotations

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

Group = tuple[str, list[tuple[str, list[str]]]]  # a heading and its rows: keys, meaning's lines


def draw_help(surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
    """The key help overlay, over play's map unless ``area`` says otherwise; in one column on a
    narrow (portrait) screen."""
    size = (SIZE[0], 2000) if current().portrait else SIZE  # one tall column: as tall as the screen allows
    panel = overlay_panel(surface, size, "Keys", "Press any key to close", area)
    count = 2 if panel.w >= 700 else 1
    column_w = (panel.w - 2 * SIDE - GAP * (count - 1)) // count
    groups = help_rows()
    font, row = (16, 18) if current().portrait else (FONT, ROW)  # a phone's one column: all of it on the page
    keys_w = max(text.width_of(keys, font) for _, rows in groups for keys, _ in rows) + 16
    laid = [(name, [(keys, text.wrap(meaning, font, column_w - keys_w)) for keys, meaning in rows])
            for name, rows in groups]
    columns = _two_columns(laid) if count == 2 else (laid,)
    bottom = panel.bottom - BOTTOM
    for index, column in enumerate(columns):
        x, y = panel.x + SIDE + index * (column_w + GAP), panel.y + TOP
        for name, rows in column:
            surface.blit(text.render(name, 26, palette.TITLE), (x, y))
            y += HEADING
            for keys, lines in rows:
                if y + row * len(lines) > bottom:
                    break
                surface.blit(text.render(keys, font, palette.TEXT), (x, y))
                for line in lines:
                    surface.blit(text.render(line, font, palette.TEXT_DIM), (x + keys_w, y))
                    y += row
            y += AFTER


def _height(group: Group) -> int:
    return HEADING + ROW * sum(len(lines) for _, lines in group[1]) + AFTER


def _two_columns(groups: list[Group]) -> tuple[list[Group], list[Group]]:
    """The groups in two columns, in their order within each, with the taller column as short as
    can be (the first such split: Move stays top left)."""
    best: tuple[int, tuple[list[Group], list[Group]]] | None = None
    for sides in product((0, 1), repeat=len(groups)):
        if sides and sides[0] == 1:
            continue
        columns: tuple[list[Group], list[Group]] = ([], [])
        for group, side in zip(groups, sides):
            columns[side].append(group)
        tallest = max(sum(map(_height, column)) for column in columns)
        if best is None or tallest < best[0]:
            best = (tallest, columns)
    assert best is not None
    return best[1]
