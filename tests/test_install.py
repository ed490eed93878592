"""A plain, non-editable ``pip install .`` gives a game that runs (LAY-3).

The package is built from a copy of the sources and installed into a fresh
virtual environment, without its dependencies (numpy and pygame-ce come from the
test environment through ``PYTHONPATH``, which does not make the source tree
importable). The game then runs from another folder, so nothing can come from
the checkout: the assets must have been installed with it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import venv
from pathlib import Path

import numpy
import pygame
import pytest

from tests.conftest import ROOT

SOURCES = ("pyproject.toml", "README.md", "LICENSE", "main.py", "game", "assets")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    source.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SOURCES:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, source / name, **(
            {"ignore": skip} if (ROOT / name).is_dir() else {}))
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    result = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(source)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    libraries = {str(Path(numpy.__file__).parent.parent), str(Path(pygame.__file__).parent.parent)}
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sorted(libraries)), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return env_dir, env


def test_the_installed_package_is_not_the_checkout(installed, tmp_path) -> None:
    env_dir, env = installed
    code = "import game.paths as p; print(p.__file__); print(p.assets_dir())"
    result = subprocess.run([str(env_dir / "bin" / "python"), "-c", code], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    module, assets = result.stdout.split()
    assert str(env_dir) in module and str(ROOT) not in module
    assert Path(assets) == env_dir / "share" / "threshold" / "assets"
    shipped = sorted(p.relative_to(ROOT / "assets").as_posix() for p in (ROOT / "assets").rglob("*") if p.is_file())
    present = sorted(p.relative_to(Path(assets)).as_posix() for p in Path(assets).rglob("*") if p.is_file())
    assert present == shipped, "every asset is installed"


def test_the_threshold_command_plays_a_seed_in_a_window(installed, tmp_path) -> None:
    env_dir, env = installed
    shot = tmp_path / "shot.png"
    result = subprocess.run([str(env_dir / "bin" / "threshold"), "--seed", "4", "--frames", "90", "--fps", "0",
                             "--screenshot", str(shot)], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "Something went wrong" not in result.stdout
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1280, 720)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 960, 40) for y in range(0, 720, 40)}
    assert len(colours) > 10, "the island is drawn, not an error screen"


def test_the_installed_headless_autoplayer_runs(installed, tmp_path) -> None:
    env_dir, env = installed
    result = subprocess.run([str(env_dir / "bin" / "threshold"), "--autoplay", "--headless", "--seed", "4",
                             "--turns", "80"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert '"turns": 80' in result.stdout.splitlines()[-1]

