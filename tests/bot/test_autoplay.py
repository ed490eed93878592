"""The headless autoplayer (ROB-1): it plays real runs, deterministically."""

from __future__ import annotations

import copy
import functools
import json
import math
import re
import subprocess
import sys
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.bot import autoplay
from game.world.action import Impossible
from game.bot.autoplay import Autoplayer, play, play_on, play_run, summary
from game.run.run import Run
from game.map.edges import Edge
from game.world.game import Game
from tests.conftest import ROOT


def test_twenty_seed_soak_fights_dies_sometimes_and_goes_deep() -> None:
    results = [summary(play(f"soak-{seed}", 2000)) for seed in range(20)]
    assert sum(r["kills"] for r in results) >= 100, "the bot fights"
    deaths = [r for r in results if not r["alive"]]
    assert 0 < len(deaths) < 20, "runs end in death sometimes, not always"
    assert all(r["cause"].startswith(("killed by", "caught in a trap", "sucked into", "suffocated")) for r in deaths)
    assert all(r["cause"] is None and r["turns"] in (2000, 2001) for r in results if r["alive"]), \
        "alive to the end (a last step over rough ground, or a mace's last blow, takes two turns)"
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
    """RUN-4: keys open locked doors underground; the island's sealed gates only open as Wardens fall."""
    game = Game.new(seed)
    game.inventory.add("key", 1)
    last = game.world.order[-1]  # behind sealed gates: no way there yet
    game.world.next_region = lambda: last  # type: ignore[method-assign]
    bot = Autoplayer()
    bot.next_action(game)
    assert not _crosses_a_sealed_gate(game, bot.route.plan)


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
    """ROB-3: seed 16 meets a charging Warden in a narrow room with no potion left; it
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
    monkeypatch.setattr(Autoplayer, "next_action", lambda self, game: __import__("game.world.actions").world.actions.Wait())
    game, stalled = play_run("wait-forever", 5000)
    assert stalled and game.turn < 100


# --- the bot's memory, saved with the run (SAV-2), refused when damaged (ROB-2) ------------
MEMORIES = [("saves", 50), ("7", 2488), ("53", 1931)]
"""Where real memories hold a route, the things chased, the rooms swept and where the Warden
was (seed 7), and the spots a trap vault taught it to avoid (seed 53)."""


@functools.cache
def remembered(seed: str, turn: int) -> tuple[Game, dict]:
    run, bot = Run.new(seed), Autoplayer()
    play_on(run, bot, turn)
    return run.game, json.loads(json.dumps(bot.memory()))


def test_a_memory_read_back_is_the_same_memory() -> None:
    for seed, turn in MEMORIES:
        game, memory = remembered(seed, turn)
        assert Autoplayer.from_memory(memory).memory() == memory
        assert Autoplayer.from_memory(memory, game).memory() == memory
    memory = remembered("7", 2488)[1]
    assert memory["plan"] and memory["chasing"] and memory["swept"] and memory["quarry"]
    assert remembered("53", 1931)[1]["vault"]["useless"]


def damaged(change: dict) -> dict:
    """The memory of seed 7 with ``change`` (dotted keys into it) made."""
    memory = copy.deepcopy(remembered("7", 2488)[1])
    for dotted, value in change.items():
        *path, last = dotted.split(".")
        here = functools.reduce(lambda part, key: part[int(key) if isinstance(part, list) else key], path, memory)
        if value is DELETE:
            del here[last]
        else:
            here[int(last) if isinstance(here, list) else last] = value
    return memory


DELETE = object()


@pytest.mark.parametrize(("change", "message"), [
    ({"refusals": math.inf}, "bot.refusals: expected an integer, not a number"),
    ({"refusals": math.nan}, "bot.refusals: expected an integer, not a number"),
    ({"refusals": 2.0}, "bot.refusals: expected an integer, not a number"),
    ({"refusals": True}, "bot.refusals: expected an integer, not a boolean"),
    ({"refusals": 10**400}, "bot.refusals: an integer of 1329 bits is not in 0..30"),
    ({"progress_turn": -1}, "bot.progress_turn: -1 is not in 0..2147483647"),
    ({"plan": DELETE}, "bot: missing 'plan'"),
    ({"plan.0": [1, 2, 3]}, "bot.plan[0]: expected a list of 2, not of 3"),
    ({"plan.0": {"x": 1}}, "bot.plan[0]: expected a list, not an object"),
    ({"plan_goal": "fly"}, "bot.plan_goal: unknown plan goal 'fly'"),
    ({"floor_key": "2:0"}, "bot.floor_key: not a floor: '2:0'"),
    ({"start_of_plan": [1]}, "bot.start_of_plan: expected a list of 2, not of 1"),
    ({"progress": [1, 2]}, "bot.progress: expected a list of 8, not of 2"),
    ({"progress.7": None}, "bot.progress[7]: expected a string, not null"),
    ({"progress.4": -5}, "bot.progress[4]: -5 is not in 0..2147483647"),
    ({"trodden.0.1": "3"}, "bot.trodden[0][1]: expected an integer, not a string"),
    ({"stalled": 7}, "bot.stalled: expected a string, not an integer"),
    ({"quarry": [[1, 2]]}, "bot.quarry: expected a list of 2, not of 1"),
    ({"swept": [1, 1]}, "bot.swept[1]: room 1 comes twice"),
    ({"chasing": [[5, 1], [5, 2]]}, "bot.chasing[1]: tile 5 comes twice"),
    ({"chasing": [[5, -1]]}, "bot.chasing[0][1]: -1 is not in 0..2147483647"),
    ({"vault.rested": 41}, "bot.vault.rested: 41 is not in 0..40"),
    ({"vault.useless": [[1.5, 2]]}, "bot.vault.useless[0][0]: expected an integer, not a number"),
    ({"vault.floor": ["0:1"]}, "bot.vault.floor: not a floor: ['0:1']"),
    ({"vault": None}, "bot.vault: expected an object, not null"),
])
def test_a_damaged_memory_is_refused_saying_where_and_what(change: dict, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        Autoplayer.from_memory(damaged(change))
    assert str(refused.value) == message


def test_continuing_a_run_whose_bot_memory_is_damaged_is_refused_not_a_crash(tmp_path) -> None:
    """ROB-2: ``refusals`` of ``Infinity`` (JSON that Python reads) stopped ``--continue`` with an OverflowError."""
    main = [sys.executable, "main.py", "--autoplay", "--headless", "--save-dir", str(tmp_path)]
    made = subprocess.run([*main, "--seed", "saves", "--turns", "50", "--save-at-end"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    save = tmp_path / "save.json"
    save.write_text(save.read_text(encoding="utf-8").replace('"refusals":0', '"refusals":Infinity'), encoding="utf-8")
    assert "Infinity" in save.read_text(encoding="utf-8")
    went_on = subprocess.run([*main, "--continue", "--turns", "100"], cwd=ROOT, capture_output=True, text=True,
                             timeout=120)
    assert went_on.returncode == 2
    assert "cannot continue: bot.refusals: expected an integer, not a number" in went_on.stderr
    assert "Traceback" not in went_on.stderr


def test_a_memory_is_refused_when_it_does_not_fit_the_run_saved_with_it() -> None:
    game, memory = remembered("7", 2488)
    assert memory["floor_key"] == game.floor_key
    with pytest.raises(ValueError, match=r"^bot\.plan\[0\]: \(999, 2\) is outside the \d+x\d+ map$"):
        Autoplayer.from_memory({**memory, "plan": [[999, 2]]}, game)
    with pytest.raises(ValueError, match=rf"^bot\.progress_turn: {game.turn + 1} is not in 0\.\.{game.turn}$"):
        Autoplayer.from_memory({**memory, "progress_turn": game.turn + 1}, game)
    assert Autoplayer.from_memory({**memory, "floor_key": "overworld", "plan": [[999, 2]]}, game).route.plan == [(999, 2)]
    with pytest.raises(ValueError, match=r"^bot: expected an object, not a list$"):
        Autoplayer.from_memory([memory])


JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.integers(), st.integers(-2**80, 2**80),
                        st.floats(), st.text(max_size=6), st.sampled_from(["", "overworld", "0:1", "hunt", "item"]))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=10)


def mutated(draw: Callable, value: object) -> object:
    """``value`` with one change somewhere inside: a value replaced, a key or an entry taken
    away, added or repeated, or a number nudged."""
    children = list(value) if isinstance(value, dict) else list(range(len(value))) if isinstance(value, list) else []
    if children and draw(st.integers(0, 3)):
        key = draw(st.sampled_from(children))
        copied = copy.copy(value)
        copied[key] = mutated(draw, value[key])
        return copied
    how = draw(st.sampled_from(["replace", "nudge", "remove", "add", "repeat"]))
    if how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        return value + draw(st.sampled_from([-1, 1, -value - 1, 2**31, 2**63, 0.5]))
    if how == "remove" and children:
        copied = copy.copy(value)
        del copied[draw(st.sampled_from(children))]
        return copied
    if how == "add" and isinstance(value, dict):
        return {**value, draw(st.text(max_size=6)): draw(JSON_VALUES)}
    if how in ("add", "repeat") and isinstance(value, list):
        extra = value[draw(st.sampled_from(children))] if how == "repeat" and children else draw(JSON_VALUES)
        return [*value, extra]
    return draw(JSON_VALUES)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_memory_with_any_damage_loads_or_is_refused_with_a_value_error_and_plays_when_it_loads(
        data: st.DataObject) -> None:
    game, memory = remembered(*data.draw(st.sampled_from(MEMORIES), label="memory"))
    damage = mutated(data.draw, memory)
    for run_given in (None, game):
        try:
            bot = Autoplayer.from_memory(damage, run_given)
        except ValueError as error:
            assert re.fullmatch(r"bot(\.\w+|\[\d+\])*: .+", str(error), re.S), str(error)
            continue
        if run_given is not None:
            bot.next_action(game)  # what a continued run does first: it must not fail
