"""Scripted play (SPEC UI-9): a key script played against the real game, without a window.

    python main.py --seed 5 --headless --start dungeon --keys "x*40 > g 1" [--screenshot F]

Tokens are the keys as the help names them (``x``, ``>``, ``g``, ``1``, ``.``) or key names
(``Up``, ``Left``, ``Enter``, ``Esc``, ``Space``, ``PgUp``...); ``TOKEN*N`` repeats one N times.
After each key the game runs until it has settled: the loading screen done, no walk
under way. Time is simulated (each frame is 100 ms of game time), so a long walk costs
frames, not seconds. The page's checks play scripts the same way inside the browser
(``game.tools.pagecheck``), so importing this module changes nothing about the platform
(``--headless`` itself picks SDL's dummy drivers). The last line printed is the
autoplayer's JSON summary plus ``rooms_seen`` (on the current floor), ``rooms`` and
``log_tail``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.app.settle import working

if TYPE_CHECKING:
    from game.app.app import App

FRAME_MS = 100.0
START_MS = 600_000.0
"""Where simulated time starts: later than anything the app did in real time before the
script took over (in the page, the loading screen), so all of that is over."""
SHOW_MS = 10_000.0
"""How long ``show`` lets the game run before it draws: every slide, glide, blast and banner is over."""
MAX_FRAMES_PER_KEY = 20_000
NAMED = {
    "up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
    "enter": pygame.K_RETURN, "return": pygame.K_RETURN, "esc": pygame.K_ESCAPE, "escape": pygame.K_ESCAPE,
    "space": pygame.K_SPACE, "pgup": pygame.K_PAGEUP, "pgdn": pygame.K_PAGEDOWN, "home": pygame.K_HOME,
    "end": pygame.K_END, "backspace": pygame.K_BACKSPACE, "tab": pygame.K_TAB,
}
SHIFTED = {">": pygame.K_PERIOD, "<": pygame.K_COMMA, "?": pygame.K_SLASH}
_TOKEN = re.compile(r"^(?P<key>.+?)(?:\*(?P<count>\d{1,5}))?$")


class ScriptError(ValueError):
    """A key script that cannot be read."""


def parse_keys(script: str) -> list[tuple[int, str, int]]:
    """``"x*2 >"`` -> ``[(K_x, "x", 0), (K_x, "x", 0), (K_PERIOD, ">", SHIFT)]`` (key, text, modifiers)."""
    presses: list[tuple[int, str, int]] = []
    for token in script.split():
        match = _TOKEN.match(token)
        assert match is not None
        name, count = match["key"], int(match["count"] or 1)
        if name.lower() in NAMED:
            press = (NAMED[name.lower()], "", 0)
        elif name in SHIFTED:
            press = (SHIFTED[name], name, pygame.KMOD_SHIFT)
        elif len(name) == 1 and name.isprintable():
            press = (ord(name.lower()) if name.isascii() else 0, name, 0)  # SDL's code of an ASCII key is its character
        else:
            raise ScriptError(f"{token!r} is not a key (use names such as x, >, g, 1, Up, Esc, Enter)")
        presses.extend([press] * count)
    return presses


def simulated_clock(app: App) -> list[float]:
    """The app's simulated time (``[ms]``), installed on first use at ``START_MS``: scripts
    played one after another share one clock that only moves forward."""
    clock = getattr(app, "script_clock", None)
    if clock is None:
        clock = app.script_clock = [START_MS]
        app.now_ms = lambda: clock[0]
    return clock


def run_script(app: App, script: str) -> None:
    """Press the script's keys one by one, letting the game settle after each."""
    clock = simulated_clock(app)
    presses = parse_keys(script)
    _settle(app, clock)
    for key, text, mod in presses:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=mod))
        _frame(app, clock)
        _settle(app, clock)
        if not app.running:
            break


def _frame(app: App, clock: list[float]) -> None:
    clock[0] += FRAME_MS
    app.frame()


def _settle(app: App, clock: list[float]) -> None:
    """Frames until nothing is loading or walking (or the game ended). The page's checks settle
    in real time instead (``game.app.settle``), also waiting out saves and animations."""
    for _ in range(MAX_FRAMES_PER_KEY):
        if working(app.state) is None:
            return
        _frame(app, clock)


def show(app: App) -> None:
    """Let the game run on for ``SHOW_MS`` of simulated time, then draw the screen as it is
    now (a still screen is otherwise not redrawn), so the picture depends on nothing but
    what was played."""
    clock = simulated_clock(app)
    for _ in range(int(SHOW_MS // FRAME_MS)):
        _frame(app, clock)
    app.redraw()


def script_summary(app: App) -> dict[str, object]:
    """The autoplayer's summary of the run on screen, with the rooms seen and the log's end."""
    from game.bot.autoplay import summary

    game = getattr(app.state, "game", None)
    if game is None:
        return {"error": f"no run on screen ({type(app.state).__name__})"}
    record = summary(game)
    record["rooms_seen"] = int(game.floor.seen_rooms.sum())
    record["rooms"] = int(game.floor.map.room_count)
    record["log_tail"] = [message.text for message, _ in game.log.last(8)]
    return record
