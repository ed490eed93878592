"""A phone's sidebar keeps its block of buttons and its row of slots as pictures between redraws
(``game.render.sidebar_pieces``): copied while they show the same, drawn again when they change."""

from __future__ import annotations

import pygame

from game.render.hud import Hud
from game.render.layout import PORTRAIT
from game.world import charges, magic
from tests.render.test_portrait import _phone_app


def _drawn(hud: Hud, game) -> tuple[bytes, list, list]:
    hud._redraw(game, "", "")
    return pygame.image.tobytes(hud._surface, "RGB"), list(hud.texts), list(hud.targets)


def test_a_phone_s_slots_are_copied_while_the_same_and_drawn_anew_when_a_charge_is_spent(display, tmp_path,
                                                                                         monkeypatch) -> None:
    app = _phone_app(tmp_path, PORTRAIT)
    game, kept = app.state.game, app.state.hud
    game.inventory.add("staff_firebolt")
    game.inventory.add("potion_darkness")
    _drawn(kept, game)
    icons: list[str] = []
    icon = kept.sprites.icon
    monkeypatch.setattr(kept.sprites, "icon", lambda name, size: icons.append(name) or icon(name, size))
    game.turn += 1
    again = _drawn(kept, game)
    slots = {magic.sprite_of(game, kind) for kind, _ in game.inventory.slots}
    assert not slots & set(icons), "the slots were copied, not drawn"
    assert any(what == "slot:0" for _, what in again[2]) and any(what == "explore" for _, what in again[2]), \
        "the copied slots and buttons are still tapped"
    fresh = Hud(kept.rect, kept.sprites, compact=True)
    assert again == _drawn(fresh, game), "the same pixels, texts and taps as a sidebar drawn whole"
    charges.spend(game.inventory, "staff_firebolt")
    spent = _drawn(kept, game)
    assert slots & set(icons), "a charge spent: the slots drawn again"
    assert spent == _drawn(fresh, game)
    assert spent[0] != again[0], "the staff's cell says one charge fewer"
