"""Region themes (SPEC TER-2): every theme is playable content, and an island's regions never
share one within a cycle of play order, the first played being gentle."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from game.content.monsters import MONSTERS
from game.content.themes import THEMES, region_themes
from game.mapgen.terrain import KINDS
from game.rng import Rng


def test_every_theme_names_real_monsters_ground_and_gas() -> None:
    for key, theme in THEMES.items():
        assert theme.name and theme.words and theme.signature, key
        assert set(theme.monsters) <= set(MONSTERS), key
        assert set(theme.ground) <= {*KINDS, "bridge"}, key
        assert 0.0 < sum(theme.ground.values()) < 0.5, f"{key}: some ground, and mostly floor"
        assert theme.gas in ("", "poison", "confusion"), key
    assert sum(theme.gentle for theme in THEMES.values()) >= 2, "the first region's theme is not always the same"


def test_a_themed_monster_belongs_to_a_theme() -> None:
    for kind, spec in MONSTERS.items():
        if spec.themed:
            assert any(kind in theme.monsters for theme in THEMES.values()), kind


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63), regions=st.integers(1, 100), shift=st.integers(0, 99))
def test_regions_in_a_row_never_share_a_theme_and_the_first_is_gentle(seed: int, regions: int, shift: int) -> None:
    order = [(i + shift) % regions for i in range(regions)]
    themes = region_themes(Rng(seed), order)
    assert len(themes) == regions and all(t in THEMES for t in themes)
    assert THEMES[themes[order[0]]].gentle
    played = [themes[r] for r in order]
    window = len(THEMES)
    for start in range(max(1, regions - window + 1)):
        run = played[start : start + window]
        assert len(set(run)) == len(run), f"regions {start}..{start + window - 1} of play share a theme"


def test_the_same_seed_gives_the_same_themes_and_others_differ() -> None:
    order = [3, 1, 0, 4, 2]
    assert region_themes(Rng(5), order) == region_themes(Rng(5), order)
    assert len({tuple(region_themes(Rng(seed), order)) for seed in range(20)}) > 10
