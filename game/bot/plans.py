"""The autoplayer's routes (``game.bot.autoplay``): on the island to the next region's entrance,
below to a thing worth having in view, the nearest room not explored, the hiding Warden, or
the stairs; one step of the route a turn.

A base of ``Autoplayer``; it asks the bot what it wants (``_wants``, ``_fixture_wanted``,
``_wanted_at``) and keeps the route and what it needs to judge it in the bot's memory.
"""

from __future__ import annotations

from typing import Callable

from game.world.action import Action
from game.world.actor import Actor, Item
from game.world.actions import Descend, Move, Wait
from game.bot.policy import Policy
from game.bot.rescue import past_captive
from game.content.monsters import is_warden
from game.map.floor_map import PASSABLE_OPENING_DOORS
from game.map.edges import Edge
from game.world.fields import Where, fail, shown
from game.world.game import OVERWORLD, Game
from game.world.paths import Navigator, Pos
from game.world.saving import DUNGEON_KEY

PLAN_GOALS = ("", "entrance", "item", "explore", "hunt", "stairs")
"""What the bot's route leads to (``""`` before its first)."""
TURNS_PER_FLOOR = 700
ITEM_PATIENCE = 200
"""Turns after which the bot gives up on a thing it keeps going for (a guardian that heals
faster than the bot can hurt it stands on it)."""
STALL_TURNS = 400
"""Turns without progress after which the bot gives up: nothing new seen, taken, killed,
won or wounded (a Warden: they never heal), and not one tile it had not stood on since
the last progress."""


def remembered_floor(value: object, where: Where) -> str:
    """A floor's key in the bot's memory (``game.world.game.floor_key``), or ``""`` before its
    first move; a ``SaveError`` for anything else."""
    if not (value in ("", OVERWORLD) or isinstance(value, str) and DUNGEON_KEY.fullmatch(value)):
        fail(where, f"not a floor: {shown(value)}")
    return value


class Plans:
    """The bot's route and how it makes one."""

    _nav: Navigator | None
    _nav_key: tuple[int, int, int, bool] | None
    _plan: list[Pos]
    _plan_goal: str
    _start_of_plan: Pos
    _floor_start_turn: int
    _progress_turn: int
    _chasing: dict[int, int]
    _quarry: Pos | None
    _swept: set[int]
    # what the bot wants, from the class that uses this one (``Autoplayer``)
    _wanted_at: Callable[[Game, Pos], bool]
    _wants: Callable[[Game, Item], bool]
    _fixture_wanted: Callable[[Game, Pos], bool]
    _threats: Callable[[Game], list[Actor]]
    policy: Policy

    def _island(self, game: Game) -> Action:
        """On the island: walk to the entrance of the next region to conquer, go down."""
        target = game.world.next_region()
        if target is None:
            return Wait()  # every Warden has fallen
        entrance = game.world.entrances[target]
        if game.player.pos == entrance:
            return Descend()
        if not self._plan or self._plan[-1] != entrance or game.player.pos not in (self._plan[0], self._start_of_plan):
            nav = self._navigator(game)
            goal = entrance[1] * game.floor.map.width + entrance[0]
            self._plan = nav.path(game.player.pos, lambda i: i == goal) or []
            self._plan_goal = "entrance"
            self._start_of_plan = game.player.pos
        return self._travel(game)


    def _travel(self, game: Game) -> Action:
        if self._plan and game.player.pos == self._plan[0]:
            self._plan.pop(0)
        if not self._plan_still_good(game):
            self._plan = self._make_plan(game)
        if not self._plan:
            return Wait()
        nx, ny = self._plan[0]
        px, py = game.player.pos
        if max(abs(nx - px), abs(ny - py)) != 1:
            self._plan = []
            return Wait()
        blocker = game.occupant((nx, ny))
        if blocker is not None and blocker.captive:  # freed, or stepped round (ALY-1)
            action = past_captive(game, blocker, self._plan, self.policy.frees_captives, self._threats(game))
            if action is None:
                self._plan = []
            return action or Wait()
        return Move(nx - px, ny - py)


    def _navigator(self, game: Game) -> Navigator:
        """Paths through what can be passed: closed doors (opened on the way), locked doors
        only with a key, and never a sealed gate on the island (keys do not open gates)."""
        can_unlock = game.inventory.count("key") > 0 and not game.on_overworld
        key = (game.depth, id(game.floor), game.floor.door_version, can_unlock)
        if self._nav is None or self._nav_key != key:
            passable = PASSABLE_OPENING_DOORS.copy()
            passable[Edge.LOCKED_DOOR] = can_unlock
            self._nav = Navigator(game.floor.map, passable)
            self._nav_key = key
        return self._nav


    def _plan_still_good(self, game: Game) -> bool:
        if not self._plan:
            return False
        gx, gy = self._plan[-1]
        if self._plan_goal == "explore":
            return bool(game.floor.unexplored()[gy, gx])
        if self._plan_goal == "item":
            return self._wanted_at(game, (gx, gy))
        if self._plan_goal == "hunt":
            return False  # the quarry moves: a fresh route every step
        return True


    def _hunt(self, game: Game, nav: Navigator, known: Callable[[int], bool]) -> list[Pos]:
        """To where the Warden was last seen; after that, through the rooms not swept since
        (Wardens that blink away or keep their distance do not wait at the stairs' tile)."""
        floor, me = game.floor, game.player.pos
        warden = next((a for a in floor.actors if a.alive and is_warden(a.kind)), None)
        if warden is None:
            return []
        if floor.in_sight(*warden.pos):
            self._quarry, self._swept = warden.pos, set()
        self._swept.add(floor.map.room_at(*me))
        width = floor.map.width
        if self._quarry is not None and self._quarry != me:
            goal = self._quarry[1] * width + self._quarry[0]
            plan = nav.path(me, lambda i: i == goal, known)
            if plan:
                return plan
        self._quarry = None
        rooms: list[int] = floor.map.rooms.ravel().tolist()
        for _ in range(2):

            def unswept(i: int, swept: set[int] = self._swept) -> bool:
                return rooms[i] >= 0 and rooms[i] not in swept

            plan = nav.path(me, unswept, known)
            if plan:
                return plan
            self._swept = {floor.map.room_at(*me)}  # every room swept: start another round
        return []


    def _make_plan(self, game: Game) -> list[Pos]:
        floor = game.floor
        nav = self._navigator(game)
        width = floor.map.width
        rooms = floor.map.rooms.ravel().tolist()
        seen = floor.seen_rooms.tolist()
        known: Callable[[int], bool]  # by flat index
        if floor.seen_tiles is None:
            known = lambda i: rooms[i] >= 0 and seen[rooms[i]]  # noqa: E731
        else:  # by the tile: the tiles seen
            known = floor.seen_tiles.ravel().tolist().__getitem__
        wanted = {item.y * width + item.x for item in floor.items
                  if floor.in_sight(item.x, item.y) and self._wants(game, item)}
        wanted |= {f.y * width + f.x for f in floor.level.features
                   if floor.in_sight(f.x, f.y) and self._fixture_wanted(game, f.pos)}
        wanted = {i for i in wanted if game.turn - self._chasing.get(i, game.turn) < ITEM_PATIENCE}
        if wanted:
            plan = nav.path(game.player.pos, lambda i: i in wanted, known, limit=4000)
            if plan:
                self._plan_goal = "item"
                gx, gy = plan[-1]
                self._chasing.setdefault(gy * width + gx, game.turn)
                return plan
        in_a_hurry = (game.turn - self._floor_start_turn >= TURNS_PER_FLOOR
                      or game.turn - self._progress_turn >= STALL_TURNS // 2)  # stuck exploring: move on
        ex, ey = floor.level.exit
        exit_known = floor.known(ex, ey)
        if not (in_a_hurry and exit_known):
            left = floor.unexplored().ravel().tolist()
            plan = nav.path(game.player.pos, left.__getitem__, known)
            if plan:
                self._plan_goal = "explore"
                return plan
        if not floor.level.stairs_down:  # a Warden's floor: no stairs, so hunt the Warden down
            plan = self._hunt(game, nav, known)
            if plan:
                self._plan_goal = "hunt"
                return plan
        if exit_known:
            goal = ey * width + ex
            plan = nav.path(game.player.pos, lambda i: i == goal, known)
            if plan is not None:
                self._plan_goal = "stairs"
                return plan
        return []

