"""The headless autoplayer (ROB-1): it plays real runs, deterministically."""

from __future__ import annotations

import json
import subprocess
import sys

from game.autoplay import play, summary
from tests.conftest import ROOT


def test_twenty_seed_soak_fights_dies_sometimes_and_goes_deep() -> None:
    results = [summary(play(f"soak-{seed}", 2000)) for seed in range(20)]
    assert sum(r["kills"] for r in results) >= 100, "the bot fights"
    deaths = [r for r in results if not r["alive"]]
    assert 0 < len(deaths) < 20, "runs end in death sometimes, not always"
    assert all(r["cause"].startswith("killed by") for r in deaths)
    assert all(r["cause"] is None and r["turns"] == 2000 for r in results if r["alive"])
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
    assert set(data) == {"seed", "turns", "depth", "alive", "digest", "kills", "cause", "won", "wardens"}
    assert data["seed"] == "7" and isinstance(data["kills"], int)
    assert (data["alive"] and data["cause"] is None and data["turns"] == 300) or (
        not data["alive"] and data["cause"].startswith("killed by"))
    assert len(data["digest"]) == 64 and int(data["digest"], 16) >= 0
