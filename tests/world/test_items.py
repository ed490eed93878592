"""Items and inventory (SPEC ITM-1..3), and combat as the player feels it."""

from __future__ import annotations

from game.world.action import Done, Impossible
from game.world.actions import Move, PickUp, UseSlot, Wait
from game.world import combat
from game.map.edges import Edge
from game.map.floor_map import Side
from game.world.inventory import MAX_SLOTS
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+
|@ a b c d e|
+           +
|. . . . . >|
+-+-+-+-+-+-+
"""


def test_equipment_is_worn_at_once_and_the_old_piece_dropped_here() -> None:
    game = game_on(ROOM, {"a": "sword", "b": "leather_armour"})
    assert game.inventory.weapon == "dagger"
    game.perform(Move(1, 0))
    result = game.perform(PickUp())
    assert isinstance(result, Done) and game.inventory.weapon == "sword"
    assert [i.kind for i in game.floor.items_at((1, 0))] == ["dagger"], "the dagger lies where the sword was"
    assert game.inventory.slots == [["potion_healing", 1]], "equipment never takes a slot"
    game.perform(Move(1, 0))
    game.perform(PickUp())
    assert game.inventory.armour == "leather_armour" and not game.floor.items_at((2, 0))


def test_consumables_stack_one_slot_per_kind() -> None:
    game = game_on(ROOM, {"a": "potion_healing", "b": "potion_healing", "c": "scroll_mapping"})
    for _ in range(3):
        game.perform(Move(1, 0))
        game.perform(PickUp())
    assert game.inventory.slots == [["potion_healing", 3], ["scroll_mapping", 1]]


def test_potions_heal_scrolls_map_and_use_costs_a_turn() -> None:
    game = game_on(ROOM)
    assert isinstance(game.perform(UseSlot(0)), Impossible), "already at full health"
    game.player.hp = 10
    turn = game.turn
    assert isinstance(game.perform(UseSlot(0)), Done) and game.player.hp == 25 and game.turn == turn + 1
    assert game.inventory.slots == []
    assert isinstance(game.perform(UseSlot(4)), Impossible)
    game.inventory.add("scroll_mapping")
    game.floor.seen_rooms[:] = False
    game.perform(UseSlot(0))
    assert game.floor.seen_rooms.all()


def test_coins_are_collected_by_walking_over_them() -> None:
    game = game_on(ROOM, {"a": "coins"})
    game.floor.items[0].count = 7
    game.perform(Move(1, 0))
    assert game.inventory.coins == 7 and not game.floor.items


def test_a_full_pack_refuses_a_new_kind() -> None:
    game = game_on(ROOM, {"a": "scroll_mapping"})
    game.inventory.slots = [[f"k{i}", 1] for i in range(MAX_SLOTS)]
    game.perform(Move(1, 0))
    assert isinstance(game.perform(PickUp()), Impossible)


def test_a_key_unlocks_a_locked_door_once() -> None:
    game = game_on("""
+-+-+-+-+
|. @L. >|
+-+-+-+-+
""")
    assert isinstance(game.perform(Move(1, 0)), Impossible)
    game.inventory.add("key")
    assert isinstance(game.perform(Move(1, 0)), Done)
    assert game.floor.map.edge(2, 0, Side.W) == Edge.OPEN_DOOR and game.inventory.count("key") == 0


def test_remembered_items_stay_where_they_were_seen() -> None:
    game = game_on("""
+-+-+-+-+-+
|. . .|. .|
+     +   +
|a @ .D. >|
+-+-+-+-+-+
""", {"a": "potion_healing"})
    assert game.floor.item_memory == {(0, 1): "potion_healing"}
    game.floor.items.clear()  # taken while the player was away ...
    game.player.x, game.player.y = 4, 0
    game.update_visibility()
    assert game.floor.item_memory == {(0, 1): "potion_healing"}, "... the player still remembers it"


def test_hit_chance_damage_and_armour() -> None:
    strong = combat.Stats(accuracy=20, damage=(3, 3), defence=0, armour=0)
    weak = combat.Stats(accuracy=-20, damage=(1, 1), defence=0, armour=5)
    assert combat.hit_chance(strong, weak) == 95 and combat.hit_chance(weak, strong) == 5
    assert combat.hit_chance(combat.Stats(0, (1, 1), 0, 0), combat.Stats(0, (1, 1), 2, 0)) == 65


def test_bump_attacks_kill_and_drop_loot_and_count() -> None:
    game = game_on(ROOM, {"a": "rat"})
    rat = game.occupant((1, 0))
    rat.hp = 1
    game.inventory.weapon = "axe"
    for _ in range(20):
        if not rat.alive:
            break
        game.perform(Move(1, 0))
    assert not rat.alive and rat not in game.floor.actors and game.kills == 1
    assert any("kill the rat" in m.text for m in game.log.messages)


def test_death_ends_the_run_with_a_cause() -> None:
    game = game_on(ROOM, {"a": "troll"})
    game.player.hp = 1
    for _ in range(30):
        if game.over:
            break
        game.perform(Wait())
    assert game.over and game.cause == f"killed by the troll on floor 1 of {game.world.names[game.region]}", \
        "the cause says where as the sidebar does"
    turn = game.turn
    game.perform(Wait())
    assert game.turn == turn, "nothing happens after death"


def test_health_regenerates_slowly() -> None:
    game = game_on(ROOM)
    game.player.hp = 10
    for _ in range(combat.REGEN_TURNS * 3):
        game.perform(Wait())
    assert game.player.hp == 13


def test_the_same_equipment_twice_is_refused_so_ammo_cannot_be_farmed() -> None:
    game = game_on(ROOM, {"a": "rocket_launcher", "b": "rocket_launcher"})
    game.perform(Move(1, 0))
    assert isinstance(game.perform(PickUp()), Done)
    assert game.inventory.ranged == "rocket_launcher" and game.inventory.count("rockets") == 3
    game.perform(Move(1, 0))
    assert isinstance(game.perform(PickUp()), Impossible)
    assert game.inventory.count("rockets") == 3
