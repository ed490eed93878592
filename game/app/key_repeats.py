"""Key presses the player made, told from a held key's repeats: one press, one turn (TRU-2).

pygame-ce repeats a held key itself (``pygame.key.set_repeat(220, 70)``): after 220 ms its
event filter's timer pushes a copy of the key's KEYDOWN every 70 ms until the filter sees the
key's KEYUP. The timer is a thread on the desktop (the page's ``setTimeout`` in the browser),
but the filter sees a KEYUP only when the game reads its events. So a frame that stalls (a
save's disk sync, a slow turn, the machine under load) lets copies pile up in the queue ahead
of the KEYUP of a key let go long before: one press of ``.`` played seven turns behind a
600 ms save. A copy is the very KEYDOWN of the press (pygame-ce 2.5.7 keeps no ``repeat``
field of SDL's), so the app tells them apart itself:

* a KEYDOWN of a key already down (no KEYUP since) is a repeat: ``event.repeat`` says it, on
  every KEYDOWN the screens get;
* repeats that came in while the game was busy (``busy``: a turn, a save, a new screen), of a
  key let go later in the same batch, or after another repeat in the same frame are dropped;
  presses never are.

A key is known by its scancode (the physical key, the same in its press, repeats and
release); an event posted by a program without one (a key script, a test) is a press.
"""

from __future__ import annotations

import pygame

FORGET_KEYS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED, pygame.APP_WILLENTERBACKGROUND)
"""Events after which no key is taken to be held (a KEYUP may never come to an unfocused window)."""


def _key(event: pygame.event.Event) -> int:
    """The physical key of a key event, or 0 when the event names none."""
    return int(getattr(event, "scancode", 0) or 0)


class KeyRepeats:
    """The app's filter between the event queue and the screens."""

    def __init__(self) -> None:
        self.down: set[int] = set()  # the keys held now, by scancode
        self._late: list[pygame.event.Event] = []  # what came in while the game was busy

    def busy(self) -> None:
        """The game has just done work the player waited for (a turn, a save, a new screen):
        what came in meanwhile is late, and a repeat among it was never meant."""
        self._late.extend(pygame.event.get())

    def events(self) -> list[pygame.event.Event]:
        """This frame's events, oldest first, each KEYDOWN with ``repeat`` set; the repeats
        not meant dropped."""
        late, self._late = self._late, []
        batch = late + pygame.event.get()
        released_at = {_key(e): i for i, e in enumerate(batch) if e.type == pygame.KEYUP and _key(e)}
        kept: list[pygame.event.Event] = []
        repeated = False
        for i, event in enumerate(batch):
            if event.type == pygame.KEYDOWN:
                key = _key(event)
                event.repeat = bool(key) and key in self.down
                self.down.add(key)
                if event.repeat and (i < len(late) or released_at.get(key, -1) > i or repeated):
                    continue
                repeated |= event.repeat
            elif event.type == pygame.KEYUP:
                self.down.discard(_key(event))
            elif event.type in FORGET_KEYS:
                self.down.clear()
            kept.append(event)
        self.down.discard(0)
        return kept
