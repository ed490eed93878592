"""The error screen: the safety net's answer to a bug in a screen (SPEC WEB-9).

It says what happened in plain words, with the report a player can copy
(``game.app.report``; in the browser it is on the page too), and lets the game go on
when it can: *Carry on* returns to the screen that failed, as it was; *Back to the
title* leaves it (the run in progress keeps its last save).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import clipboard
from game.app.platform import BROWSER
from game.app.report import hide_on_page
from game.app.state import State
from game.app.widgets import MenuList, draw_lines, phone_parts
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.app import App


PAGE_BOX = 0.4
"""The bottom part of a phone's page that the report box may cover (web/threshold.tmpl: at most
38vh): a phone's choices stay above it, where a finger can reach them."""


class ErrorState(State):
    """Something went wrong inside the game: say so, offer the report, carry on or leave."""

    def __init__(self, app: App, error: BaseException, failed: State | None = None, report: str = "") -> None:
        super().__init__(app)
        self.message = f"{type(error).__name__}: {error}"[:160]
        self.failed = failed if not isinstance(failed, ErrorState) else None  # the screen to carry on with
        self.report = report or self.message
        items = [("carry", "Carry on")] if self.failed is not None or self._run_intact() else []
        items += [("copy", "Copy the report"), ("title", "Back to the title")]
        self.menu = MenuList(items, 300, 28, 44)  # above the page's report box, in the browser

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self._leave(self.app.title())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            return self._copy()
        choice = self.menu.choose(event)
        if choice == "carry" and (self.failed is not None or self._run_intact()):
            return self._leave(self.failed if self.failed is not None else self._run_screen())
        if choice == "copy":
            return self._copy()
        if choice == "title":
            return self._leave(self.app.title())
        return self

    def _run_intact(self) -> bool:
        """Whether a run is in progress and not over: then *Carry on* goes back to it even when
        the screen that failed is lost (it failed while being made, or was an error screen)."""
        run = self.app.run
        return run is not None and not (run.game.over or run.game.won)

    def _run_screen(self) -> State:
        from game.app.play import PlayState

        assert self.app.run is not None
        return PlayState(self.app, self.app.run)

    def _copy(self) -> State:
        if clipboard.copy(self.report):
            self.app.say("The report is copied: paste it into your message.")
        return self

    def _leave(self, state: State) -> State:
        hide_on_page()
        return state

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.fill(palette.BACKGROUND)
        where = next((line for line in self.report.splitlines() if line.startswith("Where: ")), "")
        page = "  The report is also on the page, below the game, to copy." if BROWSER else ""
        lines = [
            ("Something went wrong", 56, palette.TONE_COLOURS["bad"]),
            ("The game hit a bug and stopped this screen instead of crashing." + page, 24, palette.TEXT),
            (self.message, 22, palette.TEXT_DIM),
            (where[len("Where: "):], 20, palette.TEXT_DIM),
        ]
        height = current().size[1]
        parts = phone_parts(int(height * 0.3))
        if parts is not None:  # a phone: the words above (or beside) the choices, and no keys to name
            words, choices = parts
            choices.height = min(choices.height, int(height * (1 - PAGE_BOX)) - choices.y)
            draw_lines(surface, [(line, min(size, 32), colour) for line, size, colour in lines], words.y + 10,
                       words.width - 10, words.centerx)
            self.menu.centre_in(choices)
            self.menu.draw(surface)
            return
        draw_lines(surface, lines, 70, 1000)
        self.menu.draw(surface)
        hint = text.render("Enter picks, C copies the report, Esc goes to the title", 20, palette.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(current().centre_x, current().size[1] - 24)))
