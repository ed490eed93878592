"""Watching a board's run (BRD-4): ``?watch=RUN_ID`` in the page, ``--watch RUN_ID
--board URL`` on the desktop. The recording comes from ``BOARD/api/runs/RUN_ID/recording``
(never blocking a frame) and plays on the replay screen."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import pygame

from game.app.board_http import request
from game.app.board_screen import board_for
from game.app.platform import BROWSER
from game.app.state import State
from game.app.widgets import backdrop, draw_lines, draw_panel
from game.render import palette

if TYPE_CHECKING:
    from game.app.app import App


class WatchState(State):
    """``?watch=RUN_ID`` / ``--watch``: fetch the run's recording from the board, then replay it."""

    def __init__(self, app: App, run_id: str) -> None:
        super().__init__(app)
        self.run_id, self.line = run_id, f"Fetching run {run_id[:24]} from the board…"
        self.reply: Any = None
        self.failed = self._told = False

    def update(self, now_ms: float) -> State:
        if self.failed:
            return self
        board = board_for(self.app)
        if board is None:
            return self._problem("there is no board to watch it from (--board URL)")
        if self.reply is None:
            board.poll()
            if BROWSER and board.reach == "unknown":  # the page's origin may be no board at all: wait for its answer
                return self
            if board.reach == "unreachable" and not getattr(self.app.options, "board", None):
                return self._problem(f"{board.url} could not be reached, or is not a Threshold board")
            from urllib.parse import quote

            self.reply = request("GET", f"{board.url}/api/runs/{quote(self.run_id, safe='')}/recording")
        if not self.reply.poll():
            return self
        if self.reply.status != 200:
            return self._problem(self.reply.error or f"the board answered {self.reply.status} (only verified runs "
                                 "can be watched)")
        from game.app.replay_screen import replay_recording
        from game.run.recording import Recording, RecordingError

        try:
            return replay_recording(self.app, Recording.from_json(self.reply.text), f"Run {self.run_id[:16]}")
        except RecordingError as problem:
            return self._problem(f"its recording cannot be read ({problem})")

    def _problem(self, why: str) -> State:
        """Say why on this screen; any key then goes to the title."""
        print(f"threshold: cannot watch run {self.run_id}: {why}", file=sys.stderr)
        self.failed, self.line = True, f"Run {self.run_id[:32]} cannot be watched: {why}. Any key: the title."
        return self

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if self.failed and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            return self.app.title()
        return self

    def animating(self, now_ms: float) -> bool:
        return not self.failed or not self._told  # the reason is drawn once, then the screen stays still

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        self._told = self.failed
        surface.blit(backdrop(), (0, 0))
        draw_panel(surface, 200, 900)
        draw_lines(surface, [("Watching a run", 38, palette.TITLE), (self.line, 22, palette.TEXT)], 300, 820)
