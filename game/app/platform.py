"""Facts about where the game runs."""

from __future__ import annotations

import sys

BROWSER = sys.platform == "emscripten"
"""True inside pygbag's WebAssembly runtime: fixed canvas, no quitting, no files."""
