"""The soak tool (``game.tools.soak``): its resume check must be sound for every run (ROB-3)."""

from __future__ import annotations

import functools
import json
from types import SimpleNamespace

import pytest

from game.bot import autoplay
from game.world.actions import Wait
from game.bot.autoplay import Autoplayer, play_run
from game.run.saves import Saves
from game.tools import soak

EARLY_SEED = "16"
"""A seed whose bot dies early (before turn 1000)."""


@functools.cache
def early_death() -> int:
    game, _ = play_run(EARLY_SEED, 1000)
    assert game.over, f"seed {EARLY_SEED} no longer dies within 1000 turns: pick another that does"
    return game.turn


def soak_lines(capsys, *args: str) -> tuple[int, list[dict]]:
    status = soak.main([*args, "--seeds", "1"])
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("resume_at", ["5", "10"])
def test_a_resume_point_at_or_after_the_last_turn_is_refused(capsys, resume_at: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        soak.main(["--seeds", "1", "--turns", "5", "--resume-at", resume_at])
    assert stopped.value.code == 2
    assert f"--resume-at {resume_at} must come before the last turn, --turns 5" in capsys.readouterr().err


@pytest.fixture
def a_bot_that_waits_forever(monkeypatch) -> None:
    """It stalls after 30 turns without progress."""
    monkeypatch.setattr(autoplay, "STALL_TURNS", 30)
    monkeypatch.setattr(Autoplayer, "next_action", lambda self, game: Wait())


def test_a_stalled_run_is_resumed_too_and_must_stall_the_same(capsys, a_bot_that_waits_forever) -> None:
    status, (line, totals) = soak_lines(capsys, "--turns", "300", "--resume-at", "200")
    assert line["stalled"] and line["turns"] < 200
    assert line["resumed_same"] is True, "saved just before the stall, it stalls again at the same turn"
    assert status == 1 and totals["stalled"] == 1 and totals["resume_mismatches"] == 0


def test_a_stalled_run_that_resumes_differently_is_a_mismatch(capsys, monkeypatch, a_bot_that_waits_forever) -> None:
    remember = Autoplayer.memory
    monkeypatch.setattr(Autoplayer, "memory", lambda self: {**remember(self), "progress": []})  # forgets
    status, (line, totals) = soak_lines(capsys, "--turns", "300", "--resume-at", "200")
    assert line["stalled"] and line["resumed_same"] is False
    assert status == 1 and totals["resume_mismatches"] == 1


def test_a_run_over_before_the_resume_point_is_saved_the_turn_before_it_ended(capsys, monkeypatch) -> None:
    death = early_death()
    saved = []
    save = Saves.save
    monkeypatch.setattr(Saves, "save", lambda self, run, bot=None, new_run=False: (
        saved.append((run.game.turn, run.over)), save(self, run, bot, new_run))[1])
    status, (line, totals) = soak_lines(capsys, "--first", EARLY_SEED, "--turns", "1000", "--resume-at", "999")
    assert not line["alive"] and line["turns"] == death
    assert saved == [(death - 1, False)], "a finished run is never saved"
    assert line["resumed_same"] is True and status == 0 and totals["resume_mismatches"] == 0


def test_a_resume_is_skipped_with_the_reason_when_the_run_is_over_before_it_could_be_saved() -> None:
    death = early_death()
    straight = SimpleNamespace(turn=death + 50, digest=lambda: "")  # as if its last action took 50 turns
    check = soak.resume_check(EARLY_SEED, 999, 1000, straight, None)
    assert check == {"resume_skipped": f"the run was over at turn {death}, before it could be saved"}

