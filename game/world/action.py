"""What an action returns: done (a turn passes), impossible (nothing happens) or
needs a target (the interface must ask for a direction or a tile first)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

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


TargetKind = Literal["direction", "throw", "fire", "zap"]
"""What an action waits for: a direction (which door to close), or a tile to throw ``item`` at,
to fire the launcher at, or to zap the staff or wand ``item`` at (the interface aims)."""


@dataclass(frozen=True)
class NeedsTarget:
    """The action needs a direction or tile before it can happen: ``kind`` says which, ``prompt``
    is the question a direction needs, ``item`` the kind a throw throws or a zap zaps."""

    kind: TargetKind
    prompt: str = ""
    item: str = ""


Result = Done | Impossible | NeedsTarget


class Action(Protocol):
    """Something the player (or a bot) asks to do."""

    def perform(self, game: Game) -> Result: ...
