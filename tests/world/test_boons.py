"""Boons (SPEC GRW-1, GRW-2, GRW-3): a fallen Warden offers three, the player takes one, and each
one changes the run as its words say."""

from __future__ import annotations

import pytest

from game.content.boons import BOONS, OFFERED
from game.content.items import ITEMS
from game.world import combat, events, magic
from game.world.action import Done, Impossible
from game.world.actions import ChooseBoon, Move, UseSlot, Wait
from game.world.boons import choices
from game.world.game import Game
from game.world.saving import SaveError
from tests.helpers import game_on
from tests.world.test_combat import HALL


def fallen(seed: str, wardens: int = 1) -> Game:
    """A run of ``seed`` whose first ``wardens`` Wardens have just fallen (the boons chosen, but
    for the last one's: its offer is open)."""
    game = Game.new(seed)
    for region in game.world.order[:wardens]:
        if game.boons.offer:
            game.perform(ChooseBoon(game.boons.offer[0]))
        events.warden_falls(game, region)
    return game


def test_a_fallen_warden_offers_three_boons_the_same_for_everyone_on_that_seed() -> None:
    game = fallen("boons")
    offer = game.boons.offer
    assert len(offer) == OFFERED == len(set(offer)) and set(offer) <= set(BOONS)
    assert fallen("boons").boons.offer == offer, "the seed and the region decide the offer"
    assert any(fallen(seed).boons.offer != offer for seed in ("b1", "b2", "b3", "b4")), "other seeds, other offers"
    assert any("boon" in m.text for m in game.log.messages), "the log says a boon waits"
    assert all(":" in words and len(words) > 20 for _, words in choices(game)), "each says what it does"


def test_taking_a_boon_counts_a_choice_takes_no_turn_and_is_never_offered_again() -> None:
    game = fallen("boons")
    turn, taken = game.turn, game.boons.offer[1]
    assert isinstance(game.perform(ChooseBoon("not-a-boon")), Impossible)
    result = game.perform(ChooseBoon(taken))
    assert isinstance(result, Done) and game.turn == turn and game.record.choices == 1
    assert game.boons.taken == [taken] and game.boons.offer == []
    assert isinstance(game.perform(ChooseBoon(taken)), Impossible), "one boon per Warden"
    later = fallen("boons", 4)
    assert len(later.boons.taken) == 3 and not set(later.boons.taken) & set(later.boons.offer)


def test_the_last_warden_offers_nothing_the_run_is_won() -> None:
    game = fallen("boons", len(Game.new("boons").world.order))
    assert game.won and game.boons.offer == []


def test_a_boon_offered_is_saved_and_a_save_offering_a_taken_boon_is_refused() -> None:
    game = fallen("boons", 2)
    loaded = Game.from_dict(game.to_dict())
    assert loaded.boons == game.boons and loaded.digest() == game.digest()
    data = game.to_dict()
    data["boons"]["offer"][0] = data["boons"]["taken"][0]
    with pytest.raises(SaveError, match="taken already"):
        Game.from_dict(data)


def take(game: Game, boon: str) -> None:
    game.boons.offer = [boon]
    assert isinstance(game.perform(ChooseBoon(boon)), Done)


def test_vigour_might_and_bulwark_change_the_numbers_they_name() -> None:
    game = game_on(HALL)
    game.player.hp = 5
    before = combat.stats_of(game, game.player)
    take(game, "vigour")
    assert game.player.max_hp == game.player.hp == 50
    take(game, "might")
    take(game, "bulwark")
    after = combat.stats_of(game, game.player)
    assert after.damage == (before.damage[0] + 2, before.damage[1] + 2) and after.accuracy == before.accuracy + 2
    assert after.armour == before.armour + 1 and after.defence == before.defence + 2


def blows_at_a_sleeper(weapon: str, shadow: bool) -> list[int]:
    game = game_on(HALL)
    game.inventory.weapon = weapon
    if shadow:
        take(game, "shadow")
    zombie = game.spawn_monster("zombie", 4, 1)
    dealt = []
    for _ in range(30):
        zombie.state, zombie.hp, zombie.max_hp = "asleep", 1000, 1000
        game.player.hp = game.player.max_hp  # (the zombie strikes back between blows)
        game.perform(Move(1, 0))
        dealt.append(1000 - zombie.hp)
    return dealt


def test_shadowstrike_makes_any_weapon_sneak_attack_and_a_dagger_deadlier() -> None:
    sword = ITEMS["sword"].damage
    assert max(blows_at_a_sleeper("sword", False)) <= sword[1]
    assert min(blows_at_a_sleeper("sword", True)) > sword[1], "a sword's blow at a sleeper: x3"
    assert max(blows_at_a_sleeper("dagger", True)) > 3 * ITEMS["dagger"].damage[1], "a dagger's: x5"


def test_regeneration_heals_twice_as_fast() -> None:
    healed = []
    for boon in (None, "regeneration"):
        game = game_on(HALL)
        if boon:
            take(game, boon)
        game.player.hp = 10
        for _ in range(40):
            game.perform(Wait())
        healed.append(game.player.hp - 10)
    assert healed[1] == 2 * healed[0] > 0


def test_lore_names_every_potion_and_scroll() -> None:
    game = game_on(HALL)
    assert not all(magic.knows(game, kind) for kind in magic.POTION_KINDS)
    take(game, "lore")
    assert all(magic.knows(game, kind) for kind in (*magic.POTION_KINDS, *magic.SCROLL_KINDS))


def charm_slot(game: Game) -> int:
    return [kind for kind, _ in game.inventory.slots].index("charm_health")


def turns_until_ready(game: Game) -> int:
    """Use the charm of health, then wait until it is ready again: how many turns."""
    game.player.hp = 10
    assert isinstance(game.perform(UseSlot(charm_slot(game))), Done)
    turns = 0
    while game.inventory.charges["charm_health"].left == 0 and turns < 1000:
        game.perform(Wait())
        turns += 1
    return turns


def test_arcana_fills_what_you_carry_and_recharges_it_twice_as_fast() -> None:
    plain, arcane = game_on(HALL), game_on(HALL)
    for game in (plain, arcane):
        game.inventory.add("charm_health")
    plain_turns = turns_until_ready(plain) + 1  # (the use itself is a turn of recharging)
    assert plain_turns == ITEMS["charm_health"].recharge
    arcane.player.hp = 10
    arcane.perform(UseSlot(charm_slot(arcane)))
    take(arcane, "arcana")
    assert arcane.inventory.charges["charm_health"].left == 1, "taking it fills the charm at once"
    assert turns_until_ready(arcane) + 1 == plain_turns // 2


def test_every_dungeon_floor_holds_a_scroll_of_enchanting() -> None:
    for seed in ("e1", "e2", "e3"):
        game = Game.in_dungeon(seed)
        assert any(item.kind == "scroll_enchanting" for item in game.floor.items), seed
