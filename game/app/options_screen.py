"""The options screen (SPEC UI-4): volumes, mute, reduce motion, the colour-blind palette,
whether ``x`` fights what blocks it, how a new run sees (SPEC VIS-5), the daily board
(``game.app.options_board``), and the key help. Every change applies at once and is kept
(``App.change_settings``).

The panel is laid out by measuring: its words wrapped to its width, the rows as tall as fits
between the heading and the words below them, never less than a finger's height (``Layout.tap``)
or their text's; when even then they do not all fit (a phone on its side), the rows scroll to
keep the chosen one in view, with arrows that say more are above or below."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.app.options_board import BoardRow
from game.app.options_values import COMPACT_SPREAD, SPREAD, TOGGLES, draw_more, draw_value, value_width
from game.app.settings import CHOICES, EXPLORE_FIGHTS, Settings
from game.app.state import State
from game.app.help_page import draw_help
from game.app.widgets import CONFIRM, MOVE_DOWN, MOVE_UP, backdrop, centre_x, draw_panel, row_at, screen_area
from game.render import palette, text
from game.render.layout import current

if TYPE_CHECKING:
    from game.app.app import App

ROWS = (
    ("master_volume", "Master volume"),
    ("effects_volume", "Effects volume"),
    ("muted", "Mute sound   (V in a run)"),
    ("reduce_motion", "Reduce motion"),
    ("colour_blind", "Colour-blind palette"),
    ("explore_fights", EXPLORE_FIGHTS),
    ("sight", "Sight"),
    ("board", "Daily board"),
    ("keys", "Keys"),
    ("back", "Back"),
)
ABOUT = {
    "master_volume": "All sound. Left and right change it by 10 %.",
    "effects_volume": "The game's sound effects, within the master volume.",
    "muted": "No sound at all; the volumes are kept for when it comes back.",
    "reduce_motion": "Steps and the view jump instead of sliding; no flights or flashes.",
    "colour_blind": "Good and bad news, health and the vaults' numbers in colours that stay apart "
                    "for red-green colour blindness.",
    "explore_fights": "Off: x will not explore with a foe in view, and says why. On: x beside a foe "
                      "attacks it, and explores on past the monsters already seen.",
    "sight": "By the room: all of the room you stand in, none behind its walls and closed doors. By the tile: "
             "what a straight line reaches. New runs only.",
    "keys": "Every key of the game.",
    "back": "Esc also goes back.",
}
LEFT = (pygame.K_LEFT, pygame.K_a, pygame.K_h, pygame.K_KP4, pygame.K_MINUS, pygame.K_KP_MINUS)
RIGHT = (pygame.K_RIGHT, pygame.K_d, pygame.K_l, pygame.K_KP6, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
GAP, SIZE, NOTE = 46, 30, 20  # a row's height at most; its text's size (a phone's: COMPACT_SIZE); the notes'
COMPACT_SIZE = 22
PANEL_WIDTH = 720
FOOTER = "Arrows or a click change a value, Enter toggles, Esc goes back. Changes are kept."
PHONE_FOOTER = "Tap a row or its arrows to change it; Back leaves. Changes are kept."


def stepped(settings: Settings, name: str, step: int) -> Settings:
    """``settings`` with the volume ``name`` moved ``step`` tenths (kept within 0..1)."""
    value = round(min(1.0, max(0.0, getattr(settings, name) + step / 10)), 1)
    return with_value(settings, name, value)


def toggled(settings: Settings, name: str, step: int = 1) -> Settings:
    """``settings`` with a switch flipped, or a choice moved ``step`` along its words (round)."""
    if name in CHOICES:
        words = CHOICES[name]
        return with_value(settings, name, words[(words.index(getattr(settings, name)) + step) % len(words)])
    return with_value(settings, name, not getattr(settings, name))


def with_value(settings: Settings, name: str, value: object) -> Settings:
    """``settings`` with the option called ``name`` set to ``value`` (an option named by a row)."""
    changes: dict[str, Any] = {name: value}
    return replace(settings, **changes)


class OptionsState(State):
    """A list of the options over the title's backdrop; ``back`` is the screen Esc returns to."""

    def __init__(self, app: App, back: State) -> None:
        super().__init__(app)
        self.back = back
        self.selected = 0
        self.keys_open = False
        self.board = BoardRow(app)
        self.first = 0  # the first row shown (the rows scroll when they do not all fit)
        self.shown = len(ROWS)  # how many rows are shown, as last drawn
        self.rects: list[pygame.Rect] = []  # each row's clickable area, as last drawn (empty: not shown)
        self.arrows: list[tuple[pygame.Rect, pygame.Rect] | None] = []  # a volume's ◂ and ▸
        self.more: tuple[pygame.Rect | None, pygame.Rect | None] = (None, None)  # the ▴ and ▾ of rows not shown
        self.panel = pygame.Rect(0, 0, 0, 0)  # as last drawn: the panel, and the tops of the words under the rows
        self.notes_top = self.footer_top = 0
        self._size = SIZE  # the rows' text (smaller on a phone, where the rows are a finger high)
        self._spread = SPREAD
        self._blink = -1

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if self.keys_open:  # the key help: any key or click closes it
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.keys_open = False
            return self
        if self.board.typing is not None:  # the board's address being typed takes every key
            self.board.on_event(event)
            return self
        if event.type == pygame.KEYDOWN:
            return self._on_key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            self._move(-event.y)
        elif event.type == pygame.MOUSEMOTION:
            self._point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, step in zip(self.more, (-1, 1)):
                if rect is not None and rect.collidepoint(event.pos):
                    self._scroll(step)
                    return self
            if not self._point(event.pos):
                return self
            arrows = self.arrows[self.selected]
            if arrows is not None and arrows[0].collidepoint(event.pos):
                return self._change(-1)
            if arrows is not None and arrows[1].collidepoint(event.pos):
                return self._change(1)
            return self._activate()
        return self

    def _on_key(self, key: int) -> State:
        if key == pygame.K_ESCAPE:
            return self.back
        if key in MOVE_UP:
            self.selected = (self.selected - 1) % len(ROWS)
        elif key in MOVE_DOWN:
            self.selected = (self.selected + 1) % len(ROWS)
        elif key in LEFT:
            return self._change(-1)
        elif key in RIGHT:
            return self._change(1)
        elif key in CONFIRM:
            return self._activate()
        return self

    def _move(self, step: int) -> None:
        """The wheel: the chosen row moves (and the rows shown with it)."""
        self.selected = min(len(ROWS) - 1, max(0, self.selected + step))

    def _scroll(self, step: int) -> None:
        """A tap on ▴ or ▾: the rows shown move a page up or down (the last row shown stays, at
        the top), and the chosen row only as far as keeps it in view. A phone on its side shows
        four rows: one tap on ▾ shows Sight, where moving the highlight a row a tap took six."""
        page = max(1, self.shown - 1)
        self.first = min(len(ROWS) - self.shown, max(0, self.first + step * page))
        self.selected = min(max(self.selected, self.first), self.first + self.shown - 1)

    def _point(self, pos: tuple[int, int]) -> bool:
        row = row_at(self.rects, pos)
        if row is not None:
            self.selected = row
        return row is not None

    def _change(self, step: int) -> State:
        """Left or right on the selected row: a volume moves a tenth, a switch flips."""
        name = ROWS[self.selected][0]
        if name.endswith("volume"):
            self._apply(stepped(self.app.settings, name, step))
            self.app.audio.play("menu")  # heard at the new volume
        elif name in TOGGLES or name in CHOICES:
            self._apply(toggled(self.app.settings, name, step))
        return self

    def _activate(self) -> State:
        """Enter, space or a click on the selected row."""
        name = ROWS[self.selected][0]
        if name == "back":
            return self.back
        if name == "keys":
            self.keys_open = True
        elif name == "board":
            self.board.activate()
        elif name.endswith("volume"):  # up a tenth, and from 100 % round to 0
            return self._change(1 if getattr(self.app.settings, name) < 1.0 else -10)
        else:
            self._apply(toggled(self.app.settings, name))
        return self

    def _apply(self, settings: Settings) -> None:
        if settings != self.app.settings:  # at a volume's end nothing changes: nothing to keep
            self.app.change_settings(settings)

    def animating(self, now_ms: float) -> bool:
        """The caret blinks while the board's address is typed; in the page, the row waits for its site."""
        typing = self.board.typing is not None and int(now_ms // 500) != self._blink
        return typing or self.board.waiting()

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        self._blink = int(now_ms // 500)
        surface.blit(backdrop(), (0, 0))
        layout, area = current(), screen_area()
        self._size = COMPACT_SIZE if layout.compact else SIZE
        self._spread = COMPACT_SPREAD if layout.compact else SPREAD
        width = min(PANEL_WIDTH, area.width - 20)
        heading = text.render("Options", 40, palette.TITLE)
        line = max(NOTE + 4, text.render("Ag", NOTE, palette.TEXT).get_height() + 6)  # a note's line
        problem = getattr(self.app, "settings_message", None)
        footer = text.wrap(problem or (PHONE_FOOTER if layout.compact else FOOTER), NOTE, width - 60)[:3]
        about = text.wrap(self._about(), NOTE, width - 60)[:4]
        told = max(len(text.wrap(words, NOTE, width - 60)) for words in [*ABOUT.values(), self.board.about()])
        head = 20 + heading.get_height() + 18  # from the panel's top to the first row's
        below = 8 + min(4, told) * line + 8 + len(footer) * line + 14  # the words about a row (as many lines as any has), the footer
        least = max(layout.tap + 2, text.render("Ag", self._size, palette.TEXT).get_height() + 14)  # and 2 apart
        panel = draw_panel(surface, head + len(ROWS) * GAP + below, width)
        room = panel.height - head - below
        gap = max(least, min(GAP, room // len(ROWS)))
        shown = self.shown = max(1, min(len(ROWS), room // gap))
        self.first = min(max(self.first, self.selected - shown + 1), self.selected, len(ROWS) - shown)
        surface.blit(heading, heading.get_rect(midtop=(centre_x(), panel.y + 20)))
        top = panel.y + head
        margin = 24 if shown < len(ROWS) else 0  # the rows scroll: room on their right for ▴ and ▾
        side, indent = (12, 18) if layout.compact else (24, 22)  # the row's margin in the panel; its label's
        self.rects, self.arrows = [], []
        for i, (name, label) in enumerate(ROWS):
            if not self.first <= i < self.first + shown:
                self.rects.append(pygame.Rect(0, 0, 0, 0))
                self.arrows.append(None)
                continue
            chosen = i == self.selected
            colour = palette.TITLE if chosen else palette.TEXT
            row = pygame.Rect(panel.x + side, top + (i - self.first) * gap + 1, panel.width - 2 * side - margin,
                              gap - 2)
            self.rects.append(row)
            if chosen:
                marker = text.render("›", self._size, colour)
                surface.blit(marker, marker.get_rect(midleft=(row.x, row.centery)))
            lines = self._label(label, row.width - indent - 24 - value_width(name, self.app.settings, self._size,
                                                                               self._spread))
            label_right = row.x + indent + max(text.width_of(words, self._size) for words in lines)
            self.arrows.append(draw_value(surface, name, self.app.settings, self.board, row, colour, label_right,
                                          self._size, self._spread, self._blink))
            for j, words in enumerate(lines):  # one line, or two about the row's middle
                picture = text.render(words, self._size, colour)
                middle = row.centery + (j - (len(lines) - 1) / 2) * (picture.get_height() + 2)
                surface.blit(picture, picture.get_rect(midleft=(row.x + indent, round(middle))))
        rows_bottom = top + shown * gap
        self.panel, self.notes_top = panel, rows_bottom + 8
        self.footer_top = panel.bottom - 14 - line * len(footer)
        self.more = (draw_more(surface, (panel.right - 26, top + 12), -1) if self.first > 0 else None,
                     draw_more(surface, (panel.right - 26, rows_bottom - 12), 1)
                     if self.first + shown < len(ROWS) else None)
        refused = ROWS[self.selected][0] == "board" and self.board.refused
        for j, words in enumerate(about):
            picture = text.render(words, NOTE, palette.TONE_COLOURS["bad"] if refused else palette.TEXT_DIM)
            surface.blit(picture, picture.get_rect(midtop=(centre_x(), rows_bottom + 8 + line * j)))
        for j, words in enumerate(reversed(footer)):
            note = text.render(words, NOTE, palette.TONE_COLOURS["bad"] if problem else palette.TEXT_DIM)
            surface.blit(note, note.get_rect(midbottom=(centre_x(), panel.bottom - 14 - line * j)))
        if self.keys_open:
            draw_help(surface, screen_area())

    def _label(self, label: str, room: int) -> list[str]:
        """A row's label in ``room`` pixels: one line, else two (each cut to fit if it must)."""
        if text.width_of(label, self._size) <= room:
            return [label]
        return [text.fit(words, self._size, room) or words[:1] for words in text.wrap(label, self._size, room)[:2]]

    def _about(self) -> str:
        name = ROWS[self.selected][0]
        return self.board.about() if name == "board" else ABOUT[name]
