"""What the bot reads of a floor outside its plans: a floor key in its memory, a breached deck."""

from __future__ import annotations

from game.world.fields import Where, fail, shown
from game.world.game import OVERWORLD, Game
from game.world.saving import DUNGEON_KEY


def remembered_floor(value: object, where: Where) -> str:
    """A floor's key in the bot's memory (``game.world.game.floor_key``), or ``""`` before its
    first move; a ``SaveError`` for anything else."""
    if not (value in ("", OVERWORLD) or isinstance(value, str) and DUNGEON_KEY.fullmatch(value)):
        fail(where, f"not a floor: {shown(value)}")
    return value


def breached(game: Game) -> bool:
    """A derelict deck whose hull is broken: its air is going or gone, so the bot heads for the
    stairs rather than open more doors onto it."""
    return game.floor.ship_state is not None and bool(game.floor.ship_state.breaches)
