"""The autoplayer's fighting rules (``game.bot.autoplay``): stepping out of a boss's announced
trick, drinking, fighting or fleeing what stands beside it, shooting and throwing at what
comes, backing away to rest, and keeping its air on a venting deck.

A base of ``Autoplayer``: it reads and clears the bot's route (``_plan``) when a rule steps
off it, and asks the planner for a navigator (``_navigator``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

from game.world.action import Action
from game.bot import embers
from game.bot.arsenal import Arsenal
from game.bot.kit import Kit
from game.ai.behaviours import endangered
from game.world.actions import CloseDoor, Fire, Move, Throw, UseSlot
from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.content.weapons import blow_turns
from game.world.actor import Actor
from game.world.combat import hit_chance, stats_of
from game.world import consumables, ships
from game.map.floor_map import DIRECTIONS_4, DIRECTIONS_8, edge_toward
from game.map.edges import Edge
from game.world.game import Game
from game.world.paths import Pos
from game.world.projectiles import fly

if TYPE_CHECKING:
    from game.bot.autoplay import Autoplayer
from game.world.hazards import avoids, harmful_here
from game.world.specials import peaceful

REST_BELOW = 0.6
BLAST_CAUTION = 4  # tiles: no TNT or rocket this close to a shopkeeper (blast radius 2, plus a stray flight)


class Fights:
    """What the bot does about the monsters in view (and the air of a deck): the autoplayer's
    ``fights``. Its ``policy`` says which of these rules it follows; a fight that moves the bot
    drops its route (``bot.route``)."""

    def __init__(self, bot: Autoplayer) -> None:
        self.bot = bot
        self.kit, self.arsenal = Kit(bot), Arsenal(bot)  # (potions and scrolls; staffs, charms, thrown weapons)

    def rules(self) -> tuple[Callable[[Game], Action | None], ...]:
        """Its rules in the order the autoplayer tries them, the arsenal's and the kit's among its
        own (each of those does nothing unless the policy says so: ``game.bot.policy``)."""
        kit, arsenal = self.kit, self.arsenal
        return (self.dodge, arsenal.defuse, arsenal.rescue, kit.prepare, self.drink, arsenal.strike, self.fight, arsenal.block,
                self.ranged, arsenal.throw)

    def dodge(self, game: Game) -> Action | None:
        """Step out of fire or gas it stands in, and off burnable ground a fire is about to reach
        (SPEC TER-7, ``game.bot.embers``), and out of the way of a boss's announced trick (the log
        said it was coming)."""
        path = embers.fire_path(game)
        away = None if path is None else embers.way_out(game, path)
        if away is not None:  # out of the fire's path: off the brush beside a blaze, not onto the next tile to catch
            self.bot.route.plan = []
            return Move(*away)
        if game.floor.terrain is not None and harmful_here(game, game.player):
            me = game.player.pos
            for dx, dy in DIRECTIONS_8:
                there = (me[0] + dx, me[1] + dy)
                if game.floor.map.can_step(*me, dx, dy) and game.occupant(there) is None \
                        and not avoids(game, game.player, there):
                    self.bot.route.plan = []
                    return Move(dx, dy)
        if not self.bot.policy.dodges:
            return None
        winding = [m for m in self.threats(game) if m.windup]
        me = game.player.pos
        if not any(endangered(m, me) for m in winding):
            return None
        floor = game.floor.map
        for dx, dy in sorted(DIRECTIONS_8, key=lambda d: max(abs(me[0] + d[0] - m.x) + abs(me[1] + d[1] - m.y)
                                                             for m in winding)):
            there = (me[0] + dx, me[1] + dy)
            if floor.can_step(*me, dx, dy) and game.occupant(there) is None \
                    and not any(endangered(m, there) for m in winding) and not avoids(game, game.player, there):
                self.bot.route.plan = []
                return Move(dx, dy)
        return None


    def drink(self, game: Game) -> Action | None:
        player = game.player
        threats = self.threats(game)
        if not threats:
            return None
        if self.bot.policy.uses_items and not player.hasted and any(MONSTERS[m.kind].boss for m in threats):
            speed = self.use("potion_speed", game)
            if speed is not None:
                return speed
        if player.hp >= self.bot.policy.drink_below * player.max_hp:
            return None
        heal = self.use("potion_healing", game)
        adjacent = [m for m in threats if self._can_hit(game, m)]
        if heal is not None or not adjacent or not self.bot.policy.uses_items or not self._outmatched(game, adjacent):
            return heal
        away = self.use("scroll_teleport", game)
        if away is not None and consumables.teleport_spot(game) is not None:
            self.bot.route.plan = []
            return away
        return None if player.hasted else self.use("potion_speed", game)


    def fight(self, game: Game) -> Action | None:
        adjacent = [m for m in self.threats(game) if self._can_hit(game, m)]
        if not adjacent:
            return None
        if (self.bot.policy.flees and self._outmatched(game, adjacent) and game.inventory.count("potion_healing") == 0
                and game.player.hp < REST_BELOW * game.player.max_hp):  # healthy, it stands and fights
            step = self._flee_step(game, adjacent)
            if step is not None:
                self.bot.route.plan = []
                return Move(*step)
        target = min(adjacent, key=lambda m: (m.hp, m.eid))
        return Move(target.x - game.player.x, target.y - game.player.y)


    def ranged(self, game: Game) -> Action | None:
        """Rockets for tough monsters, TNT for groups or tough ones, never in your own blast."""
        if not self.bot.policy.uses_items:
            return None
        threats = [m for m in self.threats(game) if not MONSTERS[m.kind].stationary]
        me = game.player.pos
        far = [m for m in threats if 3 <= max(abs(m.x - me[0]), abs(m.y - me[1])) <= 8]
        if not far:
            return None
        occupied = lambda p: game.occupant(p) is not None and p != me  # noqa: E731
        far = [m for m in far if not self._near_peaceful(game, m.pos)]
        if not far:
            return None
        if game.inventory.ranged and ITEMS[game.inventory.ranged].shoots == "rockets" and game.inventory.count("rockets"):
            tough = max(far, key=lambda m: (m.hp, -m.eid))
            if (tough.hp >= 12 and fly(game.floor.map, me, tough.pos, occupied, 12).hit == tough.pos
                    and not self._breaches(game, tough.pos)):
                return Fire(*tough.pos)
        shot = self.shoot(game, far + [m for m in threats if max(abs(m.x - me[0]), abs(m.y - me[1])) == 2])
        if shot is not None:
            return shot
        if game.inventory.count("tnt"):
            def crowd(m: Actor) -> int:
                return sum(1 for o in threats if max(abs(o.x - m.x), abs(o.y - m.y)) <= 1)
            best = max(far, key=lambda m: (crowd(m), m.hp, -m.eid))
            if crowd(best) >= 2 or best.hp >= 12:
                landing = fly(game.floor.map, me, best.pos, lambda p: False, 8, stop_at_creatures=False).end
                if landing == best.pos and not self._breaches(game, best.pos):
                    return Throw(*best.pos)
        return None


    def shoot(self, game: Game, targets: list[Actor]) -> Action | None:
        """An arrow, else a throwing knife, at the nearest target the shot reaches first."""
        me = game.player.pos
        bow = game.inventory.ranged if game.inventory.ranged and ITEMS[game.inventory.ranged].shoots == "arrows" else None
        occupied = lambda p: game.occupant(p) is not None and p != me  # noqa: E731
        for kind, reach in (("arrows", ITEMS[bow].range if bow else 0), ("throwing_knives", ITEMS["throwing_knives"].range)):
            if not reach or not game.inventory.count(kind):
                continue
            for m in sorted(targets, key=lambda m: (max(abs(m.x - me[0]), abs(m.y - me[1])), m.eid)):
                if max(abs(m.x - me[0]), abs(m.y - me[1])) <= reach and fly(game.floor.map, me, m.pos, occupied, reach).hit == m.pos:
                    return Fire(*m.pos) if kind == "arrows" else Throw(*m.pos, kind)
        return None


    def air(self, game: Game) -> Action | None:
        """On a deck whose air rushes out: shut a door between itself and the breach, else
        step away from the breach against the pull; in vacuum, head for air. (Either way the
        arsenal's ``away`` may teleport it out first.)"""
        floor = game.floor
        area, me = floor.map, game.player.pos
        room = area.room_at(*me)
        if room in ships.venting(floor):
            for dx, dy in DIRECTIONS_4:
                if area.edge_kind_toward(*me, dx, dy) == Edge.OPEN_DOOR and game.occupant(
                        (me[0] + dx, me[1] + dy)) is None and ships.sealed_by_closing(floor, edge_toward(*me, dx, dy), me):
                    return CloseDoor(dx, dy)
            if (away := self.arsenal.away(game)) is not None:  # (the smart bot: teleportation, rather than the pull)
                return away
            distance = ships.pull_distances(floor)
            here = distance.get(me, 0)
            options = [(distance.get((me[0] + dx, me[1] + dy), -1), dx, dy) for dx, dy in DIRECTIONS_8
                       if area.can_step(*me, dx, dy) and game.occupant((me[0] + dx, me[1] + dy)) is None]
            best = max(options, default=None)
            if best is not None and best[0] > here:
                return Move(best[1], best[2])
            return None
        if floor.ship_state is not None and floor.ship_state.air[room] == 0:  # called on a deck: it has air
            if (away := self.arsenal.away(game)) is not None:
                return away
            air = floor.ship_state.air
            rooms = area.rooms.ravel().tolist()
            plan = self.bot.route.navigator(game).path(me, lambda i: rooms[i] >= 0 and air[rooms[i]] > 0)
            if plan:
                return Move(plan[0][0] - me[0], plan[0][1] - me[1])
        return None


    @staticmethod
    def _near_peaceful(game: Game, centre: Pos) -> bool:
        """A blast there could hurt a shopkeeper (and turn it on the bot)."""
        return any(peaceful(m) and max(abs(m.x - centre[0]), abs(m.y - centre[1])) <= BLAST_CAUTION
                   for m in game.floor.actors)


    @staticmethod
    def _breaches(game: Game, centre: Pos) -> bool:
        """A blast there would break a derelict's hull (the bot never vents a deck itself)."""
        return game.floor.ship_state is not None and ships.beside_hull(game.floor.map, centre)


    def retreat(self, game: Game) -> Action | None:
        """Hurt, with no potion, and something in view that is not yet beside it: back away,
        to rest out of its sight, rather than walk into it again."""
        player = game.player
        threats = [m for m in self.threats(game) if not MONSTERS[m.kind].stationary]
        if (not self.bot.policy.flees or not threats or player.hp >= REST_BELOW * player.max_hp or game.inventory.count("potion_healing")
                or game.floor.level.vault is not None):
            return None
        step = self._flee_step(game, threats)
        if step is None:
            return None
        self.bot.route.plan = []
        return Move(*step)


    def threats(self, game: Game) -> list[Actor]:
        floor = game.floor
        return [m for m in floor.actors
                if not peaceful(m) and m.alive and floor.in_sight(m.x, m.y)
                and (MONSTERS[m.kind].damage[1] > 0 or MONSTERS[m.kind].stationary)]


    def _can_hit(self, game: Game, monster: Actor) -> bool:
        dx, dy = monster.x - game.player.x, monster.y - game.player.y
        return max(abs(dx), abs(dy)) == 1 and game.floor.map.can_step(*game.player.pos, dx, dy)


    def _outmatched(self, game: Game, adjacent: list[Actor]) -> bool:
        me = stats_of(game, game.player)
        my_hit = (sum(me.damage) / 2 * hit_chance(me, stats_of(game, adjacent[0])) / 100
                  / blow_turns(game.inventory.weapon_kind()))
        turns = sum(math.ceil(m.hp / max(0.5, my_hit)) for m in adjacent)
        incoming = sum(sum(stats_of(game, m).damage) / 2 * hit_chance(stats_of(game, m), me) / 100 for m in adjacent)
        return incoming * turns >= game.player.hp


    def _flee_step(self, game: Game, enemies: list[Actor]) -> tuple[int, int] | None:
        floor, (px, py) = game.floor.map, game.player.pos
        best, choice = min(max(abs(m.x - px), abs(m.y - py)) for m in enemies), None
        for dx, dy in DIRECTIONS_8:
            nx, ny = px + dx, py + dy
            if not floor.can_step(px, py, dx, dy) or game.occupant((nx, ny)) is not None \
                    or avoids(game, game.player, (nx, ny)):
                continue
            distance = min(max(abs(m.x - nx), abs(m.y - ny)) for m in enemies)
            if distance > best:
                best, choice = distance, (dx, dy)
        return choice


    def use(self, kind: str, game: Game) -> Action | None:
        for index, (slot_kind, _) in enumerate(game.inventory.slots):
            if slot_kind == kind:
                return UseSlot(index)
        return None

