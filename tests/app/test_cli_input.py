"""Bad command lines (ROB-2): ``main.py`` and every ``python -m game.tools.X`` answer a
clear message and exit status 2: never a traceback, never a hang, never a value quietly
taken for another (``--jobs 0`` run serially, ``--save-dir ""`` the real data folder).

Each program runs once, in its own process, and plays all its cases there through its
real entry point (``runpy``, as ``python -m`` does), so the whole file takes seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.options import parse_options
from tests.conftest import ROOT

DRIVER = r"""
import contextlib, io, json, runpy, sys, traceback

target, cases = sys.argv[1], json.loads(sys.stdin.read())
for argv in cases:
    err = io.StringIO()
    sys.argv = [target, *argv]
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            if target.endswith(".py"):
                runpy.run_path(target, run_name="__main__")
            else:
                runpy.run_module(target, run_name="__main__", alter_sys=True)
            status = 0
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
        except BaseException:
            status = "raised"
            err.write(traceback.format_exc())
    print(json.dumps({"argv": argv, "status": status, "stderr": err.getvalue()[-3000:]}), flush=True)
"""

UNKNOWN = ["--no-such-option"]
HUGE = "9" * 5000  # beyond Python's longest int text


def tools() -> list[str]:
    """Every ``game.tools`` module that is a program with options (argparse)."""
    modules = [f"game.tools.{path.stem}" for path in (ROOT / "game" / "tools").glob("*.py")
               if 'if __name__ == "__main__"' in (text := path.read_text(encoding="utf-8"))
               and "argparse.ArgumentParser(" in text]
    packages = [f"game.tools.{path.parent.name}" for path in (ROOT / "game" / "tools").glob("*/__main__.py")
                if "argparse.ArgumentParser(" in (path.parent / "__init__.py").read_text(encoding="utf-8")]
    return sorted(modules + packages)


PROGRAMS = ["main.py", "game.bench", "game.bench.frames", *tools()]


def cases(program: str, scratch: Path) -> list[list[str]]:
    """Command lines ``program`` must refuse. Only ones refused before any work starts: a
    tool that wrongly accepted one would write its real output (assets, builds). So a case
    that is not about ``--out`` names one in the scratch folder, and ``--out ""`` is the
    scratch folder too (the programs run there): a tool that regressed writes nothing else."""
    file, folder, empty = str(scratch / "a-file.txt"), str(scratch), str(scratch / "empty")
    own = {
        "main.py": [
            ["--turns", "-1"], ["--turns", "lots"], ["--turns", HUGE], ["--turns", "1e3"], ["--fps", "-5"],
            ["--frames", "-1"], ["--speed", "nan"], ["--speed", "0"], ["--speed", "1e9"],
            ["--save-dir", ""], ["--save-dir", " "], ["--save-dir", file], ["--screenshot", ""],
            ["--screenshot", folder], ["--screenshot", "/no/such/folder/x.png"], ["--replay", ""],
            ["--replay", "/no/such/file"], ["--replay", folder], ["--replay", file, "--autoplay"],
            ["--seed", "x" * 65], ["--seed", "\udcff"], ["--seed", "1", "--daily"], ["--daily", ""],
            ["--daily", "2026-13-01"], ["--start", "moon"], ["--keys", "x"],
            ["--headless", "--keys", "x", "--autoplay"], ["--headless", "--keys", "no-such-key"],
            ["--record", "/tmp/x.json"], ["--headless", "--autoplay", "--record", folder],
            ["--headless", "--autoplay", "--record", "/no/such/folder/x.json"], ["--layout", "upside-down"],
        ],
        "game.tools.mapgen": [
            ["--kind", "moon"], ["--width", "-5"], ["--width", "0"], ["--height", "x"], ["--width", HUGE],
            ["--depth", "0"], ["--depth", "99"], ["--region", "-1"], ["--region", "999"], ["--out", ""],
            ["--out", folder], ["--seed", "x" * 65], ["--seed", "\udcff"], ["--kind", "ship", "--height", "61"],
            ["--kind", "ship", "--width", "2000", "--height", "2000"], ["--until", "hull"],
            ["--kind", "overworld", "--depth", "1"], ["--format", "png"], ["--kind", "overworld", "--format", "ascii"],
            ["--kind", "overworld", "--width", "10000", "--height", "10000"],
        ],
        "game.tools.fov": [
            ["--seed", "1"], ["--at", "1"], ["--at", "x", "0"], ["--at", "-1", "0"], ["--at", "80", "0"],
            ["--at", "0", HUGE], ["--at", "18", "0"], ["--at", "0", "0", "--radius", "-1"],
            ["--at", "0", "0", "--radius", "x"], ["--kind", "overworld", "--at", "9", "9", "--radius", "300"],
            ["--at", "0", "0", "--hill-radius", "3"], ["--at", "0", "0", "--format", "png"],
            ["--kind", "overworld", "--at", "9", "9", "--depth", "1"], ["--at", "0", "0", "--depth", "99"],
            ["--kind", "moon", "--at", "0", "0"], ["--at", "0", "0", "--out", folder], ["--at", "0", "0", "--out", ""],
            ["--seed", "x" * 65, "--at", "0", "0"], ["--kind", "overworld", "--at", "200", "0"],
        ],
        "game.tools.balance": [
            ["--jobs", "0"], ["--jobs", "-1"], ["--jobs", "100000"], ["--seeds", "0"], ["--seeds", HUGE],
            ["--seeds", "10000000"], ["--turns", "0"], ["--first", "-1"], ["--seeds", "1e3"],
        ],
        "game.tools.soak": [["--seeds", "-1"], ["--seeds", "0"], ["--turns", "x"], ["--first", "-1"], ["--turns", "0"],
                            ["--resume-at", "5000"]],
        "game.tools.storm": [["--events", "0"], ["--events", "-5"], ["--events", "x"], ["--events", HUGE],
                             ["--seed", "-1"], ["--seed", "1.5"], ["--json", "yes"]],
        "game.tools.line": [["1", "2", "3"], ["a", "2", "3", "4"], ["0", "0", "9999999999", "0"]],
        "game.tools.worldcheck": [["--only", "nothing"]],
        "game.tools.wasmcheck": [["--timeout", "x"], ["--timeout", "0"], ["--timeout", "-5"], ["--timeout", "nan"],
                                 ["--timeout", "inf"], ["--runtime", ""], ["--chromium", ""],
                                 ["--chromium", "/no/such/chromium"], ["--only", "nothing"]],
        "game.tools.glyphs": [[*args, "--out", f"{folder}/glyphs"] for args in (
            ["--sizes", "x"], ["--sizes", "0"], ["--sizes", "-3"], ["--sizes", "257"], ["--sizes"], ["--font", ""],
            ["--font", folder], ["--font", file], ["--font", empty])] + [["--out", ""], ["--out", " "], ["--out", file]],
        "game.tools.icons": [[*args, "--out", f"{folder}/icons/sprites"] for args in (
            ["--size", "x"], ["--size", "0", "--icons-json", file], ["--size", "-5", "--icons-json", file],
            ["--size", "1025"], ["--icons-json", ""], ["--icons-json", folder], ["--icons-json", file],
            ["--icons-json", empty])]
            + [["--out", "", "--icons-json", file], ["--out", file, "--icons-json", file]],
        "game.tools.backdrop": [["--out", ""], ["--out", folder], ["--out", f"{folder}/no/such/x.png"],
                                ["--out", f"{folder}/backdrop.txt"]],
        "game.tools.sounds": [["--out", ""], ["--out", file]],
        "game.tools.webbuild": [["--out", ""], ["--out", " "], ["--out", file], ["--out", f"{folder}/not-a-build"]],
        "game.tools.pagecheck": [[*args, "--out", f"{folder}/pagecheck"] for args in (
            ["--web", ""], ["--web", file], ["--runtime", ""], ["--only", "nothing"], ["--only"],
            ["--no-build", "--web", f"{folder}/no-page"], ["--web", f"{folder}/page"])] + [["--out", "", "--no-build", "--web", f"{folder}/no-page"]],
        "game.tools.page_scenes": [[*args, "--out", f"{folder}/scenes"] for args in (
            ["--web", ""], ["--web", f"{folder}/no-page"], ["--runtime", ""], ["--only", "nothing"], ["--only"])]
            + [["--out", ""], ["--out", file]],
        "game.tools.scenes": [[""], [file], [f"{folder}/scenes", "--only", "nothing"], [f"{folder}/scenes", "--only"]],
        "game.bench": [["--repeat", "x"], ["--only", "nothing"], ["--repeat", "0"], ["--repeat", "-2"],
                       ["--repeat", "4"]],
        "game.bench.frames": [["--seed", "x" * 65], ["--seed", "\udcff"]],
    }
    return [UNKNOWN, *own.get(program, [])]


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> dict[str, list[dict]]:
    """Each program's answers to its cases, all programs at once (a process each)."""
    scratch = tmp_path_factory.mktemp("cli")
    (scratch / "a-file.txt").write_text("not a recording", encoding="utf-8")
    (scratch / "empty").write_bytes(b"")
    (scratch / "not-a-build" / "web").mkdir(parents=True)  # a build would replace this web/
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(scratch / "xdg-data"), APPDATA=str(scratch / "appdata"),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    running = {}
    for program in PROGRAMS:
        target = str(ROOT / program) if program.endswith(".py") else program
        given = scratch / f"{program}.cases.json"
        given.write_text(json.dumps(cases(program, scratch)), encoding="utf-8")
        with given.open(encoding="utf-8") as stdin:
            running[program] = subprocess.Popen([sys.executable, "-c", DRIVER, target], cwd=scratch, env=env,
                                                text=True, stdin=stdin, stdout=subprocess.PIPE,
                                                stderr=subprocess.PIPE)
    results, deadline = {}, time.monotonic() + 90
    for program, process in running.items():
        try:
            out, err = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
        results[program] = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        if len(results[program]) < len(cases(program, scratch)):
            results[program].append({"argv": "(the next case)", "status": "hung or died", "stderr": err[-3000:]})
    return results


@pytest.mark.parametrize("program", PROGRAMS)
def test_a_bad_command_line_is_a_clear_error_with_status_2(answers, program: str) -> None:
    wrong = [f"{answer['argv']}: status {answer['status']}\n{answer['stderr']}" for answer in answers[program]
             if answer["status"] != 2 or "Traceback (most recent call last)" in answer["stderr"]
             or not answer["stderr"].strip()]
    assert not wrong, "\n\n".join(wrong)
    assert answers[program], "no answers at all"


def test_every_program_is_checked() -> None:
    assert {"game.tools.mapgen", "game.tools.balance", "game.tools.soak", "game.tools.line"} <= set(tools())


@pytest.mark.parametrize("value", ["", " "])
def test_an_empty_save_folder_is_refused_not_taken_for_the_data_folder(capsys, value: str) -> None:
    """ROB-2: ``--save-dir ""`` was once accepted, and ``default_storage("")`` is the user's data folder."""
    with pytest.raises(SystemExit) as stop:
        parse_options(["--save-dir", value], browser=False)
    assert stop.value.code == 2
    assert "argument --save-dir: an empty path" in capsys.readouterr().err


def test_a_seed_that_is_not_text_is_refused(capsys) -> None:
    """A byte that is not UTF-8 on the command line (Python hands it on as a lone surrogate)
    made a run whose save could not be written: a traceback at the end of the run."""
    with pytest.raises(SystemExit):
        parse_options(["--seed", "\udcff"], browser=False)
    assert "the seed has bytes that are not UTF-8 text" in capsys.readouterr().err
    assert parse_options(["--seed", "é 🎲"], browser=False).seed == "é 🎲"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_as_the_options_file_does_not_hang_start_up(tmp_path) -> None:
    """ROB-2: ``mkfifo D/settings.json; main.py --headless --keys x --save-dir D`` once waited forever."""
    os.mkfifo(tmp_path / "settings.json")
    result = subprocess.run([sys.executable, "main.py", "--headless", "--seed", "1", "--save-dir", str(tmp_path),
                             "--keys", "x"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1])["seed"] == "1"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_as_an_output_file_is_refused_not_waited_on(tmp_path, capsys) -> None:
    """``--screenshot PIPE`` and ``mapgen --out PIPE`` blocked for good (found by game.tools.attack)."""
    from game.tools import mapgen

    pipe = tmp_path / "out.png"
    os.mkfifo(pipe)
    with pytest.raises(SystemExit) as refused:
        parse_options(["--headless", "--keys", "x", "--screenshot", str(pipe)], browser=False)
    assert refused.value.code == 2 and "not a plain file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:
        mapgen.main(["--format", "ascii", "--out", str(pipe)])
    assert refused.value.code == 2 and "not a plain file" in capsys.readouterr().err


def test_main_py_version_prints_the_games_version() -> None:
    """TRU-5: ``main.py --version`` was an error (status 2: an unknown argument)."""
    from game import __version__

    result = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert (result.returncode, result.stdout.strip()) == (0, f"Threshold {__version__}"), result.stderr


def test_the_threshold_command_prints_the_version_too(monkeypatch, capsys) -> None:
    """The console script (``main:cli``) reads the same command line."""
    import main
    from game import __version__

    monkeypatch.setattr(sys, "argv", ["threshold", "--version"])
    with pytest.raises(SystemExit) as stop:
        main.cli()
    assert stop.value.code in (0, None) and capsys.readouterr().out.strip() == f"Threshold {__version__}"


def test_the_version_is_pyprojects() -> None:
    """One version: the game's constant (the page has no package metadata to read) is pyproject's."""
    import tomllib

    from game import __version__

    with (ROOT / "pyproject.toml").open("rb") as file:
        assert tomllib.load(file)["project"]["version"] == __version__
