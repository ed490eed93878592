"""Drive ``run-game`` (``../shared/wasm``): our built page played in headless Chromium.

``run-game`` serves a pygbag build folder on 127.0.0.1 and plays it with pygbag's own
pygame-ce WebAssembly build, step by step (keys, clicks, taps, screenshots, Python run
inside the page); its ``result.json`` says what happened. This module writes the steps,
runs it, and reads the result back: ``PageRun``. ``game.tools.pagecheck`` builds on it.
"""

from __future__ import annotations

import ast
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.tools.wasmcheck import find_runtime

PROBE = '__import__("game.app.probe").app.probe.snapshot()'
"""An ``eval-py`` expression: the game's state as JSON (``game.app.probe``)."""


class RunGameMissing(RuntimeError):
    """No ``run-game`` was found (or no Chromium for it)."""


@dataclass
class PageRun:
    """One ``run-game`` run: its exit status, ``result.json`` and the folder of its pictures."""

    out: Path
    exit_code: int
    result: dict[str, Any]
    log: str = ""

    @property
    def steps(self) -> list[dict[str, Any]]:
        return list(self.result.get("steps", []))

    @property
    def tracebacks(self) -> list[str]:
        return list(self.result.get("python_tracebacks", []))

    @property
    def problems(self) -> list[str]:
        """Page errors and failed steps (failed checks, a hidden canvas, a timeout)."""
        found = [f"page error: {error}" for error in self.result.get("page_errors", [])]
        found += [str(failure) for failure in self.result.get("failures", [])]
        if self.exit_code == 2:
            found.append("run-game timed out")
        if self.exit_code == 3:
            found.append(f"run-game could not run: {self.log[-600:]}")
        return found

    def probes(self) -> list[dict[str, Any]]:
        """Every ``PROBE`` the steps read, parsed, in order."""
        found = []
        for step in self.steps:
            if step.get("step") == f"eval-py {PROBE}" and step.get("ok") and "output" in step:
                found.append(json.loads(ast.literal_eval(step["output"])))
        return found

    def loads(self) -> list[dict[str, Any]]:
        return list(self.result.get("page_loads", [])) or [self.result]

    def shot(self, name: str) -> Path:
        return self.out / f"{name}.canvas.png"


@dataclass
class Page:
    """How to open the page: the build folder, the query, the viewport, the embedding, the CPU."""

    web: Path
    query: str = ""
    size: tuple[int, int] | None = None
    mobile: bool = False
    iframe: bool = False
    timeout: int = 300
    cpu_throttle: int | None = None  # Chromium's CPU throttling (4 at 390x844: a mid-range phone)


def run_game_path(runtime: str | None = None) -> Path:
    folder = find_runtime(runtime)
    if folder is None or not (folder / "run-game").is_file():
        raise RunGameMissing("run-game was not found: give --runtime DIR (the folder of ../shared/wasm) "
                             "or set THRESHOLD_WASM")
    return folder / "run-game"


def play(page: Page, steps: list[str], out: Path, runtime: str | None = None) -> PageRun:
    """Play ``steps`` on ``page``; the run's result (``out`` holds its pictures and logs)."""
    out.mkdir(parents=True, exist_ok=True)
    steps_file = out / "steps.txt"
    steps_file.write_text("\n".join(steps) + "\n", encoding="utf-8")
    command = [str(run_game_path(runtime)), "--web", str(page.web), "--steps", str(steps_file),
               "--out", str(out), "--timeout", str(page.timeout)]
    if page.query:
        command += ["--query", page.query]
    if page.size is not None:
        command += ["--size", f"{page.size[0]}x{page.size[1]}"]
    if page.mobile:
        command.append("--mobile")
    if page.iframe:
        command.append("--iframe")
    if page.cpu_throttle is not None:
        command += ["--cpu-throttle", str(page.cpu_throttle)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=page.timeout + 120)
    log = done.stdout + done.stderr
    (out / "run-game.log").write_text(log, encoding="utf-8")
    result_file = out / "result.json"
    result = json.loads(result_file.read_text(encoding="utf-8")) if result_file.is_file() else {}
    return PageRun(out, done.returncode, result, log)
