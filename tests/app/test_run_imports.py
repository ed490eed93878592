"""The loading screen's imports come one module a slice, leaves first (SPEC WEB-5): a module
that gains an import must not drag a dozen others into one slice of the page's new run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from game.app.run_imports import RUN_IMPORTS
from game.tools import import_order

ROOT = Path(__file__).resolve().parents[2]

STEP_THROUGH = """
import importlib, json, os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import game.app.app
from game.app.run_imports import RUN_IMPORTS
extra = {}
for name in RUN_IMPORTS:
    if name in sys.modules:
        continue
    before = set(sys.modules)
    importlib.import_module(name)
    parents = {name.rsplit(".", depth)[0] for depth in range(1, name.count(".") + 1)}
    others = sorted(m for m in set(sys.modules) - before if m.startswith("game.") and m != name and m not in parents)
    if others:
        extra[name] = others
print(json.dumps(extra))
"""


def _printed(code: str) -> Any:
    """What ``code``, run in a fresh interpreter, printed last, as JSON."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_each_loading_step_imports_one_game_module() -> None:
    extra = _printed(STEP_THROUGH)
    assert extra == {}, f"these steps import more than their module (python -m game.tools.import_order --write): {extra}"


def test_the_written_order_is_the_one_the_tool_computes() -> None:
    assert list(RUN_IMPORTS) == import_order.compute_order(), "run python -m game.tools.import_order --write"


def test_a_run_needs_nothing_the_list_lacks() -> None:
    """After the list, starting a run's screens imports no further game module."""
    code = STEP_THROUGH.split("extra = {}")[0] + (
        "import importlib\n"
        "for name in RUN_IMPORTS: importlib.import_module(name)\n"
        "before = set(sys.modules)\n"
        "import game.app.play, game.run.run, game.ai.minds, game.app.menus, game.run.daily\n"
        "print(json.dumps(sorted(m for m in set(sys.modules) - before if m.startswith('game.'))))\n")
    assert _printed(code) == []


def test_numpy_random_is_imported_at_start_up_not_in_a_loading_step() -> None:
    """``numpy.random`` is one import of 90 ms on a phone that no loading step can divide: main.py
    imports it before the title's first frame, under the page's own loader."""
    code = ("import asyncio, json, os, sys\n"
            "os.environ['SDL_VIDEODRIVER'] = 'dummy'; os.environ['SDL_AUDIODRIVER'] = 'dummy'\n"
            "import game.app.app\n"
            "imported = 'numpy.random' in sys.modules\n"
            "def made(options):\n"
            "    print(json.dumps([imported, 'numpy.random' in sys.modules]))\n"
            "    raise SystemExit(0)\n"
            "game.app.app.App = made\n"
            "import main\n"
            "asyncio.run(main.main([]))\n")
    assert _printed(code) == [False, True], "imported by main.py, before the App"
    assert "numpy.random" not in RUN_IMPORTS
