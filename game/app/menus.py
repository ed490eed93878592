"""Menus and small screens (SPEC UI-4): the pause menu, confirmations, help, credits, and
what to do with a save that cannot be read (typing a seed: ``game.app.seed_entry``).

Every list works the same way: arrows (or WASD, hjkl) and Enter, or the mouse;
Esc goes back. Nothing here imports the world: the title screen uses it too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.markdown import as_lines
from game.app.state import State
from game.app.help_page import HelpPages
from game.app.widgets import (MOVE_DOWN, MOVE_UP, DragScroll, MenuList, backdrop, centre_x, draw_lines, draw_panel,
                              draw_version, map_area, phone_parts, screen_area)
from game.paths import asset
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.play import PlayState

class ConfirmState(State):
    """A yes/no question; No is the default, and Esc means No."""

    def __init__(self, app: App, question: str, detail: str, yes: Callable[[], State], no: Callable[[], State],
                 yes_label: str = "Yes", no_label: str = "No") -> None:
        super().__init__(app)
        self.question, self.detail, self.yes, self.no = question, detail, yes, no
        self.menu = MenuList([("no", no_label), ("yes", yes_label)], 420, 34, 50)

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.no()
        choice = self.menu.choose(event)
        if choice == "yes":
            return self.yes()
        if choice == "no":
            return self.no()
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(backdrop(), (0, 0))
        lines = [(self.question, 36, palette.TITLE), (self.detail, 24, palette.TEXT)]
        parts = phone_parts(current().size[1] // 2)
        if parts is None:
            draw_panel(surface, 340)
            draw_lines(surface, lines, 230)
        else:  # on a phone: the question over the whole screen, the answers a thumb's reach below
            draw_panel(surface, 4000, 4000)
            words, choices = parts
            lines = [(self.question, 30, palette.TITLE), (self.detail, 22, palette.TEXT)]
            draw_lines(surface, lines, words.y + 20, words.width - 20, words.centerx)
            self.menu.centre_in(choices)
        self.menu.draw(surface)


def new_run(app: App, seed: str | None, back: Callable[[], State], daily: str | None = None) -> State:
    """Start a run (a fresh seed when ``seed`` is None), after asking first when it would
    replace a saved run the player can still continue."""
    from game.run.seeds import new_seed_text

    seed = seed if seed is not None else new_seed_text()
    info = app.saves.info()
    if info is None or not info.usable:
        return app.runs.start_run(seed, daily=daily)
    what = f"Seed {info.seed}, turn {info.turn}, {info.where}" + (f" (daily {info.daily})" if info.daily else "")
    return ConfirmState(app, "Abandon your saved run?", f"{what}. A new run replaces it: one life, one save.",
                        lambda: app.runs.start_run(seed, daily=daily), back, "Abandon it and start", "Keep it")


def launched_run(app: App, seed: str) -> State:
    """The run a ``--seed`` (or the page's ``?seed=``) asks for: the saved run when it is that very
    run (the same seed, no daily, begun where and seeing as a new one would), so reloading the
    page of a link after *Save and quit* continues it; else a new run, asking first when it
    would replace another saved run."""
    info = app.saves.info()
    if info is not None and info.usable and (info.seed, info.daily, info.start, info.sight) == (
            seed, None, app.runs.launch_start, app.settings.sight):
        return app.runs.continue_run()
    return new_run(app, seed, app.title)


def daily_run(app: App, back: Callable[[], State]) -> State:
    """The daily challenge: its saved run if that is what is saved, else a new one (asking first)."""
    from game.run.daily import daily_seed, today

    day = today()
    info = app.saves.info()
    if info is not None and info.usable and info.daily == day.isoformat():
        return app.runs.continue_run()
    from game.app.board_screen import name_first

    begin = lambda: new_run(app, daily_seed(day), back, daily=day.isoformat())  # noqa: E731
    return name_first(app, back(), begin) or begin()


class PauseState(State):
    """Esc in a run: Resume, Options, Help, Save and quit, Abandon run (asks first)."""

    def __init__(self, app: App, play: PlayState) -> None:
        super().__init__(app)
        self.play = play
        self.menu = MenuList([("resume", "Resume"), ("options", "Options"), ("help", "Help"),
                              ("save", "Save and quit"), ("abandon", "Abandon run")], 250, 34, 52,
                             cx=map_area().centerx)

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.play
        choice = self.menu.choose(event)
        if choice == "resume":
            return self.play
        if choice == "options":
            from game.app.options_screen import OptionsState

            return OptionsState(self.app, self)
        if choice == "help":
            return HelpState(self.app, self, self.play)
        if choice == "save":
            if not self.app.runs.save_run():  # refused (the banner says why): the run is not left behind
                return self
            self.app.run = None
            self.app.say("Saved. Continue it from the title.")
            return self.app.title()
        if choice == "abandon":
            return ConfirmState(self.app, "Abandon this run?", "It ends here and cannot be continued; "
                                "its recording is kept for --replay.", self._abandon, lambda: self,
                                "Abandon it", "Keep playing")
        return self

    def _abandon(self) -> State:
        self.app.runs.end_run(self.play.run)
        return self.app.title()

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        self.play.draw(surface, now_ms)
        panel = draw_panel(surface, 160 + len(self.menu.items) * self.menu.gap, 520, map_area())
        self.menu.top = panel.y + 100  # under the heading, wherever the panel is
        self.menu.cx = panel.centerx
        heading = text.render("Paused", 40, palette.TITLE)
        surface.blit(heading, heading.get_rect(midtop=(panel.centerx, panel.y + 24)))
        self.menu.draw(surface)
        copy = "" if current().compact else "   (Ctrl+C copies it)"  # a phone has no keys
        seed = text.render(f"Seed {self.play.game.seed_text}{copy}", 20, palette.TEXT_DIM)
        surface.blit(seed, seed.get_rect(midbottom=(panel.centerx, panel.bottom - 14)))


class HelpState(State):
    """The key help on its own screen: from the title, the pause menu, or over play (``?``);
    ``under`` is the screen it is drawn over, ``back`` the one it returns to."""

    def __init__(self, app: App, back: State, under: State | None = None) -> None:
        super().__init__(app)
        self.back, self.under = back, under
        self.pages = HelpPages()

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if getattr(event, "repeat", False):
            return self  # the key that opened it, held: it stays open (TRU-2)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.pages.turn(event):
            return self.back
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:

        if self.under is not None:
            self.under.draw(surface, now_ms)
        else:
            surface.blit(backdrop(), (0, 0))
        self.pages.draw(surface, map_area() if self.under is not None else screen_area())


class SaveProblemState(State):
    """A saved run that cannot be continued: why, and what the player can do (nothing is deleted)."""

    def __init__(self, app: App, problem: str) -> None:
        super().__init__(app)
        self.problem = problem[:1].upper() + problem[1:]  # a reason is written as the middle of a sentence
        self.menu = MenuList([("new", "Start a new run (the old save is kept aside)"), ("title", "Back to the title")],
                             410, 28, 46)

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.app.title()
        choice = self.menu.choose(event)
        if choice == "new":
            from game.run.seeds import new_seed_text

            return self.app.runs.start_run(new_seed_text())
        if choice == "title":
            return self.app.title()
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(backdrop(), (0, 0))
        where = self.app.storage.describe("save.json")
        lines = [("Your saved run cannot be continued", 36, palette.TONE_COLOURS["bad"]),
                 (self.problem[:300], 22, palette.TEXT),
                 (f"It stays where it is ({where}) until you start a new run; then it is kept "
                  "as save-damaged.json.", 20, palette.TEXT_DIM)]
        parts = phone_parts(current().size[1] * 3 // 5)
        if parts is None:
            draw_panel(surface, 440, 900)
            draw_lines(surface, lines, 170, 820)
        else:
            draw_panel(surface, 4000, 4000)
            words, choices = parts
            draw_lines(surface, [(line, min(size, 28), colour) for line, size, colour in lines], words.y + 10,
                       words.width - 20, words.centerx)
            self.menu.centre_in(choices)
        self.menu.draw(surface)


class CreditsState(State):
    """Who made what: the game, its libraries, its pictures and its sounds (``assets/CREDITS.md``)."""

    def __init__(self, app: App, back: State) -> None:
        super().__init__(app)
        self.back = back
        self.scroll = 0
        try:
            source = asset("CREDITS.md").read_text(encoding="utf-8")
        except OSError:
            source = "The credits file is missing from this copy of the game."
        self.blocks = as_lines(source, drop_title="Credits")  # Markdown as words: no ** or [](…)
        self.lines = [line for line, _ in self.blocks]
        self.drag = DragScroll(24)

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN:
            if event.key in MOVE_UP:
                self.scroll = max(0, self.scroll - 3)
            elif event.key in MOVE_DOWN:
                self.scroll += 3
            else:
                return self.back
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - 3 * event.y)
        else:  # a finger drags the page; a tap (or a click) goes back
            lines, tapped = self.drag.handle(event)
            if tapped:
                return self.back
            self.scroll = max(0, self.scroll - lines)
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(backdrop(), (0, 0))
        panel = draw_panel(surface, 640, 1000)
        rows = [(part, palette.TITLE if heading else palette.TEXT) for line, heading in self.blocks
                for part in (text.wrap(line, 20, panel.width - 60) if line else [""])]
        room = (panel.height - 110) // 24
        self.scroll = min(self.scroll, max(0, len(rows) - room))
        heading = surface.blit(text.render("Credits", 36, palette.TITLE), (panel.x + 28, panel.y + 16))
        self.version_rect = draw_version(surface, midright=(panel.right - 24, heading.centery))
        for i, (row, colour) in enumerate(rows[self.scroll:self.scroll + room]):
            surface.blit(text.render(row, 20, colour), (panel.x + 30, panel.y + 68 + i * 24))
        words = ("Drag to scroll; tap to go back" if current().compact
                 else "Up/down or the wheel to scroll; any other key to go back")
        footer = text.render(words, 20, palette.TEXT_DIM)
        surface.blit(footer, footer.get_rect(midbottom=(centre_x(), panel.bottom - 12)))
