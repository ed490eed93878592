"""Laser vaults in play (SPEC VLT-7): beams that fire on a rhythm and burn as a turn ends,
emitters smashed underfoot, the goal met when the last one falls, and all of it saved."""

from __future__ import annotations

import pytest

from game.map.vault_field import Laser
from game.world import lasers, vaults
from game.world.actions import Descend, Move, Wait
from game.world.game import Game
from game.world.harm import step_harm
from game.world.saving import SaveError
from tests.scenarios.test_vault_play import vault_game

# ``e`` marks the emitters: the beam of the first runs down the column below it, the
# second's along the bottom row.
HALL = """
@ . . . . .
. . . e . .
. . . . . .
. . . . . .
e . . . . >
"""


def laser_game(period: int = 4, lit: int = 2, phase: int = 0) -> Game:
    game = vault_game(HALL.replace("e", "."), goal="lasers")
    field_ = game.floor.level.vault
    field_.lasers = (Laser((3, 1), ((3, 2), (3, 3), (3, 4)), period, lit, phase),
                     Laser((0, 4), ((1, 4), (2, 4), (3, 4), (4, 4)), period, lit, phase))
    game.floor.vault_state = vaults.VaultState.fresh(field_)
    vaults.arrive(field_, game.floor.vault_state, game.floor.level.entrance)
    return game


def next_firing_turn(game: Game, cell: tuple[int, int]) -> int:
    field_, state = game.floor.level.vault, game.floor.vault_state
    return next(t for t in range(game.turn, game.turn + 20) if cell in lasers.firing(field_, state, t))


def test_a_beam_fires_for_lit_turns_of_every_period() -> None:
    laser = Laser((0, 0), ((1, 0), (2, 0)), period=5, lit=2, phase=3)
    assert [laser.fires(t) for t in range(10)] == [True, True, False, False, False] * 2


def test_ending_a_turn_in_a_firing_beam_burns_and_a_dark_one_does_not() -> None:
    game = laser_game()
    game.player.x, game.player.y = (3, 3)  # in the first beam
    while (3, 3) in lasers.firing(game.floor.level.vault, game.floor.vault_state, game.turn):
        game.turn += 1  # (start on a dark turn)
    hp = game.player.hp
    game.perform(Wait())
    assert game.player.hp == hp, "a dark beam does not burn"
    game.turn = next_firing_turn(game, (3, 3))
    game.perform(Wait())
    assert game.player.hp == hp - lasers.burn_damage(game)
    assert "laser beam burns you" in game.log.messages[-1].text


def test_a_step_into_a_beam_that_fires_as_the_turn_ends_asks_first() -> None:
    game = laser_game()
    game.player.x, game.player.y = (2, 3)
    game.turn = next_firing_turn(game, (3, 3))
    harm = step_harm(game, 1, 0)
    assert harm is not None and "laser beam" in harm.question
    assert step_harm(game, 0, -1) is None, "a step beside the beam is safe"


def test_stepping_onto_every_emitter_smashes_them_meets_the_goal_and_opens_the_stairs() -> None:
    game = laser_game()
    assert vaults.progress(game) == (0, 2)
    game.player.x, game.player.y = (2, 1)
    game.perform(Move(1, 0))
    assert game.floor.vault_state.smashed == [True, False] and vaults.progress(game) == (1, 2)
    field_, state = game.floor.level.vault, game.floor.vault_state
    assert not any((3, 3) in lasers.firing(field_, state, t) for t in range(8)), "its beam died"
    assert any((4, 4) in lasers.firing(field_, state, t) for t in range(8)), "the other one fires on"
    game.player.x, game.player.y = (0, 3)
    game.perform(Move(0, 1))
    assert vaults.progress(game) == (2, 2) and game.floor.vault_state.cleared
    game.player.x, game.player.y = game.floor.level.exit
    assert game.perform(Descend()).__class__.__name__ == "Done"


def test_the_stairs_stay_sealed_while_an_emitter_stands() -> None:
    game = laser_game()
    game.player.x, game.player.y = game.floor.level.exit
    result = game.perform(Descend())
    assert "smash every laser emitter" in result.reason


def test_lasers_and_what_is_smashed_survive_a_save() -> None:
    game = laser_game()
    game.player.x, game.player.y = (2, 1)
    game.perform(Move(1, 0))
    again = Game.from_dict(game.to_dict())
    assert again.digest() == game.digest()
    assert again.floor.level.vault.lasers == game.floor.level.vault.lasers
    assert again.floor.vault_state.smashed == [True, False]


@pytest.mark.parametrize("damage, message", [
    (lambda v, s: v["lasers"][0].update(beam=[[9, 9]]), "beam"),
    (lambda v, s: v["lasers"][0].update(beam=[[3, 3]]), "king steps"),
    (lambda v, s: v["lasers"][0].update(lit=4), "lit"),
    (lambda v, s: v["lasers"][0].update(phase=-1), "phase"),
    (lambda v, s: v.update(lasers=[]), "laser vault without a laser"),
    (lambda v, s: s.update(smashed=[True]), "smashed"),
    (lambda v, s: s.update(smashed=[1, 0]), "smashed"),
])
def test_a_damaged_laser_save_is_refused_saying_where(damage, message) -> None:
    game = laser_game()
    data = game.to_dict()
    floor = data["floors"][game.floor_key]
    damage(floor["level"]["vault"], floor["vault_state"])
    with pytest.raises(SaveError, match=message):
        Game.from_dict(data)


def test_the_hover_says_where_an_emitter_is_and_when_a_beam_fires() -> None:
    from game.app.describe import tile_text as describe_tile

    game = laser_game(period=4, lit=2, phase=0)  # fires as turns 2 and 3 end, of every 4
    game.turn = 0
    game.floor.vault_state.revealed[:] = game.floor.level.vault.numbers >= 0
    assert "A laser emitter: step onto it to smash it; its beam fires 2 turns of every 4" in describe_tile(game, (3, 1))
    assert "A laser beam crosses it: dark for 2 more turns" in describe_tile(game, (3, 2))
    game.turn = 1
    assert "it fires as the next turn ends" in describe_tile(game, (3, 2))
    game.turn = 2
    assert "it fires as this turn ends" in describe_tile(game, (3, 2))
    assert "laser" not in describe_tile(game, (1, 1))


def test_letting_a_turn_end_in_a_firing_beam_is_named_as_harm() -> None:
    from game.world.harm import wait_harm

    game = laser_game()
    game.player.x, game.player.y = (3, 3)
    game.turn = next_firing_turn(game, (3, 3))
    assert wait_harm(game) is not None and "fires where you stand" in wait_harm(game).warning
    game.turn += 2  # (lit 2 of 4: dark now)
    assert wait_harm(game) is None
