"""What the balance tool watches in a run the bot plays (SPEC ROB-4), from outside the world:
the item kinds found and used, and how long the fights with the floor's own monsters last.

- **Found**: a kind whose carried count rose in a turn, or that came to be worn (picked up,
  bought, given with a bow); coins are not an item kind here. The starting kit is not found.
- **Used**: a kind named by a use, a throw, a shot or a zap that took a turn (drunk, read,
  thrown, zapped; a shot uses the launcher and its ammunition), and any kind whose carried count fell in a turn
  that was not a step, a pick-up or a drop (so a key spent by walking into its door is no use).
- **A fight** with a same-depth monster (``same_depth``) lasts from its first blow, the first
  turn on which the player struck at it (bumped it, threw, shot or zapped at its tile) or it lost
  health in the player's sight, to the turn it fell, both counted: a monster killed by its
  first blow was a 1-turn fight. Only fights the player struck at least one blow in, ending
  in the monster's fall while the player is on its floor, count; blows it took before the
  player struck back are not counted (the player strikes back on the next turn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.world.action import Action, Done, Result
from game.world.actions import Drop, Move, PickUp
from game.world.game import Game
from game.world.item_actions import Fire, Throw, UseSlot
from game.world.zaps import Zap
from game.world.specials import peaceful

NOT_FOES = ("warden", "keeper")
"""Factions whose monsters are never a floor's own: a Warden's and its risen, a shopkeeper."""


def same_depth(game: Game, kind: str) -> bool:
    """A monster of the floor's own depth: no boss (a guardian, a troll, a Warden), no Warden's
    risen, no shopkeeper, and its kind may be drawn for this floor (its ``depth``, the shallowest
    floor it appears on, is at most the floor's difficulty: not out of depth)."""
    spec = MONSTERS[kind]
    if game.region is None or game.on_overworld or spec.boss or spec.faction in NOT_FOES:
        return False
    return spec.depth <= game.world.difficulty(game.region, game.depth)


@dataclass
class Watch:
    """The counts of one run, updated turn by turn by ``play``."""

    found: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)
    fights: list[int] = field(default_factory=list)  # turns of each fight counted, in the order they ended
    _started: dict[int, int] = field(default_factory=dict)  # monster -> the turn of the fight's first blow
    _struck: set[int] = field(default_factory=set)  # monsters the player struck at

    def play(self, game: Game, action: Action, perform: Callable[[Action], Result]) -> Result:
        """``perform(action)``, watched."""
        turn, floor, carried, worn = game.turn, game.floor_key, _carried(game), _worn(game)
        named, aimed = _named(game, action), _aimed(game, action)
        ours = [m for m in game.floor.actors if m.alive and same_depth(game, m.kind)]
        health, seen = {m.eid: m.hp for m in ours}, {m.eid for m in ours if game.player_sees(m)}
        result = perform(action)
        if not isinstance(result, Done):
            return result
        now = _carried(game)
        self.found |= {kind for kind, n in now.items() if n > carried.get(kind, 0)} | (_worn(game) - worn)
        self.used |= set(named)
        if not isinstance(action, (Move, PickUp, Drop)):
            self.used |= {kind for kind, n in carried.items() if now.get(kind, 0) < n}
        if game.floor_key != floor:
            self._started.clear()
            self._struck.clear()
            return result
        after = {m.eid: m for m in game.floor.actors}
        for eid, hp in health.items():
            monster = after.get(eid)
            fell = monster is None or not monster.alive
            if eid == aimed:
                self._struck.add(eid)
            if eid == aimed or (eid in seen and (fell or monster is not None and monster.hp < hp)):
                self._started.setdefault(eid, turn)
            if fell and eid in self._started:
                if eid in self._struck:
                    self.fights.append(turn - self._started[eid] + 1)
                self._started.pop(eid)
                self._struck.discard(eid)
        return result


def _carried(game: Game) -> dict[str, int]:
    return {str(kind): int(count) for kind, count in game.inventory.slots}


def _worn(game: Game) -> set[str]:
    inventory = game.inventory
    return {kind for kind in (inventory.weapon, inventory.armour, inventory.ranged) if kind is not None}


def _named(game: Game, action: Action) -> tuple[str, ...]:
    """The kinds a use, a throw, a shot or a zap names (used if it takes a turn)."""
    if isinstance(action, UseSlot):
        slot = game.inventory.slot(action.index)
        return (slot[0],) if slot is not None else ()
    if isinstance(action, Throw):
        return (action.kind,)
    if isinstance(action, Zap):
        return (action.item,)
    launcher = game.inventory.ranged
    if isinstance(action, Fire) and launcher is not None:
        return (launcher, ITEMS[launcher].shoots)
    return ()


def _aimed(game: Game, action: Action) -> int | None:
    """The monster a bump, a throw, a shot or a zap strikes at, if any."""
    if isinstance(action, Move):
        target = (game.player.x + action.dx, game.player.y + action.dy)
    elif isinstance(action, (Throw, Fire, Zap)):
        target = (action.x, action.y)
    else:
        return None
    monster = game.occupant(target)
    if monster is None or monster is game.player or peaceful(monster):
        return None
    return monster.eid
