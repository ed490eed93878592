"""How the autoplayer plays (SPEC ROB-4): which of its rules it follows, as one value handed to
``Autoplayer(policy)``.

``STANDARD`` is the bot's play as the tests, the daily check and the soak know it (its runs'
digests are pinned). The balance tool (``game.tools.balance --policy``) plays two more:
``NAIVE``, a careless player, and ``SMART``, the best play the bot has, so that the game can be
held to "a skilled player wins far more often than a careless one".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

_T = TypeVar("_T")


@dataclass(frozen=True)
class Policy:
    """The bot's choices of play. Each field switches one of its rules (``game.bot.fights``,
    ``game.bot.autoplay``) or sets one of its thresholds."""

    name: str
    drink_below: float = 0.4
    """In a fight, it drinks a healing potion below this share of its health."""
    dodges: bool = True
    """It steps out of a boss's announced trick (it reads the telegraphs)."""
    flees: bool = True
    """Outmatched, hurt and without a potion, it flees; hurt with a foe in view, it backs away to rest."""
    uses_items: bool = True
    """It drinks potions of speed, reads teleportation, throws and fires (else only healing)."""
    shops: bool = True
    """It buys wares and uses fixtures: shrines, lecterns, training dummies."""
    first_choice: bool = False
    """Offered a choice (an armoury's pieces, and the growth choices to come), it takes the first
    one offered rather than the best for it."""
    doorways: bool = False
    """A group coming at it, it steps into a doorway first, so they come through one at a time
    (``game.bot.doorways``)."""
    reads_maps: bool = False
    """It reads a scroll of mapping on arriving on a floor it has not seen."""
    frees_captives: bool = True
    """It frees a captive in its way when no foe is in view and it has room for another ally (ALY-1)."""
    identifies: bool = False
    """Safe (no foe in view, healthy, not in a trap vault), it learns its unknown potions and scrolls
    by use, and spends a scroll of identify on an unknown potion (``game.bot.kit``)."""
    zaps: bool = False
    """It zaps its staffs and wands and uses its charms in fights: bolts at tough foes, a slowing or
    an entrancing for a Warden, a charm to heal, to hasten or to escape (``game.bot.arsenal``)."""
    throws_weapons: bool = False
    """It throws javelins, darts and throwing axes at what comes, as it throws knives."""
    prepares: bool = False
    """A Warden in view, it wards its armour and drinks speed, if it knows what it carries does that."""

    def choose(self, options: Sequence[_T], best: int) -> _T:
        """Which of ``options`` (offered in this order) it picks, ``best`` being the index of the one
        it judges best: the hook for every growth choice (a boon, what to enchant)."""
        return options[0 if self.first_choice else best]


STANDARD = Policy("standard")
NAIVE = Policy("naive", drink_below=1 / 3, dodges=False, flees=False, uses_items=False, shops=False,
               first_choice=True, frees_captives=False)
"""Walks and explores, fights everything in melee, drinks healing below a third of its health,
takes the first offered choice, never frees a captive, never uses another item, never shops."""
SMART = Policy("smart", doorways=True, reads_maps=True, identifies=True, zaps=True, throws_weapons=True,
               prepares=True)
"""The standard play and more: it fights groups from doorways, reads its maps, learns its potions and
scrolls by use, zaps its staffs and wands, uses its charms, throws what can be thrown and readies
itself for a Warden."""
POLICIES: dict[str, Policy] = {policy.name: policy for policy in (NAIVE, SMART, STANDARD)}
