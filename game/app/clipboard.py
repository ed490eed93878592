"""Copy and paste text (a seed, a daily result) on every platform the game runs on.

Desktop: SDL's clipboard through ``pygame.scrap``. Browser: the page's
``navigator.clipboard.writeText`` (asynchronous in the page; we do not wait for it).
Pasting in the browser reaches the game as typed text (the page turns a paste into
text input), so ``paste`` there returns None.
"""

from __future__ import annotations

import sys

import pygame

from game.app.platform import BROWSER

MAX_PASTE = 200


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; False when the platform would not."""
    try:
        if BROWSER:
            import platform

            platform.window.navigator.clipboard.writeText(text)
            return True
        pygame.scrap.put_text(text)
        return True
    except Exception as problem:  # noqa: BLE001 - no clipboard (headless, a denied page): say so, carry on
        print(f"threshold: could not copy to the clipboard ({problem})", file=sys.stderr)
        return False


def paste() -> str | None:
    """The clipboard's text (at most ``MAX_PASTE`` characters, one line), or None."""
    if BROWSER:
        return None
    try:
        text = pygame.scrap.get_text()
    except Exception:  # noqa: BLE001 - no clipboard here
        return None
    if not text:
        return None
    return " ".join(text.split())[:MAX_PASTE]
