"""The world runs without pygame (SPEC WEB-4, STYLE §1).

The browser runtime that checks the world (``game.tools.wasmcheck``) has no pygame,
and neither has a server that generates levels: every module of the world code,
and ``main.py --headless``, must import and run in a process where importing
pygame fails.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

WORLD_PACKAGES = ("world", "mapgen", "ai", "content")
WORLD_MODULES = ("game.world.actions", "game.world.action", "game.bot.autoplay", "game.geometry", "game.rng", "game.progress",
                 "game.run.seeds", "game.bench.workloads", "game.tools.worldcheck")
BLOCK_PYGAME = "import sys; sys.modules['pygame'] = None  # any import of pygame now raises ImportError\n"


def world_modules() -> list[str]:
    names = list(WORLD_MODULES)
    for package in WORLD_PACKAGES:
        for path in sorted((ROOT / "game" / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def run_without_pygame(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BLOCK_PYGAME + code], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_the_block_works() -> None:
    result = run_without_pygame("import pygame")
    assert result.returncode != 0 and "ModuleNotFoundError: import of pygame halted" in result.stderr


def test_every_world_module_imports_without_pygame() -> None:
    modules = world_modules()
    assert len(modules) > 40
    code = "import importlib\n" + "".join(f"importlib.import_module({name!r})\n" for name in modules)
    result = run_without_pygame(code + "print('imported', len(sys.modules))")
    assert result.returncode == 0, result.stderr[-3000:]


@pytest.mark.parametrize("argv", [["--autoplay", "--headless", "--seed", "no-pygame", "--turns", "150"],
                                  ["--headless", "--autoplay", "--turns", "20"]])
def test_main_headless_runs_without_pygame(argv: list[str]) -> None:
    code = (f"sys.argv = ['main.py', *{argv!r}]\n"
            "import runpy; runpy.run_path('main.py', run_name='__main__')\n")
    result = run_without_pygame(code)
    assert result.returncode == 0, result.stderr[-3000:]
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["turns"] > 0 and len(summary["digest"]) == 64
