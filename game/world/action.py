"""What an action returns: done (a turn passes), impossible (nothing happens) or
needs a target (the interface must ask for a direction or a tile first)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.world.game import Game


@dataclass(frozen=True)
class Done:
    """The action happened and took the actor's turn."""

    message: str = ""


@dataclass(frozen=True)
class Impossible:
    """Nothing happened and no time passed; ``reason`` is shown to the player."""

    reason: str


@dataclass(frozen=True)
class NeedsTarget:
    """The action needs a direction or tile before it can happen."""

    prompt: str


Result = Done | Impossible | NeedsTarget


class Action(Protocol):
    """Something the player (or a bot) asks to do."""

    def perform(self, game: Game) -> Result: ...
