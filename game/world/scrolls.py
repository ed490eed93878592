"""What reading a scroll does (SPEC ITM-4, ITM-7), and the two choices a scroll asks for:
``Enchant`` (what a scroll of enchanting makes better) and ``Identify`` (which unknown kind a
scroll of identify names). World rules only.

``read`` is what ``UseSlot`` does with a scroll. Most scrolls act at once, are gone, and are
known from then on. A scroll of enchanting, or of identify with more than one unknown kind in
the pack, is known as soon as it is read but asks first: ``read`` returns ``NeedsTarget`` (kind
``"enchant"`` or ``"identify"``) with the choices, each with what it will do, and the
interface performs ``Enchant(target)`` or ``Identify(item)``, which spend the scroll.

Recharging fills the staffs, wands and charms carried (``game.world.zaps.recharge_all``); with
none it shows nothing and the scroll stays unknown. Enchanting offers the worn weapon and armour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from game.content.items import ITEMS
from game.content.items import charged as has_charges
from game.world import combat, consumables, magic, zaps
from game.world.action import Done, Impossible, NeedsTarget, Result
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.world.game import Game

Choice = tuple[str, str]
"""A choice a scroll offers: its key (for ``Enchant`` or ``Identify``) and the words shown."""


def charged(game: Game) -> list[str]:
    """The kinds carried with charges (staffs, wands, charms: ``game.world.charges``), in slot order."""
    return [kind for kind, _ in game.inventory.slots if has_charges(kind)]


def read(game: Game, kind: str) -> Result:
    """Read the scroll ``kind`` from the pack."""
    if kind == "scroll_teleport" and game.floor.vault_state is not None:
        return Impossible("The vault's wards hold you: the scroll's words will not come.")
    if kind == "scroll_enchanting":
        choices = enchant_choices(game)
        if choices:
            return NeedsTarget("enchant", _asks(game, kind, "Enchant what?"), kind,
                               tuple((key, f"{label}: {change}") for key, label, change in choices))
    if kind == "scroll_identify" and len(_identifiable(game)) > 1:
        return NeedsTarget("identify", _asks(game, kind, "Identify which?"), kind,
                           tuple((unknown, _capital(magic.item_name(game, unknown)))
                                 for unknown in _identifiable(game)))
    if kind == "scroll_teleport" and consumables.teleport_spot(game) is None:
        return Impossible("There is nowhere safe on this floor to go.")
    game.log.add(f"You read {magic.item_name(game, kind, article=True)}.", "info", game.turn)
    game.inventory.remove(kind)
    text, shows = EFFECTS[kind](game)
    if shows and magic.identify(game, kind):
        text += f" (It was {magic.item_name(game, kind, article=True)}.)"
    return Done(text)


def _asks(game: Game, kind: str, question: str) -> str:
    """The question, after what the scroll turned out to be if it was unknown (reading it tells)."""
    return f"It is {magic.item_name(game, kind, article=True)}. {question}" if magic.identify(game, kind) else question


def _mapping(game: Game) -> tuple[str, bool]:
    game.floor.reveal_all()
    game.cue("reveal")
    return "The scroll shows you the whole floor.", True


def _teleport(game: Game) -> tuple[str, bool]:
    spot = consumables.teleport_spot(game)
    assert spot is not None  # (``read`` refused the scroll otherwise)
    game.effects.append(("teleport", game.player.pos, spot))
    game.cue("potion")
    game.move_actor(game.player, *spot)
    return "The world folds: you stand elsewhere on the floor.", True  # (``UseSlot`` adds what lies there)


def _protect(game: Game) -> tuple[str, bool]:
    turns = ITEMS["scroll_protect_armour"].turns
    game.magic.spells["ward"] += turns
    game.cue("reveal")
    return f"A shimmering ward settles on your armour: blows are blunted by 2 more ({turns} turns).", True


def _aggravate(game: Game) -> tuple[str, bool]:
    """Every monster on the floor wakes and goes to where the player stood."""
    for monster in game.floor.actors:
        if monster.alive and not peaceful(monster) and monster.state not in ("hunting", "fleeing"):
            monster.state, monster.target, monster.lost_turns = "searching", game.player.pos, 0
    game.cue("trap")
    return "A piercing shriek rings out of the scroll: every monster on the floor heard it.", True


def _recharging(game: Game) -> tuple[str, bool]:
    kinds = charged(game)
    if not zaps.recharge_all(game):
        return "The scroll's words fade, and nothing seems to happen.", False
    game.cue("reveal")
    names = ", ".join(magic.item_name(game, kind) for kind in kinds)
    return f"Power hums through what you carry: {names} full of charges again.", True


def _identify_only(game: Game) -> tuple[str, bool]:
    magic.identify(game, "scroll_identify")
    unknown = _identifiable(game)
    if not unknown:
        return "You carry nothing unknown: the scroll's knowledge is lost.", True
    return _learn(game, unknown[0]), True


def _enchant_nothing(game: Game) -> tuple[str, bool]:
    return "The scroll glows, but you have nothing it could enchant.", True


EFFECTS: dict[str, Callable[[Game], tuple[str, bool]]] = {
    "scroll_mapping": _mapping, "scroll_teleport": _teleport, "scroll_protect_armour": _protect,
    "scroll_aggravate": _aggravate, "scroll_recharging": _recharging, "scroll_identify": _identify_only,
    "scroll_enchanting": _enchant_nothing,
}
"""What each scroll does at once: what the player is told, and whether its effect shows."""


# --- identify ------------------------------------------------------------------------------
def _identifiable(game: Game) -> list[str]:
    return [kind for kind in magic.unknown_carried(game) if kind != "scroll_identify"]


def _learn(game: Game, kind: str) -> str:
    was = magic.item_name(game, kind, 2)
    magic.identify(game, kind)
    game.cue("reveal")
    return f"You learn that {was.split(' ', 1)[1]} are {ITEMS[kind].plural}."


@dataclass(frozen=True)
class Identify:
    """Spend a scroll of identify on the unknown kind ``item`` in the pack."""

    item: str

    def perform(self, game: Game) -> Result:
        if game.inventory.count("scroll_identify") == 0:
            return Impossible("You have no scroll of identify.")
        magic.identify(game, "scroll_identify")
        if self.item not in _identifiable(game):
            return Impossible("You carry nothing unknown of that kind.")
        game.inventory.remove("scroll_identify")
        return Done(_learn(game, self.item))


# --- enchant -------------------------------------------------------------------------------
def enchant_choices(game: Game) -> list[tuple[str, str, str]]:
    """What a scroll of enchanting can make better, with its name and what +1 will do:
    ``("weapon", "Sword", "damage 3-6 -> 4-7, accuracy +1 -> +2")`` (SPEC ITM-8)."""
    stats = combat.stats_of(game, game.player)
    out = []
    if game.inventory.weapon:
        low, high = stats.damage
        out.append(("weapon", _capital(magic.worn_name(game, "weapon")),
                    f"damage {low}-{high} -> {low + 1}-{high + 1}, accuracy {stats.accuracy:+d} -> "
                    f"{stats.accuracy + 1:+d}"))
    if game.inventory.armour:
        out.append(("armour", _capital(magic.worn_name(game, "armour")),
                    f"armour {stats.armour} -> {stats.armour + 1}"))
    return out


@dataclass(frozen=True)
class Enchant:
    """Spend a scroll of enchanting on ``target``: ``"weapon"`` or ``"armour"`` (what is worn).
    +1 for good, and one growth choice made (SPEC ITM-8)."""

    target: str

    def perform(self, game: Game) -> Result:
        if game.inventory.count("scroll_enchanting") == 0:
            return Impossible("You have no scroll of enchanting.")
        chosen = next((c for c in enchant_choices(game) if c[0] == self.target), None)
        if chosen is None:
            return Impossible("That cannot be enchanted.")
        _, label, change = chosen
        game.inventory.remove("scroll_enchanting")
        magic.identify(game, "scroll_enchanting")
        game.magic.plus[self.target] += 1
        now = magic.worn_name(game, self.target)
        game.record.choices += 1
        game.cue("reveal")
        return Done(f"Your {label[0].lower() + label[1:]} glows: {now} ({change}).")


def _capital(name: str) -> str:
    """"Scroll titled XUN BLAH" (``str.capitalize`` would lower the title)."""
    return name[:1].upper() + name[1:]
