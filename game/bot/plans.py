"""The autoplayer's routes (``game.bot.autoplay``): on the island to the next region's entrance,
below to a thing worth having in view, the nearest room not explored, the hiding Warden, or
the stairs; one step of the route a turn.

A base of ``Autoplayer``; it asks the bot what it wants (``_wants``, ``_fixture_wanted``,
``_wanted_at``) and keeps the route and what it needs to judge it in the bot's memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import numpy as np

from game.world.action import Action
from game.world.actions import Descend, Move, Wait
from game.bot import embers
from game.bot.floor_facts import breached
from game.bot.hunt import hunt
from game.bot.rescue import past_captive
from game.map.floor_map import PASSABLE_OPENING_DOORS
from game.map.edges import Edge
from game.world.game import Game
from game.map.ground import Ground
from game.world import chasm
from game.world.hazards import Mask, burning, gassy, no_go, wet
from game.world.paths import Navigator, Pos
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.bot.autoplay import Autoplayer
    from game.world.actor import Actor

PLAN_GOALS = ("", "entrance", "item", "explore", "hunt", "stairs")
"""What the bot's route leads to (``""`` before its first)."""
TURNS_PER_FLOOR = 700
ITEM_PATIENCE = 200
"""Turns after which the bot gives up on a thing it keeps going for (a guardian that heals
faster than the bot can hurt it stands on it)."""
HELD_TURNS = 50
"""How long its plans go round a captive it found no way past (``Route.held_by``)."""
ISLAND_DRINK = 0.35
"""Fighting an island resident, below this share of its health the bot drinks a healing potion."""
STALL_TURNS = 400
"""Turns without progress after which the bot gives up: nothing new seen, taken, killed,
won or wounded (a Warden: they never heal), and not one tile it had not stood on since
the last progress."""


def _foe_beside(game: Game) -> Actor | None:
    """The weakest monster beside the player hunting it, that a step can reach (the island's wolves)."""
    px, py = game.player.pos
    near = [m for m in game.floor.actors if m.alive and m.state == "hunting" and m.target_eid == game.player.eid
            and max(abs(m.x - px), abs(m.y - py)) == 1 and not peaceful(m)
            and game.floor.map.can_step(px, py, m.x - px, m.y - py)]
    return min(near, key=lambda m: (m.hp, m.eid)) if near else None


class Route:
    """The bot's route and how it makes one: the autoplayer's ``route``. What it goes for comes
    from the bot (``wants``, ``wanted_at``, ``fixture_wanted``) and what stands in its way from
    its fights (``bot.fights.threats``)."""

    def __init__(self, bot: Autoplayer) -> None:
        self.bot = bot
        self.nav: Navigator | None = None
        self.nav_key: tuple[int, int, int, bool] | None = None
        self.plan: list[Pos] = []
        self.plan_goal = ""
        self.start_of_plan: Pos = (-1, -1)
        self.floor_start_turn = 0
        self.chasing: dict[int, int] = {}  # flat tile of a thing it went for -> the turn it first did
        self.quarry: Pos | None = None  # where the Warden was last seen (a Warden's floor)
        self.swept: set[int] = set()  # rooms looked into since
        self.held_by: dict[Pos, int] = {}  # a captive's tile it found no way round -> the turn it did

    def island(self, game: Game) -> Action:
        """On the island: walk to the entrance of the next region to conquer, go down."""
        target = game.world.next_region()
        if target is None:
            return Wait()  # every Warden has fallen
        entrance = game.world.entrances[target]
        foe = _foe_beside(game)
        if foe is not None:  # an island resident that came at it (SPEC TER-8): it fights back
            drink = self.bot.fights.use("potion_healing", game) if game.player.hp < ISLAND_DRINK * game.player.max_hp \
                else None
            return drink or Move(foe.x - game.player.x, foe.y - game.player.y)
        if game.player.pos == entrance:
            return Descend()
        if not self.plan or self.plan[-1] != entrance or game.player.pos not in (self.plan[0], self.start_of_plan):
            nav = self.navigator(game)
            goal = entrance[1] * game.floor.map.width + entrance[0]
            self.plan = nav.path(game.player.pos, lambda i: i == goal) or []
            self.plan_goal = "entrance"
            self.start_of_plan = game.player.pos
        return self.travel(game)


    def travel(self, game: Game) -> Action:
        if self.plan and game.player.pos == self.plan[0]:
            self.plan.pop(0)
        if not self._plan_still_good(game):
            self.plan = self._make_plan(game)
        if not self.plan:
            return Wait()
        nx, ny = self.plan[0]
        hazards = no_go(game.floor)
        leaping = len(self.plan) == 1 and hazards is not None and _chasm(game, (nx, ny))  # (``_leap``'s last step)
        if hazards is not None and hazards[ny, nx] and not leaping:  # fire or gas came onto the way: round it, or wait
            if gassy(game.floor, (nx, ny)) and not burning(game.floor, (nx, ny)):
                return Wait()  # (gas clears in a few turns: the plan holds)
            self.plan = self._make_plan(game)
            if not self.plan or hazards[self.plan[0][1], self.plan[0][0]]:
                self.plan = []
                return Wait()
            nx, ny = self.plan[0]
        px, py = game.player.pos
        reach = embers.fire_reach(game)
        if reach is not None and reach[ny, nx] and not reach[py, px]:
            return Wait()  # (onto brush a fire is about to reach: it waits for the fire to burn out)
        if max(abs(nx - px), abs(ny - py)) != 1:
            self.plan = []
            return Wait()
        blocker = game.occupant((nx, ny))
        if blocker is not None and blocker.captive:  # freed, or stepped round (ALY-1)
            action = past_captive(game, blocker, self.plan, self.bot.policy.frees_captives, self.bot.fights.threats(game))
            if action is None:  # the next plans go round that captive a while
                self.plan, self.held_by[(nx, ny)] = [], game.turn
            return action or Wait()
        return Move(nx - px, ny - py)


    def navigator(self, game: Game) -> Navigator:
        """Paths through what can be passed: closed doors (opened on the way), locked doors
        only with a key, and never a sealed gate on the island (keys do not open gates)."""
        can_unlock = game.inventory.count("key") > 0 and not game.on_overworld
        key = (game.depth, id(game.floor), game.floor.door_version, can_unlock)
        if self.nav is None or self.nav_key != key:
            passable = PASSABLE_OPENING_DOORS.copy()
            passable[Edge.LOCKED_DOOR] = can_unlock
            self.nav = Navigator(game.floor.map, passable)
            self.nav_key = key
        return self.nav


    def _plan_still_good(self, game: Game) -> bool:
        if not self.plan:
            return False
        gx, gy = self.plan[-1]
        if breached(game) and self.plan_goal in ("explore", "item"):
            return False  # the air is going: off to the stairs
        if self.plan_goal == "explore":
            return bool(game.floor.unexplored()[gy, gx])
        if self.plan_goal == "item":
            return self.bot.wanted_at(game, (gx, gy))
        if self.plan_goal == "hunt":
            return False  # the quarry moves: a fresh route every step
        return True


    def _make_plan(self, game: Game) -> list[Pos]:
        floor = game.floor
        rooms = floor.map.rooms.ravel().tolist()
        seen = floor.seen_rooms.tolist()
        known: Callable[[int], bool]  # by flat index
        if floor.seen_tiles is None:
            known = lambda i: rooms[i] >= 0 and seen[rooms[i]]  # noqa: E731
        else:  # by the tile: the tiles seen
            known = floor.seen_tiles.ravel().tolist().__getitem__
        hazards = no_go(floor, gas=False)  # (gas clears: it waits at its edge, ``travel``)
        held = self._held(game)
        if held is not None:
            hazards = held if hazards is None else hazards | held
        if hazards is None:
            return self._plan_on(game, known)
        # never into fire or a chasm; into deep water only when no dry way goes (TER-7): the plan
        # allowed to swim first, and when it does swim, one kept dry if there is one
        seen_mask = (np.append(floor.seen_rooms, False)[floor.map.rooms] if floor.seen_tiles is None
                     else floor.seen_tiles)
        keep = ~hazards
        plan = self._plan_on(game, (seen_mask & keep).ravel().tolist().__getitem__, keep, 2, seen_mask & keep)
        water = wet(floor)
        if not plan:
            return self._leap(game, known, hazards)
        if water is None or not any(water[y, x] for x, y in plan):
            return plan
        goal, dry = self.plan_goal, keep & ~water
        kept = self._plan_on(game, (seen_mask & dry).ravel().tolist().__getitem__, dry, 1, seen_mask & dry)
        if not kept:
            self.plan_goal = goal
        return kept or plan

    def _held(self, game: Game) -> Mask | None:
        """``[y, x]``: the captives' tiles it found no way round in the last ``HELD_TURNS`` (a
        captive in a corridor it does not free: it plans another way, if there is one); None
        when there are none."""
        self.held_by = {pos: turn for pos, turn in self.held_by.items() if game.turn - turn < HELD_TURNS}
        if not self.held_by:
            return None
        held: Mask = np.zeros(game.floor.map.rooms.shape, dtype=bool)
        for x, y in self.held_by:
            held[y, x] = True
        return held

    def _leap(self, game: Game, known: Callable[[int], bool], hazards: Mask) -> list[Pos]:
        """Stuck behind hazards a while (fire and gas pass; a chasm does not), with a floor below:
        down the nearest known chasm, the way a player would go on (TER-6). Else nothing."""
        floor = game.floor
        terrain = floor.terrain
        if (terrain is None or not chasm.below(game)
                or game.turn - self.bot.progress_turn < STALL_TURNS // 4):
            return []
        drop = (terrain.ground == Ground.CHASM).ravel().tolist()
        keep = (~hazards).ravel().tolist()
        plan = self.navigator(game).path(game.player.pos, lambda i: drop[i] and known(i), _kept(known, keep))
        if plan:
            self.plan_goal = "stairs"
        return plan or []

    def _plan_on(self, game: Game, known: Callable[[int], bool], keep_mask: Mask | None = None,
                 rounds: int = 2, known_mask: Mask | None = None) -> list[Pos]:
        """The plan over the tiles ``known`` (by flat index); with ``keep_mask``, its goals too are
        tiles kept (never a hazard as the end of a route), and with ``known_mask`` (``known`` as a
        mask) the searches that may cross the whole floor go by masks (``Navigator.route``: the
        same routes, faster when there is none)."""
        floor = game.floor
        nav = self.navigator(game)
        width = floor.map.width
        keep, left_keep = (None, None) if keep_mask is None else (keep_mask.ravel().tolist(), keep_mask)
        wanted = {item.y * width + item.x for item in floor.items
                  if floor.in_sight(item.x, item.y) and self.bot.wants(game, item)}
        wanted |= {f.y * width + f.x for f in floor.level.features
                   if floor.in_sight(f.x, f.y) and self.bot.fixture_wanted(game, f.pos)}
        wanted = {i for i in wanted if game.turn - self.chasing.get(i, game.turn) < ITEM_PATIENCE
                  and (keep is None or keep[i])}
        if wanted:
            plan = nav.path(game.player.pos, lambda i: i in wanted, known, limit=4000)
            if plan:
                self.plan_goal = "item"
                gx, gy = plan[-1]
                self.chasing.setdefault(gy * width + gx, game.turn)
                return plan
        in_a_hurry = (game.turn - self.floor_start_turn >= TURNS_PER_FLOOR
                      or game.turn - self.bot.progress_turn >= STALL_TURNS // 2  # stuck exploring: move on
                      or breached(game))  # a deck losing its air: no place to linger
        ex, ey = floor.level.exit
        exit_known = floor.known(ex, ey)
        if not (in_a_hurry and exit_known):
            if left_keep is None or known_mask is None:
                left = floor.unexplored().ravel().tolist()
                plan = nav.path(game.player.pos, left.__getitem__, known)
            else:
                plan = nav.route(game.player.pos, floor.unexplored() & left_keep, known_mask)
            if plan:
                self.plan_goal = "explore"
                return plan
        if not floor.level.stairs_down:  # a Warden's floor: no stairs, so hunt the Warden down
            plan = hunt(self, game, nav, known, keep_mask, rounds, known_mask)
            if plan:
                self.plan_goal = "hunt"
                return plan
        if exit_known:
            goal = ey * width + ex
            plan = (nav.path(game.player.pos, lambda i: i == goal, known) if known_mask is None
                    else nav.route(game.player.pos, [(ex, ey)], known_mask))
            if plan is not None:
                self.plan_goal = "stairs"
                return plan
        return []


def _chasm(game: Game, pos: Pos) -> bool:
    terrain = game.floor.terrain
    return terrain is not None and terrain.ground_at(*pos) == Ground.CHASM


def _kept(known: Callable[[int], bool], keep: list[bool]) -> Callable[[int], bool]:
    """``known``, but only on the tiles ``keep`` (by flat index)."""
    return lambda i: keep[i] and known(i)
