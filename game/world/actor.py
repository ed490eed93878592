"""Actors: the player and the monsters. Items lying on the floor are ``Item``s.

A monster's mind is small and explicit: a ``state`` (asleep, idle, hunting,
searching, returning, fleeing) plus what it is heading for. Its behaviour, a
pluggable object chosen by its kind (``game.ai.behaviours``), reads and updates
these fields each turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import TYPE_CHECKING, Any

from game.content.items import ITEMS
from game.content.monsters import ABILITIES, MONSTERS
from game.world.fields import MAX_COUNT, Fields, Where, as_tiles

if TYPE_CHECKING:
    from game.map.floor_map import FloorMap

Pos = tuple[int, int]

STATES = ("asleep", "idle", "hunting", "searching", "returning", "fleeing")
KINDS = ("player", *MONSTERS)
MAX_HP = 1_000_000
MAX_ENERGY = 10_000  # a save's actor acts at most a hundred times before the player's next turn
MAX_POWER = 1_000
MAX_SHACKLES = 100


@dataclass
class Actor:
    eid: int
    kind: str  # "player" or a row of game.content.monsters.MONSTERS
    x: int
    y: int
    hp: int
    max_hp: int
    energy: int = 0
    state: str = "idle"
    target: Pos | None = None  # where it is going: the enemy's last known tile, a noise
    target_eid: int | None = None  # whom it is fighting
    home: Pos | None = None  # a guard's post, a patroller's start, a spawner's tile
    leader: int | None = None  # sidekicks keep near their leader
    route: list[Pos] = field(default_factory=list)  # patrol waypoints
    route_index: int = 0
    spawned: int = 0  # spawners: how many they have made
    parent: int | None = None  # the spawner that made this one
    called_allies: bool = False  # henchmen shout once per sighting
    lost_turns: int = 0  # turns since the target was last seen
    timer: int = 0  # turns counted by behaviours (a spawner's clock)
    name: str = ""  # a unique monster's own name (Wardens)
    power: int = 0  # added to accuracy and to both ends of the damage range (later Wardens, deep guardians)
    windup: str = ""  # a boss's ability announced this turn, done on its next (game.ai.boss)
    aim: Pos | None = None  # where that ability goes (a charge's, a bomb's, a blink's tile)
    hasted: int = 0  # turns of its own left at double speed (a potion of speed)
    shackles: int = 0  # a captive's turns of work left to free it (0: not a captive; SPEC ALY-1)
    ally: bool = False  # freed: fights on the player's side and follows them (SPEC ALY-2)
    waiting: bool = False  # an ally told to wait where it stands (else it follows)
    slowed: int = 0  # turns left at half speed (a staff of slowness; ITM-21)
    held: int = 0  # turns left entranced, losing every turn (a staff of entrancement)

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def captive(self) -> bool:
        """Shackled (SPEC ALY-1): it does nothing, monsters ignore it, and bumping it offers to free it."""
        return self.shackles > 0

    def to_dict(self) -> dict[str, Any]:
        """Its fields as JSON data: a flat copy (``dataclasses.asdict`` copies deep, and an island's
        sixty residents cost a new run's first frame 50 ms in the page)."""
        data = {name: getattr(self, name) for name in _ACTOR_FIELDS}
        data["route"] = [list(p) for p in self.route]
        return data

    @classmethod
    def from_dict(cls, data: Any, where: Where = "actor", area: FloorMap | None = None) -> Actor:
        """An actor from ``to_dict`` data, checked (``SaveError``): standing on a floor tile of
        ``area``; a monster heading for tiles of it (the player's goals, if any, are of no one floor)."""
        fields = Fields(data, where)
        kind = fields.choice("kind", KINDS, "monster")
        x, y = fields.tile(area)
        max_hp = fields.integer("max_hp", 1, MAX_HP)
        goals = None if kind == "player" else area
        route = as_tiles(fields.get("route"), fields.path("route"), goals, on_floor=True)
        return cls(
            eid=fields.integer("eid", 0, MAX_COUNT), kind=kind, x=x, y=y,
            hp=fields.integer("hp", -MAX_HP, max_hp), max_hp=max_hp,
            energy=fields.integer("energy", -MAX_ENERGY, MAX_ENERGY), state=fields.choice("state", STATES, "state"),
            target=fields.pos("target", goals, nullable=True),
            target_eid=fields.integer("target_eid", 0, MAX_COUNT, nullable=True),
            home=fields.pos("home", goals, nullable=True),
            leader=fields.integer("leader", 0, MAX_COUNT, nullable=True),
            route=route, route_index=fields.integer("route_index", 0, MAX_COUNT),  # taken modulo the route's period
            spawned=fields.integer("spawned", 0, MAX_COUNT), parent=fields.integer("parent", 0, MAX_COUNT, nullable=True),
            called_allies=fields.flag("called_allies"), lost_turns=fields.integer("lost_turns", 0, MAX_COUNT),
            timer=fields.integer("timer", 0, MAX_COUNT), name=fields.text("name"),
            power=fields.integer("power", 0, MAX_POWER), windup=fields.choice("windup", ("", *ABILITIES), "ability"),
            aim=fields.pos("aim", goals, nullable=True), hasted=fields.integer("hasted", 0, MAX_COUNT),
            shackles=fields.integer("shackles", 0, MAX_SHACKLES), ally=fields.flag("ally"),
            waiting=fields.flag("waiting"), slowed=fields.integer("slowed", 0, MAX_COUNT),
            held=fields.integer("held", 0, MAX_COUNT))


STATE_WORDS = ("asleep", "wandering", "patrolling", "guarding", "waiting", "hunting", "searching", "returning",
               "fleeing", "peaceful", "shackled", "following")
"""What the sidebar and the hover say a monster is doing (``state_word``)."""


def state_word(monster: Actor) -> str:
    """What a monster is doing, as the player reads it: an idle guard (or a boss) is "guarding",
    a patroller "patrolling", a nest "waiting", others "wandering"; an unhurt shopkeeper "peaceful";
    a captive "shackled"; an ally out of a fight "following" or (told to) "waiting", in one
    "fighting"; a monster under a staff's spell "entranced" or "slowed" (SPEC ITM-21)."""
    kind = MONSTERS[monster.kind]
    if monster.captive:
        return "shackled"
    if monster.held:
        return "entranced"
    if monster.slowed:
        return "slowed"
    if monster.ally:
        return "fighting" if monster.state in ("hunting", "searching") else "waiting" if monster.waiting else "following"
    if kind.behaviour == "keeper" and monster.hp >= monster.max_hp:
        return "peaceful"
    if monster.state != "idle":
        return monster.state
    if kind.stationary:
        return "waiting"
    if kind.boss or kind.behaviour == "guard":
        return "guarding"
    return "patrolling" if kind.behaviour == "patroller" else "wandering"


@dataclass
class Item:
    """An item lying on a tile; ``count`` for coins and stacks. A shop's ware has a ``price``;
    an armoury's pieces share a ``choice`` number (take one, the others are locked away). What
    the player ``dropped`` is left alone by a step onto it and by exploring: ``g`` takes it back."""

    iid: int
    kind: str
    x: int
    y: int
    count: int = 1
    price: int = 0
    choice: int = 0
    dropped: bool = False
    enchant: int = 0  # a weapon's or armour's +N, kept while it lies here (SPEC ITM-8)
    charges: int = -1  # a staff, a wand or a charm put down: the charges it holds (-1: a new one, full)

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _ITEM_FIELDS}  # flat: as ``Actor.to_dict``
        for flag in ("dropped", "enchant"):
            if not data[flag]:  # written only when set: a save (and its digest) without them is as before
                del data[flag]
        if self.charges < 0:
            del data["charges"]
        return data

    @classmethod
    def from_dict(cls, data: Any, where: Where = "item", area: FloorMap | None = None) -> Item:
        """An item from ``to_dict`` data, checked (``SaveError``): lying on a floor tile of ``area``."""
        fields = Fields(data, where)
        kind = fields.choice("kind", ITEMS, "item")
        return cls(fields.integer("iid", 1, MAX_COUNT), kind, *fields.tile(area), fields.integer("count", 1, MAX_COUNT),
                   fields.integer("price", 0, MAX_COUNT), fields.integer("choice", 0, MAX_COUNT),
                   "dropped" in fields.data and fields.flag("dropped"),
                   fields.integer("enchant", 0, MAX_COUNT) if "enchant" in fields.data else 0,
                   fields.integer("charges", 0, MAX_COUNT) if "charges" in fields.data else -1)


_ACTOR_FIELDS = tuple(f.name for f in dataclass_fields(Actor))
_ITEM_FIELDS = tuple(f.name for f in dataclass_fields(Item))
