"""What an action returns: done (a turn passes), impossible (nothing happens), needs a
target (the interface must ask for a direction or a tile first) or asks (a yes-or-no
question first: freeing a captive)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from game.world.game import Game


@dataclass(frozen=True)
class Done:
    """The action happened and took the actor's turn. ``turns_passed``: the action let its
    turns pass itself (a task of several turns, ``game.world.turns``), none is left to pass."""

    message: str = ""
    turns_passed: bool = False


@dataclass(frozen=True)
class Impossible:
    """Nothing happened and no time passed; ``reason`` is shown to the player."""

    reason: str


TargetKind = Literal["direction", "throw", "fire", "zap", "enchant", "identify"]
"""What an action waits for: a direction (which door to close), a tile to throw ``item`` at,
to fire the launcher at, or to zap the staff or wand ``item`` at (the interface aims), or one of
``choices``: what a scroll of enchanting enchants (``Enchant``), which unknown kind a scroll of
identify names (``Identify``)."""


@dataclass(frozen=True)
class NeedsTarget:
    """The action needs a direction, a tile or a choice before it can happen: ``kind`` says which,
    ``prompt`` is the question a direction or a choice needs, ``item`` the kind a throw throws, a
    zap zaps (or the scroll read), ``choices`` what a choice offers: (key for the action, words shown)."""

    kind: TargetKind
    prompt: str = ""
    item: str = ""
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Ask:
    """Nothing happened yet: the interface asks ``question`` (yes or no), and on yes performs
    ``action`` (bumping a captive asks whether to free it: SPEC ALY-1)."""

    question: str
    action: Action


Result = Done | Impossible | NeedsTarget | Ask


class Action(Protocol):
    """Something the player (or a bot) asks to do."""

    def perform(self, game: Game) -> Result: ...
