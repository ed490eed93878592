"""The floors of a run and the ways between them: which kind of floor each one is, making it
when first entered, arriving on it, and the stairs (SPEC RUN-1, RUN-2). A part of ``Game``
(it is one of its bases); the attributes it uses are ``Game``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import ITEMS
from game.mapgen.dungeon import DungeonParams, generate_dungeon
from game.mapgen.ship import ShipParams, generate_ship
from game.mapgen.vault import Vault, VaultParams, generate_vault, vault_level
from game.rng import Rng
from game.world import scheduler, ships, vaults
from game.world.floor import Floor
from game.map.level import Level
from game.world.saving import OVERWORLD
from game.world.spawn import populated_floor

if TYPE_CHECKING:
    from game.world.game import Game

VAULT_SHARE = 0.45
"""The chance that any other floor (see ``Travel.floor_kind``) is a trap vault."""


def floor_key(region: int, depth: int) -> str:
    return f"{region}:{depth}"


class Travel:
    """``Game``'s floors: ``enter_dungeon``, ``descend``, ``ascend``, ``floor_level``..."""

    def floor_rng(self: Game, region: int, depth: int) -> Rng:
        """The stream that generates a dungeon floor: independent of play order."""
        return Rng.stream(self.seed, "floor", region, depth)

    def enter_overworld(self: Game, at: tuple[int, int]) -> None:
        self._arrive(OVERWORLD, at)
        self.region, self.depth = None, 0

    @property
    def regions_entered(self: Game) -> int:
        """How many regions' dungeons the run has gone down into (each floor is kept once entered):
        1 for a run that never left the first region, 0 for one that died on the island. The
        daily board's ``regions``."""
        return len({key.split(":")[0] for key in self.floors if key != OVERWORLD})

    @property
    def wreck(self: Game) -> int | None:
        """The region whose dungeon is a crashed derelict (seed 000): one of the third and later
        regions played, by the run's seed; its floors are decks and its Warden the captain."""
        order = self.world.order
        if len(order) < 3:
            return None
        return order[Rng.stream(self.seed, "wreck").randint(2, len(order) - 1)]

    def floor_kind(self: Game, region: int, depth: int) -> str:
        """Which kind of floor this run makes there (RUN-2): every floor of the wreck's region
        is a derelict deck; elsewhere a region's deepest floor is a room floor (its Warden
        waits there), and so is the very first floor of the run; the first floor of the
        second region played is a trap vault; any other floor is a vault one time in
        ``VAULT_SHARE``, by the run's seed."""
        position = self.world.order.index(region)
        if region == self.wreck:
            return "ship"
        if depth >= self.world.floors(region) or (position == 0 and depth == 1):
            return "dungeon"
        if position == 1 and depth == 1:
            return "vault"
        return "vault" if Rng.stream(self.seed, "floor-kind", region, depth).chance(VAULT_SHARE) else "dungeon"

    def floor_level(self: Game, region: int, depth: int, params: DungeonParams | ShipParams | None = None,
                    until: str = "populate") -> Level:
        """The level this run makes for floor ``depth`` of ``region``'s dungeon (the deepest
        holds its Warden). ``mapgen --region R --depth D`` shows the same level. ``params``
        (of the floor's kind: ``DungeonParams`` for a room floor, ``ShipParams`` for a deck)
        replace the run's; ``ValueError`` for params of another kind, never ignored."""
        kind = self.floor_kind(region, depth)
        deepest = depth >= self.world.floors(region)
        wanted = {"dungeon": DungeonParams, "ship": ShipParams}.get(kind)
        if params is not None and not isinstance(params, wanted or ()):
            raise ValueError(f"floor {depth} of region {region} is a {kind} floor, not one made "
                             f"from {type(params).__name__}")
        if kind == "vault":
            return vault_level(self.floor_vault(region, depth))
        if kind == "ship":
            return generate_ship(self.floor_rng(region, depth), params or ShipParams(), until,
                                 depth=self.world.difficulty(region, depth), first_deck=depth == 1,
                                 captain="warden" if deepest else None)
        return generate_dungeon(self.floor_rng(region, depth), params or self.params.dungeon, until,
                                depth=self.world.difficulty(region, depth), boss="warden" if deepest else None)

    def floor_vault(self: Game, region: int, depth: int, params: VaultParams | None = None,
                    until: str = "numbers") -> Vault:
        """The trap vault this run makes there (``mapgen --kind vault`` shows it)."""
        return generate_vault(self.floor_rng(region, depth), params or VaultParams(), until,
                              depth=self.world.difficulty(region, depth))

    def enter_dungeon(self: Game, region: int, depth: int, at_exit: bool = False) -> None:
        key = floor_key(region, depth)
        if key not in self.floors:
            self.floors[key] = self._populated(depth, self.floor_level(region, depth), region)
            if self.floors[key].level.vault is not None:
                self._open_vault(self.floors[key])
            if self.floors[key].level.kind == "ship":
                self.floors[key].ship_state = ships.ShipState.fresh(self.floors[key].map)
                self.log.add(f"Deck {depth} of a derelict ship. Its dead crew do not breathe; you do. A blast "
                             "beside the hull breaks it, and the air rushes out.", "notice", self.turn)
        level = self.floors[key].level
        self._arrive(key, level.exit if at_exit else level.entrance)
        self.region, self.depth = region, depth
        self.max_depth = max(self.max_depth, self.world.difficulty(region, depth))

    def _arrive(self: Game, key: str, at: tuple[int, int]) -> None:
        self.floor_key = key
        self.floor = self.floors[key]
        self.player.x, self.player.y = at
        self.player.energy = scheduler.ACTION_COST  # ready to act: no free turn for the monsters here
        self.floor_changed = True
        self.update_visibility()

    def _open_vault(self: Game, floor: Floor) -> None:
        field_ = floor.level.vault
        floor.vault_state = vaults.VaultState.fresh(field_)
        vaults.arrive(field_, floor.vault_state, floor.level.entrance)
        self.log.add(f"A trap vault. Its goal: {vaults.goal_text(field_)}. Each number counts the traps "
                     "around its cell; the stairs down open when the goal is met.", "notice", self.turn)

    def _populated(self: Game, depth: int, level: Level, region: int) -> Floor:
        name = self.world.warden_names[region]
        title = f"Captain {name} the Warden" if region == self.wreck else f"{name} the Warden"
        floor = populated_floor(depth, level, self._eid, warden_rank=self.world.order.index(region),
                                warden_name=title, difficulty=self.world.difficulty(region, depth),
                                names=Rng.stream(self.seed, "guardians", region, depth))
        for item in floor.items:  # throwing knives and arrows are found a bundle at a time
            if item.count == 1 and ITEMS[item.kind].stack > 1:
                item.count = ITEMS[item.kind].stack
        return floor

    def descend(self: Game) -> None:
        """Down: from an entrance into its region, or to the next floor."""
        self.cue("stairs")
        if self.on_overworld:
            region = self.world.region_at_entrance(self.player.pos)
            if region is not None:
                self.enter_dungeon(region, 1)
        elif self.region is not None:
            self.enter_dungeon(self.region, self.depth + 1)

    def ascend(self: Game) -> None:
        """Up: to the floor above (arriving on its stairs down), or out onto the island."""
        if self.region is None:
            return
        self.cue("stairs")
        if self.depth <= 1:
            self.enter_overworld(self.world.entrances[self.region])
        else:
            self.enter_dungeon(self.region, self.depth - 1, at_exit=True)

