"""Sight by the tile in the world's turns (``game.world.tile_sight``, VIS-5): one field of
view a turn however many monsters look, and on a derelict deck what breaches, doors and the
pull of venting air show."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.map.ascii import parse_map
from game.map.level import Level
from game.map.sight import visible_tiles
from game.render.layout import TILE
from game.render.sidebar_in_view import in_view
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.world import ships, tile_sight
from game.world.actions import CloseDoor, Move, Wait
from game.world.action import Done
from game.world.floor import Floor
from game.world.game import Game
from game.world.actor import Actor


# --- monsters use symmetry: one field of view a turn ----------------------------------------
def test_many_awake_monsters_cost_one_field_of_view_a_turn(monkeypatch) -> None:
    """Forty monsters hunting the player on a room floor: each of them asks every turn whether it
    sees the player, and the answer comes from the player's one field of view (SPEC VIS-5: sight
    is symmetric), computed again only when the player moves or a door changes."""
    game = Game.in_dungeon("sight-many-monsters", sight="tile")
    floor = game.floor
    assert tile_sight.by_tile(game) and not game.on_overworld
    player = game.player
    player.hp = player.max_hp = 1_000_000  # the test is about looking, not dying
    floor.actors.clear()
    free = [(int(x), int(y)) for y, x in zip(*np.nonzero(floor.map.rooms >= 0)) if (x, y) != player.pos]
    free.sort(key=lambda p: (max(abs(p[0] - player.x), abs(p[1] - player.y)), p))
    for i, (x, y) in enumerate(free[1:160:4]):  # forty, near and far, none beside the player at first
        monster = game.spawn_monster(("rat", "goblin", "cultist", "zombie")[i % 4], x, y)
        monster.state, monster.target = "hunting", player.pos
    assert len(floor.actors) == 40
    computed, asked = [], []
    real_fov, real_sees = tile_sight.visible_tiles, tile_sight.player_sees_tile
    monkeypatch.setattr(tile_sight, "visible_tiles", lambda *a, **k: computed.append(a[1]) or real_fov(*a, **k))
    monkeypatch.setattr(tile_sight, "player_sees_tile", lambda *a: asked.append(a[1:]) or real_sees(*a))
    doors, turn = floor.door_version, game.turn
    steps = [(1, 0)] * 3 + [(0, 1)] * 3 + [(-1, 0)] * 3 + [(0, -1)] * 3
    for n in range(60):
        dx, dy = steps[n % len(steps)]
        if not isinstance(game.perform(Move(dx, dy)), Done):
            game.perform(Wait())
    turns, door_changes = game.turn - turn, floor.door_version - doors
    assert game.floor is floor and player.alive and turns >= 60
    assert sum(m.alive for m in floor.actors) >= 20, "most of them were there to look all along"
    assert len(asked) >= 10 * turns, f"the monsters asked {len(asked)} times in {turns} turns"
    assert len(computed) <= turns + door_changes, (len(computed), turns, door_changes)
    assert len(computed) >= 10, "the player walked: the field of view followed"
    assert np.array_equal(floor.lit, real_fov(floor.map, player.pos)), "and it was never stale"


# --- a derelict deck by the tile ----------------------------------------------------------
def deck(plan: str, sight: str = "tile", monsters: dict[str, str] | None = None) -> Game:
    """A game on a hand-drawn derelict deck (``#`` hull), full of air, the player at ``@``;
    ``monsters`` maps marks to the kinds placed there, asleep."""
    area, marks = parse_map(plan)
    start = next(p for p, c in marks.items() if c == "@")
    game = Game.new("sight-deck", sight=sight)
    region = game.world.order[2]
    key = f"{region}:1"
    floor = Floor.fresh(1, Level("ship", area, start, start))
    floor.ship_state = ships.ShipState.fresh(area)
    game.floors[key] = floor
    game.floor_key, game.floor, game.region, game.depth = key, floor, region, 1
    game.player.x, game.player.y = start
    for pos, mark in sorted(marks.items()):
        if mark in (monsters or {}):
            game.spawn_monster(monsters[mark], *pos).state = "asleep"
    game.update_visibility()
    return game


TWO_HULLS = """
+#+#+#+ +#+#+#+
#. . .# #. . .#
+     + +     +
#. . .# #. . .#
+     + +     +
#@ . .# #. . .#
+#+#+#+ +#+#+#+
"""
"""Two compartments with a strip of space between their hulls."""


def test_a_breach_through_both_hulls_opens_the_view_across_space() -> None:
    game = deck(TWO_HULLS)
    floor = game.floor
    here = floor.map.rooms == floor.map.room_at(0, 2)
    assert np.array_equal(floor.lit, here), "the hull hides the other compartment"
    floor.ship_state.air[floor.map.room_at(0, 2)] = 0  # this side is vacuum already: nothing pulls the player
    ships.breach_near(game, (3, 0))  # a blast in the gap breaks both hulls beside it (as blast.py calls it)
    game.perform(Wait())
    assert game.player.pos == (0, 2), "the player stood still: only the hulls changed"
    assert np.array_equal(floor.lit, visible_tiles(floor.map.copy(), (0, 2))), "sight follows the breach"
    assert floor.lit[0, 4:].all() and floor.seen_tiles[0, 4:].all(), "across space into the other one"
    assert not floor.lit[2, 4:].any(), "as far as the breach's line of sight goes: the hull below it stands"


DOORS = """
+#+#+#+#+#+#+#+#+#+#+#+#+
#. . . .o. . . .D. . . .#
+       +       +       +
#. . . .|. . . .|. . . .#
+#+#+#+#+#+#+#+#+#+#+#+#+
"""


def test_opening_and_closing_a_door_on_a_deck_changes_what_is_seen_at_once() -> None:
    game = deck(DOORS.replace(". .D", ". @D", 1))
    floor = game.floor
    assert game.player.pos == (7, 0)
    assert floor.lit[:, :8].any() and not floor.lit[:, 8:].any(), "the closed door hides the third compartment"
    game.perform(Move(1, 0))  # bumping the door opens it
    assert game.player.pos == (7, 0) and floor.lit[0, 8:].all(), "through the open door"
    assert np.array_equal(floor.lit, visible_tiles(floor.map.copy(), (7, 0)))
    game.perform(CloseDoor(1, 0))
    assert not floor.lit[:, 8:].any() and floor.seen_tiles[0, 8:].all(), "shut out again, and remembered"
    assert np.array_equal(floor.lit, visible_tiles(floor.map.copy(), (7, 0)))


L_DECK = """
+#+#+#+#+#+#+#+#+
#@ . . . . . . s#
+#+#+#+#+#+#+   +
            #. .#
            +   +
            #. z#
            +#+#+
"""
"""An L-shaped compartment: a slime at the end of the long arm, in sight; a zombie round the
corner, out of it. A breach by the corner pulls both out into space."""


def _frames_equal_without(display: pygame.Surface, game: Game, monster: Actor) -> bool:
    """Whether the play screen looks the same with ``monster`` taken away."""
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    view.draw(display, game, 10_000)
    with_it = pygame.surfarray.array3d(display).copy()
    game.floor.remove_actor(monster)
    view.sync(game, 0)
    view.draw(display, game, 10_000)
    game.floor.add_actor(monster)
    return np.array_equal(with_it, pygame.surfarray.array3d(display))


@pytest.mark.parametrize("sight", ["tile", "room"])
def test_monsters_pulled_out_into_space_are_shown_only_in_sight(display, sight: str) -> None:
    game = deck(L_DECK, sight, {"s": "slime", "z": "zombie"})
    floor = game.floor
    slime, zombie = sorted(floor.actors, key=lambda m: m.kind)
    assert (slime.kind, zombie.kind) == ("slime", "zombie")
    assert game.player_sees(slime) and game.player_sees(zombie) is (sight == "room")
    assert (zombie in in_view(game)) is (sight == "room")
    assert _frames_equal_without(display, game, zombie) is (sight == "tile"), "drawn only when in sight"
    assert not _frames_equal_without(display, game, slime)
    zombie.x, zombie.y = 6, 1  # round the corner, a step from the breach: pulled, then lost
    floor.move_actor(zombie, 6, 2)
    ships.breach_near(game, (7, 1))
    assert floor.ship_state.breaches
    told = []
    for _ in range(4):
        game.perform(Wait())
        told += [m.text for m in game.log.messages if "sucked out" in m.text and m.text not in told]
        if zombie.alive:
            assert (zombie in in_view(game)) is (sight == "room") == game.player_sees(zombie), zombie.pos
    lost = floor.ship_state.lost
    assert lost.get("slime") == 1 and lost.get("zombie") == 1, "both went out through the breach"
    assert any("slime" in t for t in told), "the one in sight is seen going"
    assert any("zombie" in t for t in told) is (sight == "room"), "by the tile, the one round the corner is not"


# --- doors remembered as seen -----------------------------------------------------------------
def test_by_the_tile_a_door_is_seen_and_remembered_when_a_tile_on_either_side_of_it_is_in_sight() -> None:
    """Whatever is in sight, exactly the doors with a tile beside them in sight are noted as they
    are now (a door on the map's edge has one side); the rest keep what was seen of them."""
    game = Game.in_dungeon("doors-by-the-tile", sight="tile")
    floor = game.floor
    h, w = floor.map.rooms.shape
    rng = np.random.default_rng(5)
    doors = list(floor.map.door_edges())
    noted = 0
    for trial in range(40):
        floor.lit = rng.random((h, w)) < trial / 200
        floor.door_memory = {}
        floor.remember_doors()
        want = {}
        for x, y, side, kind in doors:
            beyond = (x, y - 1) if side == 0 else (x - 1, y)
            sides = [(x, y), beyond]
            if any(0 <= sx < w and 0 <= sy < h and floor.lit[sy, sx] for sx, sy in sides):
                want[(x, y, int(side))] = int(kind)
        assert floor.door_memory == want, trial
        assert [floor.door_seen(x, y, int(side), floor.map.rooms_across(x, y, side))[0] for x, y, side, _ in doors] \
            == [(x, y, int(side)) in want for x, y, side, _ in doors], "the doors drawn in sight are those noted"
        noted += len(want)
    assert noted > 100, "many doors were in sight"
