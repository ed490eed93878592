"""The smart bot zaps its staffs and wands, uses its charms and throws its thrown weapons in a
fight (SPEC ROB-4, ``game.bot.arsenal``); the standard bot does none of it."""

from __future__ import annotations

from game.bot.autoplay import Autoplayer
from game.bot.policy import SMART, STANDARD
from game.world.actions import Move, Throw, UseSlot, Wait, Zap
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . >|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""
ROOMS = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . >|
+-+-+-+-+-+-+-+-+o+-+
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""
WALLED = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . .|. . . . . >|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


def _with(plan: str, *kinds: str, foe: str = "", at: tuple[int, int] = (5, 0)):
    game = game_on(plan)
    for kind in kinds:
        game.inventory.add(kind)
    if foe:
        monster = game.spawn_monster(foe, *at)
        monster.state, monster.target, monster.target_eid = "hunting", game.player.pos, game.player.eid
    game.update_visibility()
    return game


def _used(game, action) -> str | None:
    return game.inventory.slots[action.index][0] if isinstance(action, UseSlot) else None


def test_it_zaps_a_firebolt_at_a_warden_in_the_line_of_fire() -> None:
    game = _with(ROOM, "staff_firebolt", foe="warden_brute")
    warden = next(m for m in game.floor.actors if m.kind == "warden_brute")
    action = Autoplayer(SMART).next_action(game)
    assert action == Zap(5, 0, "staff_firebolt")
    before = warden.hp
    game.perform(action)
    assert warden.hp < before, "the bolt burnt it"
    assert Autoplayer(STANDARD).next_action(game) != Zap(5, 0, "staff_firebolt")


def test_no_bolt_where_a_wall_stands_in_the_way_nor_with_no_charge_left() -> None:
    game = _with(WALLED, "staff_firebolt", foe="warden_brute", at=(5, 0))
    assert game.floor.in_sight(5, 0), "in view, round the wall"
    assert not isinstance(Autoplayer(SMART).next_action(game), Zap), "the thin wall stops the bolt"
    game = _with(ROOM, "staff_firebolt", foe="warden_brute")
    game.inventory.charges["staff_firebolt"].left = 0
    assert not isinstance(Autoplayer(SMART).next_action(game), Zap)


def test_a_warden_is_entranced_first_then_slowed() -> None:
    game = _with(ROOM, "staff_firebolt", "staff_slowness", "staff_entrancement", foe="warden_charger")
    bot = Autoplayer(SMART)
    entrance = bot.next_action(game)
    assert entrance == Zap(5, 0, "staff_entrancement")
    game.perform(entrance)
    warden = next(m for m in game.floor.actors if m.kind == "warden_charger")
    assert warden.held, "it stands entranced"
    assert bot.next_action(game) == Zap(*warden.pos, "staff_firebolt"), "no slowing for what cannot move"


def test_lightning_never_goes_through_an_ally() -> None:
    game = _with(ROOM, "staff_lightning", foe="warden_brute", at=(6, 0))
    ally = game.spawn_monster("goblin", 3, 0)
    ally.ally = True
    game.floor.note_allies()
    game.update_visibility()
    assert not isinstance(Autoplayer(SMART).next_action(game), Zap)


def test_hurt_it_uses_its_charm_of_health_before_a_potion() -> None:
    game = _with(ROOM, "potion_healing", "charm_health", foe="ogre", at=(1, 0))
    game.player.hp = game.player.max_hp // 3
    action = Autoplayer(SMART).next_action(game)
    assert _used(game, action) == "charm_health"
    hp = game.player.hp
    game.perform(action)
    assert game.player.hp > hp
    assert _used(game, Autoplayer(STANDARD).next_action(game)) != "charm_health"


def test_out_of_a_fight_the_charm_heals_what_it_can_heal_in_full() -> None:
    game = _with(ROOM, "charm_health")
    game.player.hp = game.player.max_hp - 3
    assert _used(game, Autoplayer(SMART).next_action(game)) != "charm_health", "a scratch: it saves the charm"
    game.player.hp = game.player.max_hp - 12
    assert _used(game, Autoplayer(SMART).next_action(game)) == "charm_health"


def test_outmatched_and_hurt_it_escapes_by_its_charm_of_teleportation() -> None:
    game = _with(ROOMS, "charm_teleportation", foe="warden_brute", at=(1, 0))
    game.inventory.remove("potion_healing", game.inventory.count("potion_healing"))
    game.player.hp = 4
    action = Autoplayer(SMART).next_action(game)
    assert _used(game, action) == "charm_teleportation"
    game.perform(action)
    assert game.player.pos[1] == 1, "in the other room"


def test_it_hastens_itself_with_its_charm_against_a_boss() -> None:
    game = _with(ROOM, "charm_haste", foe="warden_brute", at=(8, 1))
    assert _used(game, Autoplayer(SMART).next_action(game)) == "charm_haste"


def test_it_throws_darts_at_what_comes() -> None:
    game = _with(ROOM, "darts", foe="goblin", at=(4, 0))
    action = Autoplayer(SMART).next_action(game)
    assert action == Throw(4, 0, "darts")
    assert Autoplayer(STANDARD).next_action(game) != action


def test_in_a_venting_room_of_a_deck_it_teleports_to_air() -> None:
    from game.world import ships
    from tests.world.test_ships import deck_game, room_air

    def venting():
        game = deck_game()
        game.player.x, game.player.y = (2, 1)  # in the first compartment, open to the second
        game.inventory.add("charm_teleportation")
        ships.breach_near(game, (0, 1))
        return game

    game = venting()
    action = Autoplayer(SMART).next_action(game)
    assert _used(game, action) == "charm_teleportation"
    game.perform(action)
    assert game.player.pos[0] >= 8 and room_air(game, *game.player.pos) > 0, "in the third compartment, shut off"
    game = venting()
    assert _used(game, Autoplayer(STANDARD).next_action(game)) is None, "the standard bot fights the pull"


def test_with_no_air_left_on_the_deck_it_heals_when_hurt_and_makes_for_the_stairs() -> None:
    from tests.world.test_ships import deck_game

    game = deck_game()
    game.floor.level.exit = (6, 1)
    game.floor.ship_state.air = [0] * len(game.floor.ship_state.air)
    game.player.x, game.player.y = (4, 1)
    step = Autoplayer(SMART).next_action(game)
    assert isinstance(step, Move) and step.dx == 1, "toward the stairs, not a rest in vacuum"
    game.player.hp = game.player.max_hp // 3
    assert _used(game, Autoplayer(SMART).next_action(game)) == "potion_healing"
    assert Autoplayer(STANDARD).next_action(game) == Wait(), "the standard bot rests where it is"


def test_a_bloated_boarder_coming_is_burst_from_afar_not_let_beside_it() -> None:
    game = _with(ROOM, "darts", foe="boarder", at=(4, 0))
    action = Autoplayer(SMART).next_action(game)
    assert action == Throw(4, 0, "darts"), "a dart at it while it is still away"
    game = _with(ROOM, "darts", foe="boarder", at=(4, 0))
    assert not isinstance(Autoplayer(STANDARD).next_action(game), Throw)


def test_on_a_breached_deck_with_air_left_it_makes_for_the_stairs_it_knows() -> None:
    from game.world import ships
    from tests.world.test_ships import deck_game

    game = deck_game()
    game.floor.level.exit = (6, 1)
    game.floor.reveal_all()
    ships.breach_near(game, (0, 1))
    game.player.x, game.player.y = (4, 1)
    assert any(game.floor.ship_state.air), "some air is left"
    step = Autoplayer(SMART).next_action(game)
    assert isinstance(step, Move) and step.dx == 1, "toward the stairs, off the deck"
