"""What each potion does (SPEC ITM-6): drunk from its slot, it is gone, it acts, and it is known."""

from __future__ import annotations

from game.content.monsters import MONSTERS
from game.world import magic
from game.world.action import Done, Impossible
from game.world.actions import Move, UseSlot, Wait
from game.world.combat import stats_of
from game.world.game import Game
from game.world.potions import stagger
from game.world.senses import visible_enemies
from tests.helpers import game_on

HALL = """
+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . z|
+                 +
|. . . . . . . . >|
+-+-+-+-+-+-+-+-+-+
"""
CROWD = """
+-+-+-+-+-+-+-+
|r . . . . . z|
+             +
|. @ . . . . .|
+             +
|r . . . . . >|
+-+-+-+-+-+-+-+
"""


def drink(game: Game, kind: str) -> Done:
    game.inventory.add(kind, 1)
    carried = game.inventory.count(kind)
    result = game.perform(UseSlot([k for k, _ in game.inventory.slots].index(kind)))
    assert isinstance(result, Done), result
    assert game.inventory.count(kind) == carried - 1 and magic.knows(game, kind), "drunk, and known from now on"
    return result


def test_healing_heals_and_once_known_is_refused_at_full_health() -> None:
    game = game_on(HALL)
    game.player.hp = 10
    assert "+15" in drink(game, "potion_healing").message and game.player.hp == 25
    game.player.hp = game.player.max_hp
    game.inventory.add("potion_healing", 1)
    assert game.perform(UseSlot(0)) == Impossible("You are already at full health.")


def test_speed_hastes_the_drinker() -> None:
    game = game_on(HALL)
    drink(game, "potion_speed")
    assert game.player.hasted > 0


def test_strength_adds_to_every_blow_for_good() -> None:
    game = game_on(HALL)
    before = stats_of(game, game.player)
    drink(game, "potion_strength")
    after = stats_of(game, game.player)
    assert after.accuracy == before.accuracy + 1
    assert after.damage == (before.damage[0] + 1, before.damage[1] + 1)
    for _ in range(30):
        game.perform(Wait())
    assert stats_of(game, game.player) == after, "for good"


def test_life_raises_the_maximum_and_heals_fully() -> None:
    game = game_on(HALL)
    game.player.hp, before = 3, game.player.max_hp
    drink(game, "potion_life")
    assert game.player.max_hp == before + 10 and game.player.hp == before + 10


def test_darkness_hides_the_player_from_a_monster_not_already_after_them() -> None:
    game = game_on(HALL, {"z": "rat"})
    rat = next(m for m in game.floor.actors if m.kind == "rat")
    assert game.player in visible_enemies(game, rat), "in the same room, the rat sees you"
    drink(game, "potion_darkness")
    rat.state, rat.target_eid = "idle", None
    assert game.player not in visible_enemies(game, rat), "in the dark it does not notice you"
    rat.x, rat.y = game.player.x + 1, game.player.y
    assert game.player in visible_enemies(game, rat), "beside you it does"


def test_hallucination_names_monsters_wrongly_until_it_wears_off() -> None:
    game = game_on(HALL, {"z": "zombie"})
    zombie = next(m for m in game.floor.actors if m.kind == "zombie")
    drink(game, "potion_hallucination")
    names = set()
    for _ in range(8):
        names.add(game.name_of(zombie))
        game.turn += 1
    assert len(names) > 2 and any(name != "the zombie" for name in names), "its name shifts turn by turn"
    assert game.name_of(game.player) == "you"
    game.magic.spells["hallucination"] = 1
    game.perform(Wait())
    assert game.name_of(zombie) == "the zombie"
    assert any(m.text == "The monsters look like themselves again." for m, _ in game.log.last(3))


def test_incineration_burns_everything_beside_the_drinker_and_the_drinker_a_little() -> None:
    game = game_on(CROWD, {"r": "zombie", "z": "zombie"})
    far = next(m for m in game.floor.actors if m.pos == (6, 0))
    near = [m for m in game.floor.actors if m.pos in ((0, 0), (0, 2))]
    hp = game.player.hp
    drink(game, "potion_incineration")
    assert 2 <= hp - game.player.hp <= 4 + 1, "the drinker is burnt a little (and may be bitten after)"
    for zombie in near:
        assert MONSTERS["zombie"].hp - zombie.hp >= 5 or not zombie.alive
    assert far.hp == MONSTERS["zombie"].hp, "the flames reach only beside you"
    assert any(m.text.startswith("Flames burst out of the bottle!") for m, _ in game.log.last(4))


def test_confusion_sends_most_steps_astray_and_never_into_a_wall() -> None:
    game = game_on(HALL)
    drink(game, "potion_confusion")
    astray = 0
    for _ in range(7):
        wanted = (1, 0)
        went = stagger(game, *wanted)
        assert stagger(game, *wanted) == went, "the same all through one turn"
        before = game.player.pos
        assert isinstance(game.perform(Move(*wanted)), Done), "a confused step is never refused by a wall"
        astray += (game.player.pos[0] - before[0], game.player.pos[1] - before[1]) != wanted
    assert astray >= 2
    game.magic.spells["confusion"] = 0
    assert stagger(game, 1, 0) == (1, 0), "with a clear head, steps go where they are told"
