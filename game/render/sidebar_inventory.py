"""The sidebar's inventory (SPEC REN-6): what you wear, then the slots 1-9 you use.

Usually one line each, the slot named at the right ("weapon", "armour"). When the sidebar
is crowded (a full pack, a crowd in view, a question asked), ``compact`` lists them two to a
row in smaller words, so that the monsters' states and the newest messages keep their room.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.render import palette
from game.world import magic

if TYPE_CHECKING:
    from game.render.hud import Hud
    from game.world.game import Game

ICON = 20
WORN_ROW = ICON + 4
SLOT_ROW = ICON + 3
PACKED_ROW = 22
GAP = 6


def _worn(game: Game) -> list[tuple[str, str | None, str]]:
    """What you wear and wield: (slot, item kind or None, the words shown: "+1 sword")."""
    inventory = game.inventory
    rows = [("weapon", inventory.weapon, magic.worn_name(game, "weapon") or inventory.weapon_kind().name),
            ("armour", inventory.armour, magic.worn_name(game, "armour") or inventory.armour_kind().name)]
    if inventory.ranged:
        rows.append(("f: fire", inventory.ranged, magic.item_name(game, inventory.ranged)))  # its rockets: a slot below
    return rows


def _row(slot: str) -> str:
    """The row's name for its hover (``game.app.describe.carried_text``): weapon, armour or ranged."""
    return "ranged" if slot == "f: fire" else slot


def height(game: Game, compact: bool) -> int:
    """How tall ``draw`` draws the inventory (below its section's title)."""
    worn = len(_worn(game))
    slots = len(game.inventory.slots)
    if compact:
        return -(-worn // 2) * PACKED_ROW + 4 + (-(-slots // 2) * PACKED_ROW if slots else 24) + 4
    return worn * WORN_ROW + 4 + (slots * SLOT_ROW + 4 if slots else 24)


def shown(game: Game, compact: bool) -> Hashable:
    """All ``draw`` shows, to compare: the purse and the kills, what is worn, each slot's icon and
    words (as the player knows them), and whether two go to a row."""
    slots = tuple((magic.sprite_of(game, kind), magic.item_name(game, kind, count)) for kind, count in game.inventory.slots)
    return compact, game.inventory.coins, game.kills, tuple(_worn(game)), slots


def draw(hud: Hud, s: pygame.Surface, game: Game, y: int, compact: bool) -> int:
    """The inventory from ``y`` (just below its section's title); returns the ``y`` below it. Things
    are named and drawn as the player knows them (``game.world.magic``: "a murky potion")."""
    inventory, kills = game.inventory, game.kills
    w = hud.rect.width
    pad = (w - hud.inner_width) // 2
    hud._put(s, f"{inventory.coins} coins   {kills} kills", 18, palette.TITLE, (w - pad, y - 22), w // 2,
             right=True)  # beside the section's title
    if compact:
        return _draw_packed(hud, s, game, y, pad)
    for slot, kind, label in _worn(game):
        hud.hovers.append((pygame.Rect(hud.rect.x, hud.rect.y + y - 1, w, WORN_ROW), _row(slot)))
        if kind:
            s.blit(hud.sprites.icon(kind, ICON), (pad, y))
        slot_label = hud._put(s, slot, 18, palette.TEXT_DIM, (w - pad, y + 4), right=True)
        hud._put(s, label, 20, palette.TEXT if kind else palette.TEXT_DIM, (pad + ICON + 8, y + 3),
                 slot_label.left - 8 - pad - ICON - 8)
        y += WORN_ROW
    y += 4
    if not inventory.slots:
        hud._put(s, "1-9  nothing to use yet", 20, palette.TEXT_DIM, (pad, y))
        return y + 24
    for index, (kind, count) in enumerate(inventory.slots):
        hud.targets.append((pygame.Rect(hud.rect.x, hud.rect.y + y - 1, w, ICON + 3), f"slot:{index}"))
        hud.hovers.append((hud.targets[-1][0], f"slot:{index}"))
        hud._put(s, str(index + 1), 20, palette.TITLE, (pad, y + 3))
        s.blit(hud.sprites.icon(magic.sprite_of(game, kind), ICON), (pad + 16, y))
        hud._put(s, magic.item_name(game, kind, count), 20, palette.TEXT, (pad + 16 + ICON + 8, y + 3))
        y += SLOT_ROW
    return y + 4


def _draw_packed(hud: Hud, s: pygame.Surface, game: Game, y: int, pad: int) -> int:
    """Two to a row: what you wear (its icon says which slot), then the slots, 1-5 on the left."""
    inventory = game.inventory
    cell = (hud.inner_width - GAP) // 2
    worn = _worn(game)
    for index, (slot, kind, label) in enumerate(worn):
        x, top = pad + (index % 2) * (cell + GAP), y + (index // 2) * PACKED_ROW
        hud.hovers.append((pygame.Rect(hud.rect.x + x, hud.rect.y + top - 1, cell, PACKED_ROW), _row(slot)))
        if kind:
            s.blit(hud.sprites.icon(kind, ICON), (x, top))
        words = ("f: " if slot == "f: fire" else "") + label
        hud._put(s, words, 16, palette.TEXT if kind else palette.TEXT_DIM, (x + ICON + 4, top + 4), cell - ICON - 4)
    y += -(-len(worn) // 2) * PACKED_ROW + 4
    if not inventory.slots:
        hud._put(s, "1-9  nothing to use yet", 18, palette.TEXT_DIM, (pad, y))
        return y + 24 + 4
    rows = -(-len(inventory.slots) // 2)
    for index, (kind, count) in enumerate(inventory.slots):
        x, top = pad + (index // rows) * (cell + GAP), y + (index % rows) * PACKED_ROW
        hud.targets.append((pygame.Rect(hud.rect.x + x, hud.rect.y + top - 1, cell, PACKED_ROW), f"slot:{index}"))
        hud.hovers.append((hud.targets[-1][0], f"slot:{index}"))
        number = hud._put(s, str(index + 1), 16, palette.TITLE, (x, top + 4))
        s.blit(hud.sprites.icon(magic.sprite_of(game, kind), ICON), (number.right + 3, top))
        left = number.right + 3 + ICON + 4
        hud._put(s, magic.item_name(game, kind, count), 16, palette.TEXT, (left, top + 4), x + cell - left)
    return y + rows * PACKED_ROW + 4
