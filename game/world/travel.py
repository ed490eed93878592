"""The floors of a run and the ways between them: which kind of floor each one is, making it
when first entered, arriving on it, and the stairs (SPEC RUN-1, RUN-2). One of ``Game``'s rule
modules: functions of the game (``travel.enter_dungeon(game, region, depth)``); ``Game.enter_dungeon``
is the same, for the code above the world.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import numpy as np

from game.content.items import ITEMS
from game.map.ground import WALKED
from game.mapgen.captors import CAPTIVE_CHANCE
from game.mapgen.dungeon import DungeonParams, dungeon_steps
from game.mapgen.ship import ShipParams, generate_ship
from game.mapgen.vault import Vault, VaultParams, generate_vault, vault_level
from game.progress import Steps, finish
from game.rng import Rng
from game.world import party, scheduler, ships, vaults
from game.world.floor import Floor
from game.map.level import Level
from game.world.saving import OVERWORLD
from game.world.spawn import populated_floor
from game.world.terrain import lay

if TYPE_CHECKING:
    from game.world.actor import Item
    from game.world.game import Game

Pos = tuple[int, int]

VAULT_SHARE = 0.45
"""The chance that any other floor (see ``floor_kind``) is a trap vault."""


def floor_key(region: int, depth: int) -> str:
    return f"{region}:{depth}"


def floor_rng(game: Game, region: int, depth: int) -> Rng:
    """The stream that generates a dungeon floor: independent of play order."""
    return Rng.stream(game.seed, "floor", region, depth)


def enter_overworld(game: Game, at: tuple[int, int], whole_party: bool = False) -> None:
    """Out onto the island at ``at``; ``whole_party``: a Warden fell, and every following ally
    of its floor comes too (SPEC ALY-3)."""
    _arrive(game, OVERWORLD, at, whole_party)
    game.region, game.depth = None, 0


def regions_entered(game: Game) -> int:
    """How many regions' dungeons the run has gone down into (each floor is kept once entered):
    1 for a run that never left the first region, 0 for one that died on the island. The
    daily board's ``regions``."""
    return len({key.split(":")[0] for key in game.floors if key != OVERWORLD})


def wreck(game: Game) -> int | None:
    """The region whose dungeon is a crashed derelict (seed 000): one of the third and later
    regions played, by the run's seed; its floors are decks and its Warden the captain."""
    order = game.world.order
    if len(order) < 3:
        return None
    return order[Rng.stream(game.seed, "wreck").randint(2, len(order) - 1)]


def floor_kind(game: Game, region: int, depth: int) -> str:
    """Which kind of floor this run makes there (RUN-2): every floor of the wreck's region
    is a derelict deck; elsewhere a region's deepest floor is a room floor (its Warden
    waits there), and so is the very first floor of the run; the first floor of the
    second region played is a trap vault; any other floor is a vault one time in
    ``VAULT_SHARE``, by the run's seed."""
    position = game.world.order.index(region)
    if region == wreck(game):
        return "ship"
    if depth >= game.world.floors(region) or (position == 0 and depth == 1):
        return "dungeon"
    if position == 1 and depth == 1:
        return "vault"
    return "vault" if Rng.stream(game.seed, "floor-kind", region, depth).chance(VAULT_SHARE) else "dungeon"


def first_floor(game: Game, kind: str) -> tuple[int, int]:
    """The first floor of ``kind`` in play order, as ``(region, depth)``; ``StopIteration`` if the
    run has none."""
    floors = [(r, d) for r in game.world.order for d in range(1, game.world.floors(r) + 1)]
    return next((r, d) for r, d in floors if floor_kind(game, r, d) == kind)


def floor_level(game: Game, region: int, depth: int, params: DungeonParams | ShipParams | None = None,
                until: str = "populate") -> Level:
    """The level this run makes for floor ``depth`` of ``region``'s dungeon (the deepest
    holds its Warden). ``mapgen --region R --depth D`` shows the same level. ``params``
    (of the floor's kind: ``DungeonParams`` for a room floor, ``ShipParams`` for a deck)
    replace the run's; ``ValueError`` for params of another kind, never ignored."""
    return finish(floor_level_steps(game, region, depth, params, until))


def level_below(game: Game) -> Steps[None]:
    """Make the level of the floor below the player's ahead of the descent, a pass a step, and
    keep it in ``game.levels_ahead`` (the app runs this in frames that draw nothing: made in the
    frame of the descent, a floor took over 100 ms on a phone). The same level as made there:
    a floor's level depends on the seed and where it is, nothing else. Only a room floor: a deck
    and a vault are made at once, which would make one long frame of its own."""
    region, depth = game.region, game.depth + 1
    if region is None or game.on_overworld or depth > game.world.floors(region) \
            or floor_kind(game, region, depth) != "dungeon":
        return
    key = floor_key(region, depth)
    if key not in game.floors and key not in game.levels_ahead:
        game.levels_ahead[key] = yield from floor_level_steps(game, region, depth)


def floor_level_steps(game: Game, region: int, depth: int, params: DungeonParams | ShipParams | None = None,
                      until: str = "populate") -> Steps[Level]:
    """``floor_level`` a pass a step (a room floor's; another kind's at once)."""
    kind = floor_kind(game, region, depth)
    deepest = depth >= game.world.floors(region)
    wanted = {"dungeon": DungeonParams, "ship": ShipParams}.get(kind)
    if params is not None and not isinstance(params, wanted or ()):
        raise ValueError(f"floor {depth} of region {region} is a {kind} floor, not one made "
                         f"from {type(params).__name__}")
    if kind == "vault":
        return vault_level(floor_vault(game, region, depth))
    if kind == "ship":
        deck = params if isinstance(params, ShipParams) else ShipParams()
        return generate_ship(floor_rng(game, region, depth), deck, until,
                             depth=game.world.difficulty(region, depth), first_deck=depth == 1,
                             captain="warden" if deepest else None)
    rooms = params if isinstance(params, DungeonParams) else game.params.dungeon
    captives = CAPTIVE_CHANCE if game.world.order.index(region) >= 1 else 0.0  # from the second region (ALY-1)
    return (yield from dungeon_steps(floor_rng(game, region, depth), rooms, until,
                                     depth=game.world.difficulty(region, depth), boss="warden" if deepest else None,
                                     captive_chance=captives, theme=game.world.themes[region]))


def floor_vault(game: Game, region: int, depth: int, params: VaultParams | None = None,
                until: str = "numbers") -> Vault:
    """The trap vault this run makes there (``mapgen --kind vault`` shows it)."""
    return generate_vault(floor_rng(game, region, depth), params or VaultParams(), until,
                          depth=game.world.difficulty(region, depth))


def enter_dungeon(game: Game, region: int, depth: int, at_exit: bool = False,
                  landing: Callable[[Floor], tuple[int, int]] | None = None) -> None:
    """Onto floor ``depth`` of ``region`` (made when first entered): at its entrance, at its exit
    (``at_exit``, coming up), or where ``landing`` picks on it (a fall: ``game.world.chasm``)."""
    key = floor_key(region, depth)
    if key not in game.floors:
        ahead = game.levels_ahead.pop(key, None)
        level = ahead if ahead is not None else floor_level(game, region, depth)
        game.floors[key] = populated(game, depth, level, region)
        if game.floors[key].level.vault is not None:
            open_vault(game, game.floors[key])
        if game.floors[key].level.kind == "ship":
            game.floors[key].ship_state = ships.ShipState.fresh(game.floors[key].map)
            game.log.add(f"Deck {depth} of a derelict ship. Its dead crew do not breathe; you do. A blast "
                         "beside the hull breaks it, and the air rushes out.", "notice", game.turn)
        land_items(game, game.floors[key], key, game.fallen.pop(key, []))  # what fell from above (TER-6)
        theme = game.world.theme(region)
        if depth == 1 and theme is not None and game.floors[key].level.theme:  # the region's greeting (TER-2)
            game.log.add(f"{theme.name[:1].upper() + theme.name[1:]}. {theme.words}", "notice", game.turn)
    level = game.floors[key].level
    _arrive(game, key, landing(game.floors[key]) if landing is not None else level.exit if at_exit else level.entrance)
    game.region, game.depth = region, depth
    game.max_depth = max(game.max_depth, game.world.difficulty(region, depth))


def _arrive(game: Game, key: str, at: tuple[int, int], whole_party: bool = False) -> None:
    if key != game.floor_key:
        party.leave(game, whole_party)
    game.floor_key = key
    game.floor = game.floors[key]
    game.player.x, game.player.y = at
    game.player.energy = scheduler.ACTION_COST  # ready to act: no free turn for the monsters here
    game.floor_changed = True
    party.arrive(game)
    game.update_visibility()


def open_vault(game: Game, floor: Floor) -> None:
    field_ = floor.level.vault
    if field_ is None:  # (called for a vault floor only)
        return
    floor.vault_state = vaults.VaultState.fresh(field_)
    vaults.arrive(field_, floor.vault_state, floor.level.entrance)
    game.log.add(f"A trap vault. Its goal: {vaults.goal_text(field_)}. Each number counts the traps "
                 "around its cell; the stairs down open when the goal is met.", "notice", game.turn)


def populated(game: Game, depth: int, level: Level, region: int) -> Floor:
    name = game.world.warden_names[region]
    title = f"Captain {name} the Warden" if region == wreck(game) else f"{name} the Warden"
    floor = populated_floor(depth, level, game.new_eid, warden_rank=game.world.order.index(region),
                            warden_name=title, difficulty=game.world.difficulty(region, depth),
                            names=Rng.stream(game.seed, "guardians", region, depth))
    for item in floor.items:  # throwing knives and arrows are found a bundle at a time
        if item.count == 1 and ITEMS[item.kind].stack > 1:
            item.count = ITEMS[item.kind].stack
    floor.terrain = lay(level)  # its ground, and its vents' gas (SPEC TER-1)
    return floor


def descend(game: Game) -> None:
    """Down: from an entrance into its region, or to the next floor."""
    game.cue("stairs")
    if game.on_overworld:
        region = game.world.region_at_entrance(game.player.pos)
        if region is not None:
            enter_dungeon(game, region, 1)
    elif game.region is not None:
        enter_dungeon(game, game.region, game.depth + 1)


def ascend(game: Game) -> None:
    """Up: to the floor above (arriving on its stairs down), or out onto the island."""
    if game.region is None:
        return
    game.cue("stairs")
    if game.depth <= 1:
        enter_overworld(game, game.world.entrances[game.region])
    else:
        enter_dungeon(game, game.region, game.depth - 1, at_exit=True)


def landing(floor: Floor, rng: Rng) -> Pos:
    """Where a fall lands on ``floor``: a random free floor tile of dry ground with no fire (not the
    stairs); its entrance on a vault or a deck, or when there is no such tile."""
    level = floor.level
    if level.kind != "dungeon":
        return level.entrance
    free = floor.map.floor_mask()
    terrain = floor.terrain
    if terrain is not None:
        free &= WALKED[terrain.ground] & (terrain.fire == 0) & (terrain.gas == 0)
    for x, y in [level.exit, *floor.occupied()]:
        free[y, x] = False
    ys, xs = np.nonzero(free)
    if not len(xs):
        return level.entrance
    index = rng.below(len(xs))
    return int(xs[index]), int(ys[index])


def land_items(game: Game, floor: Floor, key: str, items: list[Item]) -> None:
    """``items`` fallen from above come to rest on ``floor`` (floor ``key``), each on a landing tile."""
    for item in items:
        rng = Rng.stream(game.seed, "fallen item", key, item.iid, game.turn)
        item.x, item.y = landing(floor, rng)
        floor.items.append(item)
