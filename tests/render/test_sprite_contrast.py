"""Sprites read against every floor they lie on, and monster kinds read apart (UI-8).

A sprite's *body* is the mean colour of its opaque pixels that are nearer its fill than its dark
outline (colour distance from the outline at least half the sprite's largest): what the eye
takes for the thing's colour at 24 pixels. Its contrast is WCAG 2's ratio of relative luminances
(``(L1 + 0.05) / (L2 + 0.05)``), which must be at least 3:1 (WCAG's bar for graphics, SC 1.4.11)
against every floor it can stand on: each room's tint extremes, each special room, each region's
floor and each kind of ground, a vault's hidden cell and a deck's vacuum, and, for monsters and the player, the dark disc drawn under them
(on the island, over every land terrain). It is checked with usual eyes and as deuteranopes and
protanopes see it (Machado et al. 2009), with the usual and the colour-blind palette switched on.

Monster kinds are told apart by colour as well as shape: two kinds' bodies are at least 20 apart
in CIELAB (CIE76). 2.3 is a just-noticeable difference for large patches; a 24-pixel sprite is a
small field, where discrimination is several times worse, and 20 is about the gap between two
named colours (a lime and a green, a pink and a salmon), so kinds side by side never look alike.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import numpy as np
import pygame
import pytest

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.specials import SPECIALS
from game.content.themes import THEMES
from game.map.ground import GROUND_NAMES, Ground
from game.mapgen import landmass
from game.paths import asset
from game.render import ground_look, palette
from game.render.overworld_layer import TERRAIN_COLOURS
from game.render.ship_layer import VACUUM
from game.render.vault_layer import HIDDEN
from game.tools.icons import OUTLINE_COLOUR

MIN_CONTRAST = 3.0
MIN_APART = 20.0
MIN_BODY_SHARE = {"creature": 0.2, "item": 0.12}
"""Of a sprite's visible pixels, its colour's share: more than its outline must show (an item's
blade or bow is thin by nature; a creature is not)."""
ISLAND_WOBBLE = 6  # OverworldLayer's per-tile wobble of the terrain colours
MACHADO = {
    "usual": np.eye(3),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
}
SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])


def linear(colour: Sequence[float]) -> np.ndarray:
    c = np.asarray(colour, dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def contrast(a: Sequence[float], b: Sequence[float], eyes: str = "usual") -> float:
    """WCAG 2's contrast ratio of two sRGB colours, as ``eyes`` see them."""
    la, lb = (float(np.clip(MACHADO[eyes] @ linear(c), 0, 1) @ SRGB_TO_XYZ[1]) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def lab(colour: Sequence[float]) -> np.ndarray:
    xyz = SRGB_TO_XYZ @ linear(colour) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def over(top: Sequence[float], alpha: float, under: Sequence[float]) -> tuple[float, float, float]:
    """``top`` drawn with ``alpha`` (0..255) over the opaque ``under``."""
    a = alpha / 255
    return tuple(a * t + (1 - a) * u for t, u in zip(top[:3], under))


def body(name: str) -> tuple[float, float, float]:
    """The mean colour of a sprite's body (see the module's docstring)."""
    return body_and_share(name)[0]


def body_and_share(name: str) -> tuple[tuple[float, float, float], float]:
    """The mean colour of a sprite's body, and the body's share of its visible pixels."""
    picture = pygame.image.load(str(asset("sprites", f"{name}.png")))
    rgb = pygame.surfarray.array3d(picture).reshape(-1, 3).astype(float)
    opaque = pygame.surfarray.array_alpha(picture).reshape(-1) == 255
    away = np.linalg.norm(rgb - OUTLINE_COLOUR, axis=1)
    inside = opaque & (away >= 0.5 * away[opaque].max())
    visible = pygame.surfarray.array_alpha(picture).reshape(-1) > 0
    return tuple(rgb[inside].mean(axis=0)), float(inside.sum() / visible.sum())


def dungeon_floors() -> dict[str, tuple[float, ...]]:
    """Every colour a dungeon's or a deck's floor takes under a thing (FloorLayer's room tints)."""
    base, spread = np.array(palette.FLOOR), palette.FLOOR_TINT_RANGE
    floors = {"floor, darkest tint": tuple(base - spread), "floor, lightest tint": tuple(base + spread + [0, 0, 2])}
    floors |= {f"{kind} room": special.tint for kind, special in SPECIALS.items()}
    floors["a deck's vacuum"] = over(VACUUM, VACUUM[3], palette.FLOOR)
    return floors | terrain_floors()


def terrain_floors() -> dict[str, tuple[float, ...]]:
    """A region's floor colours (each theme's tint extremes) and each kind of ground a thing can
    lie or stand on (its tile's mean colour over the floor), SPEC REN-7."""
    spread = palette.FLOOR_TINT_RANGE
    floors = {f"{key}'s floor {sign:+d}": tuple(np.clip(np.array(theme.floor) + sign, 0, 255))
              for key, theme in THEMES.items() for sign in (-spread, spread)}
    for kind in Ground:
        if kind in (Ground.FLOOR, Ground.CHASM):  # bare floor is above; whoever steps in a chasm falls
            continue
        stamp = ground_look.stamp(kind, 24)
        rgb = pygame.surfarray.array3d(stamp).reshape(-1, 3).astype(float)
        alpha = pygame.surfarray.array_alpha(stamp).reshape(-1, 1) / 255
        floors[GROUND_NAMES[kind]] = tuple((rgb * alpha + np.array(palette.FLOOR) * (1 - alpha)).mean(axis=0))
    return floors


def hidden_cells() -> dict[str, tuple[float, ...]]:
    """A vault's unrevealed cells (a light veil over the floor), which the player and monsters step on."""
    return {f"{name} under a vault's hidden cell": over(HIDDEN, HIDDEN[3], colour)
            for name, colour in dungeon_floors().items()}


def island_terrains() -> dict[str, tuple[float, ...]]:
    names = ["beach", "plains", "forest", "hills", "mountain"]
    colours = TERRAIN_COLOURS[landmass.BEACH:]
    return {f"{name} {sign:+d}": tuple(np.clip(colour + sign, 0, 255))
            for name, colour in zip(names, colours) for sign in (-ISLAND_WOBBLE, ISLAND_WOBBLE)}


def disc(under: Sequence[float]) -> tuple[float, ...]:
    return over(palette.STANDEE, palette.STANDEE_ALPHA, under)


@pytest.fixture(params=[False, True], ids=["usual palette", "colour-blind palette"])
def scheme(request: pytest.FixtureRequest) -> Iterator[bool]:
    palette.use_colour_blind(request.param)
    yield request.param
    palette.use_colour_blind(False)


def backgrounds(name: str) -> dict[str, tuple[float, ...]]:
    """What lies under the sprite ``name`` wherever it can be."""
    floors = dungeon_floors()
    if name in MONSTERS or name == "player":  # they stand on a disc
        under = floors | hidden_cells() | (island_terrains() if name == "player" else {})
        floors |= {f"its disc on {where}": disc(colour) for where, colour in under.items()}
    return floors


@pytest.mark.parametrize("eyes", sorted(MACHADO))
def test_every_monster_item_and_the_player_stand_out_from_the_floor(scheme: bool, eyes: str) -> None:
    failures = []
    for name in ["player", *MONSTERS, *ITEMS]:
        colour = body(name)
        for where, under in backgrounds(name).items():
            ratio = contrast(colour, under, eyes)
            if ratio < MIN_CONTRAST:
                failures.append(f"{name} on {where}: {ratio:.2f}")
    assert not failures, f"below {MIN_CONTRAST}:1 ({eyes}): " + "; ".join(failures)


def test_every_body_shows_through_its_outline() -> None:
    """A glyph of thin strokes (a stick skeleton, a bundle of arrows) is all outline at 24 pixels."""
    thin = [f"{name} {share:.2f}" for name in ["player", *MONSTERS, *ITEMS]
            if (share := body_and_share(name)[1]) < MIN_BODY_SHARE["item" if name in ITEMS else "creature"]]
    assert not thin, f"bodies too thin to show their colour ({MIN_BODY_SHARE}): " + ", ".join(thin)


NEVER_MET_TOGETHER = {frozenset({"deer", "eel"})}
"""Kinds no screen shows together: a deer grazes only the island (TER-8), an eel lives only in a
dungeon's deep water (TER-5). The palette has no room left for every pair of kinds apart."""


def test_no_two_monster_kinds_or_the_player_share_a_colour() -> None:
    names = ["player", *MONSTERS]
    colours = {name: lab(body(name)) for name in names}
    close = [f"{a}/{b} {np.linalg.norm(colours[a] - colours[b]):.1f}" for a, b in itertools.combinations(names, 2)
             if np.linalg.norm(colours[a] - colours[b]) < MIN_APART and frozenset({a, b}) not in NEVER_MET_TOGETHER]
    assert not close, f"monster kinds closer than {MIN_APART} (CIE76): " + ", ".join(close)


def test_the_scroll_of_mapping_is_a_map_not_a_bone() -> None:
    from game.content.sprites import SPRITES
    assert SPRITES["scroll_mapping"].icon != SPRITES["bones"].icon
    assert np.linalg.norm(lab(body("scroll_mapping")) - lab(body("bones"))) >= MIN_APART
