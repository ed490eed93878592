"""The sidebar under the map, in the portrait layout (SPEC REN-5: a phone held upright).

It has less height than the landscape sidebar and is tapped, not clicked, so it keeps what a
turn needs: where you are, the seed, health, what lies here, what is in view, the newest
messages; and a row of big buttons (``PORTRAIT_BUTTONS``), each at least ``Layout.tap`` high.
The inventory is one of those buttons: ``pack`` opens it as a page of big rows
(``game.app.pack``), where a tap uses a slot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render import palette, text
from game.render import sidebar_in_view as in_view
from game.render.layout import current

if TYPE_CHECKING:
    from game.render.hud import Hud
    from game.world.game import Game

PORTRAIT_BUTTONS = (("explore", "explore"), ("wait", "wait"), ("stairs", "descend"), ("pack", "pack"),
                    ("map", "zoom"), ("menu", "menu"))
PAD = 12
TEXT = 18
LINE = 20
MIN_LOG_LINES = 3


def redraw(hud: Hud, game: Game, hover_text: str, prompt: str, here: list[str]) -> None:
    """Draw the portrait sidebar into ``hud``'s surface (``Hud._redraw`` in portrait); ``here``:
    what lies under the player, as ``hud.underfoot`` says it."""
    s = hud._surface
    w, h = hud.rect.size
    s.fill(palette.PANEL)
    pygame.draw.line(s, palette.PANEL_EDGE, (0, 0), (w, 0), 2)
    y = 8
    turn = hud._put(s, f"Turn {game.turn}", TEXT, palette.TEXT_DIM, (w - PAD, y + 2), right=True)
    hud._put(s, game.place_name, 22, palette.TEXT, (PAD, y), turn.left - 8 - PAD)
    y += 26
    fallen = sum(game.world.defeated)
    hud._put(s, f"{game.heading}  ·  Wardens {fallen}/{game.world.regions}", 16, palette.TEXT_DIM, (PAD, y))
    y += 22
    if game.floor.vault_state is not None:
        y = hud._draw_vault(s, game, y)
    if game.floor.ship_state is not None:
        y = hud._draw_air(s, game, y)
    y = hud._draw_health(s, game, y, w)
    if here:
        hud._put(s, f"Here: {', '.join(here)}", TEXT, palette.TEXT, (PAD, y))
        y += LINE
    buttons_top = h - current().tap - 8
    prompt_lines = text.wrap(prompt, TEXT, w - 2 * PAD) if prompt else []
    footer = buttons_top - 4 - LINE * len(prompt_lines)
    monsters = in_view.in_view(game)
    if monsters:
        room = footer - (y + 4) - (8 + 26 + MIN_LOG_LINES * LINE)
        shown = in_view.plan(len(monsters), room)
        y = hud._section(s, "IN VIEW", y + 4, w)
        y, hud.badges = in_view.draw(s, hud._put, hud.sprites, game, monsters, shown, PAD, y, w - 2 * PAD)
    y = hud._section(s, "MESSAGES", y + 6, w)
    hover_lines = text.wrap(hover_text, 16, w - 2 * PAD)[:2] if hover_text else []
    while hover_lines and footer - LINE * len(hover_lines) - 4 < y + MIN_LOG_LINES * LINE:
        hover_lines.pop()
    footer_top = footer - LINE * len(hover_lines)
    hud._draw_log(s, game, y, footer_top - 4, w)
    y = footer_top
    for line in prompt_lines:
        hud._put(s, line, TEXT, palette.TITLE, (PAD, y))
        y += LINE
    for line in hover_lines:
        hud._put(s, line, 16, palette.HOVER, (PAD, y))
        y += LINE
    _draw_buttons(hud, s, buttons_top, w)


def _draw_buttons(hud: Hud, s: pygame.Surface, top: int, w: int) -> None:
    """The row of big buttons, evenly across the width, each ``Layout.tap`` high."""
    count = len(PORTRAIT_BUTTONS)
    gap = 6
    width = (w - 2 * PAD - gap * (count - 1)) // count
    height = current().tap
    for index, (label, command) in enumerate(PORTRAIT_BUTTONS):
        box = pygame.Rect(PAD + index * (width + gap), top, width, height)
        pygame.draw.rect(s, palette.BACKGROUND, box, border_radius=6)
        pygame.draw.rect(s, palette.PANEL_EDGE, box, 1, border_radius=6)
        hud._put(s, label, TEXT, palette.TEXT, box.topleft, box.width - 4, centre=box)
        hud.targets.append((box.move(hud.rect.topleft), command))
