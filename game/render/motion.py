"""Reduce motion (an option, SPEC UI-4): no sliding steps and no camera glide, and blasts
drawn as a still mark instead of a growing flash. Read by the play view every frame."""

from __future__ import annotations

reduced = False


def set_reduced(on: bool) -> None:
    global reduced
    reduced = bool(on)
