"""Small helpers shared by tests."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import numpy as np

from game.map.edges import BLOCKS_MOVE, Edge
from game.map.floor_map import DIRECTIONS_8, FloorMap

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.play import PlayState


def reachable_tiles(floor: FloorMap, start: tuple[int, int], through_closed_doors: bool = True,
                    with_key: bool = False) -> np.ndarray:
    """Tiles reachable from ``start`` by legal steps (opening closed doors if allowed,
    unlocking locked ones when carrying a key)."""
    allowed = (~BLOCKS_MOVE).copy()
    allowed[Edge.DOOR] = through_closed_doors
    allowed[Edge.LOCKED_DOOR] = with_key
    seen = np.zeros(floor.rooms.shape, dtype=bool)
    seen[start[1], start[0]] = True
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in DIRECTIONS_8:
            nx, ny = x + dx, y + dy
            if not floor.is_floor(nx, ny) or seen[ny, nx]:
                continue
            if dx and dy:
                ok = floor.corner_is_open(x + (dx > 0), y + (dy > 0))
            else:
                ok = bool(allowed[floor.edge_kind_toward(x, y, dx, dy)])
            if ok:
                seen[ny, nx] = True
                queue.append((nx, ny))
    return seen


def game_on(plan: str, legend: dict[str, str] | None = None, seed: str = "test"):
    """A game on a hand-drawn floor: ``@`` is the player, ``>`` the stairs, and
    ``legend`` maps other marks to monster or item kinds placed there."""
    from game.world.drawn import game_on_plan

    return game_on_plan(plan, legend, seed)


def play_in_dungeon(seed: str, turns: int):
    """The autoplayer's game after ``turns`` turns, started on the first dungeon floor."""
    from game.bot.autoplay import Autoplayer
    from game.world.game import Game

    game = Game.in_dungeon(seed)
    bot = Autoplayer()
    for _ in range(turns * 4):
        if game.turn >= turns or game.over:
            break
        game.perform(bot.next_action(game))
    return game


def until_playing(app: App, max_frames: int = 600) -> PlayState:
    """Run frames until the loading screen of a new run hands over to the play screen."""
    from game.app.play import PlayState

    for _ in range(max_frames):
        if isinstance(app.state, PlayState):
            return app.state
        app.frame()
    raise AssertionError(f"still on {type(app.state).__name__} after {max_frames} frames")


def key(k: int, unicode: str = "", mod: int = 0) -> None:
    """A key pressed, as the window would post it (no scancode: a press, never a repeat)."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod))


def frames(app: App, count: int = 1) -> None:
    """``count`` frames of the app's loop."""
    for _ in range(count):
        app.frame()


def menu(app: App):
    """The menu of verbs (or the question before harm) on screen over the play screen, or None."""
    return getattr(app.state, "menu", None) if type(app.state).__name__ == "VerbScreen" else None


def asked(app: App) -> str:
    """What the sidebar asks over the play screen now ("" when no question is up)."""
    return getattr(app.state, "prompt", "") if hasattr(app.state, "play") else ""


def aim_of(app: App):
    """The aim on screen (aiming a throw or a shot), or None."""
    return app.state.aim if type(app.state).__name__ == "AimScreen" else None
