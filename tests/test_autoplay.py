"""The headless autoplayer (ROB-1)."""

from __future__ import annotations

import json
import subprocess
import sys

from game.autoplay import play, summary
from tests.conftest import ROOT


def test_bot_explores_opens_doors_and_descends() -> None:
    game = play("soak-1", 2000)
    assert game.turn == 2000
    assert game.depth >= 3, "the bot finds the stairs on several floors"
    first = game.floors[1]
    assert first.seen_rooms.mean() > 0.6, "it explored most of the first floor"
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
    assert set(data) >= {"seed", "turns", "depth", "alive", "digest"}
    assert data["seed"] == "7" and data["turns"] == 300 and data["alive"] is True
    assert len(data["digest"]) == 64 and int(data["digest"], 16) >= 0
