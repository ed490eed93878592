"""Playing a trap vault (SPEC VLT-3, VLT-5, RUN-2): reveals, traps, goals, the stairs, the bot."""

from __future__ import annotations

import numpy as np
import pytest

from game.world.action import Done, Impossible
from game.world.actions import Descend, Move, Throw
from game.bot.autoplay import summary
from game.mapgen.connect import build_walls
from game.map.vault_field import trap_numbers
from game.world import travel, vaults
from game.map.floor_map import OUTSIDE
from game.world.game import Game
from game.map.level import Level, Placement


def vault_game(picture: str, goal: str = "coins") -> Game:
    """A game standing in a hand-drawn vault: ``#`` outside, ``x`` a trap, ``$`` coins,
    ``b`` a bug, ``@`` the entrance (the player), ``>`` the stairs, ``.`` floor."""
    rows = [line.split() for line in picture.strip().splitlines()]
    at = {c: (x, y) for y, row in enumerate(rows) for x, c in enumerate(row)}
    shape = np.array([[c != "#" for c in row] for row in rows])
    traps = np.array([[c == "x" for c in row] for row in rows])
    coins = [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "$"]
    bugs = [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "b"]
    field_ = vaults.VaultField(traps, trap_numbers(shape, traps), goal, len(coins), len(bugs))
    rooms = np.where(shape, 0, OUTSIDE)
    placements = [Placement("coins", x, y, 3) for x, y in coins]
    placements += [Placement("alien_bug", x, y, route=((x, y),)) for x, y in bugs]
    level = Level("vault", build_walls(rooms), at["@"], at[">"], placements=placements, vault=field_)
    game = Game.new("vault-test")
    region = game.world.order[1]
    key = f"{region}:1"
    from game.world.spawn import populated_floor

    game.floors[key] = populated_floor(1, level, game.new_eid)
    travel.open_vault(game, game.floors[key])
    game.floor_key, game.floor, game.region, game.depth = key, game.floors[key], region, 1
    game.player.x, game.player.y = at["@"]
    game.update_visibility()
    return game


FIELD = """
@ . . x . .
. . . . . .
. . . . x >
$ # # # . .
"""


def revealed(game: Game) -> set[tuple[int, int]]:
    ys, xs = np.nonzero(game.floor.vault_state.revealed)
    return set(zip(xs.tolist(), ys.tolist()))


def test_the_cells_around_the_entrance_start_revealed_and_zeros_open_up() -> None:
    game = vault_game(FIELD)
    shown = revealed(game)
    assert {(0, 0), (1, 0), (0, 1), (1, 1)} <= shown, "the entrance's neighbours"
    assert (2, 1) in shown and (0, 2) in shown, "a revealed 0 reveals its neighbours, and on"
    assert (3, 0) not in shown and (4, 2) not in shown, "traps stay hidden"
    assert (5, 0) not in shown, "cells beyond the numbers stay hidden"


def test_stepping_on_a_cell_reveals_its_number() -> None:
    game = vault_game(FIELD)
    for _ in range(4):
        game.perform(Move(1, 0))
    assert game.player.pos == (4, 0) or (3, 0) in revealed(game) or game.floor.vault_state.sprung[0, 3]


def test_a_trap_hurts_badly_is_shown_and_spent() -> None:
    game = vault_game(FIELD)
    game.player.x, game.player.y = (2, 0)
    hp = game.player.hp
    game.perform(Move(1, 0))
    assert game.player.pos == (3, 0)
    assert hp - game.player.hp >= vaults.TRAP_SHARE * game.player.max_hp - 1
    assert game.floor.vault_state.sprung[0, 3]
    assert any("trap" in m.text for m in game.log.messages)
    game.perform(Move(-1, 0))
    hurt = game.player.hp
    game.perform(Move(1, 0))
    assert game.player.hp >= hurt, "a sprung trap is spent"


def test_the_stairs_open_when_every_coin_is_taken_and_the_vault_pays_out() -> None:
    game = vault_game(FIELD)
    game.player.x, game.player.y = (5, 2)
    assert isinstance(game.perform(Descend()), Impossible), "sealed until the goal is met"
    coins = game.inventory.coins
    game.player.x, game.player.y = (0, 2)
    game.perform(Move(0, 1))
    assert game.floor.vault_state.cleared
    assert game.inventory.coins > coins + 3, "the coins, and the payout"
    assert any("vault is cleared" in m.text for m in game.log.messages)
    game.player.x, game.player.y = (5, 2)
    assert isinstance(game.perform(Descend()), Done)


def test_the_payout_counts_as_coins_earned_as_the_coins_picked_up_do() -> None:
    """The board's coins (earned) and the end screen's are one number: a vault's payout is earned
    too (TRU-8: the end screen said 173 where the board said 155, a depth-1 payout's 18)."""
    game = vault_game(FIELD)
    game.player.x, game.player.y = (0, 2)
    game.perform(Move(0, 1))
    assert game.floor.vault_state.cleared and game.record.coins_spent == 0
    assert game.record.coins_earned == game.inventory.coins == 3 + vaults.PAYOUT_COINS + 6 * game.depth


BUGS = """
@ . . . . . b
. . . . . . .
. . . . . . >
"""


def test_a_bug_goal_is_met_with_tnt() -> None:
    game = vault_game(BUGS, goal="bugs")
    game.inventory.add("tnt", 1)
    assert vaults.progress(game) == (0, 1)
    game.perform(Throw(6, 0))
    assert vaults.progress(game) == (1, 1) and game.floor.vault_state.cleared


def test_a_vault_survives_a_save() -> None:
    game = vault_game(FIELD)
    game.player.x, game.player.y = (2, 0)
    game.perform(Move(1, 0))
    again = Game.from_dict(game.to_dict())
    assert again.digest() == game.digest()
    assert np.array_equal(again.floor.vault_state.revealed, game.floor.vault_state.revealed)
    assert np.array_equal(again.floor.vault_state.sprung, game.floor.vault_state.sprung)
    assert np.array_equal(again.floor.level.vault.traps, game.floor.level.vault.traps)


def test_an_ordinary_run_meets_vaults() -> None:
    """RUN-2: the second region's first floor is a vault; others now and then."""
    kinds = []
    for seed in range(6):
        game = Game.new(str(seed))
        kinds += [travel.floor_kind(game, r, d) for r in game.world.order for d in range(1, game.world.floors(r) + 1)]
        assert travel.floor_kind(game, game.world.order[1], 1) == "vault"
        assert travel.floor_kind(game, game.world.order[0], 1) == "dungeon"
    assert 8 <= kinds.count("vault") <= len(kinds) - 30


@pytest.mark.parametrize("seed", ["1", "2", "7", "vaults", "40"])
def test_the_bot_clears_a_vault_and_takes_its_stairs(seed: str) -> None:
    """VLT-5, played by the bot: from the run's first vault, the bot meets its goal and goes down."""
    from game.bot.autoplay import Autoplayer

    game = Game.new(seed)
    game.start_on("vault")
    vault = game.floor
    bot = Autoplayer()
    while game.floor is vault and game.turn < 3000 and not game.over and not bot.stalled:
        bot.record(game, game.perform(bot.next_action(game)))
    assert not bot.stalled
    assert vault.vault_state.cleared, f"the goal ({vault.level.vault.goal}) is met"
    assert game.over or game.floor is not vault, "and it took the stairs"
    assert summary(game)["vaults_cleared"] == 1


def test_start_on_a_vault_from_the_command_line() -> None:
    """UI-9's --start: the run's first vault at once (for trying it, tests and screenshots)."""
    import json
    import subprocess
    import sys

    from tests.conftest import ROOT

    out = subprocess.run([sys.executable, "main.py", "--autoplay", "--headless", "--seed", "5", "--turns", "40",
                          "--start", "vault"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout.strip().splitlines()[-1])
    assert record["floors_by_kind"] == {"vault": 1} and record["turns"] == 40


def test_hovering_a_vault_cell_says_what_the_player_knows() -> None:
    from game.app.describe import _vault_cell_text

    game = vault_game(FIELD)
    floor = game.floor
    assert _vault_cell_text(floor, 5, 0) == "An unknown cell: it may hold a trap"
    assert _vault_cell_text(floor, 2, 0) == "A safe cell, 1 trap around it"
    assert _vault_cell_text(floor, 0, 0) == "A safe cell, no trap around it"


def test_the_end_screen_names_the_boards_coins_a_vaults_payout_included(display, tmp_path) -> None:
    """The board ranks "coins earned" (``game.server.verdicts``: ``record.coins_earned``); the end
    screen says the same number in the same words, and what was spent beside it (TRU-8: 173
    on the end screen, the coins held, and 155 on the board, the payout left out)."""
    import pygame

    from game.app.app import App
    from game.app.options import Options
    from game.app.play import PlayState
    from game.app.states import GameOverState
    from game.run.recording import Recording
    from game.run.run import Run

    game = vault_game(FIELD)
    game.player.x, game.player.y = (0, 2)
    game.perform(Move(0, 1))  # the last coin: the vault is cleared and pays out
    assert game.floor.vault_state.cleared
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    app.state = PlayState(app, Run(game, Recording(game.seed_text)))
    game.kill(game.player, None)
    game.cause = "caught in a trap"
    app.frame()
    app.frame()
    summary = app.state
    assert isinstance(summary, GameOverState)
    summary.draw(pygame.Surface((1280, 720)), 0.0)
    assert f"Coins earned {game.record.coins_earned}" in summary.numbers, summary.numbers
    assert game.record.coins_earned == game.inventory.coins > 3, "the coins picked up and the payout, none spent"
    game.record.coins_spent, game.inventory.coins = 12, game.inventory.coins - 12  # as a shop's sale leaves them
    summary.draw(pygame.Surface((1280, 720)), 0.0)
    assert f"Coins earned {game.record.coins_earned}, spent 12" in summary.numbers, summary.numbers
