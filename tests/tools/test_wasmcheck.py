"""The browser proof (SPEC WEB-1..3): wasmcheck compares the world natively and under
CPython-on-WebAssembly, and says so loudly when they differ."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.tools import wasmcheck
from game.tools.wasmcheck import Side
from tests.conftest import ROOT

REQUIRE_BROWSER = os.environ.get("THRESHOLD_REQUIRE_BROWSER") == "1"


def record(name: str, digests: dict[str, str], error: str | None = None) -> dict:
    return {"name": name, "samples_ms": [1.0, 2.0], "digests": digests, "error": error}


def test_equal_digests_pass_and_ratios_are_reported() -> None:
    native = Side("native", {"floors": record("floors", {"a": "1", "b": "2"})})
    browser = Side("browser", {"floors": {**record("floors", {"a": "1", "b": "2"}), "samples_ms": [3.0, 6.0]}})
    verdict = wasmcheck.compare(native, browser)
    assert verdict["ok"] and verdict["compared"] == 2
    assert verdict["browser_over_native"] == {"floors": 3.0}


def test_a_different_digest_a_missing_workload_or_an_error_fails() -> None:
    native = Side("native", {"floors": record("floors", {"a": "1"}), "turns": record("turns", {"t": "9"})})
    differs = Side("browser", {"floors": record("floors", {"a": "X"}), "turns": record("turns", {"t": "9"})})
    verdict = wasmcheck.compare(native, differs)
    assert not verdict["ok"] and verdict["mismatches"] == [
        {"workload": "floors", "case": "a", "native": "1", "browser": "X"}]
    missing = Side("browser", {"floors": record("floors", {"a": "1"})})
    assert [e["workload"] for e in wasmcheck.compare(native, missing)["errors"]] == ["turns"]
    raised = Side("browser", {"floors": record("floors", {}, "TypeError: int64"), "turns": record("turns", {"t": "9"})})
    verdict = wasmcheck.compare(native, raised)
    assert not verdict["ok"] and "TypeError" in verdict["errors"][0]["error"]
    timed_out = Side("browser", native.records, failure="timed out after 5 s")
    assert not wasmcheck.compare(native, timed_out)["ok"]


def test_a_stalled_browser_runs_what_it_did_not_report_once_more_and_fails_if_it_stalls_again() -> None:
    native = Side("native", {"floors": record("floors", {"a": "1"}), "turns": record("turns", {"t": "9"})})
    stalled = Side("browser", {"floors": record("floors", {"a": "1"})}, "timed out after 5 s", stalled=True)
    asked: list[list[str]] = []

    def rerun(answer: Side):
        def run(names: list[str]) -> Side:
            asked.append(names)
            return answer
        return run

    browser, note = wasmcheck.after_a_stall(native, stalled, rerun(Side("browser", {"turns": record("turns", {"t": "9"})})))
    assert asked == [["turns"]] and note is not None and "turns" in note and note.endswith("ok")
    assert wasmcheck.compare(native, browser)["ok"]
    browser, note = wasmcheck.after_a_stall(native, stalled, rerun(Side("browser", {}, "timed out", stalled=True)))
    assert note is not None and note.endswith("failed again") and not wasmcheck.compare(native, browser)["ok"]
    asked.clear()
    crashed = Side("browser", {"floors": record("floors", {"a": "1"})}, "run-python exit 1: Traceback")
    assert wasmcheck.after_a_stall(native, crashed, rerun(native)) == (crashed, None) and asked == []


def test_nothing_compared_is_not_a_pass() -> None:
    assert not wasmcheck.compare(Side("native", {}), Side("browser", {}))["ok"]


def test_the_runtime_is_found_by_option_environment_or_beside_the_checkout(tmp_path, monkeypatch) -> None:
    runtime = tmp_path / "wasm"
    runtime.mkdir()
    (runtime / "run-python").write_text("#!/bin/sh\n")
    monkeypatch.delenv("THRESHOLD_WASM", raising=False)
    assert wasmcheck.find_runtime(str(runtime)) == runtime.resolve()
    assert wasmcheck.find_runtime(str(runtime / "run-python")) == runtime.resolve()
    assert wasmcheck.find_runtime(str(tmp_path / "nowhere")) is None
    monkeypatch.setenv("THRESHOLD_WASM", str(runtime))
    assert wasmcheck.find_runtime(None) == runtime.resolve()


def test_missing_chromium_says_how_to_install_it(tmp_path, monkeypatch, capsys) -> None:
    runtime = tmp_path / "wasm"
    runtime.mkdir()
    (runtime / "run-python").write_text("#!/bin/sh\n")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CHROMIUM", raising=False)
    assert wasmcheck.main(["--runtime", str(runtime)]) == 2
    assert "apt-get install -y chromium" in capsys.readouterr().err


def test_the_title_screen_imports_no_generator_monster_or_play_code() -> None:
    """PERF-5: in the browser every import costs several times more; the run's code loads when a run starts."""
    modules = wasmcheck.title_imports()
    assert "main" in modules and "game.app.options" in modules
    heavy = [m for m in modules if m.startswith(("game.mapgen", "game.ai", "game.world", "game.world.actions",
                                                 "game.bot.autoplay"))]
    assert heavy == []


FAKE_RUNTIME = """#!{python}
# Stands in for run-python: runs the script natively, then changes one digest,
# as a platform that generates one floor differently would.
import json, os, subprocess, sys
args = sys.argv[1:]
script = args[args.index("--script") + 1]
rest = args[args.index("--") + 1:]
env = dict(os.environ, PYTHONPATH={root!r})
out = subprocess.run([sys.executable, script, *rest], capture_output=True, text=True, env=env).stdout
for line in out.splitlines():
    if line.startswith("WORKLOAD "):
        record = json.loads(line[9:])
        if record["digests"]:
            key = sorted(record["digests"])[0]
            record["digests"][key] = "0" * 64
        line = "WORKLOAD " + json.dumps(record)
    print(line)
"""


def test_a_platform_that_makes_another_world_fails_the_check(tmp_path) -> None:
    runtime = tmp_path / "fake"
    runtime.mkdir()
    script = runtime / "run-python"
    script.write_text(FAKE_RUNTIME.format(python=sys.executable, root=str(ROOT)))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    chromium = shutil.which("chromium") or str(script)  # the fake never starts a browser
    result = subprocess.run([sys.executable, "-m", "game.tools.wasmcheck", "--runtime", str(runtime), "--quick",
                             "--only", "dungeon_floors", "--chromium", chromium], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    verdict = json.loads(result.stdout.strip().splitlines()[-1])
    assert not verdict["ok"] and len(verdict["mismatches"]) == 1
    assert verdict["mismatches"][0]["workload"] == "dungeon_floors"
    assert "MISMATCH" in result.stderr


def _browser_available() -> bool:
    return wasmcheck.find_runtime(None) is not None and wasmcheck.find_chromium(None) is not None


@pytest.mark.skipif(not _browser_available() and not REQUIRE_BROWSER,
                    reason="needs Chromium (apt-get install -y chromium) and ../shared/wasm/run-python")
def test_the_world_is_the_same_in_the_browser_runtime(tmp_path) -> None:
    """A quick real run: new runs, floors and the autoplayer under wasm32 give the native digests."""
    result = subprocess.run([sys.executable, "-m", "game.tools.wasmcheck", "--quick", "--only", "new_run",
                             "--only", "dungeon_floors", "--only", "island_floors", "--only", "autoplay"],
                            cwd=ROOT, capture_output=True, text=True, timeout=400)
    verdict = json.loads(result.stdout.strip().splitlines()[-1])
    assert result.returncode == 0 and verdict["ok"], result.stdout + result.stderr
    assert verdict["compared"] >= 10 and set(verdict["browser_over_native"]) >= {"new_run", "autoplay"}


def test_worldcheck_reports_every_workload_natively(tmp_path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, str(Path("game") / "tools" / "worldcheck.py"), "--quick",
                             "--title-modules", "game.rng"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    records = wasmcheck.parse_records(result.stdout)
    assert set(records) == set(__import__("game.tools.worldcheck", fromlist=["WORKLOADS"]).WORKLOADS)
    assert not [name for name, r in records.items() if r["error"]]
    assert all(len(d) == 64 for r in records.values() for k, d in r["digests"].items() if r["name"] != "autoplay")
