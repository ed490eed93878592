"""A trap vault's watcher (SPEC VLT-8): it sees the player within six cells and hunts them
round its own traps, slower than they are; it loses them beyond its sight and goes back to its
post; blades glance off it and TNT fells it, which meets the vault's goal."""

from __future__ import annotations

from game.ai.watcher import SIGHT, first_step
from game.world import vaults
from game.world.actions import Move, Throw, Wait
from game.world.game import Game
from tests.scenarios.test_vault_play import vault_game

# The watcher's post is ``W``; a line of traps (``x``) lies between it and the entrance.
HALL = """
@ . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . x x x . . . . . .
. . . . . x . x . . . . . W
. . . . . x x x . . . . . .
. . . . . . . . . . . . . >
"""


def watcher_game() -> tuple[Game, object]:
    rows = [line.split() for line in HALL.strip().splitlines()]
    post = next((x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "W")
    game = vault_game(HALL.replace("W", "."), goal="watcher")
    watcher = game.spawn_monster("watcher", *post)
    return game, watcher


def wait(game: Game, turns: int) -> None:
    for _ in range(turns):
        game.perform(Wait())


def test_it_stays_at_its_post_while_the_player_is_beyond_its_sight() -> None:
    game, watcher = watcher_game()
    wait(game, 10)
    assert watcher.pos == watcher.home and watcher.state == "idle"


def test_it_hunts_the_player_it_sees_round_its_traps_and_strikes_beside_them() -> None:
    game, watcher = watcher_game()
    game.player.x, game.player.y = (13 - SIGHT, 3)  # just within sight
    hp = game.player.hp
    trapped = game.floor.level.vault.traps
    for _ in range(12):
        game.perform(Wait())
        assert not trapped[watcher.y, watcher.x], "it never steps on its own traps"
        if max(abs(watcher.x - game.player.x), abs(watcher.y - game.player.y)) == 1:
            break
    assert watcher.state == "hunting"
    assert max(abs(watcher.x - game.player.x), abs(watcher.y - game.player.y)) == 1
    wait(game, 3)
    assert game.player.hp < hp, "beside the player, it strikes"


def test_it_is_slower_than_the_player_so_the_player_can_get_away() -> None:
    game, watcher = watcher_game()
    game.player.x, game.player.y = (8, 0)
    for _ in range(10):
        game.perform(Move(-1, 0) if game.player.x > 0 else Wait())
    assert max(abs(watcher.x - game.player.x), abs(watcher.y - game.player.y)) > 1


def test_it_loses_a_player_beyond_its_sight_and_goes_back_to_its_post() -> None:
    game, watcher = watcher_game()
    game.player.x, game.player.y = (9, 0)
    wait(game, 2)
    assert watcher.state == "hunting"
    game.player.x, game.player.y = (0, 5)  # (out of sight at once)
    game.floor.level.exit = (13, 0)  # (any floor cell: the stairs are not in the way)
    wait(game, 40)
    assert watcher.state == "idle" and watcher.pos == watcher.home


def test_tnt_fells_it_and_meets_the_goal() -> None:
    game, watcher = watcher_game()
    assert vaults.progress(game) == (0, 1) and "watcher" in vaults.goal_text(game.floor.level.vault)
    game.inventory.add("tnt", 4)
    game.player.x, game.player.y = (10, 5)
    for _ in range(4):
        if not watcher.alive:
            break
        game.perform(Throw(*watcher.pos))
    assert not watcher.alive and vaults.progress(game) == (1, 1) and game.floor.vault_state.cleared


def test_its_walk_goes_round_live_traps_and_over_sprung_ones() -> None:
    game, _ = watcher_game()
    step = first_step(game, (8, 3), (4, 3))
    assert step in ((8, 2), (8, 4), (9, 2), (9, 4)), "round the traps, not onto (7, 3)"
    assert first_step(game, (6, 3), (0, 3)) is None, "walled in by live traps"
    game.floor.vault_state.sprung[3, 5] = True
    assert first_step(game, (6, 3), (0, 3)) == (5, 3), "a sprung trap is spent: it walks over it"


def test_a_watcher_survives_a_save() -> None:
    game, watcher = watcher_game()
    game.player.x, game.player.y = (9, 0)
    wait(game, 2)
    again = Game.from_dict(game.to_dict())
    assert again.digest() == game.digest()
    twin = next(m for m in again.floor.actors if m.kind == "watcher")
    assert (twin.pos, twin.state, twin.home) == (watcher.pos, watcher.state, watcher.home)
