"""Where auto-explore and travel go (SPEC UI-6), decided from what the player knows.

``x`` walks to the nearest coins, key or consumable in sight (what a step picks up; weapons
and armour wait for ``g``), else into the nearest room not seen yet (through the doors it
knows of, opening them); ``>`` and ``<`` away from the stairs walk to the known stairs (on the island, to the entrance of the region to take
next, or the nearest open one). The routes only cross rooms already seen, so they give
nothing away; in a trap vault they only cross the cells revealed (or sprung), so no
automatic route ever springs a trap: the rest is the player's to deduce (VLT-3). The play screen walks them a step at a time and stops them (``game.app.play``).
The routes never enter fire, gas or a chasm, and swim only when no dry way is known (SPEC TER-7).
No pygame here: the same routes serve the tests and the key scripts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import numpy as np
from numpy.typing import NDArray

from game.content.items import ITEMS
from game.content.weapons import worth
from game.map.edges import Edge
from game.map.floor_map import PASSABLE_OPENING_DOORS
from game.world.hazards import no_go, wet
from game.world.paths import Navigator, Pos
from game.world.specials import free_to_take

if TYPE_CHECKING:
    from game.world.actor import Item
    from game.world.game import Game


def worth_taking(game: Game, kind: str) -> bool:
    """Whether picking up ``kind`` improves on what the player has (and there is room for it)."""
    spec, inventory = ITEMS[kind], game.inventory
    if spec.category == "weapon":
        mine = inventory.weapon_kind()
        return worth(spec) > worth(mine)
    if spec.category == "armour":
        mine = inventory.armour_kind()
        return spec.armour + spec.defence > mine.armour + mine.defence
    if spec.category == "ranged":
        return inventory.ranged is None
    return spec.category == "coins" or inventory.can_add(kind) or (kind in NEEDED and spare_slot(game) is not None)


NEEDED = ("key", "potion_healing", "tnt")
"""What the bot makes room for when its pack is full (a key opens the Warden's door; TNT
clears a bug vault)."""
KEPT = NEEDED + ("potion_speed", "scroll_teleport", "tnt", "scroll_mapping")
"""What it never drops to make room: what it uses."""


def room_for(game: Game, kind: str) -> int | None:
    """The slot to drop before taking ``kind``: None when it fits (or is no consumable)."""
    if ITEMS[kind].category != "consumable" or game.inventory.can_add(kind):
        return None
    return spare_slot(game)


def spare_slot(game: Game) -> int | None:
    """The slot the bot would drop to make room (SPEC ITM-2: nothing found is refused without a
    way to make room): the last one holding something it does not use, if any."""
    spare = [i for i, (kind, _) in enumerate(game.inventory.slots) if kind not in KEPT]
    return spare[-1] if spare else None


def taken_in_passing(game: Game, item: Item) -> bool:
    """Whether walking onto ``item`` picks it up (UI-12), however the player got there: coins,
    or a key or consumable there is room for; not a ware with a price nor an armoury's choice.
    Weapons and armour, which swap what is worn, wait for ``g``, and ``x`` leaves them (TRU-6);
    so does what the player dropped there (``g`` takes it back)."""
    category = ITEMS[item.kind].category
    return free_to_take(item) and not item.dropped and (
        category == "coins" or (category == "consumable" and game.inventory.can_add(item.kind)))


def navigator(game: Game) -> Navigator:
    """Paths through closed doors (opened on the way) and, with a key, locked ones; never a
    sealed gate of the island."""
    passable = PASSABLE_OPENING_DOORS.copy()
    passable[Edge.LOCKED_DOOR] = game.inventory.count("key") > 0 and not game.on_overworld
    return Navigator(game.floor.map, passable)


VAULT_DONE = "Explored what is safe: the rest is yours to deduce."
"""What ``x`` says in a trap vault when no revealed cell leads anywhere new."""


def safe(game: Game) -> NDArray[np.bool_]:
    """``[y, x]``: the tiles an automatic route may enter without the player deducing anything:
    everywhere but a trap vault's cells not revealed yet (a sprung trap is spent, so safe)."""
    floor = game.floor
    state, field_ = floor.vault_state, floor.level.vault
    if state is None or field_ is None:  # not a vault (a floor has both or neither)
        hazards = no_go(floor)  # never into fire, gas or a chasm (SPEC TER-7)
        return np.ones(floor.map.rooms.shape, dtype=bool) if hazards is None else ~hazards
    tiles: NDArray[np.bool_] = ~field_.inside | state.revealed | state.sprung
    return tiles


def dry(game: Game, find: Callable[[NDArray[np.bool_] | None], list[Pos] | None]) -> list[Pos] | None:
    """``find(keep)``, ``keep`` the tiles a route may enter besides: first only dry ones, then (when
    no dry way is found) deep water too: routes prefer not to swim (TER-7)."""
    water = wet(game.floor)
    if water is not None:
        route = find(~water)
        if route:
            return route
    return find(None)


def _known(game: Game) -> NDArray[np.bool_]:
    """``[y, x]``: the tiles of the rooms the player has seen (and, in a vault, revealed)."""
    floor = game.floor
    if floor.seen_tiles is not None:  # by the tile: the tiles seen
        seen: NDArray[np.bool_] = floor.seen_tiles & safe(game)
        return seen
    seen_rooms = np.append(floor.seen_rooms, False)[floor.map.rooms]  # OUTSIDE (-1) picks the False
    known: NDArray[np.bool_] = seen_rooms & safe(game)
    return known


def walk_route(game: Game, target: Pos) -> list[Pos] | None:
    """The route a click (or the zoomed map's) walks to ``target``: through the rooms seen so far
    (in a vault, the revealed cells; a cell not revealed is never a walk's goal)."""
    if not safe(game)[target[1], target[0]]:
        return None
    nav, known = navigator(game), _known(game)
    return dry(game, lambda keep: nav.route(game.player.pos, [target], known if keep is None else known & keep))


def explore_route(game: Game) -> tuple[list[Pos], str]:
    """The route ``x`` takes next and what it is for ("item": one worth taking, not one the player
    dropped; "unexplored"), or ``([], "")`` when nothing is left to explore."""
    floor = game.floor
    nav = navigator(game)
    known = _known(game)
    tops = {item.pos: item for item in floor.items}  # the top of each pile: what a step there takes
    wanted = [item.pos for item in floor.items
              if tops[item.pos] is item and floor.in_sight(item.x, item.y) and known[item.y, item.x]
              and item.pos != game.player.pos and taken_in_passing(game, item)]
    if wanted:
        route = dry(game, lambda keep: nav.route(game.player.pos, wanted, known if keep is None else known & keep,
                                                 limit=6000))
        if route:
            return route, "item"
    if not game.on_overworld:
        # a map shows rooms; exploring still visits them (by the tile, every tile)
        left = floor.unexplored() & safe(game)
        route = dry(game, lambda keep: nav.route(game.player.pos, left if keep is None else left & keep,
                                                 known if keep is None else known & keep))
        if route:
            return route, "unexplored"
    return [], ""


def stairs_route(game: Game, down: bool) -> tuple[list[Pos] | None, str]:
    """The route to the stairs down (``down``) or up, and what is there; ``None`` with the
    reason when there is none known."""
    floor = game.floor
    if game.on_overworld:
        if not down:
            return None, "You are on the island: there is nothing above."
        world = game.world
        target = world.next_region()
        open_ = [r for r in range(world.regions) if world.unlocked(r)]
        goals = {world.entrances[target]} if target is not None else {world.entrances[r] for r in open_}
        route = navigator(game).route(game.player.pos, sorted(goals))
        return (route, "the dungeon entrance") if route is not None else (None, "No open entrance can be reached.")
    x, y = floor.level.exit if down else floor.level.entrance
    if not floor.known(x, y):
        return None, "You have not found the stairs down yet. Press x to explore." if down else \
            "You have not found the way up."
    nav, known = navigator(game), _known(game)
    route = dry(game, lambda keep: nav.route(game.player.pos, [(x, y)], known if keep is None else known & keep))
    what = "the stairs down" if down else ("the way out" if game.depth == 1 else "the stairs up")
    return (route, what) if route is not None else (None, f"No known way leads to {what}.")
