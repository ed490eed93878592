"""The five Wardens, one per region, each with one telegraphed trick (``game.ai.boss``).

brute: slams the ground around it; charger: rushes along a line; thrower: lobs a bomb at
where you stood; summoner: raises skeletons, capped; blinker: vanishes into a neighbouring
room when hurt, and appears beside you from afar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.ai.behaviour import Behaviour, Chaser, perceive, pursue
from game.ai.boss import (Boss, Pos, around, away, clear_walk, enemies_beside, free_tiles_near, straight_line,
                          strike, throw_back)
from game.content.monsters import hostile
from game.world.blast import blast_area, explode
from game.world.navigation import chebyshev
from game.world.projectiles import fly
from game.world.scheduler import ACTION_COST
from game.world.senses import faction_of

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

SLAM_DAMAGE = (4, 7)
CHARGE_RANGE, CHARGE_DAMAGE = (2, 7), (5, 8)
THROW_RANGE, BOMB_RADIUS, BOMB_POWER = (3, 7), 1, 8
SUMMON_COUNT, SUMMON_ALIVE_CAP, SUMMON_TOTAL_CAP = 2, 3, 8
BLINK_RANGE = 3  # from this far it blinks in beside you


class Brute(Boss):
    cooldown = 3
    blow = "{}'s raised maul falls here next turn"

    def __init__(self) -> None:
        self.moves = Chaser()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        if chebyshev(enemy.pos, monster.pos) != 1:
            return ""
        game.note(monster, "raises its maul over its head...")
        return "slam"

    def threatens(self, monster: Actor, pos: Pos) -> bool:
        return monster.windup == "slam" and chebyshev(monster.pos, pos) <= 1

    def strikes(self, game: Game, monster: Actor) -> list[Pos]:
        return around(game, monster) if monster.windup == "slam" else []

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        game.note(monster, "brings its maul down. The floor shakes!")
        game.effects.append(("explosion", monster.pos, 1, game.turn))
        game.cue("explosion")
        for victim in sorted(enemies_beside(game, monster), key=lambda a: a.eid):
            strike(game, monster, victim, SLAM_DAMAGE, "crushes")
            if victim.alive:
                throw_back(game, victim, *away(monster.pos, victim.pos), 1)
        game.make_noise(monster.pos, 4)


class Charger(Boss):
    cooldown = 3
    blow = "{} charges through here next turn"

    def __init__(self) -> None:
        self.moves = Chaser()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        low, high = CHARGE_RANGE
        if not (low <= chebyshev(enemy.pos, monster.pos) <= high and straight_line(monster.pos, enemy.pos)
                and clear_walk(game, monster.pos, enemy.pos)):
            return ""
        monster.aim = enemy.pos
        game.note(monster, "lowers its head to charge!")
        return "charge"

    def threatens(self, monster: Actor, pos: Pos) -> bool:
        """The line it charges down, from beside it onwards."""
        if monster.windup != "charge" or monster.aim is None:
            return False
        return pos != monster.pos and straight_line(monster.pos, pos) and away(monster.pos, pos) == away(
            monster.pos, monster.aim)

    def strikes(self, game: Game, monster: Actor) -> list[Pos]:
        """The line it charges down, up to the wall that stops it or as far as it runs (a
        creature in the way, which may step aside first, would stop it sooner)."""
        if monster.windup != "charge" or monster.aim is None:
            return []
        dx, dy = away(monster.pos, monster.aim)
        (x, y), floor, line = monster.pos, game.floor.map, []
        for _ in range(CHARGE_RANGE[1] + 2 if (dx, dy) != (0, 0) else 0):
            if not floor.can_step(x, y, dx, dy):
                break
            x, y = x + dx, y + dy
            line.append((x, y))
        return line

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        dx, dy = away(monster.pos, monster.aim or monster.pos)
        if (dx, dy) == (0, 0):
            return
        game.note(monster, "charges!")
        floor = game.floor.map
        for _ in range(CHARGE_RANGE[1] + 2):
            there = (monster.x + dx, monster.y + dy)
            if not floor.can_step(monster.x, monster.y, dx, dy):
                game.note(monster, "crashes into the wall and staggers.")
                monster.energy -= ACTION_COST  # dazed: it loses its next action
                return
            other = game.occupant(there)
            if other is not None:
                if hostile(faction_of(monster), faction_of(other)):
                    strike(game, monster, other, CHARGE_DAMAGE, "rams")
                    if other.alive:
                        throw_back(game, other, dx, dy, 1)
                return
            game.move_actor(monster, *there)
        game.make_noise(monster.pos, 3)


class KeepsRange(Behaviour):
    """A thrower's footwork: it fights what stands beside it, backs off what comes close and
    holds its ground at throwing range."""

    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if enemy is None or chebyshev(enemy.pos, monster.pos) > THROW_RANGE[1]:
            Chaser().act(game, monster)
            return
        distance = chebyshev(enemy.pos, monster.pos)
        if distance == 1:
            pursue(game, monster, enemy)
        elif distance < THROW_RANGE[0]:
            options = [p for p in free_tiles_near(game, monster.pos, room_only=False)
                       if chebyshev(p, enemy.pos) > distance]
            if options:
                game.move_actor(monster, *min(options, key=lambda p: (-chebyshev(p, enemy.pos), p)))


class Thrower(Boss):
    cooldown = 3
    blow = "{}'s bomb bursts here next turn"

    def __init__(self) -> None:
        self.moves = KeepsRange()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        low, high = THROW_RANGE
        if not low <= chebyshev(enemy.pos, monster.pos) <= high:
            return ""
        flight = fly(game.floor.map, monster.pos, enemy.pos, lambda p: game.occupant(p) is not None)
        if flight.hit != enemy.pos:
            return ""
        monster.aim = enemy.pos
        game.note(monster, "lights a bomb and draws back its arm...")
        return "throw"

    def threatens(self, monster: Actor, pos: Pos) -> bool:
        """Where the bomb bursts: around the tile it is aimed at."""
        return monster.windup == "throw" and monster.aim is not None and chebyshev(monster.aim, pos) <= BOMB_RADIUS

    def strikes(self, game: Game, monster: Actor) -> list[Pos]:
        """Where the bomb bursts, as ``unleash`` throws it: around where its flight ends, not
        through walls (``blast_area``); nowhere if it would land too near the thrower to go off."""
        if monster.windup != "throw" or monster.aim is None:
            return []
        end = fly(game.floor.map, monster.pos, monster.aim, lambda p: False, stop_at_creatures=False).end
        return sorted(blast_area(game, end, BOMB_RADIUS)[0]) if chebyshev(end, monster.pos) > BOMB_RADIUS else []

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        aim = monster.aim or monster.pos
        flight = fly(game.floor.map, monster.pos, aim, lambda p: False, stop_at_creatures=False)
        game.note(monster, "throws a bomb!")
        game.cue("throw")
        game.effects.append(("flight", "tnt", [tuple(c) for c in flight.path.tolist()]))
        if chebyshev(flight.end, monster.pos) > BOMB_RADIUS:
            explode(game, flight.end, BOMB_RADIUS, BOMB_POWER + monster.power, monster, hits="The bomb bursts. It hits")


class Summoner(Boss):
    cooldown = 6

    def __init__(self) -> None:
        self.moves = Chaser()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        alive = sum(1 for a in game.floor.actors if a.parent == monster.eid and a.alive)
        if monster.spawned >= SUMMON_TOTAL_CAP or alive >= SUMMON_ALIVE_CAP or not free_tiles_near(game, monster.pos):
            return ""
        game.note(monster, "raises its arms; the bones on the floor begin to rattle...")
        return "summon"

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        rng = game.stream("monsters")
        raised = 0
        for _ in range(min(SUMMON_COUNT, SUMMON_TOTAL_CAP - monster.spawned)):
            free = free_tiles_near(game, monster.pos)
            if not free:
                break
            x, y = rng.choice(free)
            child = game.spawn_monster("risen", x, y)
            child.parent = monster.eid
            child.state, child.target, child.target_eid = "hunting", monster.target, monster.target_eid
            monster.spawned += 1
            raised += 1
        if raised:
            game.note(monster, f"raises {'a skeleton' if raised == 1 else f'{raised} skeletons'} from the dust!")
            game.cue("reveal")


class Blinker(Boss):
    cooldown = 4

    def __init__(self) -> None:
        self.moves = Chaser()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        distance = chebyshev(enemy.pos, monster.pos)
        if distance == 1 and monster.hp < monster.max_hp:
            aim = self._hideout(game, monster)
            if aim is None:
                return ""
            monster.aim = aim
            game.note(monster, "flickers; its outline starts to fade...")
            return "blink_away"
        if distance >= BLINK_RANGE and free_tiles_near(game, enemy.pos, room_only=False):
            monster.aim = enemy.pos
            game.note(monster, "fixes its eyes on you; the air around you crackles...")
            return "blink_in"
        return ""

    def _hideout(self, game: Game, monster: Actor) -> Pos | None:
        """A free tile in a neighbouring room: where it goes to catch its breath."""
        floor = game.floor
        room = floor.map.room_at(*monster.pos)
        options = []
        for other in sorted(floor.graph.neighbours(room)):
            ys, xs = np.nonzero(floor.map.rooms == other)
            free = [(int(x), int(y)) for x, y in zip(xs.tolist(), ys.tolist()) if game.occupant((x, y)) is None]
            options.extend(free)
        return game.stream("monsters").choice(options) if options else None

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        aim = monster.aim or monster.pos
        if trick == "blink_in":
            free = free_tiles_near(game, aim, room_only=False)
            if not free:
                return
            there = min(free, key=lambda p: (chebyshev(p, game.player.pos), p))
            game.move_actor(monster, *there)
            game.note(monster, "appears out of thin air!")
            game.update_visibility()
            enemy = game.actor(monster.target_eid) or game.player
            if chebyshev(enemy.pos, monster.pos) == 1:
                game.attack(monster, enemy)
            return
        if game.occupant(aim) is not None:
            return
        game.note(monster, "vanishes!")
        game.move_actor(monster, *aim)
        game.update_visibility()
        monster.state, monster.target_eid = "searching", None
        monster.target, monster.lost_turns = game.player.pos, 0
