"""More to find (SPEC ITM-3): a potion of speed, a scroll of teleportation,
smoke bombs, throwing knives, a bow with arrows, scale mail and plate armour. Each test plays
the item as a player would and checks what the player would notice."""

from __future__ import annotations

import pytest

from game.world.action import Done, Impossible, NeedsTarget
from game.world.actions import Fire, Move, PickUp, Throw, UseSlot, Wait
from game.content.descriptions import describe_item
from game.content.items import ITEMS, throwable
from game.content.sprites import SPRITES
from game.run.recording import decode, encode
from game.world import combat, travel
from game.world.consumables import TELEPORT_AWAY
from game.world.game import Game
from game.world.navigation import chebyshev
from tests.helpers import game_on

NEW = ("potion_speed", "scroll_teleport", "smoke_bomb", "throwing_knives", "scale_armour", "plate_armour", "bow",
       "arrows")

HALL = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""

TWO_ROOMS = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . r . . . . . . .|. . . . . . . . . . . .|
+                     +                       +
|. . . . . . . . . . .|. . . . . . . . . . . .|
+                     +                       +
|. . . . . . . . . . .D. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def _slot(game: Game, kind: str) -> int:
    return [k for k, _ in game.inventory.slots].index(kind)


def test_every_new_kind_is_loot_with_a_price_a_sprite_and_words() -> None:
    for kind in NEW:
        spec = ITEMS[kind]
        assert spec.weight > 0 and spec.value > 0 and spec.depth >= 1, kind
        assert kind in SPRITES and SPRITES[kind].icon, kind
        assert len(describe_item(kind)) > 20, kind
    assert "lasts 20 turns" in describe_item("potion_speed")
    assert "cloud radius 2" in describe_item("smoke_bomb")
    assert "armour 6: blunts a blow by 0-6, defence -3" in describe_item("plate_armour")


def _orc_closes_in(hasted: bool, waits: int = 6) -> int:
    """How many tiles a hunting orc closes while the player waits."""
    game = game_on(HALL)
    game.inventory.add("potion_speed")
    if hasted:
        game.perform(UseSlot(_slot(game, "potion_speed")))
    orc = game.spawn_monster("orc", 11, 0)
    orc.state, orc.target, orc.target_eid, orc.energy = "hunting", game.player.pos, 0, 0
    game.player.energy = 100
    start = chebyshev(orc.pos, game.player.pos)
    for _ in range(waits):
        game.perform(Wait())
    return start - chebyshev(orc.pos, game.player.pos)


def test_a_potion_of_speed_gives_two_actions_for_each_monster_turn() -> None:
    assert _orc_closes_in(False) == 6
    assert _orc_closes_in(True) == 3, "hasted, the player takes two turns to every one of the orc's"


def test_the_haste_wears_off_after_its_turns() -> None:
    game = game_on(HALL)
    game.inventory.add("potion_speed")
    turns = ITEMS["potion_speed"].turns
    result = game.perform(UseSlot(_slot(game, "potion_speed")))
    assert isinstance(result, Done) and "twice as fast" in result.message
    assert game.inventory.count("potion_speed") == 0 and game.player.hasted == turns - 1
    for _ in range(turns - 2):
        game.perform(Wait())
    assert game.player.hasted == 1
    game.perform(Wait())
    assert game.player.hasted == 0
    assert any("slow down" in m.text for m, _ in game.log.last(3))


def test_haste_is_saved() -> None:
    game = game_on(HALL)
    game.inventory.add("potion_speed")
    game.perform(UseSlot(_slot(game, "potion_speed")))
    again = Game.from_dict(game.to_dict())
    assert again.player.hasted == game.player.hasted > 0 and again.digest() == game.digest()


def test_a_scroll_of_teleportation_lands_away_from_monsters_on_a_reachable_tile() -> None:
    game = game_on(TWO_ROOMS)
    orc = game.spawn_monster("orc", 10, 1)  # beside the wall: the near end of the other room is too close
    orc.state = "asleep"
    game.inventory.add("scroll_teleport", 12)
    landed = set()
    for _ in range(12):
        result = game.perform(UseSlot(_slot(game, "scroll_teleport")))
        assert isinstance(result, Done) and "elsewhere" in result.message
        here = game.player.pos
        landed.add(here)
        assert game.floor.map.room_at(*here) != game.floor.map.room_at(*orc.pos), "never into a foe's room"
        assert chebyshev(here, orc.pos) >= TELEPORT_AWAY
    assert len(landed) > 3 and game.inventory.count("scroll_teleport") == 0


def test_teleportation_is_deterministic_and_refused_where_nowhere_is_safe() -> None:
    spots = set()
    for _ in range(2):
        game = game_on(TWO_ROOMS, {"r": "orc"})
        game.inventory.add("scroll_teleport")
        game.perform(UseSlot(_slot(game, "scroll_teleport")))
        spots.add(game.player.pos)
    assert len(spots) == 1
    game = game_on(HALL, {"r": "orc"})  # one room, and the orc in it
    game.spawn_monster("orc", 6, 1)
    game.inventory.add("scroll_teleport")
    assert isinstance(game.perform(UseSlot(_slot(game, "scroll_teleport"))), Impossible)
    assert game.inventory.count("scroll_teleport") == 1, "a refused scroll is not used up"


def test_teleportation_never_passes_a_locked_door() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . .L. . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan)
    game.spawn_monster("orc", 1, 0)
    game.inventory.add("scroll_teleport")
    result = game.perform(UseSlot(_slot(game, "scroll_teleport")))
    assert isinstance(result, Impossible), "the only foe-free room is behind a locked door"


def test_a_smoke_bomb_hides_the_player_and_the_hunter_loses_track() -> None:
    game = game_on(HALL)
    orc = game.spawn_monster("orc", 8, 0)
    game.inventory.add("smoke_bomb")
    game.perform(Wait())
    assert orc.state == "hunting" and orc.target == game.player.pos
    assert isinstance(game.perform(UseSlot(_slot(game, "smoke_bomb"))), NeedsTarget)
    result = game.perform(Throw(2, 0, "smoke_bomb"))
    assert isinstance(result, Done) and "smoke" in result.message
    assert game.floor.smoke.get(game.player.pos, 0) > game.turn, "the cloud reaches the thrower two tiles off"
    assert not game.player_sees(orc) or chebyshev(orc.pos, game.player.pos) <= 1
    for _ in range(3):
        game.perform(Move(0, 1) if game.player.y == 0 else Move(1, 0))
    assert orc.state != "hunting" or chebyshev(orc.pos, game.player.pos) <= 1, \
        "in the smoke the orc cannot see you: it searches where you were"
    assert orc.target != game.player.pos or chebyshev(orc.pos, game.player.pos) <= 1
    again = Game.from_dict(game.to_dict())
    assert again.floor.smoke == game.floor.smoke and again.digest() == game.digest()
    for _ in range(ITEMS["smoke_bomb"].turns):
        game.perform(Wait())
    assert not game.floor.smoke, "the smoke clears after its turns"


def test_seen_through_smoke_only_from_right_beside() -> None:
    from game.world.senses import sees

    game = game_on(HALL)
    near, far = game.spawn_monster("rat", 1, 0), game.spawn_monster("rat", 6, 1)
    assert sees(game, far, game.player) and sees(game, near, game.player)
    game.floor.smoke[game.player.pos] = game.turn + 5
    assert sees(game, near, game.player) and not sees(game, far, game.player)
    assert not sees(game, game.player, far), "nor does whoever stands in smoke see out"


def test_a_throwing_knife_hits_the_first_creature_and_can_be_picked_up_again() -> None:
    game = game_on(HALL)
    rat = game.spawn_monster("rat", 3, 0)
    behind = game.spawn_monster("orc", 5, 0)
    behind.energy = -10_000  # it stays put behind the rat
    game.inventory.add("throwing_knives", 6)
    hits = 0
    for _ in range(6):
        if not rat.alive:
            break
        hp = rat.hp
        result = game.perform(Throw(5, 0, "throwing_knives"))
        assert isinstance(result, Done)
        hits += rat.hp < hp or not rat.alive
        rat.x, rat.y = 3, 0  # it stays put to be a target
        game.floor._occupied = None
    assert hits >= 1, "knives hurt"
    assert behind.hp == behind.max_hp, "the rat in front stops every knife"
    knives = [i for i in game.floor.items if i.kind == "throwing_knives"]
    assert knives and all(i.pos == (3, 0) for i in knives), "they lie where they stopped"
    assert game.inventory.count("throwing_knives") == 6 - sum(i.count for i in knives)
    game.floor.actors.clear()
    game.floor._occupied = None
    game.player.x, game.player.y = 3, 0
    game.perform(PickUp())
    assert game.inventory.count("throwing_knives") == 6, "every knife thrown is back in the pack"


def test_knife_damage_is_its_own_roll_blunted_by_armour() -> None:
    game = game_on(HALL)
    troll = game.spawn_monster("troll", 2, 0)
    game.inventory.add("throwing_knives", 20)
    low, high = ITEMS["throwing_knives"].damage
    armour = combat.stats_of(game, troll).armour
    for _ in range(20):
        hp = troll.hp
        game.perform(Throw(2, 0, "throwing_knives"))
        troll.x, troll.y, troll.energy = 2, 0, 0
        if troll.hp < hp:
            assert max(1, low - armour) <= hp - troll.hp <= high, "armour takes 0 to its armour off"


def test_a_bow_comes_with_arrows_and_fires_them_at_the_first_creature() -> None:
    game = game_on(HALL, {"a": "bow"})
    game.floor.items.clear()
    game.drop_item("bow", game.player.pos)
    result = game.perform(PickUp())
    assert isinstance(result, Done) and "arrows" in result.message
    assert game.inventory.ranged == "bow" and game.inventory.count("arrows") == ITEMS["bow"].ammo
    orc = game.spawn_monster("orc", 6, 0)
    for _ in range(4):
        game.perform(Fire(*orc.pos))
        orc.energy = 0
    assert game.inventory.count("arrows") == ITEMS["bow"].ammo - 4
    assert orc.hp < orc.max_hp or not orc.alive
    assert sum(i.count for i in game.floor.items if i.kind == "arrows") == 4, "the arrows lie where they stopped"
    assert isinstance(game.perform(UseSlot(_slot(game, "arrows"))), NeedsTarget)


def test_armour_tiers_trade_armour_for_dodging() -> None:
    game = game_on(HALL)
    rat = game.spawn_monster("rat", 5, 1)
    chances = {}
    for kind in ("leather_armour", "scale_armour", "chain_armour", "plate_armour"):
        game.inventory.armour = kind
        me = combat.stats_of(game, game.player)
        chances[kind] = (me.armour, combat.hit_chance(combat.stats_of(game, rat), me))
    assert [a for a, _ in chances.values()] == [2, 3, 4, 6], "each tier takes more off every blow"
    assert chances["scale_armour"][1] == chances["leather_armour"][1], "scale mail costs no dodging"
    assert chances["plate_armour"][1] == chances["leather_armour"][1] + 15, "plate is hit far more often"


def test_found_knives_and_arrows_come_in_bundles() -> None:
    game = Game.new("bundles")
    counts = []
    for region in game.world.order:
        for depth in range(1, game.world.floors(region) + 1):
            if travel.floor_kind(game, region, depth) != "dungeon":
                continue
            floor = travel.populated(game, depth, travel.floor_level(game, region, depth), region)
            counts += [i.count for i in floor.items if i.kind in ("throwing_knives", "arrows")]
    assert counts and all(c == ITEMS["throwing_knives"].stack or c == ITEMS["arrows"].stack for c in counts)


@pytest.mark.parametrize("kind", ["smoke_bomb", "throwing_knives", "tnt"])
def test_throws_of_every_throwable_kind_are_recorded_and_replayed(kind: str) -> None:
    assert throwable(kind)
    assert decode(encode(Throw(3, 4, kind))) == Throw(3, 4, kind)
    assert not throwable("potion_speed") and not throwable("arrows")


def test_aiming_a_throw_picks_the_kind_and_tab_switches_it() -> None:
    from game.app.aim import Aim

    game = game_on(HALL)
    game.spawn_monster("orc", 6, 0)
    game.inventory.add("tnt")
    game.inventory.add("smoke_bomb")
    game.inventory.add("throwing_knives", 4)
    aim = Aim.start(game, "throw", "smoke_bomb")
    assert isinstance(aim, Aim) and aim.kind == "smoke_bomb" and aim.target == (6, 0)
    assert not aim.hits_player(game) and aim.radius == ITEMS["smoke_bomb"].smoke
    kinds = [aim.kind]
    for _ in range(3):
        aim = aim.switched(game)
        kinds.append(aim.kind)
    assert kinds == ["smoke_bomb", "throwing_knives", "tnt", "smoke_bomb"]
    assert aim.target == (6, 0), "switching keeps the target"
    knife = Aim.start(game, "throw", "throwing_knives")
    assert isinstance(knife, Aim) and knife.preview(game).flight.hit == (6, 0)
    assert knife.action() == Throw(6, 0, "throwing_knives")


def test_the_autoplayer_reads_teleportation_when_outmatched_and_drinks_speed_before_a_boss() -> None:
    from game.bot.autoplay import Autoplayer

    game = game_on(TWO_ROOMS)
    game.inventory.slots.clear()
    game.inventory.add("potion_speed")
    game.inventory.add("scroll_teleport")
    game.spawn_monster("orc", 1, 0)
    game.spawn_monster("orc", 1, 1)
    game.player.hp = 5
    game.update_visibility()
    assert Autoplayer().next_action(game) == UseSlot(_slot(game, "scroll_teleport"))
    game.inventory.remove("scroll_teleport")
    assert Autoplayer().next_action(game) == UseSlot(_slot(game, "potion_speed")), "no scroll: speed, to get away"
    game.player.hp = game.player.max_hp
    game.floor.actors.clear()
    game.floor._occupied = game.floor._by_room = None
    game.spawn_monster("warden_brute", 8, 2)
    assert Autoplayer().next_action(game) == UseSlot(_slot(game, "potion_speed"))
