"""The order in which a new run imports its modules, leaves first (SPEC WEB-5).

    python -m game.tools.import_order            print the order; exit 1 if game/app/run_imports.py differs
    python -m game.tools.import_order --write    write it to game/app/run_imports.py

The loading screen imports a run's modules one a step, so that no frame of the page pays
for many at once. A hand-kept list goes stale as soon as a module gains an import: the new
module is then paid for in the slice of whichever listed module needs it first (one such
slice was 52-83 ms in the page, budget 50). This tool imports the run's roots in a fresh
interpreter, after what the title screen already has, and records each ``game`` module as
it *finishes* executing: a post-order, so each step of the list finds its imports done.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.machinery
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

TITLE_MODULES = ("numpy.random", "game.app.app")
"""What is imported before the title screen's first frame (main.py's window path). numpy imports
``numpy.random`` lazily, at the island noise's first draw, and with it the standard library's
``secrets`` and what that needs; ``numpy.random`` alone took 87-93 ms of one loading slice in
the phone's page, and no step can divide an import, so main.py imports it at start-up."""

GAME_ROOTS = ("game.ai.minds", "game.app.play", "game.run.daily", "game.bot.autoplay", "game.world.harm", "game.app.menus")
"""The modules a new run's steps import (``app.run_steps``); the rest follow from theirs."""

TARGET = Path(__file__).resolve().parents[1] / "app" / "run_imports.py"


class _FinishOrder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loaders of ``game`` modules to note when each finishes."""

    def __init__(self) -> None:
        self.finished: list[str] = []

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("game."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            return spec
        loader = spec.loader
        original = loader.exec_module
        finished = self.finished

        def exec_module(module: ModuleType) -> None:
            original(module)
            finished.append(fullname)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def record_order() -> list[str]:
    """In this interpreter: the run's modules in the order they finish importing. Call it only
    in a fresh process (``compute_order`` starts one)."""
    for name in TITLE_MODULES:
        importlib.import_module(name)
    recorder = _FinishOrder()
    sys.meta_path.insert(0, recorder)
    try:
        for name in GAME_ROOTS:
            importlib.import_module(name)
    finally:
        sys.meta_path.remove(recorder)
    packages = {name for name in recorder.finished if hasattr(sys.modules[name], "__path__")}
    return [name for name in recorder.finished if name not in packages]


def compute_order() -> list[str]:
    """``record_order`` in a fresh interpreter (this one may have imported anything)."""
    code = "import json, game.tools.import_order as o; print(json.dumps(o.record_order()))"
    env_code = "import os; os.environ.setdefault('SDL_VIDEODRIVER', 'dummy'); os.environ.setdefault('SDL_AUDIODRIVER', 'dummy');"
    done = subprocess.run([sys.executable, "-c", env_code + code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[2])
    order: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return order


def module_text(order: Sequence[str]) -> str:
    """The source of ``app/run_imports.py`` for ``order``."""
    lines = [
        '"""What a run needs beyond the title screen, leaves first: the loading screen imports one a',
        "step. Written by ``python -m game.tools.import_order --write``; do not edit by hand:",
        'a test fails when a module gains an import and this list is not written anew."""',
        "",
        "RUN_IMPORTS: tuple[str, ...] = (",
        *(f'    "{name}",' for name in order),
        ")",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.import_order", description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write the order to {TARGET.name}")
    args = parser.parse_args(argv)
    text = module_text(compute_order())
    if args.write:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET}")
        return 0
    print(text, end="")
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if current != text:
        print(f"{TARGET} differs: run python -m game.tools.import_order --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
