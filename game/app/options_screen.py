"""The options screen (SPEC UI-4): volumes, mute, reduce motion, the colour-blind palette,
whether ``x`` fights what blocks it, how a new run sees (SPEC VIS-5), and the key help. Every change applies at once and is
kept (``App.change_settings``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.app.settings import CHOICES, Settings
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
    ("explore_fights", "Explore fights what blocks it"),
    ("sight", "Sight"),
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
    "sight": "Room: the whole room you are in (seed 004). Tile: what a line of sight reaches. New runs only.",
    "keys": "Every key of the game.",
    "back": "Esc also goes back.",
}
TOGGLES = ("muted", "reduce_motion", "colour_blind", "explore_fights")
CHOICE_WORDS = {"sight": {"room": "by the room", "tile": "by the tile"}}
"""Options that are one of a few words (``game.app.settings.CHOICES``), as the screen says them."""
LEFT = (pygame.K_LEFT, pygame.K_a, pygame.K_h, pygame.K_KP4, pygame.K_MINUS, pygame.K_KP_MINUS)
RIGHT = (pygame.K_RIGHT, pygame.K_d, pygame.K_l, pygame.K_KP6, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
TOP, GAP, SIZE = 110, 46, 30  # TOP: the first row's middle below the panel's top
PANEL_HEIGHT, PANEL_WIDTH = 660, 720  # nine rows, two lines about the chosen one, the footer
ARROW = 40  # the width of a volume's clickable arrows


def stepped(settings: Settings, name: str, step: int) -> Settings:
    """``settings`` with the volume ``name`` moved ``step`` tenths (kept within 0..1)."""
    value = round(min(1.0, max(0.0, getattr(settings, name) + step / 10)), 1)
    return replace(settings, **{name: value})


def toggled(settings: Settings, name: str, step: int = 1) -> Settings:
    """``settings`` with a switch flipped, or a choice moved ``step`` along its words (round)."""
    if name in CHOICES:
        words = CHOICES[name]
        return replace(settings, **{name: words[(words.index(getattr(settings, name)) + step) % len(words)]})
    return replace(settings, **{name: not getattr(settings, name)})


class OptionsState(State):
    """A list of the options over the title's backdrop; ``back`` is the screen Esc returns to."""

    def __init__(self, app: App, back: State) -> None:
        super().__init__(app)
        self.back = back
        self.selected = 0
        self.keys_open = False
        self.rects: list[pygame.Rect] = []  # each row's clickable area, as last drawn
        self.arrows: list[tuple[pygame.Rect, pygame.Rect] | None] = []  # a volume's ◂ and ▸
        self._size = SIZE  # the rows' text (smaller on a narrow screen, where the rows are taller)

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if self.keys_open:  # the key help: any key or click closes it
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.keys_open = False
            return self
        if event.type == pygame.KEYDOWN:
            return self._on_key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self._point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._point(event.pos):
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
        elif name.endswith("volume"):  # up a tenth, and from 100 % round to 0
            return self._change(1 if getattr(self.app.settings, name) < 1.0 else -10)
        else:
            self._apply(toggled(self.app.settings, name))
        return self

    def _apply(self, settings: Settings) -> None:
        if settings != self.app.settings:  # at a volume's end nothing changes: nothing to keep
            self.app.change_settings(settings)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(backdrop(), (0, 0))
        layout = current()
        gap, self._size = max(GAP, layout.tap), 22 if layout.portrait else SIZE  # a finger's rows on a phone
        panel = draw_panel(surface, PANEL_HEIGHT if not layout.portrait else 250 + len(ROWS) * gap, PANEL_WIDTH)
        top = panel.y + TOP  # the first row's middle
        heading = text.render("Options", 40, palette.TITLE)
        surface.blit(heading, heading.get_rect(midtop=(centre_x(), panel.y + 20)))
        self.rects, self.arrows = [], []
        for i, (name, label) in enumerate(ROWS):
            chosen = i == self.selected
            colour = palette.TITLE if chosen else palette.TEXT
            row = pygame.Rect(panel.x + 30, top + i * gap - gap // 2 + 1, panel.width - 60, gap - 2)
            self.rects.append(row)
            if chosen:
                marker = text.render("›", self._size, colour)
                surface.blit(marker, marker.get_rect(midleft=(row.x, row.centery)))
            words = text.render(label, self._size, colour)
            surface.blit(words, words.get_rect(midleft=(row.x + 22, row.centery)))
            self.arrows.append(self._draw_value(surface, name, row, colour))
        about = ABOUT[ROWS[self.selected][0]]
        for j, line in enumerate(text.wrap(about, 20, panel.width - 80)[:2]):
            picture = text.render(line, 20, palette.TEXT_DIM)
            surface.blit(picture, picture.get_rect(midtop=(centre_x(), top + len(ROWS) * gap - 4 + 24 * j)))
        problem = getattr(self.app, "settings_message", None)
        footer = problem or "Arrows or a click change a value, Enter toggles, Esc goes back. Changes are kept."
        for j, line in enumerate(reversed(text.wrap(footer, 20, panel.width - 60)[:2])):
            note = text.render(line, 20, palette.TONE_COLOURS["bad"] if problem else palette.TEXT_DIM)
            surface.blit(note, note.get_rect(midbottom=(centre_x(), panel.bottom - 14 - 24 * j)))
        if self.keys_open:
            draw_help(surface, screen_area())

    def _draw_value(self, surface: pygame.Surface, name: str, row: pygame.Rect,
                    colour: tuple[int, int, int]) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The row's value at its right end; a volume's two arrows, for clicks."""
        settings = self.app.settings
        if name.endswith("volume"):
            volume = getattr(settings, name)
            right = pygame.Rect(row.right - ARROW, row.y, ARROW, row.height)
            value = text.render(f"{round(volume * 100)} %", self._size, colour)
            value_rect = value.get_rect(center=(right.x - 42, row.centery))
            left = pygame.Rect(value_rect.centerx - 42 - ARROW, row.y, ARROW, row.height)
            for rect, direction, usable in ((left, -1, volume > 0.0), (right, 1, volume < 1.0)):
                _triangle(surface, rect.center, direction, colour if usable else palette.TEXT_DIM)
            surface.blit(value, value_rect)
            return left, right
        if name in CHOICES:
            value = text.render(CHOICE_WORDS[name][getattr(settings, name)], self._size, palette.TITLE)
            surface.blit(value, value.get_rect(center=(row.right - ARROW - 42, row.centery)))
        if name in TOGGLES:
            on = getattr(settings, name)
            value = text.render("on" if on else "off", self._size, palette.TITLE if on else palette.TEXT_DIM)
            surface.blit(value, value.get_rect(center=(row.right - ARROW - 42, row.centery)))
        return None


def _triangle(surface: pygame.Surface, centre: tuple[int, int], direction: int, colour: tuple[int, int, int]) -> None:
    """A small arrow head pointing left (-1) or right (1): the font has no ◂ ▸."""
    x, y = centre
    points = [(x + 6 * direction, y), (x - 5 * direction, y - 8), (x - 5 * direction, y + 8)]
    pygame.draw.polygon(surface, colour, points)
