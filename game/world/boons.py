"""Boons (SPEC GRW-1, GRW-2): what a fallen Warden offers, and what taking one does. World rules only.

When a Warden falls and others still stand, ``offer`` deals the choice: three boons the player
has not taken, drawn from the seed and the region (so a daily offers everyone the same three
at the same Warden). The offer waits in ``Game.boons`` (saved with the run) until the player
performs ``ChooseBoon``; choosing takes no turn. Most boons act through the numbers read
elsewhere (``taken``): ``magic.empowered`` (might, bulwark), ``arms.strike`` (shadowstrike),
``turns.end_turn`` (regeneration, arcana). Vigour and lore act once, when taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.content.boons import BOONS, OFFERED, VIGOUR_HEALTH
from game.rng import Rng
from game.world import magic, zaps
from game.world.action import Done, Impossible, Result
from game.world.fields import Fields, Where, as_choice, at, fail, unique

if TYPE_CHECKING:
    from game.world.game import Game


@dataclass
class Boons:
    """The boons taken, in the order taken, and the ones a fallen Warden offers now (else empty)."""

    taken: list[str] = field(default_factory=list)
    offer: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"taken": list(self.taken), "offer": list(self.offer)}

    @classmethod
    def from_dict(cls, data: Any, where: Where = "boons") -> Boons:
        """Checked (``SaveError``): boons by name, each taken once, none offered that is taken."""
        fields = Fields(data, where)
        taken = [as_choice(name, path, BOONS, "boon") for name, path in fields.entries("taken")]
        offer = [as_choice(name, path, BOONS, "boon") for name, path in fields.entries("offer")]
        unique(taken, fields.path("taken"), "boon")
        unique(offer, fields.path("offer"), "boon")
        if len(offer) > OFFERED:
            fail(fields.path("offer"), f"{len(offer)} boons offered, at most {OFFERED}")
        for i, name in enumerate(offer):
            if name in taken:
                fail(at(fields.path("offer"), i), f"{name!r} is taken already")
        return cls(taken, offer)


def has(game: Game, name: str) -> bool:
    return name in game.boons.taken


def offer(game: Game, region: int) -> None:
    """The fallen Warden of ``region`` offers three boons not yet taken, in the table's order."""
    left = [name for name in BOONS if name not in game.boons.taken]
    drawn = Rng.stream(game.seed, "boons", region).sample(left, min(OFFERED, len(left)))
    game.boons.offer = [name for name in left if name in drawn]
    if game.boons.offer:
        game.log.add("A boon is yours to choose.", "good", game.turn)


def choices(game: Game) -> list[tuple[str, str]]:
    """The boons offered now, each with the words its choice shows: ``("vigour", "Vigour: +10 ...")``."""
    return [(name, f"{BOONS[name].name}: {BOONS[name].does}") for name in game.boons.offer]


@dataclass(frozen=True)
class ChooseBoon:
    """Take ``boon``, one of those offered: a growth choice (SPEC GRW-1). It takes no turn."""

    boon: str

    def perform(self, game: Game) -> Result:
        if self.boon not in game.boons.offer:
            return Impossible("No such boon is offered." if game.boons.offer else "No boon is offered now.")
        game.boons.offer = []
        game.boons.taken.append(self.boon)
        game.record.choices += 1
        ONCE.get(self.boon, lambda _: None)(game)
        game.cue("reveal")
        spec = BOONS[self.boon]
        return Done(f"You take the boon of {spec.name}: {spec.does}.", turns_passed=True)


def _vigour(game: Game) -> None:
    game.player.max_hp += VIGOUR_HEALTH
    game.player.hp = game.player.max_hp


def _lore(game: Game) -> None:
    for kind in (*magic.POTION_KINDS, *magic.SCROLL_KINDS):
        magic.identify(game, kind)


def _arcana(game: Game) -> None:
    zaps.recharge_all(game)


ONCE = {"vigour": _vigour, "lore": _lore, "arcana": _arcana}
"""What a boon does at once, when taken (the others act from then on)."""
