"""What a run knows of its potions and scrolls, and what they have made of the player
(SPEC ITM-5, ITM-8, ITM-9): one ``Magic`` object per game, ``game.magic``, saved with it.

- **Looks.** An unknown potion shows a colour ("a murky potion"), an unknown scroll a title
  ("a scroll titled XUN BLAH"), dealt from the run's seed by a stream of their own
  (``deal_looks``), so a seed's daily shows every player the same looks; they are never saved.
- **Known kinds.** A kind is known from its first use whose effect shows, or a scroll of
  identify; the healing potion is known from the start (``KNOWN_AT_START``). Once known, its
  name is used everywhere: every name of an item the player is shown goes through
  ``item_name`` (and hovering through ``description``, the map through ``sprite_of``).
- **Growth.** The worn weapon's and armour's enchantment (``plus``; an item lying on the floor
  keeps its own in ``Item.enchant``) and the strength drunk, added to the player's numbers in
  one place (``empowered``, called by ``game.world.combat.stats_of``).
- **Spells.** What the player is under, in turns left: darkness, hallucination, confusion and
  a ward on the armour (``SPELLS``), counted down once per player turn (``wear_off``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from game.content.boons import BULWARK_ARMOUR, BULWARK_DEFENCE, MIGHT
from game.content.descriptions import describe_item
from game.content.items import ITEMS, item_label
from game.content.monsters import MONSTERS
from game.content.potions import COLOURS, UNKNOWN_POTION
from game.content.scrolls import SYLLABLES, UNKNOWN_SCROLL, WARD
from game.rng import Rng
from game.world.fields import MAX_COUNT, Fields, Where, as_choice, unique

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.combat import Stats
    from game.world.game import Game

POTION_KINDS = tuple(kind for kind in ITEMS if kind.startswith("potion_"))
SCROLL_KINDS = tuple(kind for kind in ITEMS if kind.startswith("scroll_"))
KNOWN_AT_START = ("potion_healing",)
"""Known from the first turn: the player sets out carrying one (SPEC ITM-5)."""
SPELLS = ("darkness", "hallucination", "confusion", "ward")
WORN = ("weapon", "armour")
"""What an enchantment can be on while worn; ``Item.enchant`` keeps it on the floor."""
DREAMT = tuple(kind for kind, spec in MONSTERS.items() if not spec.boss)
"""What a hallucinating player takes monsters for."""


def deal_looks(seed: int) -> dict[str, str]:
    """Each potion kind's colour word and each scroll kind's title, for the run of ``seed``.

    >>> deal_looks(7) == deal_looks(7) and deal_looks(7) != deal_looks(8)
    True
    """
    rng = Rng.stream(seed, "looks")
    colours = [word for word, _ in COLOURS]
    rng.shuffle(colours)
    looks = dict(zip(POTION_KINDS, colours))
    titles: list[str] = []
    while len(titles) < len(SCROLL_KINDS):
        title = " ".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))
        if title not in titles:
            titles.append(title)
    return looks | dict(zip(SCROLL_KINDS, titles))


@dataclass
class Magic:
    looks: dict[str, str]  # from the seed (``deal_looks``); not saved
    known: list[str] = field(default_factory=lambda: list(KNOWN_AT_START))  # in the table's order
    plus: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WORN, 0))  # of what is worn
    strength: int = 0  # potions of strength drunk
    spells: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SPELLS, 0))  # turns left

    @classmethod
    def new(cls, seed: int) -> Magic:
        return cls(deal_looks(seed))

    def to_dict(self) -> dict[str, Any]:
        return {"known": list(self.known), "plus": dict(self.plus), "strength": self.strength,
                "spells": dict(self.spells)}

    @classmethod
    def from_dict(cls, data: Any, where: Where, seed: int) -> Magic:
        """Checked (``SaveError``): known kinds are potions or scrolls, each once."""
        fields = Fields(data, where)
        known = [as_choice(kind, path, (*POTION_KINDS, *SCROLL_KINDS), "potion or scroll")
                 for kind, path in fields.entries("known")]
        unique(known, fields.path("known"), "the kind")
        plus, spells = Fields(fields.get("plus"), fields.path("plus")), Fields(fields.get("spells"),
                                                                              fields.path("spells"))
        return cls(deal_looks(seed), known, {name: plus.integer(name, 0, MAX_COUNT) for name in WORN},
                   fields.integer("strength", 0, MAX_COUNT), {name: spells.integer(name, 0, MAX_COUNT)
                                                              for name in SPELLS})


# --- knowing ---------------------------------------------------------------------------------
def magical(kind: str) -> bool:
    """A potion or a scroll: a kind with a look until it is known."""
    return kind in POTION_KINDS or kind in SCROLL_KINDS


def knows(game: Game, kind: str) -> bool:
    return not magical(kind) or kind in game.magic.known


def identify(game: Game, kind: str) -> bool:
    """The player knows ``kind`` from now on; True if they did not before."""
    if knows(game, kind):
        return False
    known = game.magic.known
    known.append(kind)
    known.sort(key=list(ITEMS).index)
    return True


def unknown_carried(game: Game) -> list[str]:
    """The unknown potions and scrolls in the pack, in slot order."""
    return [str(kind) for kind, _ in game.inventory.slots if not knows(game, str(kind))]


# --- naming ----------------------------------------------------------------------------------
def item_name(game: Game, kind: str, count: int = 1, article: bool = False, plus: int = 0) -> str:
    """What the player calls ``count`` of ``kind``: its name once known ("a potion of strength",
    "3 healing potions", "a +1 sword" with ``plus``), else its look ("a murky potion", "2 scrolls
    titled XUN BLAH"). Every item name the world says goes through here."""
    if knows(game, kind):
        if not plus:
            return item_label(kind, count, article)
        name = f"+{plus} {ITEMS[kind].plural if count != 1 else ITEMS[kind].name}"
        return f"{count} {name}" if count != 1 else f"a {name}" if article else name
    look = game.magic.looks[kind]
    name = (f"{look} potion" if kind in POTION_KINDS else f"scroll titled {look}") if count == 1 else (
        f"{look} potions" if kind in POTION_KINDS else f"scrolls titled {look}")
    if count != 1:
        return f"{count} {name}"
    return (("an " if name[0] in "aeiou" else "a ") + name) if article else name


def worn_name(game: Game, category: str) -> str:
    """The worn weapon or armour with its enchantment ("+2 sword"); "" when none is worn."""
    kind = getattr(game.inventory, category)
    return "" if kind is None else item_name(game, kind, plus=game.magic.plus.get(category, 0))


def description(game: Game, kind: str) -> str:
    """The hover's words for ``kind`` (SPEC UI-8): its own once known, else what an unknown one is."""
    if knows(game, kind):
        return describe_item(kind)
    return UNKNOWN_POTION if kind in POTION_KINDS else UNKNOWN_SCROLL


def sprite_of(game: Game, kind: str) -> str:
    """The sprite the map and the pack draw for ``kind``: its own once known, else its look's."""
    if knows(game, kind):
        return kind
    return f"potion_look_{game.magic.looks[kind]}" if kind in POTION_KINDS else "scroll_unknown"


def seen_kind(game: Game, actor: Actor) -> str:
    """The kind the player takes ``actor`` for: its own, or while hallucinating another, changing
    from turn to turn (SPEC ITM-6). For names and for the renderer's sprites."""
    if actor is game.player or not game.magic.spells["hallucination"]:
        return actor.kind
    return DREAMT[(actor.eid * 7 + game.turn * 3) % len(DREAMT)]


# --- growth and spells -----------------------------------------------------------------------
def empowered(game: Game, stats: Stats) -> Stats:
    """The player's numbers with enchantments, strength, a ward and boons added (SPEC ITM-8, GRW-2)."""
    magic = game.magic
    taken = game.boons.taken
    blow = magic.strength + (magic.plus["weapon"] if game.inventory.weapon else 0) + (MIGHT if "might" in taken else 0)
    cover = (magic.plus["armour"] if game.inventory.armour else 0) + (WARD if magic.spells["ward"] else 0)
    bulwark = "bulwark" in taken
    low, high = stats.damage
    return replace(stats, accuracy=stats.accuracy + blow, damage=(low + blow, high + blow),
                   armour=stats.armour + cover + (BULWARK_ARMOUR if bulwark else 0),
                   defence=stats.defence + (BULWARK_DEFENCE if bulwark else 0))


def under(game: Game, spell: str) -> bool:
    return game.magic.spells[spell] > 0


ENDINGS = {"darkness": "The shadows around you thin away.",
           "hallucination": "The monsters look like themselves again.",
           "confusion": "Your head clears.", "ward": "The ward on your armour fades."}


def wear_off(game: Game) -> None:
    """One turn of every spell the player is under passes; the log says which ended."""
    spells = game.magic.spells
    for name in SPELLS:
        if spells[name]:
            spells[name] -= 1
            if not spells[name]:
                game.log.add(ENDINGS[name], "notice", game.turn)


def unnoticed(game: Game, monster: Actor) -> bool:
    """Darkness hides the player from a monster not already after them, unless it is beside them."""
    if not under(game, "darkness") or (monster.target_eid == game.player.eid and monster.state == "hunting"):
        return False
    return max(abs(monster.x - game.player.x), abs(monster.y - game.player.y)) > 1


def take_enchant(game: Game, category: str, enchant: int) -> int:
    """Put on a weapon or armour of ``enchant``; returns the enchantment of what was worn, which
    the item left on the floor keeps."""
    if category not in WORN:
        return 0
    old, game.magic.plus[category] = game.magic.plus[category], enchant
    return old

