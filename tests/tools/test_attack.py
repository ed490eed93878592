"""game.tools.attack (ROB-2): each family plays a few cases, and finds a fault planted on purpose,
so the attack is shown able to fail: a Saves that loses the backup, a replay that says every
recording is fine, a tool that exits with the wrong status, options that delete a damaged file,
a save that drops the backup when the store refuses; a hang is caught by the watchdog."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import pytest

from game.run.saves import SAVE_NAME, Loaded, SaveInfo, Saves
from game.storage.storage import StorageError
from game.tools import attack
from game.tools.attack import cli as attack_cli, replays as attack_replays, saves as attack_saves
from game.tools.attack import settings as attack_settings, storage as attack_storage
from game.tools.attack.cli_tools import Tool
from game.tools.attack.harness import Failure, run_case, run_command
from tests.conftest import ROOT

if TYPE_CHECKING:
    from game.run.run import Run
    from game.storage.storage import Storage


def kinds(failures: list[Failure]) -> set[str]:
    return {failure.kind for failure in failures}


class LosingSaves(Saves):
    """Loads as the game does, then throws everything away."""

    def load(self) -> Loaded:
        loaded = super().load()
        self.storage.delete(SAVE_NAME)
        return loaded


class CrashingSaves(Saves):
    def info(self) -> SaveInfo | None:
        raise KeyError("about")


def test_saves_finds_lost_data_and_crashes():
    lost = [f for index in range(1, 4) for f in run_case(attack_saves.FAMILY, 1, index, hooks={"saves": LosingSaves})]
    assert "data lost" in kinds(lost)
    assert all(f.recipe.startswith("python -m game.tools.attack --family saves --seed 1 --case ") for f in lost)
    crashed = run_case(attack_saves.FAMILY, 1, 2, hooks={"saves": CrashingSaves})
    assert any(f.kind == "crash" and "KeyError" in f.what for f in crashed)


def test_saves_case_is_reproducible():
    first = attack_saves.FAMILY
    a = run_case(first, 5, 7, hooks={"saves": LosingSaves})
    b = run_case(first, 5, 7, hooks={"saves": LosingSaves})
    assert [f.what for f in a] == [f.what for f in b]


def test_replays_finds_a_replayer_that_says_yes_to_everything():
    intact = run_case(attack_replays.FAMILY, 1, 1, hooks={"run_headless": lambda options: 0})
    assert any(f.kind == "exit status" and "digest changed" in f.what for f in intact)
    assert attack_replays.expected({"version": 1, "seed": "a"}, b'{"version": 1, "seed": "b"}') == {1, 2}
    assert attack_replays.expected({"version": 1}, b'{"version": 1.0}') == {2}
    assert attack_replays.expected({"version": 1}, b'{"version": 1') == {2}
    assert attack_replays.expected({"version": 1, "daily": None}, b'{"version": 1, "daily": null}') == {0}


def test_cli_finds_wrong_exit_statuses():
    planted = [(Tool("game.tools.line", "run"), ("--help",), frozenset({0}), "run"),
               (Tool("game.tools.line", "parse"), ("0", "0", "3", "1"), frozenset({2}), "parse"),
               (Tool("game.tools.no_such_tool", "run"), ("--help",), frozenset({0}), "run")]
    found = [run_case(attack_cli.FAMILY, 1, index, hooks={"cases": planted}) for index in range(3)]
    assert found[0] == []
    assert found[1][0].kind == "exit status" and "parsed only" in found[1][0].command
    assert found[2][0].kind == "exit status"


def test_cli_lists_every_tool():
    listed = {tool.name for tool, _, _, _ in attack_cli.every_case(1)}
    assert "main.py" in listed and set(attack_cli.discovered()) <= listed
    assert attack_cli.with_option(("--turns", "3"), "--turns", "-1") == ("--turns=-1",)


def test_settings_finds_a_deleted_file_and_a_missing_message():
    from game.app.settings import SETTINGS_NAME, Settings, load_settings

    def careless(storage: Storage) -> tuple[Settings, str | None]:
        answer = load_settings(storage)
        storage.delete(SETTINGS_NAME)
        return answer

    # case 1: settings.json is not UTF-8; the game still starts, in a subprocess
    assert "data lost" in kinds(run_case(attack_settings.FAMILY, 1, 1, hooks={"load_settings": careless}))
    silent = run_case(attack_settings.FAMILY, 1, 1, hooks={"load_settings": lambda storage: (Settings(), None)})
    assert "no message" in kinds(silent)


class DroppingSaves(Saves):
    """Drops the backup before a save, as a careless 'make room' would."""

    def save(self, run: Run, bot: dict[str, Any] | None = None, **extra: Any) -> None:
        self.storage.drop_backup(SAVE_NAME)
        return super().save(run, bot, **extra)


def test_storage_finds_a_backup_dropped_by_a_refused_save():
    found = run_case(attack_storage.FAMILY, 1, 0, hooks={"saves": DroppingSaves})  # a read-only folder
    assert any(f.kind == "data lost" and "save.json.bak" in f.what for f in found)


def test_storage_faults_are_injected_and_removed(tmp_path):
    import os

    import game.storage.storage

    store = game.storage.storage.FileStorage(tmp_path)
    faults = attack_storage.Faults("replace", 1, 28)  # ENOSPC
    with faults.installed(), pytest.raises(StorageError):
        store.write("note.txt", "text")
    assert faults.fired and game.storage.storage.os is os
    store.write("note.txt", "text")
    assert store.read("note.txt") == "text"


def test_a_hang_is_caught(tmp_path):
    outcome = run_command(["-c", "import time; time.sleep(30)"], 1.0, tmp_path)
    assert outcome.hung
    script = ("import time\nfrom game.tools.attack.harness import Family, work\n"
              "work(Family('sleepy', '', {}, lambda case: time.sleep(30)), 1, 0, 2, 1.0, None)\n")
    process = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "Timeout (" in process.stderr and '"start": 0' in process.stdout and '"done"' not in process.stdout


def test_the_command_line(capsys):
    assert attack.main(["--family", "storage", "--cases", "2", "--jobs", "1"]) in (0, 1)
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["families"]["storage"]["tried"] == 2 and "seconds" in summary
    assert any(line.split()[:2] == ["storage", "2"] for line in lines)
    with pytest.raises(SystemExit) as stop:
        attack.main(["--case", "3"])
    assert stop.value.code == 2


@pytest.mark.parametrize("name", sorted(attack.FAMILIES))
def test_each_family_plays_its_first_cases_without_tripping_itself(name):
    """A tiny budget of each family: whatever the game's state, the attack itself does not break
    (an API it relies on that moved would show here as an exception escaping a case)."""
    chosen = attack.family(name)
    for index in range(2):
        for failure in run_case(chosen, 1, index):
            assert "uncaught in the case" not in failure.what, failure.what
