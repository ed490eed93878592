"""What the pointer says: doors, walls and the hull near a tile's edge, what a monster is
doing, and yourself with what lies under you (SPEC UI-8)."""

from __future__ import annotations

from game.app.play_words import hover_text

import pygame

from game.app.describe import EDGE_MARGIN, edge_near, tile_text
from game.map.edges import Edge
from tests.helpers import game_on

ROOMS = """
+-+-+-+-+
|@ .D. s|
+-+ +-+-+
|. .o.L.|
+-+-+-+-+
"""


def _hover(game, point: tuple[float, float]) -> str:
    """What the sidebar says with the pointer at a map point (in tiles)."""
    return tile_text(game, (int(point[0]), int(point[1])), edge_near(game.floor.map, point))


def test_the_pointer_near_a_door_says_closed_open_or_locked() -> None:
    game = game_on(ROOMS, {"s": "slime"})
    game.floor.seen_rooms[:] = True
    assert _hover(game, (1.95, 0.5)).startswith("A closed door"), "the door's edge, from the west"
    assert _hover(game, (2.05, 0.5)).startswith("A closed door"), "and from the east"
    assert _hover(game, (1.95, 1.5)) == "An open door (c closes it)"
    assert _hover(game, (2.9, 1.5)) == "A locked door: a key opens it"
    assert _hover(game, (1.5, 1.5)).startswith("Floor"), "the middle of a tile is the tile"
    assert _hover(game, (1.5, 0.05)) == "A wall"
    assert _hover(game, (0.5, 1 - EDGE_MARGIN / 2)) == "A wall", "the wall between the rows"
    assert _hover(game, (0.95, 0.5)).startswith("You"), "an open edge is no edge: the tile is described"


def test_the_hull_and_what_lies_beyond_it() -> None:
    game = game_on("""
+#+#+
#@ .#
+#+#+
""")
    assert game.floor.map.edge_kind_toward(0, 0, 0, -1) == Edge.HULL
    assert _hover(game, (0.5, 0.02)) == "The hull: vacuum beyond it"


SLIME_AND_KEEPER = """
+-+-+-+-+
|@ . s k|
+-+-+-+-+
"""
"""A slime two steps from the player, a shopkeeper behind it."""


def test_a_monster_says_what_it_is_doing() -> None:
    game = game_on(SLIME_AND_KEEPER, {"s": "slime", "k": "shopkeeper"})
    slime, keeper = (m for m in game.floor.actors if m is not game.player)
    slime.state = "asleep"
    assert tile_text(game, slime.pos).startswith("The slime (9/9, asleep).")
    assert "peaceful" in tile_text(game, keeper.pos)
    slime.state = "hunting"
    assert tile_text(game, slime.pos).startswith("The slime (9/9, hunting).")


def test_a_foe_that_has_not_noticed_you_says_what_your_blow_would_do() -> None:
    game = game_on(SLIME_AND_KEEPER, {"s": "slime", "k": "shopkeeper"})
    slime, keeper = (m for m in game.floor.actors if m is not game.player)
    slime.state = "asleep"
    assert "Unaware of you: your blow cannot miss and deals x3." in tile_text(game, slime.pos), "the dagger's"
    game.inventory.weapon = "sword"
    assert "Unaware of you: your blow cannot miss. " in tile_text(game, slime.pos)
    slime.state, slime.target_eid = "hunting", game.player.eid
    assert "Unaware" not in tile_text(game, slime.pos), "hunting you, it sees the blow coming"
    assert "Unaware" not in tile_text(game, keeper.pos), "a shopkeeper is no foe"


def test_hovering_yourself_says_what_lies_under_you() -> None:
    game = game_on("""
+-+-+
|@ .|
+-+-+
""", {"@": "potion_healing"})
    game.floor.level.exit = game.player.pos
    assert tile_text(game, game.player.pos) == "You. Here: the stairs down, a healing potion."


def test_the_play_screen_pointer_near_a_door_describes_the_door(display) -> None:
    from game.app.app import App
    from game.app.options import Options
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    game = game_on(ROOMS, {"s": "slime"})
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.draw(display, 10_000)
    tile = play.camera.tile
    ox, oy = play.camera.tile_origin(1, 0)  # the tile west of the closed door
    play.mouse = (ox + tile - 2, oy + tile // 2)
    play.draw(display, 10_000)
    assert play.hover == (1, 0) and hover_text(play).startswith("A closed door")
    play.mouse = (ox + tile // 2, oy + tile // 2)
    play.draw(display, 10_000)
    assert hover_text(play).startswith("Floor"), "its middle is the floor"


def test_on_the_island_yourself_is_where_you_stand_or_a_dungeons_entrance() -> None:
    from game.world.game import Game

    game = Game.new("isle")
    assert game.on_overworld and tile_text(game, game.player.pos).startswith("You, on ")
    first, second = game.world.order[:2]
    game.player.x, game.player.y = game.world.entrances[first]
    assert tile_text(game, game.player.pos) == f"You. Here: the entrance to {game.world.names[first]}'s dungeon."
    game.player.x, game.player.y = game.world.entrances[second]
    assert tile_text(game, game.player.pos).endswith("'s dungeon (sealed).")


def test_the_door_the_hover_names_is_drawn_bold_not_the_tile(display) -> None:
    from game.app.app import App
    from game.app.options import Options
    from game.app.play import PlayState
    from game.render import palette
    from game.run.recording import Recording
    from game.run.run import Run

    game = game_on(ROOMS, {"s": "slime"})
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.draw(display, 10_000)
    tile = play.camera.tile
    ox, oy = play.camera.tile_origin(1, 0)

    def hover_pixels(area: tuple[int, int, int, int]) -> int:
        return int((pygame.surfarray.array3d(display.subsurface(area)) == palette.HOVER).all(axis=2).sum())

    door = (ox + tile - 1, oy + 2, 3, tile - 4)  # the door's edge, east of the tile
    west = (ox, oy + 2, 1, tile - 4)  # the tile's own west side
    play.mouse = (ox + tile // 2, oy + tile // 2)
    play.draw(display, 10_000)
    assert hover_pixels(west) > 0, "the middle of a tile: the tile is framed"
    play.mouse = (ox + tile - 2, oy + tile // 2)
    play.draw(display, 10_000)
    assert hover_pixels(west) == 0 and hover_pixels(door) >= 2 * (tile - 4), "near the door: the door, bold"


def test_hovering_the_sidebars_inventory_describes_what_you_carry(display) -> None:
    """TRU-5: hovering your own weapon or armour row said nothing. Each row of the inventory
    (weapon, armour, launcher, every slot) is described as the same thing on the floor is, on the
    sidebar's hover line; with nothing worn, the row says what that means."""
    from game.app.app import App
    from game.app.options import Options
    from game.app.play import PlayState
    from game.content.descriptions import describe_item
    from game.run.recording import Recording
    from game.run.run import Run

    game = game_on(ROOMS, {"s": "slime"})
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))

    def said(row: str) -> str:
        play.draw(display, 10_000)  # the sidebar lays out its rows
        rect = next(rect for rect, what in play.hud.hovers if what == row)
        play.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)), 10_000)
        play.draw(display, 10_000)
        shown = " ".join(label for _, label in play.hud.texts[play.hud.texts.index(
            next(t for t in play.hud.texts if t[1] == "MESSAGES")):])
        assert hover_text(play) and hover_text(play)[:30] in shown, f"on the sidebar: {row}"
        return hover_text(play)

    game.inventory.weapon = game.inventory.armour = None
    assert said("weapon").startswith("Bare hands (damage 1-3)")
    assert said("armour").startswith("No armour")
    game.inventory.weapon, game.inventory.armour, game.inventory.ranged = "sword", "leather_armour", "bow"
    game.inventory.slots[:] = [("potion_healing", 3), ("arrows", 12)]
    game.version += 1
    assert said("weapon") == f"Sword, wielded. {describe_item('sword')}"
    assert said("armour") == f"Leather armour, worn. {describe_item('leather_armour')}"
    assert said("ranged") == f"Bow, carried. {describe_item('bow')}"
    assert said("slot:0") == f"3 healing potions, slot 1. {describe_item('potion_healing')}"
    assert said("slot:1").startswith("12 arrows, slot 2. Ammunition for the bow")


TERRAIN_HALL = """
+-+-+-+-+-+-+
|@ . . . . .|
+           +
|. . . . . .|
+-+-+-+-+-+-+
"""


def test_the_pointer_on_terrain_says_what_it_is_and_its_dangers_first() -> None:
    """SPEC REN-7: ground, fire and gas on hover; yourself in deep water; a vent; remembered ground."""
    from game.map.ground import Ground
    from game.map.level import Feature
    from game.world.terrain import TerrainState

    game = game_on(TERRAIN_HALL)
    game.floor.terrain = terrain = TerrainState.fresh(game.floor.level)
    terrain.ground[0, 1:4] = [Ground.WATER, Ground.CHASM, Ground.GRASS]
    terrain.ground[1, 0] = Ground.WATER
    terrain.fire[0, 3] = 2
    terrain.gas[1, 2], terrain.gas_kind = 6, "confusion"
    game.floor.level.theme = "mine"
    game.floor.level.features.append(Feature("vent", 4, 1))
    terrain.gas[1, 4] = 9
    game.update_visibility()
    assert tile_text(game, (1, 0)) == "Deep water: you swim here; heavy things may slip away"
    assert tile_text(game, (2, 0)) == "A chasm: a fall to the floor below"
    assert tile_text(game, (3, 0)) == "Burning grass: fire burns whoever stands in it."
    assert tile_text(game, (2, 1)) == "Confusion gas: whoever breathes it stumbles about."
    assert tile_text(game, (4, 1)).endswith("A vent in the floor: it breathes poison gas")
    assert tile_text(game, (5, 1)) == "Floor"
    game.player.x, game.player.y = 0, 1
    game.update_visibility()
    assert tile_text(game, (0, 1)) == "You, in deep water"


def test_the_pointer_on_the_island_names_its_places_and_wares() -> None:
    """The island's places and caches are described as a floor's (SPEC TER-8): a campfire says
    what it does and, once used, that it is; a merchant's ware its price; bare land its terrain."""
    from game.world.actions import PickUp
    from game.world.game import Game

    game = Game.new("2")
    fire = next(f for f in game.floor.level.features if f.kind == "campfire")
    assert tile_text(game, fire.pos).startswith("A travellers' campfire.")
    game.move_actor(game.player, *fire.pos)
    game.player.hp = 5
    game.perform(PickUp())
    game.move_actor(game.player, *game.floor.level.entrance)
    assert tile_text(game, fire.pos).endswith("(used)")
    ware = next(item for item in game.floor.items if item.price)
    assert f"for sale: {ware.price} coins" in tile_text(game, ware.pos)
    land = next((x, y) for y in range(game.floor.map.height) for x in range(game.floor.map.width)
                if game.floor.map.is_floor(x, y) and game.floor.level.feature_at((x, y)) is None
                and not game.floor.items_at((x, y)) and game.occupant((x, y)) is None
                and (x, y) != game.player.pos and game.world.region_at_entrance((x, y)) is None)
    assert tile_text(game, land).split(",")[0] in ("Beach", "Plains", "Forest", "Hills", "Mountain")
