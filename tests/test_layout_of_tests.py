"""Tests a newcomer can find: ``tests/<package>/test_<module>.py`` mirrors ``game/``, whole-game
scenarios live in ``tests/scenarios/``, and only checks of the whole project stay at the top."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
FOLDERS_BESIDE_PACKAGES = {"basics": "game's top-level modules (geometry, rng, paths)", "scenarios": "whole games"}
TOP = {"test_docs.py", "test_documented_commands.py", "test_imports.py", "test_install.py", "test_spec.py",
       "test_no_mixins.py",
       "test_layout_of_tests.py"}
"""The project-wide checks: the docs, the spec's ids, the layers, the install, this file."""


def packages() -> set[str]:
    return {path.parent.name for path in (ROOT / "game").glob("*/__init__.py")}


def test_every_test_folder_is_a_package_of_the_game_or_the_scenarios() -> None:
    folders = {path.name for path in TESTS.iterdir() if path.is_dir() and not path.name.startswith((".", "_"))}
    strays = folders - packages() - set(FOLDERS_BESIDE_PACKAGES)
    assert not strays, f"test folders that mirror no package of game/: {sorted(strays)}"


def test_only_project_wide_checks_sit_at_the_top() -> None:
    top = {path.name for path in TESTS.glob("test_*.py")}
    assert top <= TOP, f"move these into tests/<package>/: {sorted(top - TOP)}"


def test_test_files_have_unique_names() -> None:
    """pytest imports a test file by its name (no package ``__init__`` in tests/): two of a name clash."""
    names = [path.name for path in TESTS.rglob("test_*.py")]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
