"""Test set-up: headless SDL, shared helpers."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

import game.ai.minds  # noqa: E402, F401 - the monsters' minds, plugged into the world's turns (as game.run.run does)

# Property tests draw fresh examples on every run, which is how they find new bugs locally.
# CI (HYPOTHESIS_PROFILE=ci) draws a fixed sequence instead, so main cannot turn red by chance
# on a fresh clone. A failure found locally is pinned with @example beside its test.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

SLOWEST_FIRST = ("tests/tools/test_board_client_page.py", "tests/server/test_server_load.py",
                 "tests/tools/test_gallery.py", "tests/server/test_server_queue.py", "tests/bot/test_autoplay.py",
                 "tests/world/test_saving.py", "tests/server/test_server.py", "tests/tools/test_wasmcheck.py")
"""The modules with the longest tests (20-50 s each, ``pytest --durations``), run first: on two
workers stealing work, a long test begun last leaves one core idle while it runs."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    first = {path: rank for rank, path in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: first.get(item.nodeid.split("::", 1)[0], len(first)))  # (stable: the rest keep their order)


@pytest.fixture(autouse=True)
def own_data_folder(monkeypatch, tmp_path):
    """Saves, recordings and options of a test go to its own folder, never the user's
    (``game.storage.storage.data_dir`` follows ``XDG_DATA_HOME``; subprocesses inherit it)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "appdata"))


@pytest.fixture(autouse=True)
def usual_look():
    """Options that switch module-wide looks (colour-blind palette, reduced motion, the portrait
    layout) end with the test."""
    yield
    from game.render import layout, motion, palette

    palette.use_colour_blind(False)
    motion.set_reduced(False)
    if layout.current() is not layout.LANDSCAPE:
        layout.use(layout.LANDSCAPE)
    import pygame

    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is not None and screen.get_size() != layout.LANDSCAPE.size:  # a portrait App's window
        pygame.display.set_mode(layout.LANDSCAPE.size)


@pytest.fixture(autouse=True)
def strict_app(monkeypatch):
    """A screen that raises fails the test: the app's safety net (the error screen)
    re-raises in tests. A test of the safety net itself sets ``App.strict = False``."""
    from game.app.app import App

    monkeypatch.setattr(App, "strict", True)


@pytest.fixture
def display():
    """The dummy display (1280x720), for tests that draw: the window as it is now, opened again
    only when an earlier test (an App's window, another layout) replaced or closed it, which
    leaves a surface kept from before uninitialised."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.get_surface()
    if screen is None or screen.get_size() != (1280, 720):
        screen = pygame.display.set_mode((1280, 720))
    return screen


@pytest.fixture(scope="session")
def web_build(tmp_path_factory) -> Path:
    """The offline pygbag build (``game.tools.webbuild --archive``) in a temporary folder, made once."""
    import subprocess

    out = tmp_path_factory.mktemp("webbuild")
    result = subprocess.run([sys.executable, "-m", "game.tools.webbuild", "--archive", "--out", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return out
