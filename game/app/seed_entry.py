"""Typing a seed (SPEC RUN-3, UI-4): any text the game's font can show, up to
``MAX_SEED_LENGTH`` characters; empty is a random seed. On a phone the box is tapped to type
(the page's text box opens) and buttons stand for Enter and Esc."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import clipboard
from game.app.menus import new_run
from game.app.platform import BROWSER
from game.app.state import State
from game.app.widgets import MenuList, backdrop, centre_x, draw_lines, draw_panel
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.app import App

MAX_SEED_LENGTH = 64  # as game.run.recording.MAX_SEED_LENGTH (not imported: the world is not loaded yet)


class SeedEntryState(State):
    """Type (or paste) a seed: any text up to ``MAX_SEED_LENGTH`` characters; empty is a random one."""

    def __init__(self, app: App, back: State) -> None:
        super().__init__(app)
        self.back = back
        self.seed = ""
        self.refused = ""  # why the last character typed was not taken (shown under the field)
        self._blink = -1
        self.box = pygame.Rect(0, 0, 0, 0)  # the field, where it was last drawn
        self.buttons = MenuList([("play", "Play this seed"), ("back", "Back")], 0, 28, 52)
        """A phone has no Enter or Esc key: these stand for them (drawn on a phone only)."""
        pygame.key.start_text_input()

    def _leave(self, state: State) -> State:
        """Text input stays on when leaving: SDL has it on from the start, and with it off a key's
        ``unicode`` is its unshifted character (Shift+. came as "." and ``>`` waited a turn)."""
        return state

    def type(self, characters: str) -> None:
        """Add what was typed or pasted; a character the game's text cannot draw is refused,
        with a message (a seed shows as itself everywhere, or not at all)."""
        printable = [c for c in characters if c.isprintable()]
        lacking = [c for c in printable if not text.drawable(c)]
        self.seed = (self.seed + "".join(c for c in printable if text.drawable(c)))[:MAX_SEED_LENGTH]
        if lacking:
            self.refused = f"{lacking[0]} cannot be shown: choose another character"
        elif printable:
            self.refused = ""

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if current().compact and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            if event.type == pygame.MOUSEBUTTONDOWN and self.box.collidepoint(event.pos):
                self.type(clipboard.paste() or "")  # in the page, a box to type in (a phone's keyboard opens)
                return self
            choice = self.buttons.choose(event)
            if choice == "play":
                return self._play()
            if choice == "back":
                return self._leave(self.back)
        if event.type == pygame.TEXTINPUT and not (BROWSER and event.text == " "):  # the page's space: below
            self.type(event.text)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self._leave(self.back)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self._play()
            if event.key == pygame.K_BACKSPACE:
                self.seed = "" if event.mod & pygame.KMOD_CTRL else self.seed[:-1]
            elif event.key == pygame.K_SPACE and BROWSER:  # the page keeps Space from scrolling the page, which
                self.type(" ")  # also stops the browser's keypress, SDL's source of text: no TEXTINPUT comes
            elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.type(clipboard.paste() or "")
        return self

    def _play(self) -> State:
        seed = self.seed.strip() or None
        return self._leave(new_run(self.app, seed, lambda: self.back))

    def animating(self, now_ms: float) -> bool:
        return int(now_ms // 500) != self._blink  # the caret blinks twice a second

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        self._blink = int(now_ms // 500)
        surface.blit(backdrop(), (0, 0))
        phone = current().compact
        panel = draw_panel(surface, 300 if not phone else 4000, 900)
        heading = text.render("Enter a seed", 38, palette.TITLE)
        surface.blit(heading, heading.get_rect(midtop=(centre_x(), panel.y + (26 if not phone else 12))))
        box = pygame.Rect(0, 0, min(800, panel.width - 40), 54)
        box.center = (centre_x(), panel.y + (130 if not phone else 100))
        self.box = box
        pygame.draw.rect(surface, palette.BACKGROUND, box, border_radius=4)
        pygame.draw.rect(surface, palette.TITLE, box, 2, border_radius=4)
        caret = "|" if int(now_ms // 500) % 2 == 0 else " "
        shown = self.seed
        while text.width_of(shown + caret, 30) > box.width - 24:
            shown = shown[1:]
        surface.blit(text.render(shown + caret, 30, palette.TEXT), (box.x + 12, box.y + 10))
        count = text.render(f"{len(self.seed)}/{MAX_SEED_LENGTH}", 18, palette.TEXT_DIM)
        surface.blit(count, count.get_rect(topright=(box.right, box.bottom + 6)))
        if self.refused:
            refused = text.render(self.refused, 18, palette.TONE_COLOURS["bad"])
            surface.blit(refused, (box.x, box.bottom + 6))
        about = ("Any text the font shows: words, numbers, accents, Greek, Cyrillic. The same seed, the same island.",
                 20, palette.TEXT_DIM)
        if phone:  # no keys: tap the box to type, and buttons for Enter and Esc
            bottom = draw_lines(surface, [("Tap the box to type a seed; empty: a random one.", 20, palette.TEXT), about],
                                box.bottom + 30, panel.width - 40)
            self.buttons.centre_in(pygame.Rect(panel.x, bottom, panel.width, panel.bottom - bottom))
            self.buttons.draw(surface)
            return
        draw_lines(surface, [about, ("Enter: play  ·  Ctrl+V: paste  ·  Esc: back  ·  empty: a random seed", 20,
                                     palette.TEXT_DIM)], box.bottom + 34, 820)
