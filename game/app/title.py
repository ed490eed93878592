"""The title menu, the first screen.

It imports only what it draws (SPEC PERF-5; in the browser every import costs
four to five times what it does natively): the generators, the monsters' minds
and the play screen load when a run starts. Its backdrop, a dimmed dungeon
floor, is a picture made once by ``python -m game.tools.backdrop``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import menus
from game.app.platform import BROWSER
from game.app.seed_entry import SeedEntryState  # the title's next screens: imported at start-up, not in
# the frame of a choice (70 ms there in the page, with the seed entry's first drawing)
from game.app.state import State
from game.app.widgets import MenuList, backdrop, draw_title, draw_version, phone_parts
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.app import App


class TitleState(State):
    """The title menu (SPEC UI-4): Continue (when a run is saved), New run, Daily challenge,
    Enter seed, Options, Help, Credits, Quit (not in the browser, where a page is closed instead)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        from game.run.daily import label, today

        self.save = app.saves.info()
        self.day = today()
        items = [("continue", "Continue")] if self.save is not None else []
        items += [("new", "New run"), ("daily", f"Daily challenge ({label(self.day)})"), ("seed", "Enter seed"),
                  ("options", "Options"), ("help", "Help"), ("credits", "Credits")]
        if not BROWSER:
            items.append(("quit", "Quit"))
        self.menu = MenuList(items, 326 if self.save is None else 346, 32, 42)
        self.backdrop = backdrop()

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        choice = self.menu.choose(event)
        return self if choice is None else self._choose(choice)

    def _choose(self, key: str) -> State:
        back = lambda: TitleState(self.app)  # noqa: E731 - a fresh title, which rereads the save
        if key == "continue":
            return self.app.runs.continue_run()  # a damaged save: the one before it, or why not
        if key == "new":
            return menus.new_run(self.app, None, back)
        if key == "daily":
            return menus.daily_run(self.app, back)
        if key == "seed":
            return SeedEntryState(self.app, self)
        if key == "options":
            from game.app.options_screen import OptionsState

            return OptionsState(self.app, self)
        if key == "help":
            return menus.HelpState(self.app, self)
        if key == "credits":
            return menus.CreditsState(self.app, self)
        if key == "quit":
            self.app.running = False
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(self.backdrop, (0, 0))
        self.version_rect = draw_version(surface, topright=(current().size[0] - 10, 8))  # out of the way, every layout
        parts = phone_parts(current().size[1] // 3)
        if parts is not None:
            return self._draw_on_phone(surface, *parts)
        cx = current().centre_x
        draw_title(surface)
        self.menu.draw(surface)
        about = self._save_line()
        if about is not None:
            lines = text.wrap(about[0], 20, current().size[0] - 40)
            for index, line in enumerate(lines):
                note = text.render(line, 20, about[1])
                surface.blit(note, note.get_rect(center=(cx, 304 - 11 * (len(lines) - 1) + 22 * index)))
        hint = text.render("Arrows and Enter, or click.   In a run: ? for help, Esc for the menu.", 22, palette.TEXT_DIM)
        surface.blit(hint, hint.get_rect(center=(cx, current().size[1] - 30)))

    def _draw_on_phone(self, surface: pygame.Surface, words: pygame.Rect, choices: pygame.Rect) -> None:
        """The name above the menu (or beside it, the phone on its side), the save's line under
        the name, and the hint at the foot of the name's part."""
        about = self._save_line()
        lines, colour = (text.wrap(about[0], 18, words.width - 10), about[1]) if about else ([], palette.TEXT)
        draw_title(surface, words.inflate(0, -24 * len(lines) - 30))
        for index, line in enumerate(lines[:2]):
            note = text.render(line, 18, colour)
            bottom = words.bottom - 30 - 24 * (len(lines[:2]) - 1 - index)
            surface.blit(note, note.get_rect(midbottom=(words.centerx, bottom)))
        hint = text.render(text.fit("Tap to choose.  In a run: menu, for the rest.", 18, words.width), 18, palette.TEXT_DIM)
        foot = words if not current().portrait else current().screen_area.inflate(-20, -16)
        surface.blit(hint, hint.get_rect(midbottom=(foot.centerx, foot.bottom)))
        self.menu.centre_in(choices.inflate(0, -30) if current().portrait else choices)
        self.menu.draw(surface)

    def _save_line(self) -> tuple[str, tuple[int, int, int]] | None:
        """What the title says of the saved run, in its colour, if there is one."""
        if self.save is None:
            return None
        what = f"the daily of {self.save.daily}" if self.save.daily else f"seed {self.save.seed}"
        about = (f"Saved: {what}, turn {self.save.turn}, {self.save.where}" if self.save.usable
                 else "Your save cannot be read: Continue says why, and a new run keeps it aside")
        if self.save.damaged:
            about = f"Your latest save cannot be read. The one before it: {what}, turn {self.save.turn}"
        tone = "bad" if not self.save.usable else "notice" if self.save.damaged else None
        return about, palette.TONE_COLOURS[tone] if tone else palette.TEXT_DIM


