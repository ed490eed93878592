"""Threshold: a thin-walled roguelike for the browser and the desktop.

Only ``game.app``, ``game.render`` and the tools import pygame; everything that
shapes the world (``game.world``, ``game.mapgen``, ``game.rng``) is standard
library + numpy so it runs in tests, tools and benchmarks without a display.
"""

from __future__ import annotations

__version__ = "0.1.0"

SAVE_VERSION = 9
"""The save format. A save (or a recording) of another format is refused, never misread.
6: saves carry their recording and the run's description (``game.saves``).
9: a hasted player (potion of speed) and smoke on a floor (smoke bomb)."""
