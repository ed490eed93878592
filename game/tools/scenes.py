"""Scripted scenes: one seed, one script, one picture, the same on every platform (SPEC WEB-7).

A scene is a run of a given seed (or the title screen), a script of key presses and
Python statements played against the real ``App`` with simulated time
(``game.app.script``), and the frame it ends on. The same scene is drawn natively
(here, under SDL's dummy driver) and in the browser page (``game.tools.pagecheck``
plays the same script there through ``eval-py``), and the two pictures are compared
pixel by pixel. The tests draw them on a screen with the browser's pixel format too.

    python -m game.tools.scenes OUT [--only NAME ...]    one PNG a scene, natively

A script is a tuple of parts: a key script (``"x*3 o"``, as ``--keys`` reads it) or a
line of Python starting ``py:``, run with ``app`` (the ``App``), ``game`` and ``play``
(the run on screen, if any) in its namespace.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from game.cli import folder  # noqa: E402
from game.render import surfaces  # noqa: E402

if TYPE_CHECKING:
    from game.app.app import App

PY = "py:"


@dataclass(frozen=True)
class Scene:
    """What to show: ``seed`` None stays on the title screen; ``start`` is ``--start``;
    ``viewport`` is the browser page's size: a page taller than wide gets the portrait layout, a
    short wide one the sideways one (both a phone's, of the page's size), any other the landscape
    one (1280x720); natively too (``layout``: the named layouts are those pages')."""

    name: str
    what: str
    seed: str | None = None
    start: str = "island"
    script: tuple[str, ...] = ()
    viewport: tuple[int, int] = (1280, 720)
    query: dict[str, str] = field(default_factory=dict)

    @property
    def layout(self) -> str:
        from game.render.layout import SHORT_PAGE

        width, height = self.viewport
        return "portrait" if height > width else "sideways" if height < SHORT_PAGE else "landscape"

    def page_query(self) -> str:
        """The page's query string that opens the scene's run (``seed=7&start=vault``)."""
        from urllib.parse import urlencode

        items = dict(self.query)
        if self.seed is not None:
            items["seed"] = self.seed
            if self.start != "island":
                items["start"] = self.start
        return urlencode(items)


SCENES: tuple[Scene, ...] = (
    Scene("title", "the title screen"),
    Scene("island", "the island on arrival, the first region's entrance in sight", seed="7"),
    Scene("floor", "a room floor after exploring: rooms remembered, doors, a skeleton in view",
          seed="7", start="dungeon", script=("x*3",)),
    Scene("vault", "a trap vault: revealed cells and their numbers, bugs and their next steps",
          seed="7", start="vault", script=("Right Up Up",)),
    Scene("deck", "a derelict deck venting: the breach, the pull arrows, the air in the sidebar",
          seed="7", start="ship", script=("x", "py:scene_breach(game)", ".")),
    Scene("aim", "aiming TNT: the line, where it lands and what the blast covers",
          seed="7", start="dungeon", script=("py:game.inventory.add('tnt', 2)", "t Right Right")),
    Scene("zoomed", "the zoomed map of a floor explored in part", seed="7", start="dungeon", script=("x*3 o",)),
    Scene("monsters", "the sidebar with monsters in view and their health",
          seed="7", start="ship", script=("x*2",)),
    Scene("archive", "the message archive", seed="7", start="dungeon", script=("x*3 m",)),
    Scene("options", "Options", script=("Down*3 Enter",)),
    Scene("help", "the key help", seed="7", script=("?",)),
    Scene("death", "the death screen over the moment of death",
          seed="7", start="dungeon", script=("x*3", "py:game.player.hp = 1", ".*6")),
    Scene("colour-blind", "a vault in the colour-blind palette",
          seed="7", start="vault", script=("py:scene_palette(app, True)", "Right Up Up")),
    Scene("phone", "a floor on a phone held upright (its page 390x664): the portrait layout, the canvas the page's size",
          seed="7", start="dungeon", script=("x",), viewport=(390, 664)),
    Scene("sideways", "a floor on a phone on its side (its page 844x390): the map left, the sidebar right",
          seed="7", start="dungeon", script=("x",), viewport=(844, 390)),
)


def by_name(names: list[str] | None) -> list[Scene]:
    if not names:
        return list(SCENES)
    known = {scene.name: scene for scene in SCENES}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"no scene {unknown}; the scenes are {sorted(known)}")
    return [known[name] for name in names]


# --- playing a scene: the same text runs natively and in the page -----------------------------
PLAYER = '''
def scene_breach(game):
    """Break the hull nearest the player in the player's compartment (a venting deck)."""
    import numpy as np
    from game.world import ships
    floor_map = game.floor.map
    px, py = game.player.pos
    ys, xs = np.nonzero(floor_map.rooms == floor_map.room_at(px, py))
    tiles = [(abs(x - px) + abs(y - py), (x, y)) for x, y in zip(xs.tolist(), ys.tolist())
             if ships.beside_hull(floor_map, (x, y))]
    ships.breach_near(game, min(tiles)[1])


def scene_palette(app, colour_blind):
    from dataclasses import replace
    app.change_settings(replace(app.settings, colour_blind=colour_blind))


def play_scene(app, script):
    """Each part of ``script`` in turn (keys, or a ``py:`` line), then the settled last frame."""
    from game.app.script import run_script, show
    run_script(app, "")
    for part in script:
        if part.startswith("py:"):
            play = app.state
            exec(part[3:], dict(globals(), app=app, play=play, game=getattr(play, "game", None)))
        else:
            run_script(app, part)
    show(app)
'''
"""The scene player, as source: ``play_script`` runs it here, ``page_line`` in the page."""


def play_script(app: App, scene: Scene) -> None:
    """Play ``scene``'s script against ``app`` with simulated time, then draw its last frame."""
    namespace: dict[str, Any] = {}
    exec(PLAYER, namespace)  # noqa: S102 - our own text, the same the page runs
    play_scene: Callable[[App, tuple[str, ...]], None] = namespace["play_scene"]
    play_scene(app, scene.script)


def page_line(scene: Scene) -> str:
    """One line of Python for the page's ``eval-py``: plays ``scene`` on the page's running app."""
    import base64

    source = PLAYER + f"\nfrom game.app.app import running_app\nplay_scene(running_app(), {scene.script!r})\n"
    packed = base64.b64encode(source.encode("utf-8")).decode("ascii")
    return f"exec(__import__('base64').b64decode('{packed}').decode('utf-8'), {{}})"


@contextmanager
def scene_app(scene: Scene, screen: pygame.Surface | None = None) -> Iterator[App]:
    """An ``App`` opened on ``scene``'s seed and start, saving into a scratch folder;
    ``screen``: draw there instead of the display (a surface of another pixel format)."""
    from game.app.app import App
    from game.app.options import Options
    from game.render.layout import LANDSCAPE, use

    with tempfile.TemporaryDirectory(prefix="threshold-scene-") as scratch:
        if screen is not None:
            pygame.display.init()
            if pygame.display.get_surface() is None:
                pygame.display.set_mode(screen.get_size())
        app = App(Options(seed=scene.seed, start=scene.start, fps=0, save_dir=scratch, layout=scene.layout),
                  screen=screen)
        try:
            yield app
        finally:
            surfaces.use_screen(None)  # not app.close(): that quits pygame, and the display is shared
            use(LANDSCAPE)


def draw_native(scene: Scene, screen: pygame.Surface | None = None) -> np.ndarray:
    """The scene's last frame drawn here, as ``[y, x, 3]`` RGB."""
    with scene_app(scene, screen) as app:
        play_script(app, scene)
        return rgb(app.screen)


def text_mask(scene: Scene, grow: int = 2) -> np.ndarray:
    """Where the scene has text: the pixels that change when every text is drawn blank,
    grown by ``grow`` pixels (anti-aliased edges), as a ``[y, x]`` bool array."""
    from game.render import text

    shown = draw_native(scene)
    original = text.render

    def blank(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:  # text.render's signature
        return pygame.Surface(original(text, size, colour).get_size(), pygame.SRCALPHA)

    text.render = blank
    try:
        hidden = draw_native(scene)
    finally:
        text.render = original
    mask = (shown != hidden).any(axis=2)
    return grown(mask, grow)


def grown(mask: np.ndarray, pixels: int) -> np.ndarray:
    """``mask`` dilated by ``pixels`` in every direction (a square neighbourhood)."""
    out = mask.copy()
    for _ in range(pixels):
        step = out.copy()
        step[1:] |= out[:-1]
        step[:-1] |= out[1:]
        step[:, 1:] |= out[:, :-1]
        step[:, :-1] |= out[:, 1:]
        out = step
    return out


def rgb(surface: pygame.Surface) -> np.ndarray:
    """A surface's pixels as ``[y, x, 3]`` RGB, whatever its pixel format."""
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.scenes", description=__doc__.split("\n")[0])
    parser.add_argument("out", type=folder, help="folder for the PNGs")
    parser.add_argument("--only", nargs="+", choices=[scene.name for scene in SCENES], metavar="SCENE",
                        help="these scenes only (of: %(choices)s)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        parser.error(f"argument out: cannot make the folder {args.out!r} ({problem.strerror})")
    for scene in by_name(args.only):
        picture = draw_native(scene)
        path = out / f"{scene.name}.png"
        pygame.image.save(pygame.surfarray.make_surface(picture.transpose(1, 0, 2)), str(path))
        print(f"{path}  {scene.what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
