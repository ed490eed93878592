"""Melee as the player feels it (SPEC CMB-1..CMB-11): armour that blunts by a random amount, blows
at unaware foes, weapons that differ in how they are used, monsters that flee and come back, and
fights at a floor's own depth that last a few turns."""

from __future__ import annotations

from statistics import mean, median

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.descriptions import describe_item
from game.content.weapons import STYLES, WEAPONS
from game.rng import Rng
from game.world import combat
from game.world.action import Done
from game.world.actions import Move, PickUp, Wait
from game.world.actor import Actor
from game.world.game import Game
from tests.helpers import game_on

HALL = """
+-+-+-+-+-+-+-+-+-+
|. . . . . . . . .|
+                 +
|. . . @ . . . . .|
+                 +
|. . . . . . . . .|
+-+-+-+-+-+-+-+-+-+
"""
"""An open hall, the player in its middle row at (3, 1)."""

WALLED = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+             +
|. a @|c . . .|
+   + +       +
|. . .|. . . .|
+-+-+-+-+-+-+-+
"""
"""The player at (2, 1); a thin wall runs down its east edge, and a corner's walls below it."""


def hunting(game: Game, monster: Actor, hp: int = 100) -> Actor:
    """``monster`` awake and fighting the player, with ``hp`` to count blows by."""
    monster.state, monster.target_eid, monster.target = "hunting", game.player.eid, game.player.pos
    monster.hp = monster.max_hp = hp
    return monster


def reseed(game: Game, seed: int) -> None:
    for name in ("combat", "monsters"):
        game.streams[name] = Rng.stream(seed, name)


def test_armour_blunts_by_a_random_amount_so_the_dagger_is_never_stuck_at_1() -> None:
    game = game_on(HALL)
    skeleton = hunting(game, game.spawn_monster("skeleton", 4, 1), hp=10_000)
    assert MONSTERS["skeleton"].armour == 1 and game.inventory.weapon == "dagger"
    dealt = []
    for _ in range(400):
        before = skeleton.hp
        combat.blow(game, game.player, skeleton, sure=True)
        dealt.append(before - skeleton.hp)
    low, high = ITEMS["dagger"].damage
    assert min(dealt) >= 1 and max(dealt) == high, "armour 1 takes 0 or 1 off: the top of the range is reached"
    assert set(dealt) == set(range(1, high + 1)), "every amount from 1 to the dagger's best"
    assert dealt.count(1) / len(dealt) < 0.2 and mean(dealt) > 2.5, "the dagger hits for its range, not for 1"


def test_a_blow_at_a_sleeping_or_idle_foe_always_lands_and_wakes_it() -> None:
    game = game_on(HALL, {})
    zombie = game.spawn_monster("zombie", 4, 1)
    zombie.state = "asleep"
    assert combat.unaware(zombie, game.player)
    game.perform(Move(1, 0))
    assert zombie.hp < zombie.max_hp or not zombie.alive, "never a miss on a sleeper"
    assert zombie.state == "hunting" and zombie.target_eid == game.player.eid, "it wakes and turns on you"
    assert not combat.unaware(zombie, game.player)


def sneak_damage(state: str, trials: int = 150) -> list[int]:
    game = game_on(HALL)
    zombie = game.spawn_monster("zombie", 4, 1)
    dealt = []
    for _ in range(trials):
        hunting(game, zombie, hp=1000)
        zombie.state = state
        game.player.energy, zombie.energy = 0, -10_000  # it does not get to act between blows
        game.perform(Move(1, 0))
        dealt.append(1000 - zombie.hp)
    return dealt


def test_the_dagger_triples_its_damage_on_a_sleeping_foe_not_on_a_hunting_one() -> None:
    low, high = ITEMS["dagger"].damage
    armour = MONSTERS["zombie"].armour
    asleep, awake = sneak_damage("asleep"), sneak_damage("hunting")
    assert min(asleep) >= 3 * low - armour and max(asleep) <= 3 * high, "every sneak attack deals triple"
    assert max(asleep) > high, "more than any plain dagger blow can"
    assert max(awake) <= high, "a hunting foe takes plain blows"
    assert mean(asleep) > 2.5 * mean([d for d in awake if d]), "about three times as much"
    assert 0 in awake, "and a hunting foe can be missed"
    game = game_on(HALL)
    zombie = game.spawn_monster("zombie", 4, 1)
    zombie.state, zombie.hp, zombie.max_hp = "asleep", 1000, 1000
    game.perform(Move(1, 0))
    assert any("sneak attack" in m.text for m in game.log.messages), "the log says so"


def test_a_sword_does_not_sneak_attack() -> None:
    game = game_on(HALL)
    game.inventory.weapon = "sword"
    zombie = game.spawn_monster("zombie", 4, 1)
    for _ in range(40):
        zombie.state, zombie.hp, zombie.max_hp = "asleep", 1000, 1000
        game.perform(Move(1, 0))
        assert 1000 - zombie.hp <= ITEMS["sword"].damage[1], "only the dagger triples"


def test_the_axe_sweeps_every_foe_beside_you_but_not_through_a_thin_wall() -> None:
    game = game_on(WALLED, {"a": "rat", "c": "rat"})
    game.inventory.weapon = "axe"
    west, behind_wall = game.occupant((1, 1)), game.occupant((3, 1))
    north, south = game.spawn_monster("bat", 2, 0), game.spawn_monster("goblin", 2, 2)
    corner = game.spawn_monster("rat", 3, 2)  # diagonal past the corner's walls: no step goes there
    foes = [west, north, south, behind_wall, corner]
    for monster in foes:
        monster.hp = monster.max_hp = 100  # idle, so every blow lands
    game.player.energy = 0
    game.perform(Move(-1, 0))
    assert [m.hp < 100 for m in foes] == [True, True, True, False, False], \
        "the one struck and the two beside you, none through a wall or past a corner"
    assert not game.floor.map.can_step(2, 1, 1, 0) and not game.floor.map.can_step(2, 1, 1, 1)


def test_the_axe_does_not_sweep_a_shopkeeper() -> None:
    game = game_on(HALL)
    game.inventory.weapon = "axe"
    rat = game.spawn_monster("rat", 4, 1)
    keeper = game.spawn_monster("shopkeeper", 3, 0)
    game.perform(Move(1, 0))
    assert keeper.hp == keeper.max_hp and keeper.state != "hunting"
    assert rat.hp < rat.max_hp or not rat.alive


def test_the_spear_hits_two_in_a_line_but_not_through_a_wall() -> None:
    game = game_on(HALL)
    game.inventory.weapon = "spear"
    first, second, third = (game.spawn_monster("skeleton", x, 1) for x in (4, 5, 6))
    for monster in (first, second, third):
        monster.hp = monster.max_hp = 100
    game.perform(Move(1, 0))
    assert (first.hp < 100, second.hp < 100, third.hp < 100) == (True, True, False), "two in the line, not three"
    game = game_on(WALLED)
    game.inventory.weapon = "spear"
    game.player.x, game.player.y = 1, 1
    game.floor._occupied = None
    near, walled = game.spawn_monster("rat", 2, 1), game.spawn_monster("rat", 3, 1)
    near.hp = near.max_hp = walled.hp = walled.max_hp = 100
    game.perform(Move(1, 0))
    assert near.hp < 100 and walled.hp == 100, "a thin wall stops the spear's point"


def steps_taken_while_striking(weapon: str) -> tuple[int, int]:
    """How far a hunting cultist across the hall comes while the player strikes once, and how
    many turns pass."""
    game = game_on(HALL)
    game.inventory.weapon = weapon
    target = hunting(game, game.spawn_monster("slime", 4, 1))
    target.energy = -10_000  # it does not act
    runner = hunting(game, game.spawn_monster("cultist", 8, 1))
    game.player.energy, runner.energy = 100, 0  # as on any turn of the player's
    turn = game.turn
    game.perform(Move(1, 0))
    return 8 - runner.x, game.turn - turn


def test_a_mace_blow_takes_two_turns_and_hits_hard() -> None:
    assert steps_taken_while_striking("sword") == (1, 1)
    assert steps_taken_while_striking("mace") == (2, 2), "the monsters act twice"
    assert steps_taken_while_striking("war_hammer") == (2, 2)
    assert ITEMS["mace"].damage[0] > ITEMS["sword"].damage[1] - 2 and ITEMS["war_hammer"].damage[0] >= 9


def test_the_rapier_lunges_at_a_foe_two_tiles_away() -> None:
    game = game_on(HALL)
    game.inventory.weapon = "rapier"
    orc = hunting(game, game.spawn_monster("orc", 5, 1), hp=1000)
    orc.energy = -10_000
    result = game.perform(Move(1, 0))
    assert isinstance(result, Done) and game.player.pos == (4, 1), "the step is taken"
    low, high = ITEMS["rapier"].damage
    assert 3 * low - MONSTERS["orc"].armour <= 1000 - orc.hp <= 3 * high, "a sure blow, triple damage"
    assert any("lunge" in m.text for m in game.log.messages)


def test_no_lunge_without_a_rapier_or_through_a_wall_or_a_closed_door() -> None:
    game = game_on(HALL)
    orc = hunting(game, game.spawn_monster("orc", 5, 1), hp=1000)
    orc.energy = -10_000
    game.perform(Move(1, 0))
    assert orc.hp == 1000, "a dagger's step is only a step"
    game = game_on(WALLED)
    game.inventory.weapon = "rapier"
    game.player.x, game.player.y = 1, 1
    game.floor._occupied = None
    rat = hunting(game, game.spawn_monster("rat", 3, 1))
    game.perform(Move(1, 0))
    assert game.player.pos == (2, 1) and rat.hp == 100, "no lunge through the thin wall"
    door = WALLED.replace("|c", "Dc")
    game = game_on(door)
    game.inventory.weapon = "rapier"
    game.player.x, game.player.y = 1, 1
    game.floor._occupied = None
    rat = hunting(game, game.spawn_monster("rat", 3, 1))
    game.perform(Move(1, 0))
    assert game.player.pos == (2, 1) and rat.hp == 100, "no lunge through a closed door"


def test_each_weapon_says_how_it_is_used_when_taken_and_on_hover() -> None:
    for kind, spec in WEAPONS.items():
        game = game_on(HALL)
        game.inventory.weapon = "sword" if kind != "sword" else "dagger"
        game.drop_item(kind, game.player.pos)
        result = game.perform(PickUp())
        assert isinstance(result, Done) and game.inventory.weapon == kind
        if spec.style:
            assert STYLES[spec.style] in result.message, kind
            assert STYLES[spec.style] in describe_item(kind), kind
        assert spec.depth >= 1 and spec.weight > 0 and spec.value > 0, kind
    assert "sleeping or unaware" in describe_item("dagger") and "behind" in describe_item("spear")
    assert "every foe beside you" in describe_item("axe") and "2 turns" in describe_item("mace")
    assert "lunges" in describe_item("rapier")


HALL_AND_DEN = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . .o. . . . .o. . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A hall, a room east of it through an open door and a den beyond another, in a row: each
step east leads farther from the hall, and the den is out of its sight."""


def test_a_hurt_goblin_flees_out_of_sight_mends_and_comes_back() -> None:
    game = game_on(HALL_AND_DEN)
    goblin = hunting(game, game.spawn_monster("goblin", 1, 0), hp=MONSTERS["goblin"].hp)
    goblin.hp = 2
    states, distances = [], []
    for _ in range(60):
        game.perform(Wait())
        states.append(goblin.state)
        distances.append(max(abs(goblin.x - game.player.x), abs(goblin.y - game.player.y)))
    assert states[0] == "fleeing" and max(distances) >= 5, "it runs from you"
    assert any("flee" in m.text for m in game.log.messages)
    assert "hunting" in states[states.index("fleeing"):] or "searching" in states, "it comes back"
    assert goblin.hp >= 0.75 * goblin.max_hp, "mended before it returns"
    back = states.index("searching")
    assert min(distances[back:]) < distances[back], "it heads back the way it came"


def test_a_fleeing_goblin_kept_in_sight_does_not_mend() -> None:
    game = game_on(HALL.replace(". . . @", "@ . . ."))  # one room: it cannot get out of sight
    goblin = hunting(game, game.spawn_monster("goblin", 1, 1), hp=MONSTERS["goblin"].hp)
    goblin.hp = 2
    for _ in range(30):
        game.perform(Wait())
    assert goblin.state == "fleeing" and goblin.hp == 2, "watched, it keeps its wounds"


def test_a_cornered_fleeing_goblin_fights() -> None:
    corner = """
+-+-+-+
|g @ .|
+-+-+-+
"""
    game = game_on(corner, {"g": "goblin"})
    goblin = hunting(game, game.occupant((0, 0)), hp=10)
    goblin.hp = 1
    hp = game.player.hp
    for _ in range(10):
        game.perform(Wait())
    assert goblin.state == "fleeing" and goblin.hp == 1, "it would run, and cannot mend in sight"
    assert game.player.hp < hp, "with nowhere to run, it fights"


def test_a_fight_at_the_floors_depth_lasts_a_few_turns() -> None:
    """Many fights of the starting kit (a dagger, no armour) against the first floor's monsters,
    by their weights, each on its own seeded streams: from the first blow to the last."""
    game = game_on(HALL)
    kinds = [k for k, m in MONSTERS.items() if m.depth == 1 and m.weight > 0 and not m.boss and m.damage[1] > 0]
    lengths, costs = [], []
    for seed in range(120):
        reseed(game, seed)
        kind = Rng(seed).choice([k for k in kinds for _ in range(MONSTERS[k].weight)])
        for other in list(game.floor.actors):
            game.floor.remove_actor(other)
        game.player.x, game.player.y, game.player.hp = 3, 1, game.player.max_hp
        game.floor._occupied = None
        monster = hunting(game, game.spawn_monster(kind, 4, 1), hp=MONSTERS[kind].hp)
        turns = 0
        while monster.alive and monster.state != "fleeing" and game.player.alive and turns < 50:
            if max(abs(monster.x - game.player.x), abs(monster.y - game.player.y)) == 1:
                game.perform(Move(monster.x - game.player.x, monster.y - game.player.y))
            else:
                game.perform(Wait())
            turns += 1
        lengths.append(turns)
        costs.append(game.player.max_hp - game.player.hp)
    assert 3 <= median(lengths) <= 6, sorted(lengths)
    assert max(lengths) < 20
    assert 0.05 <= median(costs) / game.player.max_hp <= 0.35, "felt, not crushing"


def test_a_monster_met_deeper_than_its_kind_grows_a_rat_of_the_last_region_is_tougher() -> None:
    from game.world.spawn import grow

    def grown(kind: str, difficulty: int) -> Actor:
        actor = Actor(1, kind, 0, 0, MONSTERS[kind].hp, MONSTERS[kind].hp)
        grow(actor, difficulty)
        return actor

    rat = MONSTERS["rat"]
    assert (grown("rat", rat.depth).max_hp, grown("rat", rat.depth).power) == (rat.hp, 0), "at its own depth: as is"
    deep = grown("rat", rat.depth + 6)
    assert deep.hp == deep.max_hp == rat.hp + rat.hp * 6 // 3 and deep.power == 3
    warden = grown("warden_brute", 9)
    assert warden.max_hp == MONSTERS["warden_brute"].hp and warden.power == 0, "bosses grow by their own rules"
    game = Game.in_dungeon("grown")
    region = game.region
    assert region is not None
    game.enter_dungeon(game.world.order[-1], 2)
    difficulty = game.world.difficulty(game.world.order[-1], 2)
    plain = [m for m in game.floor.actors if not MONSTERS[m.kind].boss and MONSTERS[m.kind].behaviour != "keeper"
             and MONSTERS[m.kind].depth < difficulty]
    assert plain and all(m.max_hp > MONSTERS[m.kind].hp for m in plain), "the last region's monsters are grown"
