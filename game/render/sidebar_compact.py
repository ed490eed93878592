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

from functools import cache, partial
from typing import TYPE_CHECKING

import pygame

from game.render import palette, sidebar_log, text
from game.render import sidebar_in_view as in_view
from game.render import sidebar_status as status
from game.render import sidebar_slots as slots
from game.render.layout import current
from game.render.sidebar_pieces import PAD, Piece, text_lines, widest_count

if TYPE_CHECKING:
    from game.render.hud import Hud
    from game.world.game import Game

BUTTONS = (("explore", "explore"), ("wait", "wait"), ("stairs", "descend"), ("pack", "pack"),
           ("map", "zoom"), ("menu", "menu"))
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
    shortened at a word with "…".

    Each part is a kept piece (``sidebar_pieces``): while none moves, a turn draws only those
    that changed (the turn's count, a message), in place."""
    s = hud._surface
    w, h = hud.rect.size
    look = (palette.generation, current().tap, text.minimum_size())
    pieces = _pieces(hud, game, hover_text, prompt, here)
    if hud.pieces.begin(s, (look, w, h, current().portrait), {name: area for name, _, area, _ in pieces}):
        s.fill(palette.PANEL)
    for name, key, area, draw in pieces:
        hud.pieces.draw(hud, s, name, (look, key), area, draw)
    areas = {name: area for name, _, area, _ in pieces}
    messages_top, footer_top = areas["messages"].top, areas["pointer"].top
    hud.targets.append((pygame.Rect(0, messages_top, w, footer_top - messages_top).move(hud.rect.topleft), "log"))
    if current().portrait:  # (last: a piece drawn in place fills its area)
        pygame.draw.line(s, palette.PANEL_EDGE, (0, 0), (w, 0), 2)
    else:
        pygame.draw.line(s, palette.PANEL_EDGE, (0, 0), (0, h), 2)


def _pieces(hud: Hud, game: Game, hover_text: str, prompt: str, here: list[str]) -> list[Piece]:
    """Where each part of the sidebar goes this redraw, what it shows and how it is drawn."""
    s = hud._surface
    w, h = hud.rect.size
    line, log = line_height(), sidebar_log.line_step()
    buttons_top = h - buttons_height(w)
    prompt_lines = text.wrap(prompt, TEXT, w - 2 * PAD) if prompt else []
    monsters = in_view.in_view(game)
    listed = 26 + 4 + in_view.sizes().row + (in_view.sizes().more if len(monsters) > 2 else 0) if monsters else 0
    least = 0 if prompt_lines else 1  # a question asked (an aim's) says more than the aim's words
    pointer = line * least if hover_text else 0  # a line kept for the pointer's (or the aim's) words
    status_lines = (("vault", status.vault_lines(game)), ("air", status.air_lines(game)))
    top_height = 6 + line_height(22) + sum(status.height(lines) for _, lines in status_lines) + 24  # 24: health
    wanted = top_height + listed + 6 + 26 + MIN_LOG_LINES * log + 4 + pointer  # 4: under the log
    slot_rows = slots.rows_needed(game.inventory, w)  # every slot, unless that leaves too little room:
    while slot_rows and buttons_top - slots.height(slot_rows) - line * len(prompt_lines) < wanted:
        slot_rows -= 1  # one row, its last cell "+N"; none (a crowd, and a question asked): the pack button
    slots_top = buttons_top - slots.height(slot_rows)
    footer = (slots_top if slot_rows else buttons_top - 4) - line * len(prompt_lines)  # the slots' row has its gap
    spare = footer - wanted
    seed_line, here_line = spare >= line + (line if here else 0), bool(here) and spare >= line
    pieces = _top(hud, game, seed_line)
    y = pieces[-1][2].bottom
    for name, lines in status_lines:
        if lines:
            pieces.append((name, tuple(lines), pygame.Rect(0, y, w, status.height(lines)),
                           partial(hud._draw_lines, s, lines, y)))
            y += status.height(lines)
    health = hud.health_piece(s, game, y, w)
    pieces.append(("health", *health))
    y += 24
    if here_line:
        words = f"Here: {', '.join(here)}"
        pieces.append(("here", words, pygame.Rect(0, y, w, line),
                       partial(hud._put, s, words, TEXT, palette.TEXT, (PAD, y))))
        y += line
    if monsters:
        room = footer - (y + 4) - (8 + 26 + MIN_LOG_LINES * log) - pointer
        shown = in_view.plan(len(monsters), room)
        if not shown.shown:  # never hidden: one row of two, and how many more
            shown = in_view.Plan(min(2, len(monsters)), 2 if len(monsters) > 1 else 1, len(monsters))
        rows = in_view.rows(game, monsters, shown, hud.away)
        top = y + 4
        y = top + 26 + -(-shown.shown // shown.columns) * in_view.sizes().row + (
            in_view.sizes().more if shown.shown < shown.count else 0)
        pieces.append(("in view", (shown, tuple(rows)), pygame.Rect(0, top, w, y - top),
                       partial(in_view.draw_section, hud, game, monsters, shown, rows, top)))
    messages_top = y + 6
    pieces.append(("messages", "MESSAGES", pygame.Rect(0, messages_top, w, 26),
                   lambda: hud._section(s, "MESSAGES", messages_top, w)))
    y = messages_top + 26
    most = 2  # at most two lines; one when the messages need the room (none only under a question)
    while most > least and footer - line * most - 4 < y + MIN_LOG_LINES * log:
        most -= 1
    hover_lines = text.wrap_within(hover_text, 16, w - 2 * PAD, most) if hover_text else []
    footer_top = footer - line * len(hover_lines)
    pieces.append(("log", *sidebar_log.piece(hud, s, game, y, footer_top - 4, w)))
    pieces.append(text_lines(hud, "pointer", hover_lines, 16, palette.HOVER, footer_top, line))
    pieces.append(text_lines(hud, "prompt", prompt_lines, TEXT, palette.TITLE, footer_top + line * len(hover_lines), line))
    pieces.append(("slots", slots.shown(game, w, slot_rows), pygame.Rect(0, slots_top, w, slots.height(slot_rows)),
                   lambda: slots.draw(hud, s, game, slots_top, w, slot_rows)))
    pieces.append(("buttons", (), pygame.Rect(0, buttons_top, w, h - buttons_top),
                   lambda: _draw_buttons(hud, s, buttons_top, w)))
    return pieces


def _top(hud: Hud, game: Game, seed_line: bool) -> list[Piece]:
    """The turn's count at the right, the place's name before it, the seed and Wardens under them."""
    s = hud._surface
    w = hud.rect.width
    turn = f"Turn {game.turn}"
    name_height = line_height(22)
    left = w - PAD - widest_count(len(str(game.turn)), max(TEXT, text.minimum_size())) - 4
    pieces: list[Piece] = [
        ("turn", turn, pygame.Rect(left, 0, w - left, 6 + name_height),
         lambda: hud._put(s, turn, TEXT, palette.TEXT_DIM, (w - PAD, 8), right=True)),
        ("place", game.place_name, pygame.Rect(0, 0, left, 6 + name_height),
         lambda: hud._put(s, game.place_name, 22, palette.TEXT, (PAD, 6), left - 4 - PAD))]
    if seed_line:
        seed = f"{game.heading}  ·  Wardens {sum(game.world.defeated)}/{game.world.regions}"
        pieces.append(("seed", seed, pygame.Rect(0, 6 + name_height, w, line_height()),
                       lambda: hud._put(s, seed, 16, palette.TEXT_DIM, (PAD, 6 + name_height))))
    return pieces


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
