"""What a sharper canvas would cost a phone (SPEC WEB-10), measured in the page.

A phone's page has 2 or 3 device pixels to a CSS pixel; our canvas has one pixel to a CSS pixel
(``game.render.layout.phone``), so the browser enlarges it and text is soft. A canvas at the
device's ratio would need every picture drawn at that scale, and two costs grow with its pixels
whatever is drawn: handing the canvas to the browser (``display.flip``) and copying a whole
canvas-sized picture (the map's and the sidebar's layers are copied each frame). ``MEASURE`` times
both at 1, 2 and 3 times the canvas, in the throttled page (``pagecheck --only speed-phone``),
and puts the game's canvas back as it was.
"""

from __future__ import annotations

from typing import Any

SCALES = (1, 2, 3)
TIMES = 15

MEASURE = f"""
import time, pygame
from game.app.app import running_app
from game.app.window import fit_page
_app = running_app()
_size = _app.screen.get_size()
_shown = _app.screen.copy()
_costs = {{}}
for _scale in {SCALES!r}:
    _big = (_size[0] * _scale, _size[1] * _scale)
    _screen = pygame.display.set_mode(_big)
    _picture = pygame.transform.scale(_shown, _big).convert()
    _flips, _copies = [], []
    for _ in range({TIMES}):
        _start = time.perf_counter()
        _screen.blit(_picture, (0, 0))
        _copies.append((time.perf_counter() - _start) * 1000)
        _start = time.perf_counter()
        pygame.display.flip()
        _flips.append((time.perf_counter() - _start) * 1000)
    _costs[_scale] = (sorted(_flips)[{TIMES} // 2], sorted(_copies)[{TIMES} // 2])
_app.screen = pygame.display.set_mode(_size)
fit_page()
_app.redraw()
"""
READ = f"(exec({MEASURE!r}, _scope := {{}}), _scope['_costs'])[1]"
"""The ``eval-py`` expression: each scale's median flip and whole-canvas copy, in ms."""


def lines(costs: Any) -> list[tuple[str, float]]:
    """The figures to print from what ``READ`` gave: ("a canvas at 2x (780x1688): flip", 6.6), ..."""
    if not isinstance(costs, dict):
        return []
    found = []
    for scale, (flip, copy) in sorted(costs.items()):
        found.append((f"a canvas at {scale}x the CSS pixels: display.flip, median", flip))
        found.append((f"a canvas at {scale}x the CSS pixels: a whole-canvas copy, median", copy))
    return found
