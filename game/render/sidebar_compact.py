"""The sidebar of a phone's layouts (SPEC REN-5): under the map on a phone held upright, beside
it on one turned on its side.

It has less room than the desktop's sidebar and is tapped, not clicked, so it keeps what a turn
needs: where you are, the seed, health, what lies here, what is in view, the newest messages;
the slots' icons and counts (``sidebar_slots``: a tap offers a slot's verbs); and a block of big
buttons (``BUTTONS``), each at least ``Layout.tap`` high and wide. One of those, ``pack``, opens
the inventory as a page of big rows (``game.app.pack``); a tap on the messages opens the whole
archive. Its text is never smaller
than the layout's least size.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.render import palette, sidebar_log, text
from game.render import sidebar_in_view as in_view
from game.render import sidebar_slots as slots
from game.render.layout import current

if TYPE_CHECKING:
    from game.render.hud import Hud
    from game.world.game import Game

BUTTONS = (("explore", "explore"), ("wait", "wait"), ("stairs", "descend"), ("pack", "pack"),
           ("map", "zoom"), ("menu", "menu"))
PAD = 16  # the text's margin, as the desktop sidebar's (``hud.PAD``)
MARGIN = 10  # the buttons'
GAP = 4
BOTTOM = 6  # under the buttons
TEXT = 18
MIN_LOG_LINES = 2
"""The log keeps this many lines at least: fewer than the desktop's three, so that what is in
view is always listed (at least a row of it, then "and N more")."""


def line_height(size: int = TEXT) -> int:
    """From one line's top to the next's, for text of ``size`` (or the layout's least)."""
    return text.render("Ag", max(size, text.minimum_size()), (255, 255, 255)).get_height() + 6


def button_grid(width: int) -> tuple[int, int]:
    """Columns and rows of the buttons across ``width``: one row when every button is as wide as
    a finger and its word, else two or three."""
    return _grid(width, max(current().tap, 44), max(TEXT, text.minimum_size()))


@cache
def _grid(width: int, tap: int, size: int) -> tuple[int, int]:
    widest = max(text.width_of(label, size) for label, _ in BUTTONS) + 8
    for columns in (6, 3, 2):
        if (width - 2 * MARGIN - GAP * (columns - 1)) // columns >= max(tap, widest):
            return columns, -(-len(BUTTONS) // columns)
    return 2, 3


def buttons_height(width: int) -> int:
    """The buttons' block: its rows, and the margin under them."""
    _, rows = button_grid(width)
    return rows * max(current().tap, 44) + (rows - 1) * GAP + BOTTOM


def redraw(hud: Hud, game: Game, hover_text: str, prompt: str, here: list[str]) -> None:
    """Draw the compact sidebar into ``hud``'s surface (``Hud._redraw`` on a phone); ``here``:
    the player's vault cell and what lies under the player, as ``here.here_line`` says them.

    From the top: the place and the turn, the seed and the Wardens, a vault's or a deck's lines,
    health, what lies here; from the bottom: the buttons, the slots (in two rows if need be and
    there is room, else one), a question being asked, the pointer's words; between them what is
    in view and the messages. When that leaves the list or the log
    too little room (a crowd, a question of three lines), the seed's line and then the "Here:"
    line give way; the pointer's words keep a line at least (unless a question is asked),
    shortened at a word with "…"."""
    s = hud._surface
    w, h = hud.rect.size
    line, log = line_height(), sidebar_log.line_step()
    s.fill(palette.PANEL)
    if current().portrait:
        pygame.draw.line(s, palette.PANEL_EDGE, (0, 0), (w, 0), 2)
    else:
        pygame.draw.line(s, palette.PANEL_EDGE, (0, 0), (0, h), 2)
    buttons_top = h - buttons_height(w)
    prompt_lines = text.wrap(prompt, TEXT, w - 2 * PAD) if prompt else []
    monsters = in_view.in_view(game)
    listed = 26 + 4 + in_view.sizes().row + (in_view.sizes().more if len(monsters) > 2 else 0) if monsters else 0
    least = 0 if prompt_lines else 1  # a question asked (an aim's) says more than the aim's words
    pointer = line * least if hover_text else 0  # a line kept for the pointer's (or the aim's) words
    wanted = _top_height(game) + listed + 6 + 26 + MIN_LOG_LINES * log + 4 + pointer  # 4: under the log
    slot_rows = slots.rows_needed(game.inventory, w)  # every slot, unless that leaves too little room:
    while slot_rows and buttons_top - slots.height(slot_rows) - line * len(prompt_lines) < wanted:
        slot_rows -= 1  # one row, its last cell "+N"; none (a crowd, and a question asked): the pack button
    slots_top = buttons_top - slots.height(slot_rows)
    footer = (slots_top if slot_rows else buttons_top - 4) - line * len(prompt_lines)  # the slots' row has its gap
    spare = footer - wanted
    seed_line, here_line = spare >= line + (line if here else 0), bool(here) and spare >= line
    y = 6
    turn = hud._put(s, f"Turn {game.turn}", TEXT, palette.TEXT_DIM, (w - PAD, y + 2), right=True)
    hud._put(s, game.place_name, 22, palette.TEXT, (PAD, y), turn.left - 8 - PAD)
    y += line_height(22)
    if seed_line:
        fallen = sum(game.world.defeated)
        hud._put(s, f"{game.heading}  ·  Wardens {fallen}/{game.world.regions}", 16, palette.TEXT_DIM, (PAD, y))
        y += line
    y = hud._draw_vault(s, game, y)
    y = hud._draw_air(s, game, y)
    y = hud._draw_health(s, game, y, w)
    if here_line:
        hud._put(s, f"Here: {', '.join(here)}", TEXT, palette.TEXT, (PAD, y))
        y += line
    if monsters:
        room = footer - (y + 4) - (8 + 26 + MIN_LOG_LINES * log) - pointer
        shown = in_view.plan(len(monsters), room)
        if not shown.shown:  # never hidden: one row of two, and how many more
            shown = in_view.Plan(min(2, len(monsters)), 2 if len(monsters) > 1 else 1, len(monsters))
        y = hud._section(s, "IN VIEW", y + 4, w)
        y, hud.badges = in_view.draw(s, hud._put, hud.sprites, game, monsters, shown, PAD, y, w - 2 * PAD, hud.away)
    messages_top = y + 6
    y = hud._section(s, "MESSAGES", messages_top, w)
    most = 2  # at most two lines; one when the messages need the room (none only under a question)
    while most > least and footer - line * most - 4 < y + MIN_LOG_LINES * log:
        most -= 1
    hover_lines = text.wrap_within(hover_text, 16, w - 2 * PAD, most) if hover_text else []
    footer_top = footer - line * len(hover_lines)
    sidebar_log.draw(hud, s, game, y, footer_top - 4, w)
    hud.targets.append((pygame.Rect(0, messages_top, w, footer_top - messages_top).move(hud.rect.topleft), "log"))
    y = footer_top
    for words in hover_lines:
        hud._put(s, words, 16, palette.HOVER, (PAD, y))
        y += line
    for words in prompt_lines:
        hud._put(s, words, TEXT, palette.TITLE, (PAD, y))
        y += line
    look = (palette.generation, current().tap, text.minimum_size())
    hud.pieces.draw(hud, s, "slots", (look, slots.shown(game, w, slot_rows)),
                    pygame.Rect(0, slots_top, w, slots.height(slot_rows)),
                    lambda: slots.draw(hud, s, game, slots_top, w, slot_rows))
    hud.pieces.draw(hud, s, "buttons", look, pygame.Rect(0, buttons_top, w, h - buttons_top),
                    lambda: _draw_buttons(hud, s, buttons_top, w))


def _top_height(game: Game) -> int:
    """The height of the lines always at the top: the place, a vault's or a deck's lines, health."""
    height = 6 + line_height(22) + 24
    if game.floor.vault_state is not None:
        height += 46
    if game.floor.ship_state is not None:
        height += 24
    return height


def _draw_buttons(hud: Hud, s: pygame.Surface, top: int, w: int) -> None:
    """The big buttons in a grid across the width, each ``Layout.tap`` high at least."""
    columns, _ = button_grid(w)
    width = (w - 2 * MARGIN - GAP * (columns - 1)) // columns
    height = max(current().tap, 44)
    for index, (label, command) in enumerate(BUTTONS):
        column, row = index % columns, index // columns
        box = pygame.Rect(MARGIN + column * (width + GAP), top + row * (height + GAP), width, height)
        pygame.draw.rect(s, palette.BACKGROUND, box, border_radius=6)
        pygame.draw.rect(s, palette.PANEL_EDGE, box, 1, border_radius=6)
        hud._put(s, label, TEXT, palette.TEXT, box.topleft, box.width - 4, centre=box, over=None)
        hud.targets.append((box.move(hud.rect.topleft), command))
