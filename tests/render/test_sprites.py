"""Sprites: one PNG per table row, outlined, credited (REN-1)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.content.sprites import SPRITES
from game.paths import asset


@pytest.mark.parametrize("name", sorted(n for n, spec in SPRITES.items() if spec.outline))
def test_every_sprite_is_a_png_with_a_dark_outline(name: str, display) -> None:
    path = asset("sprites", f"{name}.png")
    assert path.is_file(), f"run python -m game.tools.icons to rasterise {name}"
    image = pygame.image.load(str(path)).convert_alpha()
    alpha = pygame.surfarray.array_alpha(image).astype(int)
    rgb = pygame.surfarray.array3d(image).astype(int)
    opaque = alpha > 128
    assert opaque.sum() > 20, "the sprite is not empty"
    padded = np.pad(opaque, 1)
    touches_clear = ~(padded[:-2, 1:-1] & padded[2:, 1:-1] & padded[1:-1, :-2] & padded[1:-1, 2:])
    rim = opaque & touches_clear
    assert rim.any()
    brightness = rgb[rim].sum(axis=1)
    assert np.median(brightness) < 150, "the rim of the sprite is a dark outline"


def test_credits_name_the_licence_and_every_icon() -> None:
    credits = asset("CREDITS.md").read_text(encoding="utf-8")
    assert "CC BY 3.0" in credits and "game-icons.net" in credits
    for spec in SPRITES.values():
        if spec.icon:
            assert f"`{spec.icon}`" in credits, spec.icon


def test_a_missing_sprite_shows_up_instead_of_crashing(display, monkeypatch) -> None:
    from game.render import sprites as sprite_module

    real_asset = sprite_module.asset
    monkeypatch.setattr(sprite_module, "asset", lambda *parts: real_asset("sprites", "nope.png")
                        if parts[-1] == "rat.png" else real_asset(*parts))
    bank = sprite_module.SpriteBank(24)
    assert bank.missing == ["rat"]
    assert bank.get("rat").get_size() == (24, 24)
