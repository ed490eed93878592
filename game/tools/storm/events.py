"""The storm's weather: random events as SDL delivers them to the game (``game.tools.storm``).

``Weather(rng).batch(state)`` is the events of one frame, drawn from a seeded ``random.Random``:
keys (every key the game binds anywhere, and any other key code, with and without modifiers;
down, up, and the text they type), mouse motion and clicks (buttons 1 to 3, and the 4 and 5
pygame still makes of a wheel) anywhere on the window and a little off it, clicks on what the
screen on show says is clickable (its menu rows, sidebar buttons, verbs, rows), touches as SDL
sends them (a click made of the first finger, ``touch=True``, before the finger's own event), a
second finger (a pinch), the wheel, and the window's own events (focus lost and gained, the
pointer leaving, resizes). Nothing here reads a clock: the same seed, the same events.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.app.keys import BINDINGS
from game.app.options_screen import LEFT, RIGHT
from game.app.keys import LOG_SCROLL
from game.app.states import END_KEYS
from game.app.widgets import CONFIRM, MOVE_DOWN, MOVE_UP
from game.render.layout import current

KNOWN_KEYS = tuple(sorted({key for binding in BINDINGS for key in binding.keys} | set(MOVE_UP) | set(MOVE_DOWN)
                          | set(CONFIRM) | set(LOG_SCROLL) | set(END_KEYS) | set(LEFT) | set(RIGHT)
                          | {pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_v, pygame.K_c,
                             pygame.K_PERIOD, pygame.K_COMMA, pygame.K_SLASH, pygame.K_EQUALS, pygame.K_1,
                             pygame.K_9, pygame.K_0}))
"""Every key some screen of the game answers."""
ALL_KEYS = tuple(sorted({getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")}))
"""Every key pygame names."""
SHIFTED = {pygame.K_PERIOD: ">", pygame.K_COMMA: "<", pygame.K_SLASH: "?", pygame.K_EQUALS: "+",
           pygame.K_1: "!", pygame.K_MINUS: "_"}
MODS = (0, 0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_SHIFT, pygame.KMOD_LCTRL, pygame.KMOD_CTRL, pygame.KMOD_ALT,
        pygame.KMOD_META, pygame.KMOD_CAPS, pygame.KMOD_NUM, pygame.KMOD_SHIFT | pygame.KMOD_CTRL,
        pygame.KMOD_CTRL | pygame.KMOD_ALT)
ODD_TEXT = ("é", "ß", "ñ", "Ж", "λ", "中", "🙂", " ", "\t", "\r", "\x7f", "\u200b", "́", "Å", "ﬁ", "0", "~", "\\")
"""Text beside the keys' own characters: accents, other scripts, an emoji, control and combining characters."""
WINDOW = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE, pygame.WINDOWENTER,
          pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE,
          pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED)
KINDS = (("key", 30), ("key up", 6), ("text", 5), ("motion", 14), ("click", 12), ("aimed click", 10),
         ("touch", 10), ("aimed touch", 5), ("pinch", 2), ("wheel", 5), ("window", 3))
"""What the weather is made of, and how often (weights)."""


def clickable(state: Any) -> list[pygame.Rect]:
    """What the screen on show last drew as clickable: menu rows, option rows and arrows, the
    sidebar's slots and buttons, verbs, pack rows, the seed entry's buttons and box."""
    rects: list[pygame.Rect] = []
    for owner in (state, getattr(state, "menu", None), getattr(state, "buttons", None), getattr(state, "verbs", None)):
        rects += [rect for rect in getattr(owner, "rects", None) or [] if isinstance(rect, pygame.Rect) and rect.w]
    under = getattr(state, "play", None)  # a screen over play: play's sidebar is still there
    rects += [rect for rect, _ in getattr(getattr(state, "hud", None) or getattr(under, "hud", None), "targets", None) or []]
    rects += [rect for rect, _ in getattr(state, "pack_rows", None) or []]
    rects += [rect for pair in getattr(state, "arrows", None) or [] if pair for rect in pair]
    rects += [rect for rect in getattr(state, "more", None) or [] if rect is not None]
    box = getattr(state, "box", None)
    if isinstance(box, pygame.Rect) and box.w:
        rects.append(box)
    return rects


class Weather:
    """Random events from ``rng``; ``held`` remembers the fingers and buttons still down."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.fingers: dict[int, tuple[float, float]] = {}  # finger id -> where, 0..1 across the window
        self.clicked: tuple[int, int] | None = None  # a touch's click waiting for its finger to lift

    def batch(self, state: Any) -> list[pygame.event.Event]:
        """One frame's events (none to four gestures' worth), some aimed at ``state``'s clickables."""
        events: list[pygame.event.Event] = []
        for _ in range(self.rng.choice((0, 1, 1, 1, 2, 2, 3, 4))):
            kind = self.rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
            events += getattr(self, "_" + kind.replace(" ", "_"))(state)
        if self.fingers and self.rng.random() < 0.5:  # fingers down from an earlier frame lift
            events += self._lift()
        return events

    # --- keys ------------------------------------------------------------------------------------
    def _key_code(self) -> int:
        roll = self.rng.random()
        if roll < 0.75:
            return self.rng.choice(KNOWN_KEYS)
        if roll < 0.97:
            return self.rng.choice(ALL_KEYS)
        return self.rng.choice((0, 1, 0x7F, 0x10FFFF, 0x40000000, 0x4000FFFF, 2**31 - 1))

    def _unicode(self, key: int, mod: int) -> str:
        roll = self.rng.random()
        if roll < 0.15:
            return ""
        if roll < 0.25:
            return self.rng.choice(ODD_TEXT)
        if mod & pygame.KMOD_SHIFT and key in SHIFTED:
            return SHIFTED[key] if self.rng.random() < 0.7 else chr(key)  # text input off: the unshifted one
        if 32 <= key < 127:
            character = chr(key)
            return character.upper() if mod & (pygame.KMOD_SHIFT | pygame.KMOD_CAPS) else character
        return ""

    def _key(self, state: Any) -> list[pygame.event.Event]:
        key, mod = self._key_code(), self.rng.choice(MODS)
        text = self._unicode(key, mod)
        down = pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=mod, scancode=0)
        events = [down]
        if text and text.isprintable() and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and self.rng.random() < 0.5:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
        if self.rng.random() < 0.15:  # held: the key repeats
            events += [down] * self.rng.randint(1, 4)
        if self.rng.random() < 0.6:
            events.append(pygame.event.Event(pygame.KEYUP, key=key, unicode=text, mod=mod, scancode=0))
        return events

    def _key_up(self, state: Any) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.KEYUP, key=self._key_code(), unicode="", mod=self.rng.choice(MODS),
                                   scancode=0)]

    def _text(self, state: Any) -> list[pygame.event.Event]:
        pool = ODD_TEXT + tuple("abcxyz019 .,>?-+=!")
        return [pygame.event.Event(pygame.TEXTINPUT, text="".join(self.rng.choice(pool)
                                                                    for _ in range(self.rng.randint(1, 3))))]

    # --- the mouse -------------------------------------------------------------------------------
    def _anywhere(self) -> tuple[int, int]:
        """A point of the window; now and then a little off it (a drag out of the window)."""
        width, height = current().size
        if self.rng.random() < 0.03:
            return self.rng.randint(-40, width + 40), self.rng.randint(-40, height + 40)
        return self.rng.randrange(width), self.rng.randrange(height)

    def _aimed(self, state: Any) -> tuple[int, int]:
        """A point inside something the screen says is clickable (else anywhere)."""
        rects = clickable(state)
        if not rects:
            return self._anywhere()
        rect = self.rng.choice(rects)
        return self.rng.randint(rect.left, max(rect.left, rect.right - 1)), \
            self.rng.randint(rect.top, max(rect.top, rect.bottom - 1))

    def _motion(self, state: Any, pos: tuple[int, int] | None = None, touch: bool = False,
                buttons: tuple[int, int, int] | None = None) -> list[pygame.event.Event]:
        pos = pos if pos is not None else self._anywhere()
        rel = (self.rng.randint(-60, 60), self.rng.randint(-60, 60))
        buttons = buttons if buttons is not None else self.rng.choice(((0, 0, 0), (0, 0, 0), (1, 0, 0), (0, 0, 1)))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=touch)]

    def _press(self, pos: tuple[int, int], button: int, touch: bool = False) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)]

    def _release(self, pos: tuple[int, int], button: int, touch: bool = False) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)]

    def _click(self, state: Any, pos: tuple[int, int] | None = None) -> list[pygame.event.Event]:
        pos = pos if pos is not None else self._anywhere()
        button = self.rng.choice((1, 1, 1, 1, 2, 3, 3, 4, 5))
        events = self._motion(state, pos, buttons=(0, 0, 0)) + self._press(pos, button)
        if self.rng.random() < 0.2:  # dragged before the release
            events += self._motion(state, self._anywhere(), buttons=(1, 0, 0) if button == 1 else (0, 0, 1))
        if self.rng.random() < 0.85:
            events += self._release(pos, button)
        return events

    def _aimed_click(self, state: Any) -> list[pygame.event.Event]:
        return self._click(state, self._aimed(state))

    def _wheel(self, state: Any) -> list[pygame.event.Event]:
        x, y = self.rng.choice((0, 0, 0, -1, 1)), self.rng.choice((-3, -1, -1, 0, 1, 1, 2, 5))
        moved = self._motion(state) if self.rng.random() < 0.5 else []  # the wheel turned somewhere else
        return moved + [pygame.event.Event(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x),
                                           precise_y=float(y), touch=False)]

    # --- fingers ---------------------------------------------------------------------------------
    def _finger(self, kind: int, finger: int, pos: tuple[float, float]) -> pygame.event.Event:
        return pygame.event.Event(kind, x=pos[0], y=pos[1], touch_id=1, finger_id=finger, dx=0.0, dy=0.0,
                                  pressure=0.0 if kind == pygame.FINGERUP else 1.0)

    def _down(self, pos: tuple[int, int], finger: int) -> list[pygame.event.Event]:
        """A finger lands at ``pos``; the first of a gesture also makes a click, sent first (as SDL does)."""
        width, height = current().size
        where = (min(1.0, max(0.0, pos[0] / width)), min(1.0, max(0.0, pos[1] / height)))
        events = []
        if not self.fingers:
            events += self._motion(None, pos, touch=True, buttons=(1, 0, 0)) + self._press(pos, 1, touch=True)
            self.clicked = pos
        self.fingers[finger] = where
        return events + [self._finger(pygame.FINGERDOWN, finger, where)]

    def _lift(self) -> list[pygame.event.Event]:
        """Every finger leaves the screen, in a random order; the click's finger ends its click."""
        events = []
        for finger in self.rng.sample(sorted(self.fingers), len(self.fingers)):
            where = self.fingers.pop(finger)
            if self.clicked is not None and self.rng.random() < 0.8:
                events += self._release(self.clicked, 1, touch=True)
                self.clicked = None
            events.append(self._finger(pygame.FINGERUP, finger, where))
        self.clicked = None
        return events

    def _touch(self, state: Any, pos: tuple[int, int] | None = None) -> list[pygame.event.Event]:
        """A tap, lifted now or in a later frame, perhaps sliding first."""
        free = [finger for finger in (0, 1) if finger not in self.fingers]
        if not free:
            return self._lift()
        finger = free[0]
        events = self._down(pos if pos is not None else self._anywhere(), finger)
        if self.rng.random() < 0.25:
            x, y = self.fingers[finger]
            moved = (min(1.0, max(0.0, x + self.rng.uniform(-0.05, 0.05))),
                     min(1.0, max(0.0, y + self.rng.uniform(-0.05, 0.05))))
            self.fingers[finger] = moved
            events.append(self._finger(pygame.FINGERMOTION, finger, moved))
        if self.rng.random() < 0.6:
            events += self._lift()
        return events

    def _aimed_touch(self, state: Any) -> list[pygame.event.Event]:
        return self._touch(state, self._aimed(state))

    def _pinch(self, state: Any) -> list[pygame.event.Event]:
        """Two fingers down, spread or closed over a few motions, then (maybe) lifted."""
        events = []
        for finger in (0, 1):
            if finger not in self.fingers:
                events += self._down(self._anywhere(), finger)
        spread = self.rng.choice((-0.08, 0.08, 0.15))
        for _ in range(self.rng.randint(1, 4)):
            for finger, (x, y) in list(self.fingers.items()):
                side = -1 if finger == 0 else 1
                moved = (min(1.0, max(0.0, x + side * spread)), min(1.0, max(0.0, y + side * spread / 2)))
                self.fingers[finger] = moved
                events.append(self._finger(pygame.FINGERMOTION, finger, moved))
        if self.rng.random() < 0.5:
            events += self._lift()
        return events

    # --- the window ------------------------------------------------------------------------------
    def _window(self, state: Any) -> list[pygame.event.Event]:
        kind = self.rng.choice(WINDOW)
        if kind == pygame.VIDEORESIZE:
            w, h = self.rng.randint(200, 2000), self.rng.randint(150, 1400)
            return [pygame.event.Event(kind, size=(w, h), w=w, h=h)]
        if kind in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            return [pygame.event.Event(kind, x=self.rng.randint(200, 2000), y=self.rng.randint(150, 1400))]
        return [pygame.event.Event(kind)]
