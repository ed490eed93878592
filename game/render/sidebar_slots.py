"""A phone's row of slots (SPEC ITM-2, REN-5): the compact sidebar shows each inventory slot as
an icon with its count, in cells a finger wide and high, just above its buttons; a tap on one
offers that slot's verbs (``slot:N``, as the desktop's rows). When the cells do not fit in the
rows the sidebar can spare, the last one says how many more there are and opens the pack page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.content.items import charged
from game.render import palette, text
from game.render.layout import current
from game.world import charges, magic

if TYPE_CHECKING:
    from game.render.hud import Hud
    from game.world.game import Game
    from game.world.inventory import Inventory

MARGIN = 10  # as the buttons' (``sidebar_compact.MARGIN``)
GAP = 4


def cell_size() -> int:
    """A cell's side: a finger's width and height."""
    return max(current().tap, 44)


def per_row(width: int) -> int:
    """How many cells stand in a row across a sidebar ``width`` wide."""
    return max(1, (width - 2 * MARGIN + GAP) // (cell_size() + GAP))


def rows_needed(inventory: Inventory, width: int) -> int:
    """The rows that show every slot (0 with an empty pack)."""
    return -(-len(inventory.slots) // per_row(width))


def height(rows: int) -> int:
    """How tall ``rows`` rows of cells are, with the gap under them (0 for none)."""
    return rows * (cell_size() + GAP) if rows else 0


def _fitting(inventory: Inventory, width: int, rows: int) -> list[tuple[int, list[Any]]]:
    """The slots (with their indices) that have a cell of their own in ``rows`` rows across
    ``width``: all of them, or all but the last cell's worth, which then says "+N"."""
    room, slots = rows * per_row(width), list(enumerate(inventory.slots))
    return slots if len(slots) <= room else slots[:room - 1]


def shown(game: Game, width: int, rows: int) -> tuple:
    """What ``draw`` shows of the slots in ``rows`` rows across ``width``: each shown slot's
    icon and corner, and how many are not shown (the sidebar keeps the picture while this holds)."""
    fitting = _fitting(game.inventory, width, rows)
    return (tuple((magic.sprite_of(game, kind), _badge(game.inventory, kind, count)) for _, (kind, count) in fitting),
            len(game.inventory.slots) - len(fitting))


def draw(hud: Hud, s: pygame.Surface, game: Game, top: int, width: int, rows: int) -> None:
    """The cells from ``top``, in at most ``rows`` rows: each slot's icon as the player knows it
    (an unknown potion by its colour: ``magic.sprite_of``), and its count when more than one, or
    the charges left of a staff, a wand or a charm (dim when none: the phone has no hover to ask);
    when they do not all fit, the last cell reads "+N" (the pack page)."""
    inventory = game.inventory
    if not rows:
        return
    columns = per_row(width)
    wide = (width - 2 * MARGIN - GAP * (columns - 1)) // columns  # the cells fill the row
    slots, shown = inventory.slots, _fitting(inventory, width, rows)
    size = max(16, text.minimum_size())
    for place, (index, (kind, count)) in enumerate(shown):
        box = _cell(s, place, columns, wide, top, palette.PANEL_EDGE)
        s.blit(hud.sprites.icon(magic.sprite_of(game, kind), box.height - 14), (box.x + 4, box.y + 4))
        badge, colour = _badge(inventory, kind, count)
        if badge:  # bottom right, over the icon's corner, on a backing of its own
            words = text.render(badge, size, colour)
            spot = words.get_rect(bottomright=(box.right - 3, box.bottom - 1))
            pygame.draw.rect(s, palette.BACKGROUND, spot.inflate(4, 0), border_radius=3)
            hud._put(s, badge, size, colour, spot.topleft, over=None)
        hud.targets.append((box.move(hud.rect.topleft), f"slot:{index}"))
    if len(shown) < len(slots):
        box = _cell(s, len(shown), columns, wide, top, palette.TEXT_DIM)
        hud._put(s, f"+{len(slots) - len(shown)}", size, palette.TEXT, box.topleft, box.width - 2, centre=box,
                 over=None)
        hud.targets.append((box.move(hud.rect.topleft), "pack"))


def _badge(inventory: Inventory, kind: str, count: int) -> tuple[str, tuple[int, int, int]]:
    """What a cell's corner says: the charges left of a charged thing (dim at none), else the
    count of a stack of more than one, else nothing."""
    if charged(kind):
        left = charges.charge_of(inventory, kind).left
        return str(left), palette.TEXT if left else palette.TEXT_DIM
    return (str(count), palette.TEXT) if count > 1 else ("", palette.TEXT)


def _cell(s: pygame.Surface, place: int, columns: int, wide: int, top: int,
          outline: tuple[int, int, int]) -> pygame.Rect:
    """The ``place``-th cell (row by row), ``wide`` and a finger high, framed; its rectangle on the sidebar."""
    high = cell_size()
    box = pygame.Rect(MARGIN + (place % columns) * (wide + GAP), top + (place // columns) * (high + GAP), wide, high)
    pygame.draw.rect(s, palette.BACKGROUND, box, border_radius=6)
    pygame.draw.rect(s, outline, box, 1, border_radius=6)
    return box
