"""The desktop's sidebar (SPEC REN-6), beside the map on the 1280x720 screen: the title and the
seed, the place and the turn, the Wardens fallen, a vault's or a deck's lines, health, what lies
here, the inventory, what is in view, the messages, the pointer's words or a question, and the
keys as buttons.

Each part is a kept piece (``sidebar_pieces``), as a phone's sidebar is: while none moves, a turn
draws in place only those that changed (the turn's count, a message, the health bar), not the
whole panel. Redrawn whole (a fill, thirty-odd texts and icons copied) it took half a millisecond
natively and several times that in the page; in place, a turn's redraw takes 0.15 ms natively.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.render import palette, sidebar_log, text
from game.render import sidebar_in_view as in_view
from game.render import sidebar_inventory as inventory
from game.render import sidebar_status as status
from game.render.here import here_line
from game.render.sidebar_log import LOG_LINE
from game.render.sidebar_pieces import PAD, Piece, text_lines, widest_count

if TYPE_CHECKING:
    from game.render.hud import Hud
    from game.world.game import Game

SECTION = 26  # a section's rule and title
MIN_LOG_LINES = 3
"""However crowded the sidebar, the message log keeps this many lines: the newest message
is never pushed out by a full pack and a crowd in view (REN-6)."""
HOVER_LINE = 20
HOVER_LINES = 4
"""What the pointer is on (or the aim) takes up to this many lines under the messages, and always
one: the sidebar's plan keeps a line for it, and it is shortened at a word with "…" to fit."""
PROMPT_LINE = 22
TURN_SIZE = 20


def redraw(hud: Hud, game: Game, hover_text: str, prompt: str) -> None:
    """Draw the sidebar into ``hud``'s surface (``Hud._redraw`` on the desktop)."""
    s = hud._surface
    w, h = hud.rect.size
    look = (palette.generation, text.minimum_size())
    pieces = _pieces(hud, game, hover_text, prompt)
    if hud.pieces.begin(s, (look, w, h), {name: area for name, _, area, _ in pieces}):
        s.fill(palette.PANEL)
    for name, key, area, draw in pieces:
        hud.pieces.draw(hud, s, name, (look, key), area, draw)
    pygame.draw.line(s, palette.PANEL_EDGE, (0, 0), (0, h), 2)  # (last: a piece drawn in place fills its area)


def _pieces(hud: Hud, game: Game, hover_text: str, prompt: str) -> list[Piece]:
    """Where each part goes this redraw, what it shows and how it is drawn: from the top down,
    the messages taking the room left above the pointer's words, a question and the buttons."""
    s = hud._surface
    w, h = hud.rect.size
    pieces, y = _top(hud, game, PAD)
    for name, lines in (("vault", status.vault_lines(game)), ("air", status.air_lines(game))):
        if lines:
            pieces.append((name, tuple(lines), pygame.Rect(0, y, w, status.height(lines)),
                           partial(hud._draw_lines, s, lines, y)))
            y += status.height(lines)
    pieces.append(("health", *hud.health_piece(s, game, y, w)))
    y += 24
    pieces.append(_here(hud, game, y))
    y = pieces[-1][2].bottom
    prompt_lines = text.wrap(prompt, 20, w - 2 * PAD) if prompt else []  # a question is shown whole
    footer = h - PAD - 34 - PROMPT_LINE * len(prompt_lines)  # the lowest the messages may reach
    monsters = in_view.in_view(game)
    compact, shown = _plan(game, monsters, footer - HOVER_LINE - (y + 10 + SECTION))
    top = y + 10
    y = top + SECTION + inventory.height(game, compact)
    pieces.append(("inventory", inventory.shown(game, compact), pygame.Rect(0, top, w, y - top),
                   partial(_draw_inventory, hud, game, top, compact)))
    if monsters:
        top, rows = y + in_view.HEADER - SECTION, in_view.rows(game, monsters, shown, hud.away)
        y += shown.height  # (the plan's height counts the gap above the section's rule)
        pieces.append(("in view", (shown, tuple(rows)), pygame.Rect(0, top, w, y - top),
                       partial(in_view.draw_section, hud, game, monsters, shown, rows, top)))
    messages_top = y + 8
    pieces.append(("messages", "MESSAGES", pygame.Rect(0, messages_top, w, SECTION),
                   lambda: hud._section(s, "MESSAGES", messages_top, w)))
    y = messages_top + SECTION
    most = HOVER_LINES  # the pointer's words give way to the newest messages, down to their first line
    while most > 1 and footer - HOVER_LINE * most - 6 < y + MIN_LOG_LINES * LOG_LINE:
        most -= 1
    hover_lines = text.wrap_within(hover_text, 18, w - 2 * PAD, most) if hover_text else []
    footer_top = footer - HOVER_LINE * len(hover_lines)
    pieces.append(("log", *sidebar_log.piece(hud, s, game, y, footer_top - 6, w)))
    pieces.append(text_lines(hud, "prompt", prompt_lines, 20, palette.TITLE, footer_top, PROMPT_LINE))
    pieces.append(text_lines(hud, "pointer", hover_lines, 18, palette.HOVER,
                             footer_top + PROMPT_LINE * len(prompt_lines), HOVER_LINE))
    buttons_top = h - PAD - 18
    pieces.append(("buttons", (), pygame.Rect(0, buttons_top - 3, w, 30),
                   lambda: hud._draw_buttons(s, buttons_top, w)))
    return pieces


def _top(hud: Hud, game: Game, y: int) -> tuple[list[Piece], int]:
    """The title and the seed, the place's name with the turn's count at its right, the Wardens
    fallen; and the ``y`` below them."""
    s = hud._surface
    w = hud.rect.width
    turn = f"Turn {game.turn}"
    left = w - PAD - widest_count(len(str(game.turn)), TURN_SIZE) - 4  # the place's name ends there, as the count grows
    heading = game.heading
    fallen = f"Wardens fallen {sum(game.world.defeated)} / {game.world.regions}"
    pieces: list[Piece] = [
        ("title", heading, pygame.Rect(0, y, w, 60), partial(_title, hud, heading, y)),
        ("place", game.place_name, pygame.Rect(0, y + 60, left, 26),
         lambda: hud._put(s, game.place_name, 24, palette.TEXT, (PAD, y + 60), left - 4 - PAD)),
        ("turn", turn, pygame.Rect(left, y + 60, w - left, 26),
         lambda: hud._put(s, turn, TURN_SIZE, palette.TEXT_DIM, (w - PAD, y + 63), right=True)),
        ("wardens", fallen, pygame.Rect(0, y + 86, w, 22),
         lambda: hud._put(s, fallen, 18, palette.TEXT_DIM, (PAD, y + 86)))]
    return pieces, y + 108


def _title(hud: Hud, heading: str, y: int) -> None:
    hud._put(hud._surface, "THRESHOLD", 34, palette.TITLE, (PAD, y))
    hud._put(hud._surface, heading, 20, palette.TEXT_DIM, (PAD, y + 34))


def _here(hud: Hud, game: Game, y: int) -> Piece:
    """What lies here, in two lines at most (the last cut short)."""
    here = here_line(game)
    lines = text.wrap(f"Here: {', '.join(here)}", 18, hud.rect.width - 2 * PAD) if here else []
    return text_lines(hud, "here", lines[:1] + ([" ".join(lines[1:])] if lines[1:] else []), 18, palette.TEXT, y, 20)


def _draw_inventory(hud: Hud, game: Game, top: int, compact: bool) -> None:
    y = hud._section(hud._surface, "INVENTORY", top, hud.rect.width)
    inventory.draw(hud, hud._surface, game, y, compact)


def _plan(game: Game, monsters: list, room: int) -> tuple[bool, in_view.Plan]:
    """Whether the inventory packs two to a row, and how "In view" is laid out, so that
    the messages keep ``MIN_LOG_LINES`` lines within ``room`` (from the inventory's title
    down): first the monsters pack two to a row, then the inventory, then "and N more"."""
    room -= 8 + SECTION + MIN_LOG_LINES * LOG_LINE + 6  # the messages' title and their lines
    for compact in (False, True):
        shown = in_view.plan(len(monsters), room - inventory.height(game, compact))
        if shown.shown == len(monsters):
            break
    return compact, shown
