"""A bug, told to the player in words they can copy into a report (SPEC WEB-9).

When a screen raises, the frame loop's safety net (``App.frame``) shows ``ErrorState``
with ``problem_report``: what happened, the seed, turn and floor, the platform and the
last lines of the traceback, in one block of text. In the browser the same block is
also put on the page itself, in the template's ``#problem`` box (a text area the
player can select, and a Copy button), since the canvas's text cannot be selected
and the browser's console is out of a player's sight.
"""

from __future__ import annotations

import platform as host
import sys
import traceback
from typing import TYPE_CHECKING, Any

from game import __version__
from game.app.platform import BROWSER

if TYPE_CHECKING:
    from game.app.app import App

FRAMES_SHOWN = 6
"""The traceback's last frames kept in the report: where it broke, and how it got there."""


def problem_report(app: App, error: BaseException, screen: str) -> str:
    """The report of ``error``, raised by the screen ``screen``, as text to copy."""
    lines = [f"Threshold {__version__} hit a bug: {type(error).__name__}: {error}"[:400],
             f"Where: {_where(app)}; screen {screen}",
             f"Platform: {_platform()}",
             "Traceback (last calls):"]
    frames = traceback.extract_tb(error.__traceback__)[-FRAMES_SHOWN:]
    lines += [f"  {_short(frame.filename)}:{frame.lineno} in {frame.name}: {(frame.line or '').strip()}"[:200]
              for frame in frames]
    return "\n".join(lines)


def _where(app: App) -> str:
    run = app.run
    game = getattr(app.state, "game", None) or (run.game if run is not None else None)
    if game is None:
        return "no run"
    return f"seed {game.seed_text!r}, turn {game.turn}, {game.whereabouts}"


def _platform() -> str:
    import pygame

    python = ".".join(str(n) for n in sys.version_info[:3])
    where = "browser (pygbag, WebAssembly)" if BROWSER else f"{host.system()} {host.machine()}"
    return f"{where}; Python {python}; pygame-ce {pygame.version.ver}; SDL {'.'.join(map(str, pygame.get_sdl_version()))}"


def _short(filename: str) -> str:
    """``.../assets/game/render/view.py`` -> ``game/render/view.py`` (no player's folders in a report)."""
    marker = filename.replace("\\", "/").rfind("/game/")
    return filename[marker + 1:] if marker >= 0 else filename.replace("\\", "/").rsplit("/", 1)[-1]


def show_on_page(report: str) -> bool:
    """Put ``report`` in the page's ``#problem`` box and show it (the browser only); whether it was."""
    if not BROWSER:
        return False
    try:
        document = _document()
        box = document.getElementById("problem")
        document.getElementById("problem-text").value = report
        box.hidden = False
    except Exception as problem:  # noqa: BLE001 - a page without the box: the canvas still says it
        print(f"threshold: could not show the report on the page ({problem})", file=sys.stderr)
        return False
    return True


def hide_on_page() -> None:
    """Hide the page's report box again (the player carried on)."""
    if not BROWSER:
        return
    try:
        _document().getElementById("problem").hidden = True
    except Exception:  # noqa: BLE001, S110 - nothing shown, nothing to hide
        pass


def _document() -> Any:
    from game.app.platform import page

    return page().document  # (pygbag's ``platform.document`` is the page's own)
