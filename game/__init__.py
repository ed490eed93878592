"""Threshold: a thin-walled roguelike for the browser and the desktop.

Only ``game.app``, ``game.render`` and the tools import pygame; everything that
shapes the world (``game.world``, ``game.mapgen``, ``game.map``, ``game.rng``) is standard
library + numpy so it runs in tests, tools and benchmarks without a display.

The package is built in layers, bottom to top: the basics (this module, ``rng``,
``geometry``, ``progress``, ``paths``, ``cli``, ``content``, ``storage``), ``map``, ``mapgen``,
``world``, ``ai``, ``run``, ``bot``, ``render``, ``app``, then ``headless``, ``tools`` and
``bench``; ``tests/test_imports.py`` holds the list and ``docs/architecture.md`` draws it.
"""

from __future__ import annotations

__version__ = "0.2.0"
"""The game's version, pyproject's too: raised when the rules change what a recording plays to
(0.2.0: a vault's payout counts as coins earned, a blast tells its hits before its kills, a
pack slot can be dropped), so the daily board refuses an older run by its version instead of
finding it out of sync."""

SAVE_VERSION = 11
"""The save format. A save (or a recording) of another format is refused, never misread.
6: saves carry their recording and the run's description (``game.run.saves``).
9: a hasted player (potion of speed) and smoke on a floor (smoke bomb).
10: what the run knows of potions and scrolls, the enchantments worn, the spells on the player
(``game.world.magic``), the growth chosen (``Record.choices``) and an item's ``enchant``; captives
and allies (an actor's shackles, ally and waiting; a placement's captive flag; the allies
travelling with the player); staffs', wands' and charms' charges, slowed and entranced monsters,
conjured crystal.
11: the boons taken and offered (``game.world.boons``)."""
