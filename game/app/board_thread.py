"""Desktop only: a thread for one request to the daily board (``game.app.board_http``), so the
frame loop never waits on the network. The browser never imports this module (it has no
threads; there the page's ``fetch`` does the waiting), and ``tests/app/test_web_contract.py``
allows ``threading`` here and nowhere else in the shipped game."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


def start(work: Callable[..., None], *args: Any) -> None:
    """Run ``work(*args)`` in a daemon thread (a request left running does not keep the game open)."""
    threading.Thread(target=work, args=args, daemon=True, name="threshold-board").start()
