"""The options screen (SPEC UI-4): volumes, mute, reduce motion, the colour-blind palette and
the key help. Every change applies at once and is kept (``App.change_settings``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.app.settings import Settings
from game.app.state import State
from game.app.title import backdrop
from game.app.widgets import CONFIRM, CX, MOVE_DOWN, MOVE_UP, draw_panel
from game.render import palette, text

if TYPE_CHECKING:
    from game.app.app import App

ROWS = (
    ("master_volume", "Master volume"),
    ("effects_volume", "Effects volume"),
    ("muted", "Mute sound   (V in a run)"),
    ("reduce_motion", "Reduce motion"),
    ("colour_blind", "Colour-blind palette"),
    ("keys", "Keys"),
    ("back", "Back"),
)
LEFT = (pygame.K_LEFT, pygame.K_a, pygame.K_h, pygame.K_KP4, pygame.K_MINUS)
RIGHT = (pygame.K_RIGHT, pygame.K_d, pygame.K_l, pygame.K_KP6, pygame.K_PLUS, pygame.K_EQUALS)
TOP, GAP = 190, 54


def stepped(settings: Settings, name: str, step: int) -> Settings:
    """``settings`` with the volume ``name`` moved ``step`` tenths (kept within 0..1)."""
    value = round(min(1.0, max(0.0, getattr(settings, name) + step / 10)), 1)
    return replace(settings, **{name: value})


def toggled(settings: Settings, name: str) -> Settings:
    return replace(settings, **{name: not getattr(settings, name)})


class OptionsState(State):
    def __init__(self, app: App, back: State) -> None:
        super().__init__(app)
        self.back = back
        self.selected = 0
        self.keys_open = False
        self.rects: list[pygame.Rect] = []
        self.arrows: list[tuple[pygame.Rect, pygame.Rect] | None] = []

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if self.keys_open:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.keys_open = False
            return self
        if event.type == pygame.KEYDOWN:
            return self._on_key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self._point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._point(event.pos):
            arrows = self.arrows[self.selected] if self.selected < len(self.arrows) else None
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
        for i, rect in enumerate(self.rects):
            if rect.collidepoint(pos):
                self.selected = i
                return True
        return False

    def _change(self, step: int) -> State:
        name = ROWS[self.selected][0]
        if name.endswith("volume"):
            self.app.change_settings(stepped(self.app.settings, name, step))
            self.app.audio.play("menu")
        elif name in ("muted", "reduce_motion", "colour_blind"):
            self.app.change_settings(toggled(self.app.settings, name))
        return self

    def _activate(self) -> State:
        name = ROWS[self.selected][0]
        if name == "back":
            return self.back
        if name == "keys":
            self.keys_open = True
        elif name.endswith("volume"):
            return self._change(1 if getattr(self.app.settings, name) < 1.0 else -10)
        else:
            self.app.change_settings(toggled(self.app.settings, name))
        return self

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        surface.blit(backdrop(), (0, 0))
        panel = draw_panel(surface, 560, 720)
        heading = text.render("Options", 40, palette.TITLE)
        surface.blit(heading, heading.get_rect(midtop=(CX, panel.y + 20)))
        self.rects, self.arrows = [], []
        for i, (name, label) in enumerate(ROWS):
            y = TOP + i * GAP
            colour = palette.TITLE if i == self.selected else palette.TEXT
            row = pygame.Rect(panel.x + 30, y - 22, panel.width - 60, 44)
            self.rects.append(row)
            surface.blit(text.render(("›  " if i == self.selected else "") + label, 30, colour), (row.x, y - 17))
            self.arrows.append(self._draw_value(surface, name, row, colour))
        settings_message = getattr(self.app, "settings_message", None)
        footer = settings_message or "Arrows change a value, Enter toggles, Esc goes back. Changes are kept."
        note = text.render(footer[:110], 20, palette.TONE_COLOURS["bad"] if settings_message else palette.TEXT_DIM)
        surface.blit(note, note.get_rect(midbottom=(CX, panel.bottom - 14)))
        if self.keys_open:
            from game.app.states import draw_help

            draw_help(surface)

    def _draw_value(self, surface: pygame.Surface, name: str, row: pygame.Rect,
                    colour: tuple[int, int, int]) -> tuple[pygame.Rect, pygame.Rect] | None:
        settings = self.app.settings
        if name.endswith("volume"):
            value = text.render(f"{round(getattr(settings, name) * 100)} %", 30, colour)
            right = pygame.Rect(row.right - 40, row.y, 40, row.height)
            value_rect = value.get_rect(midright=(right.x - 8, row.centery))
            left = pygame.Rect(value_rect.x - 48, row.y, 40, row.height)
            for arrow, rect in (("‹", left), ("›", right)):
                picture = text.render(arrow, 30, colour)
                surface.blit(picture, picture.get_rect(center=rect.center))
            surface.blit(value, value_rect)
            return left, right
        if name in ("muted", "reduce_motion", "colour_blind"):
            on = getattr(settings, name)
            value = text.render("on" if on else "off", 30, palette.TITLE if on else palette.TEXT_DIM)
            surface.blit(value, value.get_rect(midright=(row.right - 8, row.centery)))
        return None
