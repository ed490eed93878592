"""The offline pygbag build (LAY-4, LAY-5, PERF-5): what the archive holds and what the page does."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.tools import webbuild
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def built(web_build: Path) -> Path:
    return web_build


def test_build_gives_index_archive_and_itch_zip(built: Path) -> None:
    web = built / "web"
    assert (web / "index.html").is_file() and (web / "threshold.apk").is_file() and (web / "favicon.png").is_file()
    assert webbuild.check_output(web) == []
    with zipfile.ZipFile(built / "web.zip") as zf:
        assert sorted(zf.namelist()) == ["favicon.png", "index.html", "threshold.apk"]
    assert (built / "web.zip").stat().st_size < 3 * 1024 * 1024


def test_archive_holds_main_the_game_package_and_assets_only(built: Path) -> None:
    with zipfile.ZipFile(built / "web" / "threshold.apk") as zf:
        names = set(zf.namelist())
    assert "assets/main.py" in names
    shipped_py = {f"assets/{p.relative_to(ROOT).as_posix()}" for p in (ROOT / "game").rglob("*.py")
                  if p.relative_to(ROOT / "game").parts[0] not in ("tools", "bench", "server")}
    assert shipped_py <= names, shipped_py - names
    sprites = {f"assets/assets/sprites/{p.name}" for p in (ROOT / "assets" / "sprites").glob("*.png")}
    assert sprites <= names
    assert not [n for n in names if n.startswith(("assets/tests", "assets/web", "assets/build", "assets/game/tools",
                                                  "assets/game/bench", "assets/game/server")) or n.endswith((".pyc", ".toml", ".ini"))]


def test_page_runs_our_loader_and_keeps_keys_from_scrolling(built: Path) -> None:
    html = (built / "web" / "index.html").read_text(encoding="utf-8")
    assert "{{cookiecutter" not in html
    python = re.search(r"#<!--\n(.*)\n# --></script>", html, re.S)
    assert python, "the Python loader block is where pythons.js looks for it"
    compile(python.group(1), "index.html", "exec")
    assert 'fopen(f"{bundle}.apk", "rb")' in html and 'bundle = "threshold"' in html
    assert "asyncio.run(custom_site())" in html
    assert 'tabindex="1"' in html and "preventDefault" in html and '"ArrowUp"' in html and '"Space"' in html
    assert "pythons.js" in html and "https://pygame-web.github.io/cdn/0.9.3/" in html
    assert "SysFont" not in html


def test_build_environment_cannot_import_black() -> None:
    code = webbuild.BLOCK_BLACK + "import black\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode != 0
    assert "ImportError" in result.stderr or "ModuleNotFoundError" in result.stderr


def test_pygbag_ini_excludes_dev_folders() -> None:
    ini = (ROOT / "pygbag.ini").read_text(encoding="utf-8")
    for folder in ("/tests", "/web", "/build", "/game/tools", "/game/bench", "/game/server", "/.venv"):
        assert f'"{folder}"' in ini
