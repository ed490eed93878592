"""What special rooms do in play (SPEC LVL-4): announcing them, the shop's trade, the
armoury's one-of-three, and the fixtures a player uses by standing on them and pressing
``g`` (a shrine, a book of maps, training dummies).

The choice of rooms is made by ``game.mapgen.specials``; the tables are in
``game.content.specials``. No pygame here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from game.world.action import Done, Impossible, Result
from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.specials import SPECIALS, TRAINING_LIMIT, TRAINING_TURNS, USABLE, training_price
from game.world.fields import MAX_COUNT, Fields, Where
from game.world import magic
from game.world.inventory import no_room

if TYPE_CHECKING:
    from game.world.actor import Actor, Item
    from game.world.game import Game

Pos = tuple[int, int]


@dataclass
class Record:
    """What the run has learned and traded: training bonuses, coins in and out, growth chosen."""

    accuracy: int = 0  # trained on dummies (added to the player's accuracy)
    defence: int = 0
    coins_earned: int = 0
    coins_spent: int = 0
    choices: int = 0  # growth chosen: enchantments spent (SPEC ITM-8); what the balance tool counts

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, where: Where = "record") -> Record:
        fields = Fields(data, where)
        return cls(fields.integer("accuracy", 0, TRAINING_LIMIT), fields.integer("defence", 0, TRAINING_LIMIT),
                   fields.integer("coins_earned", 0, MAX_COUNT), fields.integer("coins_spent", 0, MAX_COUNT),
                   fields.integer("choices", 0, MAX_COUNT))


def earn_coins(game: Game, count: int) -> None:
    """Coins come to the player (picked up, or a cleared vault's payout): kept in the pack and
    counted as earned, the board's ``coins`` and the end screen's "Coins earned". Every way in
    goes through here, so the two never drift apart (spending lowers only the coins kept)."""
    game.inventory.coins += count
    game.record.coins_earned += count


def peaceful(actor: Actor) -> bool:
    """Not a foe of the player: a shopkeeper nobody has hurt, a captive, an ally (SPEC ALY-1, ALY-2), a
    peaceful wild creature (TER-8).
    Bumping it does not attack it; walks, aims and the autoplayer's fights pass it by."""
    return calm_keeper(actor) or actor.captive or actor.ally or wild_calm(actor)


def wild_calm(actor: Actor) -> bool:
    """A peaceful wild creature of the island (a deer, a goat, a raven: SPEC TER-8): it fights no
    one, and no one fights it; walking into it swaps places with it."""
    return actor.kind != "player" and MONSTERS[actor.kind].peaceful


def calm_keeper(actor: Actor) -> bool:
    """A shopkeeper nobody has hurt: it fights no one, and no one fights it."""
    return actor.kind != "player" and MONSTERS[actor.kind].behaviour == "keeper" and actor.hp >= actor.max_hp


def free_to_take(item: Item) -> bool:
    """Not a ware with a price, nor one of an armoury's pieces (those are the player's choice)."""
    return not item.price and not item.choice


def entered(game: Game) -> None:
    """Announce a special room the first time the player walks into it."""
    floor = game.floor
    room = floor.map.room_at(*game.player.pos)
    special = floor.level.special_of(room)
    if special is None or room in floor.announced:
        return
    floor.announced.append(room)
    game.log.add(SPECIALS[special.kind].announce, "notice", game.turn)


def keeper_died(game: Game, keeper: Actor) -> None:
    """The shop is free for the taking once its keeper is dead."""
    room = game.floor.map.room_at(*keeper.pos)
    home = game.floor.map.room_at(*keeper.home) if keeper.home is not None else room
    for item in game.floor.items:
        if item.price and game.floor.map.room_at(*item.pos) in (room, home):
            item.price = 0
    game.log.add("The shop's wares are yours for the taking.", "notice", game.turn)


def step_past(game: Game, keeper: Actor) -> Result:
    """Walking into a peaceful shopkeeper (or an ally) swaps places with it: it never blocks the way."""
    here, there = game.player.pos, keeper.pos
    game.floor.move_actor(keeper, *here)
    game.move_actor(game.player, *there)
    return Done(f"You step past {game.name_of(keeper)}.")


def buy(game: Game, item: Item) -> Result | None:
    """Paying for a ware before it is picked up: ``None`` when paid, else why not."""
    keeper = _keeper_of(game, item)
    if keeper is not None and not peaceful(keeper):
        return Impossible("The shopkeeper will not trade with you now.")
    coins = game.inventory.coins
    name = magic.item_name(game, item.kind, plus=item.enchant)
    if coins < item.price:
        return Impossible(f"The {name} costs {item.price} coins; you have {coins}.")
    spec = ITEMS[item.kind]
    if spec.category == "consumable" and not game.inventory.can_add(item.kind):
        return Impossible(no_room(item.kind, item.count, magic.item_name(game, item.kind, item.count, True)))
    if spec.category in ("weapon", "armour", "ranged") and getattr(game.inventory, spec.category) == item.kind:
        return Impossible(f"You already have a {name}.")
    game.inventory.coins -= item.price
    game.record.coins_spent += item.price
    game.log.add(f"You pay {item.price} coins for the {name}.", "info", game.turn)
    game.cue("coins")
    item.price = 0
    return None


def _keeper_of(game: Game, item: Item) -> Actor | None:
    room = game.floor.map.room_at(*item.pos)
    for actor in game.floor.actors:
        if actor.alive and MONSTERS[actor.kind].behaviour == "keeper" and actor.home is not None \
                and game.floor.map.room_at(*actor.home) == room:
            return actor
    return None


def took_choice(game: Game, item: Item) -> str:
    """An armoury piece was taken: the others of its choice are locked away."""
    others = [i for i in game.floor.items if i.choice == item.choice and i is not item]
    for other in others:
        game.floor.items.remove(other)
    return " The other pieces lock into their racks." if others else ""


def use_fixture(game: Game) -> Result | None:
    """Use the fixture under the player (``g``), or ``None`` when there is none to use."""
    feature = game.floor.level.feature_at(game.player.pos)
    if feature is None or feature.kind not in USABLE:
        return None
    used = game.floor.fixture_use.get(feature.pos, 0)
    if feature.kind == "shrine":
        return _pray(game, feature.pos, used)
    if feature.kind == "lectern":
        if used:
            return Impossible("You have read this book already.")
        game.floor.reveal_all()
        game.floor.fixture_use[feature.pos] = 1
        game.cue("reveal")
        return Done("You read the book of maps: the whole floor is shown to you.")
    return _train(game, feature.pos, "accuracy" if feature.kind == "dummy_accuracy" else "defence", used)


def _pray(game: Game, pos: Pos, used: int) -> Result:
    if used:
        return Impossible("The shrine is dark: its blessing is spent.")
    player = game.player
    if player.hp >= player.max_hp:
        return Impossible("You are not hurt. The shrine's blessing can wait.")
    healed = player.max_hp - player.hp
    player.hp = player.max_hp
    game.floor.fixture_use[pos] = 1
    game.cue("potion")
    return Done(f"You pray at the shrine. Warmth fills you (+{healed}). The shrine goes dark.")


def _train(game: Game, pos: Pos, skill: str, used: int) -> Result:
    record = game.record
    if used >= TRAINING_TURNS:
        return Impossible("You have learned all this dummy can teach.")
    if getattr(record, skill) >= TRAINING_LIMIT:
        return Impossible(f"Your {skill} is trained as far as dummies can take it.")
    price = training_price(game.max_depth)
    if used == 0 and game.inventory.coins >= price:
        game.inventory.coins -= price
        record.coins_spent += price
        return _trained(game, pos, skill, f"You pay {price} coins for a lesson. ")
    used += 1
    game.floor.fixture_use[pos] = used
    if used < TRAINING_TURNS:
        start = f"You cannot pay {price} coins, so you practise: {TRAINING_TURNS} turns. " if used == 1 else ""
        return Done(start + (f"Practice: {used}/{TRAINING_TURNS}." if used % 10 == 0 or used == 1 else ""))
    return _trained(game, pos, skill, "Your practice pays off. ")


def _trained(game: Game, pos: Pos, skill: str, how: str) -> Result:
    game.floor.fixture_use[pos] = TRAINING_TURNS
    setattr(game.record, skill, getattr(game.record, skill) + 1)
    game.cue("reveal")
    return Done(f"{how}Your {skill} rises to +{getattr(game.record, skill)}.")


def practising(game: Game) -> bool:
    """Standing on a dummy part-way through practice (the walk that repeats ``g`` goes on)."""
    feature = game.floor.level.feature_at(game.player.pos)
    return feature is not None and feature.kind.startswith("dummy_") \
        and 0 < game.floor.fixture_use.get(feature.pos, 0) < TRAINING_TURNS
