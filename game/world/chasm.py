"""Chasms (SPEC TER-6): whoever steps into one falls to the floor below.

- The player lands on a random dry, free floor tile of the next floor of the region (drawn from
  a stream named by the seed, the floor and the turn), hurt ``FALL_DAMAGE``; on a trap vault or a
  derelict's deck, which have no open ground to land on, at its entrance. The log says so.
- A monster that falls (pushed by a blast, or a mind gone astray) is gone from its floor; one
  that flies never falls.
- An item that comes to rest over a chasm (thrown, dropped by a foe that dies there) falls too:
  it lies on a landing tile of the floor below, at once if that floor is made, or else when it is
  (``game.fallen`` keeps it till then, saved).
- A region's deepest floor has no floor below: the generator puts no chasm there, and should one
  be there all the same, it cannot be stepped into (``below``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import ITEMS
from game.map.ground import Ground
from game.rng import Rng
from game.world import travel
from game.world.hazards import flies, ground_at

if TYPE_CHECKING:
    from game.world.actor import Actor, Item
    from game.world.game import Game

Pos = tuple[int, int]
FALL_DAMAGE = (1, 4)


def below(game: Game) -> bool:
    """Whether a floor lies below this one in its region (never on the island nor the deepest)."""
    return game.region is not None and not game.on_overworld and game.depth < game.world.floors(game.region)


def falls(game: Game, actor: Actor, pos: Pos) -> bool:
    """Whether ``actor`` stepping onto ``pos`` falls: a chasm, with a floor below, and no wings."""
    return ground_at(game.floor, pos) == Ground.CHASM and not flies(actor) and below(game)


def fall(game: Game, actor: Actor) -> None:
    """``actor`` falls through the chasm it stands on (see the module)."""
    if actor is not game.player:
        if game.player_sees(actor):
            game.log.add(f"{game.name_of(actor, True)} falls into the chasm!", "notice", game.turn)
        game.floor.remove_actor(actor)
        actor.hp = 0  # gone from this floor (no one killed it)
        return
    region, depth = game.region, game.depth + 1
    if region is None:  # (``falls`` checked: a dungeon floor with one below)
        return
    game.log.add("You fall into the chasm!", "bad", game.turn)
    rng = Rng.stream(game.seed, "fall", region, depth, game.turn)
    travel.enter_dungeon(game, region, depth, landing=lambda floor: travel.landing(floor, rng))
    amount = rng.randint(*FALL_DAMAGE)
    game.player.hp -= amount
    game.log.add(f"You land hard on floor {depth} of {game.world.names[region]} ({amount}).", "bad", game.turn)
    game.cue("stairs")
    if game.player.hp <= 0:
        game.kill(game.player, None, cause=f"killed by a fall {game.whereabouts}")


def item_falls(game: Game, pos: Pos) -> bool:
    """Whether an item coming to rest at ``pos`` falls: a chasm with a floor below."""
    return ground_at(game.floor, pos) == Ground.CHASM and below(game)


def drop_through(game: Game, item: Item) -> None:
    """``item``, come to rest over a chasm of this floor, falls to the floor below (see the module)."""
    if game.region is None:  # (``item_falls`` checked: a dungeon floor with one below)
        return
    if game.floor.in_sight(item.x, item.y):
        game.log.add(f"The {ITEMS[item.kind].name} falls into the chasm.", "notice", game.turn)
    key = travel.floor_key(game.region, game.depth + 1)
    below_floor = game.floors.get(key)
    if below_floor is None:
        game.fallen.setdefault(key, []).append(item)
    else:
        travel.land_items(game, below_floor, key, [item])
