"""The rules the browser build (pygbag 0.9.3) needs, checked statically and by a smoke run.

SPEC LAY-2, LAY-5: an async loop that yields every frame; a PEP 723 block in
main.py naming pygame-ce and numpy, and numpy imported at its top; no threads,
blocking sleeps, subprocesses, input() or SysFont in game code; PNG/OGG assets;
the game seeds its own generators; pygame only at the edges (STYLE §1).
"""

from __future__ import annotations

import ast
import asyncio
import re
import threading
import time
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

MAIN = ROOT / "main.py"
GAME = ROOT / "game"
NOT_SHIPPED = ("tools", "bench", "server")  # dev-only packages and the board's server, excluded by pygbag.ini
PYGBAG_BLOCK_RE = r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)$\s(?P<content>(^#(| .*)$\s)+)^# ///$"


def shipped_modules() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py") if p.relative_to(GAME).parts[0] not in NOT_SHIPPED) + [MAIN]


def test_main_has_a_pep_723_block_naming_pygame_ce_and_numpy() -> None:
    source = MAIN.read_text(encoding="utf-8")
    blocks = [m for m in re.finditer(PYGBAG_BLOCK_RE, source) if m.group("type") == "script"]
    assert len(blocks) == 1
    content = "".join(line[2:] if line.startswith("# ") else line[1:] for line in
                      blocks[0].group("content").splitlines(keepends=True))
    dependencies = tomllib.loads(content)["dependencies"]
    assert "pygame-ce" in dependencies and "numpy" in dependencies


def test_main_imports_numpy_at_top_level() -> None:
    tree = ast.parse(MAIN.read_text(encoding="utf-8"))
    top_imports = {alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names}
    assert {"numpy", "asyncio"} <= top_imports


def _is_sleep_zero(node: ast.AST) -> bool:
    return (isinstance(node, ast.Await) and isinstance(node.value, ast.Call)
            and ast.unparse(node.value.func) == "asyncio.sleep" and len(node.value.args) == 1
            and isinstance(node.value.args[0], ast.Constant) and node.value.args[0].value == 0)


def test_main_defines_an_async_loop_that_yields_every_frame_and_runs_it() -> None:
    tree = ast.parse(MAIN.read_text(encoding="utf-8"))
    mains = [n for n in tree.body if isinstance(n, ast.AsyncFunctionDef) and n.name == "main"]
    assert len(mains) == 1, "async def main() in main.py"
    loops = [n for n in ast.walk(mains[0]) if isinstance(n, ast.While)]
    assert loops, "main() has a frame loop"
    for loop in loops:
        direct = [s.value for s in loop.body if isinstance(s, ast.Expr)]
        assert any(_is_sleep_zero(e) for e in direct), "the loop awaits asyncio.sleep(0) every pass"
    last = tree.body[-1]
    assert "asyncio.run(main())" in ast.unparse(last), "asyncio.run(main()) at the bottom"


FORBIDDEN_IMPORTS = {"threading", "subprocess", "multiprocessing", "concurrent", "_thread", "socket", "tkinter"}
DESKTOP_ONLY = {"game/app/board_thread.py": {"threading"}}
"""Shipped modules the browser never imports, and what they may import that the browser lacks
(the daily board's requests run in a thread on the desktop, through the page's fetch in the browser)."""
FORBIDDEN_CALLS = {"time.sleep", "input", "pygame.time.wait", "pygame.time.delay", "pygame.font.SysFont",
                   "pygame.sysfont.SysFont", "SysFont", "os.system", "hash"}
UNSEEDED = re.compile(r"^(random|np\.random|numpy\.random)\.(seed|random|rand|randn|randint|choice|shuffle|"
                      r"uniform|sample|integers|permutation|normal|getrandbits|randrange)$")
WALL_CLOCK = {"time.time", "time.time_ns", "time.perf_counter", "time.monotonic", "datetime.now",
              "datetime.datetime.now", "datetime.date.today", "date.today"}


@pytest.mark.parametrize("path", shipped_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_code_has_no_browser_hostile_or_unseeded_calls(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                allowed = DESKTOP_ONLY.get(path.relative_to(ROOT).as_posix(), set())
                assert alias.name.split(".")[0] not in FORBIDDEN_IMPORTS - allowed, f"{path}: import {alias.name}"
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.module.split(".")[0] not in FORBIDDEN_IMPORTS, f"{path}: from {node.module}"
        elif isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            assert name not in FORBIDDEN_CALLS, f"{path}:{node.lineno}: {name}() blocks or breaks in the browser"
            assert not UNSEEDED.match(name), f"{path}:{node.lineno}: {name}() is unseeded; use game.rng"


@pytest.mark.parametrize("package", ["map", "world", "mapgen", "rng.py", "bot", "run", "storage", "content"])
def test_world_shaping_code_reads_no_clock_and_imports_no_pygame(package: str) -> None:
    target = GAME / package
    for path in ([target] if target.suffix else sorted(target.rglob("*.py"))):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                assert ast.unparse(node.func) not in WALL_CLOCK, f"{path}:{node.lineno}: wall clock"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(n.split(".")[0] == "pygame" for n in names), f"{path}: pygame outside the edges"


def test_assets_are_png_ogg_or_text_with_relative_case_exact_paths() -> None:
    allowed = {".png", ".ogg", ".md", ".txt"}
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file():
            assert path.suffix in allowed, f"{path}: assets are PNG/OGG (plus text)"
            assert path.name == path.name.strip() and " " not in path.name
    source = "\n".join(p.read_text(encoding="utf-8") for p in shipped_modules())
    for literal in re.findall(r"asset\(([^)]*)\)", source):
        parts = re.findall(r'"([^"{}]+)"', literal)
        if parts and not any("{" in part for part in parts) and len(parts) == literal.count('"') // 2:
            candidate = ROOT / "assets" / Path(*parts)
            assert candidate.exists(), f"asset({literal}) does not exist"
            assert candidate.name in {p.name for p in candidate.parent.iterdir()}, "case-exact"


def test_smoke_frames_of_main_never_block(monkeypatch) -> None:
    """A few hundred frames of the real loop, with blocking calls made to fail."""
    import main

    def refuse(*_args, **_kwargs):
        raise AssertionError("blocking call in the frame loop")

    monkeypatch.setattr(time, "sleep", refuse)
    monkeypatch.setattr(threading.Thread, "start", refuse)
    yields = []
    real_sleep = asyncio.sleep

    async def counting_sleep(delay, *args):
        yields.append(delay)
        await real_sleep(0)

    monkeypatch.setattr(asyncio, "sleep", counting_sleep)
    asyncio.run(main.main(["--seed", "smoke", "--autoplay", "--frames", "300", "--fps", "0"]))
    assert len(yields) == 300 and set(yields) == {0}


def test_the_browser_frame_path_never_waits_on_the_clock(display, monkeypatch) -> None:
    """pygbag does not patch ``Clock.tick``: in the page it busy-waits, so the browser loop
    must not call it (the page paces the loop, one frame per animation frame)."""
    from game.app import app as app_module
    from game.app.app import App
    from game.app.options import Options

    app = App(Options(fps=60))

    class NoWaiting:
        def tick(self, *_args):
            raise AssertionError("Clock.tick blocks the page's frame")

    app.clock = NoWaiting()
    monkeypatch.setattr(app_module, "BROWSER", True)
    for _ in range(5):
        app.frame()
        app.pace()
    assert app.frames == 5 and type(app.state).__name__ == "TitleState", "frames ran, and no screen failed"
    monkeypatch.setattr(app_module, "BROWSER", False)
    with pytest.raises(AssertionError, match="blocks"):
        app.pace()  # the desktop does cap its frame rate
