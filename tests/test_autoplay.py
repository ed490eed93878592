"""The headless autoplayer (ROB-1): it plays real runs, deterministically."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game import autoplay
from game.action import Impossible
from game.autoplay import Autoplayer, play, play_run, summary
from game.world.edges import Edge
from game.world.game import Game
from tests.conftest import ROOT


def test_twenty_seed_soak_fights_dies_sometimes_and_goes_deep() -> None:
    results = [summary(play(f"soak-{seed}", 2000)) for seed in range(20)]
    assert sum(r["kills"] for r in results) >= 100, "the bot fights"
    deaths = [r for r in results if not r["alive"]]
    assert 0 < len(deaths) < 20, "runs end in death sometimes, not always"
    assert all(r["cause"].startswith(("killed by", "caught in a trap", "sucked into", "suffocated")) for r in deaths)
    assert all(r["cause"] is None and r["turns"] == 2000 for r in results if r["alive"])
    assert not [r for r in results if r["stalled"]], "the bot never gets stuck"
    assert max(r["depth"] for r in results) >= 3 and sum(r["depth"] for r in results) >= 35, "several floors down"
    assert sum(r["wardens"] for r in results) >= 10, "Wardens fall and runs go on to the next region"


def test_bot_walks_the_island_goes_down_explores_and_opens_doors() -> None:
    game = play("explorer", 400)
    first = game.world.order[0]
    assert f"{first}:1" in game.floors, "it walked to the first entrance and went down"
    assert game.floors[f"{first}:1"].seen_rooms.mean() > 0.3
    assert any("open the door" in m.text for m in game.log.messages)


def test_same_seed_and_turns_same_result() -> None:
    assert summary(play("42", 600)) == summary(play("42", 600))
    assert summary(play("42", 600))["digest"] != summary(play("43", 600))["digest"]


def test_command_line_prints_one_json_line_last() -> None:
    cmd = [sys.executable, "main.py", "--autoplay", "--seed", "7", "--turns", "300", "--headless"]
    outputs = [subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120) for _ in range(2)]
    for out in outputs:
        assert out.returncode == 0, out.stderr
    lines = [out.stdout.strip().splitlines()[-1] for out in outputs]
    assert lines[0] == lines[1]
    data = json.loads(lines[0])
    assert set(data) == {"seed", "turns", "depth", "alive", "digest", "kills", "cause", "won", "wardens", "stalled",
                         "stall_reason", "floors_by_kind", "vaults_cleared", "trap_hits", "breaches", "lost_to_space"}
    assert data["stalled"] is False and data["stall_reason"] is None
    assert data["seed"] == "7" and isinstance(data["kills"], int)
    assert (data["alive"] and data["cause"] is None and data["turns"] == 300) or (
        not data["alive"] and data["cause"].startswith(("killed by", "caught in a trap", "sucked into", "suffocated")))
    assert len(data["digest"]) == 64 and set(data["digest"]) <= set("0123456789abcdef")


def _crosses_a_sealed_gate(game: Game, path: list[tuple[int, int]]) -> bool:
    floor = game.floor.map
    here = game.player.pos
    for step in path:
        dx, dy = step[0] - here[0], step[1] - here[1]
        if (dx == 0 or dy == 0) and floor.edge_kind_toward(*here, dx, dy) == Edge.LOCKED_DOOR:
            return True
        here = step
    return False


@pytest.mark.parametrize("seed", ["23", "40", "gate", "island"])
def test_a_key_never_makes_the_bot_plan_through_a_sealed_gate(seed: str) -> None:
    """Issue 9.2: keys open locked doors underground; the island's sealed gates only open as Wardens fall."""
    game = Game.new(seed)
    game.inventory.add("key", 1)
    last = game.world.order[-1]  # behind sealed gates: no way there yet
    game.world.next_region = lambda: last  # type: ignore[method-assign]
    bot = Autoplayer()
    bot.next_action(game)
    assert not _crosses_a_sealed_gate(game, bot._plan)


def test_a_bot_that_can_make_no_progress_stops_and_says_why() -> None:
    game = Game.new("stuck")
    last = game.world.order[-1]
    game.world.next_region = lambda: last  # type: ignore[method-assign]  # an unreachable goal
    bot = Autoplayer()
    for _ in range(autoplay.STALL_TURNS + 50):
        bot.record(game, game.perform(bot.next_action(game)))
        if bot.stalled:
            break
    assert bot.stalled and "no progress" in bot.stalled
    assert summary(game, bot.stalled)["stalled"] is True


def test_wearing_a_warden_down_between_rests_is_progress_not_a_stall() -> None:
    """Issue 23: seed 16 meets a charging Warden in a narrow room with no potion left; it
    fights a round, backs away to heal, and comes again, for hundreds of turns, seeing and
    taking nothing new, but every round wounds the Warden, which never heals: not a stall."""
    game, stalled = play_run("16", 2100)
    assert stalled is None, stalled
    assert game.turn == 2100 or game.over


def test_refused_actions_in_a_row_are_a_stall() -> None:
    game = Game.new("bump")
    bot = Autoplayer()
    for _ in range(autoplay.STALL_REFUSALS):
        bot.record(game, Impossible("The gate is sealed."))
    assert bot.stalled and "The gate is sealed." in bot.stalled


def test_play_run_ends_a_stalled_run_early(monkeypatch) -> None:
    monkeypatch.setattr(autoplay, "STALL_TURNS", 30)
    monkeypatch.setattr(Autoplayer, "next_action", lambda self, game: __import__("game.actions").actions.Wait())
    game, stalled = play_run("wait-forever", 5000)
    assert stalled and game.turn < 100
