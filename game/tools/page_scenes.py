"""The same picture in the browser as on the desktop (SPEC WEB-7).

Each scene of ``game.tools.scenes`` is drawn twice: natively (SDL's dummy driver) and in
the built page in Chromium, with pygbag's own pygame-ce WebAssembly build, by the same
script through ``eval-py``. The browser's canvas and the native frame are compared pixel
by pixel, over the whole picture and outside the text (where text is found by drawing the
scene again with every text blank). The goal: 0 differing pixels outside text, under 0.5 %
overall. Each scene leaves ``NAME.native.png``, ``NAME.canvas.png`` (the browser's) and
``NAME.diff.png`` (the native frame darkened; differing pixels magenta outside text, cyan
inside) in the output folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from game.cli import folder
from game.tools import scenes
import game.tools.pagecheck.rungame as rungame
from game.tools.scenes import Scene
from game.tools.wasmcheck import runtime_path

GOAL_OVERALL = 0.005
"""Under 0.5 % of the pixels may differ overall (text is drawn by two builds of FreeType)."""


@dataclass
class SceneResult:
    scene: Scene
    pixels: int = 0
    differing: int = 0
    differing_outside_text: int = 0
    text_pixels: int = 0
    problem: str | None = None  # the page failed, or the pictures could not be compared

    @property
    def share(self) -> float:
        return self.differing / self.pixels if self.pixels else 1.0

    @property
    def share_outside_text(self) -> float:
        outside = self.pixels - self.text_pixels
        return self.differing_outside_text / outside if outside else 0.0

    @property
    def ok(self) -> bool:
        return self.problem is None and self.differing_outside_text == 0 and self.share < GOAL_OVERALL


def page_steps(scene: Scene) -> list[str]:
    """The page's steps for ``scene``: the first gesture, the script, the canvas."""
    gesture = "tap" if scene.layout != "landscape" else "click"  # a phone's page is tapped
    return [f"{gesture} 640 360", "wait-ready", f"eval-py {scenes.page_line(scene)}", f"shot {scene.name}"]


def compare(web: Path, out: Path, scene: Scene, runtime: str | None = None) -> SceneResult:
    """Draw ``scene`` in the page and natively, compare, and leave the pictures in ``out``."""
    return judge(out, *shoot(web, out, scene, runtime))


def shoot(web: Path, out: Path, scene: Scene, runtime: str | None = None) -> tuple[SceneResult, Path | None]:
    """The page's half of ``compare``: ``scene`` drawn in the page, its picture (None: it failed,
    the result says why). Several may run at once, each in a browser of its own."""
    result = SceneResult(scene)
    page = rungame.Page(web, query=scene.page_query(), size=scene.viewport)
    run = rungame.play(page, page_steps(scene), out / f"page-{scene.name}", runtime)
    problems = run.tracebacks + run.problems
    shot = run.shot(scene.name)
    if problems or not shot.is_file():
        result.problem = "; ".join(problems)[:400] or "the page took no picture"
        return result, None
    return result, shot


def judge(out: Path, result: SceneResult, shot: Path | None) -> SceneResult:
    """The native half of ``compare`` (pygame in this process: one at a time): the scene drawn
    natively and compared with the page's picture ``shot``."""
    if shot is None:
        return result
    scene = result.scene
    browser = scenes.rgb(pygame.image.load(str(shot)))
    native = scenes.draw_native(scene)
    if browser.shape != native.shape:
        result.problem = f"the canvas is {browser.shape[1]}x{browser.shape[0]}, the native frame " \
                         f"{native.shape[1]}x{native.shape[0]}"
        return result
    text = scenes.text_mask(scene)
    differs = (browser != native).any(axis=2)
    result.pixels = differs.size
    result.differing = int(differs.sum())
    result.differing_outside_text = int((differs & ~text).sum())
    result.text_pixels = int(text.sum())
    _save(out / f"{scene.name}.native.png", native)
    _save(out / f"{scene.name}.canvas.png", browser)
    _save(out / f"{scene.name}.diff.png", diff_picture(native, differs, text))
    return result


def diff_picture(native: np.ndarray, differs: np.ndarray, text: np.ndarray) -> np.ndarray:
    """The native frame at a third of its brightness, differing pixels magenta (cyan in text)."""
    picture = (native // 3).astype(np.uint8)
    picture[differs & ~text] = (255, 0, 255)
    picture[differs & text] = (0, 220, 255)
    return picture


def _save(path: Path, picture: np.ndarray) -> None:
    pygame.image.save(pygame.surfarray.make_surface(picture.transpose(1, 0, 2)), str(path))


def table(results: list[SceneResult]) -> str:
    """One line a scene: differing pixels overall and outside text, against the goal."""
    lines = [f"{'scene':<14}{'overall':>10}{'outside text':>15}{'text area':>11}  verdict",
             "-" * 64]
    for result in results:
        if result.problem:
            lines.append(f"{result.scene.name:<14}{'':>36}  FAILED: {result.problem}")
            continue
        verdict = "ok" if result.ok else "over the goal"
        lines.append(f"{result.scene.name:<14}{result.share:>9.3%} {result.differing_outside_text:>8} px "
                     f"({result.share_outside_text:.3%}){result.text_pixels / result.pixels:>8.1%}  {verdict}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m game.tools.page_scenes --web build/web --out DIR [--only NAME ...]``: the table alone."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.tools.page_scenes", description=__doc__.split("\n")[0])
    parser.add_argument("--web", type=folder, default="build/web", help="a built page (game.tools.webbuild)")
    parser.add_argument("--out", type=folder, default="build/scenes", help="folder for the pictures")
    parser.add_argument("--only", nargs="+", choices=[scene.name for scene in scenes.SCENES], metavar="SCENE",
                        help="these scenes only (of: %(choices)s)")
    parser.add_argument("--runtime", type=runtime_path, help="the folder of run-game (default: ../shared/wasm)")
    args = parser.parse_args(argv)
    if not (Path(args.web) / "index.html").is_file():
        parser.error(f"argument --web: no built page (index.html) in {args.web!r}: run python -m game.tools.webbuild")
    results = [compare(Path(args.web), Path(args.out), scene, args.runtime) for scene in scenes.by_name(args.only)]
    print(table(results))
    return 0 if all(result.ok for result in results) else 1


if __name__ == "__main__":
    import sys

    sys.exit(main())
