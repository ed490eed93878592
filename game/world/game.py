"""The whole state of a run, as one serialisable object (STYLE §12).

A run (SPEC RUN-1) starts on the overworld island; each region's entrance leads
down through its floors to a Warden; the Warden's fall brings the player back to
the island and opens the next gates; all Wardens fallen is victory.

``Game`` holds the seed, the random streams, the world, the floors visited so far
(generated when first entered, kept while the run lasts), the player, the
inventory, the turn counter and the message log.
Everything that changes the world goes through ``perform(action)``: the player
acts, then monsters act by the energy scheduler, then what the player sees is
updated. ``to_dict`` captures the full state, including the random streams'
positions, and ``digest`` hashes it, so saves, tests and the autoplayer compare
runs exactly.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.world.action import Action, Done, Result
from game.world.senses import hear
from game.content.monsters import MONSTERS
from game.mapgen.overworld import overworld_steps
from game.progress import Steps, finish
from game.rng import Rng, seed_from_text
from game.world import (boons, combat, events, island, magic, saving, specials, terrain_turn, tile_sight, travel, turns, vaults,
                        visibility)
from game.world.saving import OVERWORLD
from game.world.actor import Actor, Item
from game.map.edges import Edge
from game.map.level import Level
from game.world.floor import Floor
from game.map.floor_map import EdgeRef
from game.world.inventory import Inventory
from game.world.messages import MessageLog
from game.world.overworld import World, build_world
from game.world.params import RunParams
from game.world.travel import floor_key

__all__ = ["Game", "RunParams", "OVERWORLD", "floor_key"]
PLAYER_MAX_HP = 40  # with the monsters' numbers: a same-depth fight costs a felt share (SPEC CMB-10)
DOOR_LOUDNESS = 3
STREAMS = ("monsters", "combat", "loot")
Effect = (tuple[str, tuple[int, int], int, int]  # a cosmetic event: ("explosion" or "smoke", centre, radius, turn),
          | tuple[str, tuple[int, int], tuple[int, int]]  # ("teleport", from, to),
          | tuple[str, str, list[tuple[int, ...]]])  # ("flight", sprite, the cells flown)


class Game:
    """One run. Create with ``Game.new(seed_text)``."""

    def __init__(self, seed_text: str, seed: int, params: RunParams) -> None:
        self.seed_text = seed_text
        self.seed = seed
        self.heading = f"Seed {seed_text}"  # the sidebar's line under the title ("Daily, 25 Nov 2026": Run)
        self.params = params
        self.levels_ahead: dict[str, Level] = {}
        """Levels of floors not entered yet, made ahead by the app (``travel.level_below``): not saved."""
        self.sight = "room"  # how the player sees (``game.world.tile_sight.SIGHT_MODES``): part of the run
        self.turn = 0
        self.depth = 0  # floor number within the region; 0 on the island
        self.region: int | None = None  # the region whose dungeon the player is in
        self.max_depth = 0  # the deepest difficulty reached (the summary's "depth")
        self.world: World = None  # type: ignore[assignment]  # set by new / from_dict
        self.floor_key = OVERWORLD
        self.pending_turns = 0  # extra turns the last action took (slow terrain)
        self.returning: int | None = None  # a Warden fell: back to the island after this turn
        self.log = MessageLog()
        self.floors: dict[str, Floor] = {}
        self.fallen: dict[str, list[Item]] = {}  # items fallen through a chasm to a floor not made yet (TER-6)
        self.floor: Floor = None  # type: ignore[assignment]  # set by enter_floor
        self.player = Actor(eid=0, kind="player", x=0, y=0, hp=PLAYER_MAX_HP, max_hp=PLAYER_MAX_HP)
        self.inventory = Inventory()
        self.party: list[Actor] = []  # allies travelling with the player, off the map (``game.world.party``)
        self.kills = 0
        self.record = specials.Record()  # training, trade and growth chosen
        self.boons = boons.Boons()  # taken, and offered by a fallen Warden (SPEC GRW-1)
        self.magic = magic.Magic.new(seed)  # the potions' and scrolls' looks, what is known, enchantments, spells
        self.cause: str | None = None  # of death
        self.next_eid = 1
        self.streams: dict[str, Rng] = {name: Rng.stream(seed, name) for name in STREAMS}
        self.floor_changed = False
        self.version = 0  # bumped on every change the screen should show
        self.effects: list[Effect] = []  # cosmetic events for the renderer (flights, explosions); not saved
        self.cues: list[str] = []  # sounds of what the player just noticed (``assets/sounds``); not saved

    @classmethod
    def new(cls, seed_text: str, params: RunParams = RunParams(), sight: str = "room") -> Game:
        return finish(cls.new_steps(seed_text, params, sight))

    @classmethod
    def new_steps(cls, seed_text: str, params: RunParams = RunParams(), sight: str = "room") -> Steps[Game]:
        """``new`` in short steps, for the loading screen (SPEC WEB-5): yields the name of
        the island's pass it is in (``game.mapgen.overworld.PASSES``), then ``"world"``.
        ``sight``: ``"room"`` or ``"tile"`` (``game.world.tile_sight``)."""
        if sight not in tile_sight.SIGHT_MODES:
            raise ValueError(f"sight is one of {tile_sight.SIGHT_MODES}, not {sight!r}")
        game = cls(seed_text, seed_from_text(seed_text), params)
        game.sight = sight
        game.inventory.weapon = "dagger"
        game.inventory.add("potion_healing", 1)
        island_level = yield from overworld_steps(Rng.stream(game.seed, "world"), params.world)
        yield "world"
        game.world, level = build_world(island_level, params.floors_per_region)
        yield "world"
        overworld = yield from island.island_floor_steps(game, island_level, level)  # residents, places (TER-8)
        yield "world"
        overworld.seen_rooms[:] = True
        game.floors[OVERWORLD] = overworld
        travel.enter_overworld(game, level.entrance)
        game.floor_changed = False
        first = game.world.order[0]
        game.log.add(f"You wake in {game.world.names[first]}. Its dungeon entrance is near; "
                     f"{len(game.world.names)} Wardens rule this island.", "notice", 0)
        return game

    @classmethod
    def in_dungeon(cls, seed_text: str, params: RunParams = RunParams(), sight: str = "room") -> Game:
        """A new run already on the first floor of the first region (for tests and benchmarks)."""
        game = cls.new(seed_text, params, sight)
        game.enter_dungeon(game.world.order[0], 1)
        game.floor_changed = False
        return game

    def start_on(self, kind: str) -> None:
        """Go straight to the first floor of ``kind`` ("dungeon", "vault", "ship") in play order
        (``--start``: for trying a kind of floor, tests and screenshots)."""
        region, depth = travel.first_floor(self, kind)
        self.log = MessageLog(self.log.limit)  # the island's opening line named another region
        self.log.add(f"You wake on floor {depth} of {self.world.names[region]}'s dungeon. "
                     f"{len(self.world.names)} Wardens rule this island.", "notice", 0)
        self.enter_dungeon(region, depth)
        self.floor_changed = False

    def enter_dungeon(self, region: int, depth: int, at_exit: bool = False) -> None:
        """Onto floor ``depth`` of ``region``'s dungeon, made when first entered (``travel``)."""
        travel.enter_dungeon(self, region, depth, at_exit)

    @staticmethod
    def stream_names() -> tuple[str, ...]:
        return STREAMS

    @property
    def over(self) -> bool:
        return not self.player.alive

    @property
    def won(self) -> bool:
        return self.world.won()

    @property
    def on_overworld(self) -> bool:
        return self.floor_key == OVERWORLD

    @property
    def whereabouts(self) -> str:
        """"on floor 2 of Aldmere" (as the sidebar says it), or "on the island"."""
        if self.on_overworld or self.region is None:
            return "on the island"
        return f"on floor {self.depth} of {self.world.names[self.region]}"

    @property
    def place_name(self) -> str:
        """The place as the sidebar and the zoomed map name it: "Corrow, floor 2/2", "The island: Otterdale"."""
        world = self.world
        if self.on_overworld:
            region = self.floor.map.room_at(*self.player.pos)
            return f"The island: {world.names[region]}" if region >= 0 else "The island"
        region = self.region if self.region is not None else 0
        return f"{world.names[region]}, floor {self.depth}/{world.floors(region)}"

    def stream(self, name: str) -> Rng:
        return self.streams[name]

    def cue(self, sound: str) -> None:
        """A sound for the player to hear (the app plays it; the world stays silent)."""
        self.cues.append(sound)

    def new_eid(self) -> int:
        """A fresh id for an actor or an item."""
        self.next_eid += 1
        return self.next_eid - 1

    # --- the turn ---------------------------------------------------------------------
    def perform(self, action: Action) -> Result:
        """Try an action for the player; a ``Done`` result costs a turn and lets monsters act."""
        if self.over:
            return Done()
        self.floor_changed = False
        result = action.perform(self)
        if isinstance(result, Done):
            if result.message:
                self.log.add(result.message, "info", self.turn)
            if not result.turns_passed:
                turns.end_turn(self)
        self.version += 1
        return result

    def update_visibility(self) -> None:
        visibility.update(self)

    # --- actors -------------------------------------------------------------------------
    def actor(self, eid: int | None) -> Actor | None:
        if eid is None:
            return None
        if eid == self.player.eid:
            return self.player
        return next((a for a in self.floor.actors if a.eid == eid and a.alive), None)

    def occupant(self, pos: tuple[int, int]) -> Actor | None:
        if pos == self.player.pos and self.player.alive:
            return self.player
        return self.floor.occupied().get(pos)

    def move_actor(self, actor: Actor, x: int, y: int) -> None:
        was = actor.pos
        if actor is self.player:
            actor.x, actor.y = x, y
            events.collect_coins(self)
            specials.entered(self)
            if self.floor.vault_state is not None:
                vaults.stepped(self)
                vaults.check_goal(self)
        elif actor.alive:  # (one that fell into a chasm is gone: a shock wave throws it no further)
            self.floor.move_actor(actor, x, y)
        if self.floor.terrain is not None:
            terrain_turn.stepped(self, actor, was)  # a chasm, deep water (SPEC TER-5, TER-6)

    def spawn_monster(self, kind: str, x: int, y: int) -> Actor:
        spec = MONSTERS[kind]
        actor = Actor(self.new_eid(), kind, x, y, spec.hp, spec.hp, home=(x, y))
        self.floor.add_actor(actor)
        return actor

    def attack(self, attacker: Actor, defender: Actor) -> None:
        combat.attack(self, attacker, defender)

    def make_noise(self, origin: tuple[int, int], loudness: int, rooms: list[int] | None = None) -> None:
        hear(self, origin, loudness, rooms)

    def open_door(self, edge: EdgeRef, opener: Actor) -> None:
        """Open (or unlock) a door: it creaks, and both rooms it joins hear it."""
        self.floor.map.set_edge(*edge, Edge.OPEN_DOOR)
        self.note_door_changed()
        self.make_noise(opener.pos, DOOR_LOUDNESS, list(self.floor.map.rooms_across(*edge)))
        if opener is self.player or self.player_sees(opener):
            self.cue("door_open")
        if opener is not self.player:
            self.update_visibility()
            if self.player_sees(opener):
                self.log.add(f"{self.name_of(opener, True)} opens a door.", "notice", self.turn)

    def note_door_changed(self) -> None:
        self.floor.door_version += 1

    # --- what happens and how the log tells it (``game.world.events``) ---------------------------
    def kill(self, victim: Actor, killer: Actor | None, cause: str | None = None) -> None:
        events.kill(self, victim, killer, cause)

    def drop_item(self, kind: str, pos: tuple[int, int], count: int = 1) -> None:
        events.drop_item(self, kind, pos, count)

    def player_sees(self, actor: Actor) -> bool:
        return events.player_sees(self, actor)

    def name_of(self, actor: Actor, capital: bool = False) -> str:
        return events.name_of(self, actor, capital)

    def verb(self, actor: Actor, you_form: str, other_form: str) -> str:
        return events.verb(self, actor, you_form, other_form)

    def note(self, actor: Actor, text: str) -> None:
        events.note(self, actor, text)

    # --- saving and comparing -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The full state, JSON-friendly (``game.world.saving``)."""
        return saving.game_to_dict(self)

    @classmethod
    def from_text(cls, text: str | bytes) -> Game:
        """A game from a save's JSON text; ``SaveError`` for anything that is not a sound save."""
        return saving.game_from_text(cls, text)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game from ``to_dict`` data; ``ValueError`` for a foreign or damaged save."""
        return saving.game_from_dict(cls, data)

    def digest(self, state: dict[str, Any] | None = None) -> str:
        """SHA-256 of the canonical JSON of the full state (``state``: its ``to_dict``, made already)."""
        text = json.dumps(self.to_dict() if state is None else state, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()
