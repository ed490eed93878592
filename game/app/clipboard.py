"""Copy and paste text (a seed, a daily result) on every platform the game runs on.

Desktop: SDL's clipboard through ``pygame.scrap``. Browser: copying uses our page's
``threshold_copy`` (``web/threshold.tmpl``: the Clipboard API, else a hidden text area and
``execCommand("copy")`` where the API is refused, as in a frame without the clipboard-write
permission; asynchronous in the page, we do not wait for it);
reading the clipboard needs an asynchronous permission there, so pasting opens the
page's own text box (``window.prompt``), where Ctrl+V works as everywhere.
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
            from game.app.platform import page

            window = page()
            if hasattr(window, "threshold_copy"):  # our page's, with a fallback
                window.threshold_copy(text)
            else:
                window.navigator.clipboard.writeText(text)
            return True
        pygame.scrap.put_text(text)
        return True
    except Exception as problem:  # noqa: BLE001 - no clipboard (headless, a denied page): say so, carry on
        print(f"threshold: could not copy to the clipboard ({problem})", file=sys.stderr)
        return False


def paste() -> str | None:
    """The clipboard's text (at most ``MAX_PASTE`` characters, one line), or None."""
    try:
        if BROWSER:
            from game.app.platform import page

            text = page().prompt("Paste (Ctrl+V) or type the seed, then OK:", "")
        else:
            text = pygame.scrap.get_text()
    except Exception:  # noqa: BLE001 - no clipboard here, or the page refused the box
        return None
    if not text:
        return None
    return " ".join(str(text).split())[:MAX_PASTE]
