"""Every ``python -m game...`` command the docs name runs as they name it: the module exists and is
a program (a ``__main__`` block, or a package with ``__main__.py``), and ``--help`` answers."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMAND = re.compile(r"python3? -m (game(?:\.[a-z_]+)+)(?!\.?[A-Za-z_])")


def documented() -> list[str]:
    texts = [ROOT / "README.md", ROOT / ".ci" / "run", *sorted((ROOT / "docs").glob("*.md"))]
    return sorted({name for path in texts if path.exists() for name in COMMAND.findall(path.read_text("utf-8"))})


def is_program(name: str) -> bool:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return False
    if spec.submodule_search_locations:  # a package runs through its __main__.py
        return importlib.util.find_spec(f"{name}.__main__") is not None
    return 'if __name__ == "__main__":' in Path(spec.origin).read_text("utf-8")


def test_the_docs_name_the_tools() -> None:
    names = documented()
    assert {"game.tools.mapgen", "game.tools.attack", "game.tools.pagecheck", "game.tools.gallery"} <= set(names)


@pytest.mark.parametrize("name", documented())
def test_a_documented_command_is_a_program(name: str) -> None:
    assert is_program(name), f"the docs name `python -m {name}`, which does not run"


@pytest.mark.parametrize("name", ["game.tools.attack", "game.tools.pagecheck", "game.tools.gallery", "game.tools.mapgen"])
def test_a_grouped_tool_answers_help(name: str) -> None:
    done = subprocess.run([sys.executable, "-m", name, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "usage:" in done.stdout, done.stderr


def test_a_module_that_is_not_a_program_is_told_apart() -> None:
    assert not is_program("game.tools.attack.harness") and not is_program("game.tools.no_such_tool")
