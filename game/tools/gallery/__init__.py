"""The gallery: every screen and situation a player meets, one PNG each, and an index page,
drawn headlessly and deterministically (fixed seeds, simulated time, a fixed day for the
daily's label), so two runs give the same bytes.

    python -m game.tools.gallery OUT [--only NAME ...] [--layout NAME]

writes OUT/NAME.png a shot at 1280x720, OUT/portrait/NAME.png the same on a phone held upright
(the portrait layout, SPEC REN-5), and OUT/index.html showing both; ``--layout`` draws one
layout only (``landscape``, ``portrait``, ``sideways``...: ``game.render.layout.LAYOUTS``), into OUT.

The shots are the scenes ``pagecheck`` compares (``game.tools.scenes``) and the ones they
lack (``game.tools.gallery.shots``): the crowded sidebar, every panel, the blast warning,
hover over each kind of thing, the zoomed map of each floor kind, the damaged save, and the
colour-blind palette where colour carries meaning, each zoom level; the screens that ask for a
choice (``choices``), each family of item in use (``in_use``), allies and each weapon's style
(``fights``). A scene made for a page of its own shape (a phone on its side) is drawn in its own
layout, once.
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from game.cli import folder
from game.tools.gallery.shots import HELPERS, SHOTS
from game.tools.scenes import PLAYER, Scene, rgb

import numpy as np  # noqa: E402,I001 - after scenes, which picks SDL's dummy drivers
import pygame  # noqa: E402

if TYPE_CHECKING:
    from game.app.app import App

DAY = dt.date(2026, 1, 1)
"""The day the title's daily challenge is labelled with: no clock in the pictures."""
SAVES = Path(tempfile.gettempdir()) / f"threshold-gallery-saves-{os.getpid()}"
"""The shots' save folder, emptied before each: the same for every shot of a process, since a
screen names it, and the process's own, since two galleries (test workers) may draw at once."""


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


DEFAULT_PASSES = (("landscape", ""), ("portrait", "portrait"))
"""What a run without ``--layout`` draws: each layout and the folder under OUT it goes in."""


@contextmanager
def gallery_app(shot: Scene, layout: str = "landscape") -> Iterator[App]:
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


def shot_layout(shot: Scene, layout: str) -> str:
    """The layout ``shot`` is drawn in: its own when its scene is a page of another shape, else ``layout``."""
    return shot.layout if shot.layout != "landscape" else layout


@contextmanager
def played(shot: Scene, layout: str = "landscape") -> Iterator[App]:
    """The ``App`` with ``shot`` played on it (its ``py:`` lines may use the gallery's helpers)
    and its last frame drawn, while the ``with`` lasts."""
    from game.render import palette

    namespace: dict[str, Any] = {}
    exec(PLAYER, namespace)  # noqa: S102 - the scenes' own player
    namespace.update(HELPERS)
    play_scene: Callable[[App, tuple[str, ...]], None] = namespace["play_scene"]
    try:
        with fixed_day(), gallery_app(shot, shot_layout(shot, layout)) as app:
            play_scene(app, shot.script)
            yield app
    finally:
        palette.use_colour_blind(False)


def draw_shot(shot: Scene, layout: str = "landscape") -> np.ndarray:
    """``shot`` played and drawn, ``[y, x, 3]`` RGB."""
    with played(shot, layout) as app:
        return rgb(app.screen)


def by_name(names: list[str] | None) -> list[Scene]:
    if not names:
        return list(SHOTS)
    known = {shot.name: shot for shot in SHOTS}
    return [known[name] for name in names]


def save_png(picture: np.ndarray, path: Path) -> None:
    pygame.image.save(pygame.surfarray.make_surface(picture.transpose(1, 0, 2)), str(path))


def size_of(layout: str) -> tuple[int, int]:
    from game.render.layout import LAYOUTS

    return LAYOUTS[layout].size


Section = tuple[str, str, list[Scene]]
"""A part of the index: its layout, its folder under OUT ("" for OUT itself), its shots."""


def index_page(sections: list[Section]) -> str:
    """``index.html``: a part for each layout drawn, every PNG in it with its one-line caption and size."""
    parts = []
    for layout, sub, shots in sections:
        prefix = f"{sub}/" if sub else ""
        width, height = size_of(layout)
        rows = "\n".join(
            f'<figure><a href="{prefix}{s.name}.png"><img src="{prefix}{s.name}.png" '
            f'width="{640 if width > height else 240}" alt="{html.escape(s.what)}"></a>'
            f"<figcaption><b>{s.name}</b>: {html.escape(s.what)}"
            f"{'' if shot_layout(s, layout) == layout else ' (%dx%d)' % size_of(shot_layout(s, layout))}"
            "</figcaption></figure>" for s in shots)
        parts.append(f'<h2 id="{layout}">{layout.capitalize()}</h2>\n<p>{len(shots)} shots, {width}x{height} each '
                     f"unless told.</p>\n{rows}")
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Threshold gallery</title>\n"
            "<style>body{background:#111;color:#ddd;font-family:sans-serif}figure{display:inline-block;"
            "margin:8px;vertical-align:top;max-width:640px}img{border:1px solid #444}</style></head><body>\n"
            "<h1>Threshold gallery</h1>\n" + "\n".join(parts) + "\n</body></html>\n")


def render(out: Path, shots: list[Scene], layout: str | None = None) -> list[Path]:
    """Every shot into ``out`` as PNG, in ``layout``; without one, in each of ``DEFAULT_PASSES``
    (a shot drawn in a layout of its own only in the first); then the index page. The PNGs' paths."""
    passes = DEFAULT_PASSES if layout is None else ((layout, ""),)
    paths, sections = [], []
    for index, (name, sub) in enumerate(passes):
        chosen = [shot for shot in shots if index == 0 or shot_layout(shot, name) == name]
        folder_ = out / sub if sub else out
        folder_.mkdir(parents=True, exist_ok=True)
        for shot in chosen:
            path = folder_ / f"{shot.name}.png"
            save_png(draw_shot(shot, name), path)
            paths.append(path)
            print(f"{path}  {shot.what}")
        sections.append((name, sub, chosen))
    (out / "index.html").write_text(index_page(sections), encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    from game.render.layout import LAYOUTS

    parser = argparse.ArgumentParser(prog="python -m game.tools.gallery", description=__doc__.split("\n")[0])
    parser.add_argument("out", type=folder, help="folder for the PNGs and index.html")
    parser.add_argument("--only", nargs="+", choices=[shot.name for shot in SHOTS], metavar="SHOT",
                        help="these shots only (of: %(choices)s)")
    parser.add_argument("--layout", choices=sorted(LAYOUTS),
                        help="one screen shape only (portrait: a phone held upright); by default landscape, "
                             "and portrait into OUT/portrait")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        paths = render(Path(args.out), by_name(args.only), args.layout)
    except OSError as problem:
        parser.error(f"argument out: cannot write into {args.out!r} ({problem.strerror})")
    print(f"{len(paths)} shots and {Path(args.out) / 'index.html'} in {time.perf_counter() - started:.0f} s")
    return 0
