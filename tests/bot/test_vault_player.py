"""The autoplayer in a laser vault (SPEC VLT-7): it smashes every emitter, waits for a beam to go
dark rather than walk into it, and takes the stairs, with no stall and no burn it could foresee."""

from __future__ import annotations

import pytest

from game.bot.autoplay import Autoplayer
from game.mapgen.vault import VaultParams, generate_vault, vault_level
from game.rng import Rng
from game.world import travel
from game.world.game import Game
from game.world.spawn import populated_floor


def laser_vault_game(seed: int, depth: int, lasers: int) -> Game:
    """A run standing at the entrance of a generated laser vault of ``depth``."""
    game = Game.new(f"lasers-{seed}")
    vault = generate_vault(Rng.stream(seed, "laser-vault"), VaultParams(lasers=lasers), depth=depth)
    assert vault.goal == "lasers"
    region = game.world.order[1]
    key = f"{region}:1"
    game.floors[key] = populated_floor(depth, vault_level(vault), game.new_eid)
    travel.open_vault(game, game.floors[key])
    game.floor_key, game.floor, game.region, game.depth = key, game.floors[key], region, 1
    game.player.x, game.player.y = vault.entrance
    game.update_visibility()
    return game


@pytest.mark.parametrize("seed, depth, lasers", [(1, 2, 2), (2, 4, 3), (3, 6, 4), (4, 8, 5), (5, 3, 5)])
def test_the_bot_smashes_every_emitter_unburnt_and_goes_down(seed: int, depth: int, lasers: int) -> None:
    game = laser_vault_game(seed, depth, lasers)
    vault, bot = game.floor, Autoplayer()
    burns = 0
    while game.floor is vault and game.turn < 3000 and not game.over and not bot.stalled:
        before = len(game.log.messages)
        bot.record(game, game.perform(bot.next_action(game)))
        burns += sum("laser beam burns" in m.text for m in game.log.messages[before - 1:])
    assert not bot.stalled and not game.over
    assert vault.vault_state.cleared and all(vault.vault_state.smashed)
    assert game.floor is not vault, "and it took the stairs"
    assert burns == 0, "a beam is drawn a turn ahead: the bot never ends a turn in one"


def watcher_vault_game(seed: int, depth: int) -> Game:
    """A run standing at the entrance of a generated watcher's vault of ``depth``."""
    game = Game.new(f"watcher-{seed}")
    vault = generate_vault(Rng.stream(seed, "watcher-vault"), VaultParams(watcher=True), depth=depth)
    assert vault.goal == "watcher"
    region = game.world.order[1]
    key = f"{region}:1"
    game.floors[key] = populated_floor(depth, vault_level(vault), game.new_eid)
    travel.open_vault(game, game.floors[key])
    game.floor_key, game.floor, game.region, game.depth = key, game.floors[key], region, 1
    game.player.x, game.player.y = vault.entrance
    game.update_visibility()
    return game


@pytest.mark.parametrize("seed, depth", [(1, 1), (2, 3), (3, 5), (4, 7), (5, 2)])
def test_the_bot_blasts_the_watcher_and_goes_down(seed: int, depth: int) -> None:
    """VLT-8: TNT from three cells or more; never ending a turn beside the watcher."""
    game = watcher_vault_game(seed, depth)
    vault, bot = game.floor, Autoplayer()
    struck = 0
    while game.floor is vault and game.turn < 3000 and not game.over and not bot.stalled:
        before = len(game.log.messages)
        bot.record(game, game.perform(bot.next_action(game)))
        struck += sum("watcher" in m.text and " you" in m.text and "hits" in m.text
                      for m in game.log.messages[before - 1:])
    assert not bot.stalled and not game.over
    assert vault.vault_state.cleared and game.floor is not vault
    assert struck == 0, "it kept out of the watcher's reach"
