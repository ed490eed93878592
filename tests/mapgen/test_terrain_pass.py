"""The terrain pass (SPEC TER-1): each theme's ground and vents on the room floors a run makes,
never on the stairs or a doorway, never cutting the way, no chasm above nothing."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from game.content.monsters import MONSTERS
from game.content.themes import THEMES
from game.map.edges import IS_DOOR
from game.map.ground import WALKED, Ground
from game.mapgen.dungeon import generate_dungeon
from game.mapgen.on_foot import reachable_on_foot
from game.mapgen.terrain import VENT
from game.rng import Rng
from game.world import travel
from game.world.game import Game

SHARE = 0.15


def dungeon_floors(count: int) -> list:
    """The room floors (not vaults, not decks) of runs one after another, as the game makes
    them, until there are ``count``."""
    levels = []
    for seed in range(count):  # (a run has several room floors: far fewer runs are needed)
        if len(levels) >= count:
            break
        game = Game.new(f"terrain-{seed}")
        for region in game.world.order:
            for depth in range(1, game.world.floors(region) + 1):
                if travel.floor_kind(game, region, depth) == "dungeon":
                    levels.append(travel.floor_level(game, region, depth))
    return levels


def test_every_terrain_kind_shows_on_a_fair_share_of_a_runs_floors() -> None:
    levels = dungeon_floors(100)
    assert len(levels) >= 100
    seen = {"grass": 0, "water": 0, "chasm": 0, "vents": 0}
    for level in levels:
        ground = level.ground
        assert ground is not None and level.theme in THEMES
        seen["grass"] += bool(np.isin(ground, (Ground.GRASS, Ground.BRUSH)).any())
        seen["water"] += bool((ground == Ground.WATER).any())
        seen["chasm"] += bool((ground == Ground.CHASM).any())
        seen["vents"] += any(f.kind == VENT for f in level.features)
    for kind, floors in seen.items():
        assert floors >= SHARE * len(levels), f"{kind} on {floors} of {len(levels)} floors"


def door_tiles(floor) -> np.ndarray:
    h, w = floor.height, floor.width
    doors = np.zeros((h, w), dtype=bool)
    north, west = IS_DOOR[floor.north[: h + 1, :w]], IS_DOOR[floor.west[:h, : w + 1]]
    doors |= north[:h] | north[1:] | west[:, :w] | west[:, 1:]
    return doors


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), theme=st.sampled_from(sorted(THEMES)), depth=st.integers(1, 8),
       deepest=st.booleans())
def test_any_floor_keeps_its_stairs_doorways_and_way_on_foot(seed: int, theme: str, depth: int, deepest: bool) -> None:
    level = generate_dungeon(Rng(seed), depth=depth, boss="warden" if deepest else None, theme=theme)
    ground, floor = level.ground, level.map
    assert ground is not None and level.theme == theme
    for x, y in (level.entrance, level.exit):
        assert ground[y, x] == Ground.FLOOR, "the stairs (or the Warden's tile) stay bare floor"
    blocked = ~WALKED[ground]
    assert not (blocked & door_tiles(floor)).any(), "no doorway is swum or fallen through"
    assert not (blocked & (floor.rooms < 0)).any()
    if deepest:
        assert not (ground == Ground.CHASM).any(), "no chasm on a region's deepest floor"
    standing = floor.floor_mask() & ~blocked
    reached = reachable_on_foot(floor, ground, level.entrance)
    assert not (standing & ~reached).any(), "every standing tile is reached without swimming or falling"
    for p in level.placements:
        on = int(ground[p.y, p.x])
        if p.kind in MONSTERS and MONSTERS[p.kind].aquatic:
            assert on == Ground.WATER, f"{p.kind} lives in deep water"
        else:
            assert WALKED[on], f"{p.kind} at {(p.x, p.y)} stands on {Ground(on).name}"
    vents = [f for f in level.features if f.kind == VENT]
    if THEMES[theme].gas:
        assert 1 <= len(vents) <= 3
    else:
        assert not vents
    entrance_room = floor.room_at(*level.entrance)
    for vent in vents:
        assert WALKED[ground[vent.y, vent.x]] and floor.room_at(vent.x, vent.y) != entrance_room
    assert len({f.pos for f in level.features}) == len(level.features), "one fixture a tile"


def test_a_floor_without_a_theme_stays_bare_and_the_pass_can_be_shown_alone() -> None:
    assert generate_dungeon(Rng(3), depth=2).ground is None
    shown = generate_dungeon(Rng(3), depth=2, theme="marsh", until="terrain")
    assert shown.ground is not None and (shown.ground == Ground.WATER).any() and not shown.placements
    whole = generate_dungeon(Rng(3), depth=2, theme="marsh")
    assert np.array_equal(whole.ground, shown.ground), "populate leaves the ground as the pass laid it"


def test_a_themes_own_monsters_come_more_often_on_its_floors() -> None:
    def counts(theme: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for seed in range(12):
            for p in generate_dungeon(Rng(seed), depth=3, theme=theme).placements:
                out[p.kind] = out.get(p.kind, 0) + 1
        return out

    crypts, forest = counts("crypts"), counts("forest")
    assert crypts.get("cultist", 0) > forest.get("cultist", 0)
    assert forest.get("orc", 0) > crypts.get("orc", 0)
    marsh = counts("marsh")
    assert marsh.get("eel", 0) > 0 and not forest.get("eel") and not crypts.get("eel")
