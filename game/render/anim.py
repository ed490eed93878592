"""Slides: an entity glides to its new tile over ~100 ms with ease-out (SPEC REN-4).

Animation is cosmetic: it reads a clock the game never sees, and input is never
blocked. A new move starts from wherever the sprite is drawn now, like a CSS
transition interrupted mid-way (seed 004 §2.5), so nothing jumps.

With reduced motion (an option, ``game.render.motion``) nothing slides: an entity, and the
camera that follows the player, is drawn on its new tile at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.render import motion

SLIDE_MS = 100.0


def ease_out(t: float) -> float:
    """Quadratic ease-out on [0, 1]."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) * (1.0 - t)


@dataclass
class Slide:
    from_x: float
    from_y: float
    to_x: int
    to_y: int
    start_ms: float
    duration_ms: float = SLIDE_MS

    def position(self, now_ms: float) -> tuple[float, float]:
        if self.duration_ms <= 0:
            return float(self.to_x), float(self.to_y)
        k = ease_out((now_ms - self.start_ms) / self.duration_ms)
        return self.from_x + (self.to_x - self.from_x) * k, self.from_y + (self.to_y - self.from_y) * k

    def done(self, now_ms: float) -> bool:
        return now_ms - self.start_ms >= self.duration_ms


class Motion:
    """Where each tracked entity is drawn, by entity id."""

    def __init__(self, duration_ms: float = SLIDE_MS) -> None:
        self.duration_ms = duration_ms
        self._slides: dict[int, Slide] = {}

    def place(self, eid: int, x: int, y: int, now_ms: float) -> None:
        """Record the entity's logical tile; starts a slide if it moved by one step."""
        slide = self._slides.get(eid)
        if slide is None:
            self._slides[eid] = Slide(x, y, x, y, now_ms, 0.0)
            return
        if (slide.to_x, slide.to_y) == (x, y):
            return
        fx, fy = slide.position(now_ms)
        if motion.reduced or max(abs(fx - x), abs(fy - y)) > 1.5:  # teleport (stairs, new floor): no slide
            self._slides[eid] = Slide(x, y, x, y, now_ms, 0.0)
        else:
            self._slides[eid] = Slide(fx, fy, x, y, now_ms, self.duration_ms)

    def position(self, eid: int, now_ms: float) -> tuple[float, float] | None:
        slide = self._slides.get(eid)
        if slide is None:
            return None
        if motion.reduced:  # also when switched on mid-slide
            return float(slide.to_x), float(slide.to_y)
        return slide.position(now_ms)

    def busy(self, now_ms: float) -> bool:
        return not motion.reduced and any(not s.done(now_ms) for s in self._slides.values())

    def forget(self, eid: int) -> None:
        self._slides.pop(eid, None)

    def keep_only(self, eids: set[int]) -> None:
        for eid in [e for e in self._slides if e not in eids]:
            del self._slides[eid]

    def clear(self) -> None:
        self._slides.clear()
