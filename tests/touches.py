"""Touches as SDL delivers them, for tests: seen in the page (run-game's ``tap``, pygame-ce in
Chromium), a finger's touch comes as a click made from it (``touch=True``, the first finger of a
gesture only) *before* the finger's own event, on the way down and on the way up:
MOUSEMOTION, MOUSEBUTTONDOWN, FINGERDOWN ... MOUSEBUTTONUP, FINGERUP."""

from __future__ import annotations

import pygame

from game.render.layout import current


def _finger(kind: int, finger: int, pos: tuple[float, float]) -> None:
    width, height = current().size
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / width, y=pos[1] / height, touch_id=1, finger_id=finger,
                                         dx=0.0, dy=0.0, pressure=1.0 if kind != pygame.FINGERUP else 0.0))


def press(pos: tuple[int, int], finger: int = 0, click: bool = True, click_first: bool = True) -> None:
    """A finger lands at ``pos``; ``click``: SDL makes a click of it (no other finger was down)."""
    if not click_first:
        _finger(pygame.FINGERDOWN, finger, pos)
    if click:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    if click_first:
        _finger(pygame.FINGERDOWN, finger, pos)


def slide(pos: tuple[float, float], finger: int = 0) -> None:
    _finger(pygame.FINGERMOTION, finger, pos)


def lift(pos: tuple[int, int], finger: int = 0, click: bool = True) -> None:
    """The finger leaves the screen; ``click``: it was the one SDL made a click of."""
    if click:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    _finger(pygame.FINGERUP, finger, pos)


def tap(pos: tuple[int, int], click_first: bool = True) -> None:
    """One finger down and up, both posted (a frame or two apart in the page: the caller's frames)."""
    press(pos, click_first=click_first)
    lift(pos)
