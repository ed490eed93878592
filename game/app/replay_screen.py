"""Watching a recording (``python main.py --replay FILE``, or a board's run: ``--watch RUN_ID``; SPEC SAV-3).

The recorded commands play on the play screen at an adjustable speed; every
checkpoint is checked as it passes, and the first mismatch stops the replay and
says where it went out of sync. Nothing is saved: a replay is not a run.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from game.app.loading import LoadingState
from game.app.menus import SaveProblemState
from game.app.play import PlayState
from game.app.state import State
from game.progress import Steps
from game.render import palette, text
from game.render.layout import current
from game.run.replay import Replayer
from game.run.recording import Recording, RecordingError

if TYPE_CHECKING:
    from game.app.aim import Aim
    from game.app.app import App

SPEEDS = (0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 1000)


def replay_state(app: App, path: str) -> State:
    """The loading screen of a replay, or a message when the file is not a recording."""
    try:
        recording = Recording.from_file(path)
    except RecordingError as problem:
        print(f"threshold: cannot replay {path}: {problem}", file=sys.stderr)
        return SaveProblemState(app, f"{path} cannot be replayed: {problem}")
    return replay_recording(app, recording)


def replay_recording(app: App, recording: Recording, title: str = "A replay") -> State:
    """The loading screen of a replay of ``recording`` (read already: a file's, or a board's run)."""
    return LoadingState(app, _prepare(app, recording), title, f"Seed {recording.seed[:48]}")


def _prepare(app: App, recording: Recording) -> Steps[State]:
    replayer = yield from Replayer.start_steps(recording)
    state = ReplayState(app, replayer, app.options.speed)
    yield from state.view.prepare(replayer.run.game)
    return state


class ReplayState(PlayState):
    """The play screen driven by a recording: + and - change the speed, space pauses, Esc leaves."""

    def __init__(self, app: App, replayer: Replayer, speed: float) -> None:
        super().__init__(app, replayer.run)
        self.replayer = replayer
        self.speed = min(SPEEDS, key=lambda s: abs(s - speed))
        self.paused = False
        self.owed = 0.0  # commands due but not yet played (fractions of one at slow speeds)
        self.last_ms: float | None = None
        self.first_ms: float | None = None  # when it was first updated

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._on_tap(event.pos, now_ms)
        if event.type != pygame.KEYDOWN:
            return self
        if event.key == pygame.K_ESCAPE:
            return self.app.title()
        if event.key == pygame.K_SPACE:
            self.paused = not self.paused
        elif event.unicode in ("+", "=") or event.key == pygame.K_KP_PLUS:
            self.speed = SPEEDS[min(len(SPEEDS) - 1, SPEEDS.index(self.speed) + 1)]
        elif event.unicode == "-" or event.key == pygame.K_KP_MINUS:
            self.speed = SPEEDS[max(0, SPEEDS.index(self.speed) - 1)]
        elif event.key == pygame.K_o:
            self.zoomed = not self.zoomed
        return self

    def _on_tap(self, pos: tuple[int, int], now_ms: float) -> State:
        """A phone has no keys: its menu button leaves, its map button shows the whole floor, and
        a tap anywhere else pauses or goes on (not in the first second: the page's first tap,
        which starts the game, is no pause)."""
        target = self.hud.target_at(pos)
        if target == "menu":
            return self.app.title()
        if target == "zoom":
            self.zoomed = not self.zoomed
        elif current().compact and self.first_ms is not None and now_ms - self.first_ms > 1000:
            self.paused = not self.paused
        return self

    def update(self, now_ms: float) -> State:
        elapsed = 0.0 if self.last_ms is None else min(250.0, now_ms - self.last_ms)
        self.first_ms = now_ms if self.first_ms is None else self.first_ms
        self.last_ms = now_ms
        if self.paused or self.replayer.finished:
            return self
        self.owed += elapsed * self.speed / 1000.0
        while self.owed >= 1.0 and not self.replayer.finished:
            self.owed -= 1.0
            self.replayer.step()
        self.view.sync(self.game, now_ms)
        if self.game.cues:
            self.app.audio.play_all(self.game.cues)
            self.game.cues.clear()
        return self

    def animating(self, now_ms: float) -> bool:
        return (not self.paused and not self.replayer.finished) or super().animating(now_ms)

    def draw(self, surface: pygame.Surface, now_ms: float, aim: Aim | None = None, prompt: str = "") -> None:
        super().draw(surface, now_ms, aim, prompt)
        replayer = self.replayer
        total = len(replayer.recording.commands)
        if replayer.problem is not None:
            line, colour = f"Out of sync: {replayer.problem}", palette.TONE_COLOURS["bad"]
        elif replayer.finished:
            leave = "menu: title" if current().compact else "Esc: title"
            line, colour = (f"Replay finished: {replayer.done} commands, all {replayer.checked} checkpoints "
                            f"matched. {leave}", palette.TONE_COLOURS["good"])
        elif current().compact:
            state = "paused" if self.paused else f"{self.speed:g} commands/s"
            line, colour = f"Replay {replayer.done}/{total} · {state} · tap pauses, menu leaves", palette.TEXT
        else:
            state = "paused" if self.paused else f"{self.speed:g} commands/s"
            line, colour = (f"Replay {replayer.done}/{total} · {state} · space pauses, + and - change "
                            "the speed, Esc leaves", palette.TEXT)
        x, y, w, h = current().map_rect
        rows = text.wrap(line, 20, w - 24)
        box = pygame.Rect(x, y + h - 12 - 24 * len(rows), w, 12 + 24 * len(rows))
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((*palette.PANEL, 225))
        surface.blit(veil, box)
        for i, row in enumerate(rows):
            surface.blit(text.render(row, 20, colour), (box.x + 12, box.y + 6 + 24 * i))
