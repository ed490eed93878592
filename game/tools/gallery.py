"""The gallery: every screen and situation a player meets, one PNG each, and an index page
(issue 25, point 16), drawn headlessly and deterministically (fixed seeds, simulated time,
a fixed day for the daily's label), so two runs give the same bytes.

    python -m game.tools.gallery OUT [--only NAME ...] [--layout portrait]    OUT/NAME.png a shot, OUT/index.html

The shots are the scenes ``pagecheck`` compares (``game.tools.scenes``) and the ones they
lack (``game.tools.gallery_shots``): the crowded sidebar, every panel, the blast warning,
hover over each kind of thing, the zoomed map of each floor kind, the damaged save, and the
colour-blind palette where colour carries meaning, each zoom level. ``--layout portrait``
draws them all on the phone-upright screen (480x960; SPEC REN-5).
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.cli import folder
from game.tools.gallery_shots import HELPERS, SHOTS
from game.tools.scenes import PLAYER, Scene, rgb

import numpy as np  # noqa: E402,I001 - after scenes, which picks SDL's dummy drivers
import pygame  # noqa: E402

DAY = dt.date(2026, 1, 1)
"""The day the title's daily challenge is labelled with: no clock in the pictures."""
SAVES = Path(tempfile.gettempdir()) / "threshold-gallery-saves"
"""The shots' save folder, emptied before each: always the same, since a screen names it."""


@contextmanager
def fixed_day() -> Iterator[None]:
    """``game.run.daily.today`` answers ``DAY`` while the gallery draws."""
    from game.run import daily

    original = daily.today
    daily.today = lambda: DAY
    try:
        yield
    finally:
        daily.today = original


@contextmanager
def gallery_app(shot: Scene, layout: str = "landscape") -> Iterator[object]:
    """An ``App`` opened on ``shot``'s seed and start, saving into ``SAVES`` (emptied first)."""
    from game.app.app import App
    from game.app.options import Options
    from game.render import surfaces
    from game.render.layout import LANDSCAPE, use

    shutil.rmtree(SAVES, ignore_errors=True)
    SAVES.mkdir(parents=True)
    app = App(Options(seed=shot.seed, start=shot.start, fps=0, save_dir=str(SAVES), layout=layout))
    try:
        yield app
    finally:
        surfaces.use_screen(None)  # not app.close(): that quits pygame, and the display is shared
        use(LANDSCAPE)
        shutil.rmtree(SAVES, ignore_errors=True)


def draw_shot(shot: Scene, layout: str = "landscape") -> np.ndarray:
    """``shot`` played (its ``py:`` lines may use the gallery's helpers) and drawn, ``[y, x, 3]`` RGB."""
    from game.render import palette

    namespace: dict[str, object] = {}
    exec(PLAYER, namespace)  # noqa: S102 - the scenes' own player
    namespace.update(HELPERS)
    try:
        with fixed_day(), gallery_app(shot, layout) as app:
            namespace["play_scene"](app, shot.script)
            return rgb(app.screen)
    finally:
        palette.use_colour_blind(False)


def by_name(names: list[str] | None) -> list[Scene]:
    if not names:
        return list(SHOTS)
    known = {shot.name: shot for shot in SHOTS}
    return [known[name] for name in names]


def save_png(picture: np.ndarray, path: Path) -> None:
    pygame.image.save(pygame.surfarray.make_surface(picture.transpose(1, 0, 2)), str(path))


def index_page(shots: list[Scene], layout: str = "landscape") -> str:
    """``index.html``: every PNG with its one-line caption."""
    rows = "\n".join(
        f'<figure><a href="{s.name}.png"><img src="{s.name}.png" width="640" alt="{html.escape(s.what)}"></a>'
        f"<figcaption><b>{s.name}</b>: {html.escape(s.what)}</figcaption></figure>" for s in shots)
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Threshold gallery</title>\n"
            "<style>body{background:#111;color:#ddd;font-family:sans-serif}figure{display:inline-block;"
            "margin:8px}img{border:1px solid #444}</style></head><body>\n<h1>Threshold gallery</h1>\n"
            f"<p>{len(shots)} shots, {'480x960' if layout == 'portrait' else '1280x720'} each.</p>\n"
            f"{rows}\n</body></html>\n")


def render(out: Path, shots: list[Scene], layout: str = "landscape") -> list[Path]:
    """Every shot into ``out`` as PNG, and the index page; the PNGs' paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for shot in shots:
        path = out / f"{shot.name}.png"
        save_png(draw_shot(shot, layout), path)
        paths.append(path)
        print(f"{path}  {shot.what}")
    (out / "index.html").write_text(index_page(shots, layout), encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.gallery", description=__doc__.split("\n")[0])
    parser.add_argument("out", type=folder, help="folder for the PNGs and index.html")
    parser.add_argument("--only", nargs="+", choices=[shot.name for shot in SHOTS], metavar="SHOT",
                        help="these shots only (of: %(choices)s)")
    parser.add_argument("--layout", choices=("landscape", "portrait"), default="landscape",
                        help="the screen's shape (portrait: a phone held upright)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        paths = render(Path(args.out), by_name(args.only), args.layout)
    except OSError as problem:
        parser.error(f"argument out: cannot write into {args.out!r} ({problem.strerror})")
    print(f"{len(paths)} shots and {Path(args.out) / 'index.html'} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
