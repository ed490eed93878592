"""The island's life in play (SPEC TER-8): its residents and places made into the island floor's
actors, items and fixtures, and what a camp and a wayshrine do.

The life itself is chosen by ``game.mapgen.island_life`` from the run's ``"island"`` stream; a
resident is grown by its region's place in the play order (``game.world.spawn.grow``: a wolf
of the last region is no wolf of the second). What changes is saved by the floor as any
floor's is: a looted cache is an item gone, a used camp or shrine its ``fixture_use``, a
blessing the player's most health.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.specials import BLESSING
from game.map.level import Level
from game.mapgen.island_life import run_life_steps
from game.mapgen.overworld import OverworldLevel
from game.progress import Steps
from game.world.action import Done, Impossible, Result
from game.world.actor import Actor, Item
from game.world.floor import Floor
from game.world.spawn import grow

if TYPE_CHECKING:
    from game.world.game import Game

PLACE_FIXTURES = ("campfire", "wayshrine")
AWAKE = 32
"""A resident farther than this from the player (Chebyshev) rests: it neither gains energy nor acts,
unless it is after the player or running from it. The island is large and a turn's cost is its
creatures' (a thousand turns waited at the start cost no more than on an empty island), and a
whole screen, zoomed out, lies within it."""


def island_floor_steps(game: Game, island: OverworldLevel, level: Level) -> Steps[Floor]:
    """The overworld floor, with its residents, caches, wares and places; in steps for the
    loading screen (``run_life_steps``)."""
    life = yield from run_life_steps(game.seed, island)
    level.placements = list(life.placements)
    level.features = list(life.features)
    floor = Floor.fresh(0, level)
    ranks = {region: rank for rank, region in enumerate(island.order)}
    for placement in level.placements:
        if placement.kind not in MONSTERS:
            count = placement.count
            if count == 1 and ITEMS[placement.kind].stack > 1:  # a bundle of knives or arrows
                count = ITEMS[placement.kind].stack
            floor.items.append(Item(game.new_eid(), placement.kind, placement.x, placement.y, count, placement.price))
            continue
        hp = MONSTERS[placement.kind].hp
        actor = Actor(game.new_eid(), placement.kind, placement.x, placement.y, hp, hp,
                      state="asleep" if placement.asleep else "idle", home=(placement.x, placement.y))
        grow(actor, 1 + ranks.get(int(island.regions[placement.y, placement.x]), 0))
        floor.add_actor(actor)
    return floor


def awake(game: Game, monsters: list[Actor]) -> list[Actor]:
    """The island residents of ``monsters`` that take their turns now (``AWAKE``), in their order."""
    px, py = game.player.pos
    return [m for m in monsters if -AWAKE <= m.x - px <= AWAKE and -AWAKE <= m.y - py <= AWAKE
            or m.state in ("hunting", "fleeing")]


def use_place(game: Game) -> Result | None:
    """Rest at the campfire under the player (healed, once) or pray at the wayshrine (blessed: more
    most health, once); ``None`` when no such place is here (``g`` does something else)."""
    feature = game.floor.level.feature_at(game.player.pos)
    if feature is None or feature.kind not in PLACE_FIXTURES:
        return None
    used = game.floor.fixture_use.get(feature.pos, 0)
    player = game.player
    if feature.kind == "campfire":
        if used:
            return Impossible("The campfire is cold ashes now.")
        if player.hp >= player.max_hp:
            return Impossible("You are not hurt. The campfire will keep.")
        healed = player.max_hp - player.hp
        player.hp = player.max_hp
        game.floor.fixture_use[feature.pos] = 1
        game.cue("potion")
        return Done(f"You rest by the campfire (+{healed}). It burns down to ashes.")
    if used:
        return Impossible("The wayshrine is silent: its blessing is given.")
    player.max_hp += BLESSING
    player.hp += BLESSING
    game.floor.fixture_use[feature.pos] = 1
    game.cue("reveal")
    return Done(f"You pray at the wayshrine. You feel hardier (+{BLESSING} most health).")
