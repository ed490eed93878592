"""The pack: the inventory as a page of big rows, for a finger (a phone layout's ``pack``
button; SPEC REN-5, tap targets at least 44 CSS pixels). What you wear, your coins and kills,
then each slot; a tap on a slot offers its verbs (use it, drop it: ``game.app.play_items``),
or answers the page's question ("Drop which?"); a tap elsewhere or any key closes the page.
A screen over the play screen (``game.app.overlay``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.overlay import Overlay
from game.app.state import State
from game.app.widgets import overlay_panel
from game.content.items import ITEMS
from game.world.magic import item_name, sprite_of, worn_name
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.app.prompts import SlotQuestion
    from game.render.sprites import SpriteBank
    from game.world.game import Game

ICON = 32


def draw_pack(surface: pygame.Surface, game: Game, sprites: SpriteBank,
              question: str = "") -> list[tuple[pygame.Rect, int]]:
    """The pack page; returns each slot's row (to tap) with the slot's index. The rows are a
    finger high; when they do not fit under one another they stand in columns. ``question``:
    what a tap on a slot answers ("Drop which?"), said at the page's foot."""
    row_h, gap = max(current().tap, 44), 6
    inventory = game.inventory
    area = current().screen_area.inflate(-20, -20)
    header, footer = 66 + 2 * 24 + 8, 40
    slots = max(1, len(inventory.slots))
    per_column = max(1, (area.height - 20 - header - footer) // (row_h + gap))
    columns = -(-slots // per_column)
    height = header + footer + min(slots, per_column) * (row_h + gap)
    footer_words = f"{question} Tap a slot; elsewhere: cancel." if question else "Tap a slot: use it, drop it"
    panel = overlay_panel(surface, (720, height), "Pack", footer_words)
    x, y, width = panel.x + 20, panel.y + 66, panel.w - 40
    worn = [worn_name(game, "weapon") or inventory.weapon_kind().name, worn_name(game, "armour") or inventory.armour_kind().name]
    if inventory.ranged:
        worn.append(ITEMS[inventory.ranged].name)
    lines = [(f"Wearing: {', '.join(worn)}", palette.TEXT),
             (f"{inventory.coins} coins  ·  {game.kills} kills", palette.TITLE)]
    for line, colour in lines:
        surface.blit(text.render(text.fit(line, 18, width), 18, colour), (x, y))
        y += 24
    y += 8
    rows = []
    if not inventory.slots:
        surface.blit(text.render("Nothing to use yet.", 20, palette.TEXT_DIM), (x, y))
    column_width = (width - gap * (columns - 1)) // columns
    for index, (kind, count) in enumerate(inventory.slots):
        column, row = index // per_column, index % per_column
        box = pygame.Rect(x + column * (column_width + gap), y + row * (row_h + gap), column_width, row_h)
        pygame.draw.rect(surface, palette.BACKGROUND, box, border_radius=6)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=6)
        number = text.render(str(index + 1), 20, palette.TITLE)
        surface.blit(number, number.get_rect(midleft=(box.x + 10, box.centery)))
        surface.blit(sprites.icon(sprite_of(game, kind), ICON), (box.x + 34, box.centery - ICON // 2))
        label = text.render(text.fit(item_name(game, kind, count), 20, box.right - box.x - 82), 20, palette.TEXT)
        surface.blit(label, label.get_rect(midleft=(box.x + 74, box.centery)))
        rows.append((box, index))
    return rows


class PackScreen(Overlay):
    """The pack page over the play screen; ``question`` when it asks which slot (a phone's
    "Drop which?")."""

    def __init__(self, play: PlayState, question: SlotQuestion | None = None) -> None:
        super().__init__(play)
        self.question = question
        self.pack_rows: list[tuple[pygame.Rect, int]] = []  # each slot's row, as last drawn

    def handle(self, event: pygame.event.Event, now_ms: float) -> State:
        """A tap on a slot offers its verbs, or answers the question asked; anywhere else closes
        the page (and withdraws the question), as any key does."""
        if event.type == pygame.KEYDOWN:
            return self.play
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            self.pass_through(event)
            return self
        self.play.mouse = event.pos
        index = next((index for box, index in self.pack_rows if box.collidepoint(event.pos)), None)
        if index is None:
            return self.play
        if self.question is not None:
            return self.question.answered(self.play, index)
        return self.play.pointer.slot_verbs(index, event.pos, now_ms)

    def draw_over(self, surface: pygame.Surface) -> None:
        words = self.question.question if self.question is not None else ""
        self.pack_rows = draw_pack(surface, self.game, self.app.sprites, words)
