"""Facts about where the game runs."""

from __future__ import annotations

import sys
from typing import Any, cast

BROWSER = sys.platform == "emscripten"
"""True inside pygbag's WebAssembly runtime: fixed canvas, no quitting, no files."""


def page() -> Any:
    """The page's ``window`` object, in the browser: pygbag's own ``platform`` module carries it
    (it stands in for the standard library's there, which type checkers see instead)."""
    import platform as pygbag

    return cast(Any, pygbag).window
