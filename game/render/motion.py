"""Reduce motion (an option, SPEC UI-4): nothing slides (steps, and so the camera that follows
the player, jump to their tile) and nothing flashes (a thrown thing is simply where it lands, a
blast is a still mark). Read by ``anim.Motion`` and ``effects.Effects`` as they draw."""

from __future__ import annotations

reduced = False


def set_reduced(on: bool) -> None:
    global reduced
    reduced = bool(on)
