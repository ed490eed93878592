"""Every sound cue the game can emit (SPEC UI-5), as data.

The world names what the player should hear (``Game.cue("door_open")``) without pygame;
``game.app.audio`` plays ``assets/sounds/NAME.ogg`` and ``python -m game.tools.sounds``
makes those files from one recipe per name. All three agree on this tuple.
"""

from __future__ import annotations

SOUND_NAMES: tuple[str, ...] = (
    "step",  # most player moves: subtle
    "door_open", "door_close",
    "hit", "miss", "hurt", "kill", "death",  # blows landed, missed and taken; deaths
    "pickup", "coins", "potion",
    "throw", "explosion", "shockwave",  # TNT and rockets
    "trap", "bug", "reveal",  # trap vaults
    "breach",  # a derelict's hull broken
    "stairs", "warden", "victory",
    "menu",  # a menu choice
)
"""Every cue name; each has ``assets/sounds/NAME.ogg``."""
