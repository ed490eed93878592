"""How the autoplayer plays a trap vault (SPEC VLT-3, VLT-5): Minesweeper from the inside.

It knows what the player knows: the revealed numbers, the traps already sprung,
the total number of traps (the HUD shows it), where the coins lie and where the
bugs are and step next. Each turn, in order: take the stairs once the vault is
cleared; drink when badly hurt; pick up what lies here; rest when hurt and no bug
is near; throw TNT at a bug (or the watcher, VLT-8) when the goal is the bugs (the
watcher) and one stands 3 to 8 cells away; otherwise walk towards the goal (a coin, a bug to get in range of, the
stairs) over cells it knows are safe, and when no such walk exists, step onto
the least risky unknown cell next to the safe ground, nearest the goal first. It
never steps where a bug is or is about to be, nor beside the watcher, nor into a laser beam that fires as the
turn ends (VLT-7): it waits for the beam to go dark, and crosses only when it can get
out before the beam fires again.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Callable

import numpy as np
from numpy.typing import NDArray

from game.world.action import Action
from game.world.actions import Descend, Drop, Move, PickUp, Throw, Wait
from game.bot.explore import room_for
from game.ai.behaviours import route_cell, route_period
from game.ai.minesweeper import deduce, risk
from game.bot.floor_facts import remembered_floor
from game.world.fields import MAX_COUNT, Fields, Where, as_tiles
from game.map.floor_map import DIRECTIONS_8, PASSABLE_NOW
from game.world.paths import step_tables
from game.world.lasers import firing, live
from game.world.projectiles import fly

if TYPE_CHECKING:
    from game.map.vault_field import VaultField
    from game.world.game import Game
    from game.world.vaults import VaultState

Pos = tuple[int, int]
TNT_NEAREST, TNT_FARTHEST = 3, 8
REST_BELOW = 0.6
MAX_REST = 40
BUG_CALM_DISTANCE = 5
BLASTED = {"bugs": "alien_bug", "watcher": "watcher"}
"""The goals met with TNT, and the kind each blasts (VLT-4, VLT-8)."""


class VaultPlayer:
    """The vault part of the autoplayer, with its deductions cached until something is found."""

    def __init__(self) -> None:
        self._key: tuple[int, ...] = ()
        self._safe: NDArray[np.bool_] = np.zeros((0, 0), dtype=bool)
        self._traps: NDArray[np.bool_] = np.zeros((0, 0), dtype=bool)
        self._risk: NDArray[np.float64] = np.zeros((0, 0))
        self.rested = 0
        self._waited = 0  # turns spent waiting for a bug to come within throwing range
        self._useless: set[Pos] = set()  # spots from which no bug ever came within a throw
        self._floor = ""  # the floor key the memory below is about

    def memory(self) -> dict[str, object]:
        return {"rested": self.rested, "waited": self._waited, "useless": sorted([list(p) for p in self._useless]),
                "floor": self._floor}

    @classmethod
    def from_memory(cls, data: object, where: Where = "vault") -> VaultPlayer:
        """The vault player ``memory`` describes; a ``SaveError`` (a ``ValueError``) saying where
        and what is wrong for anything else."""
        fields, player = Fields(data, where), cls()
        player.rested, player._waited = fields.integer("rested", 0, MAX_REST), fields.integer("waited", 0, MAX_COUNT)
        player._useless = set(as_tiles(fields.get("useless"), fields.path("useless")))
        player._floor = remembered_floor(fields.get("floor"), fields.path("floor"))
        return player

    def next_action(self, game: Game, worth: Callable[[Game, str], bool],
                    use: Callable[[str, Game], Action | None]) -> Action:
        """The next action on a vault floor (one whose ``vault_state`` is set)."""
        floor = game.floor
        state, field_ = _vault_of(game)
        me = game.player.pos
        if game.floor_key != self._floor:
            self._floor, self._waited, self._useless = game.floor_key, 0, set()
        if state.cleared and me == floor.level.exit:
            return Descend()
        if game.player.hp < 0.4 * game.player.max_hp:
            drink = use("potion_healing", game)
            if drink is not None:
                return drink
        wanted = [item for item in floor.items_at(me) if worth(game, item.kind) and not item.dropped]
        if wanted:
            spare = room_for(game, wanted[-1].kind)  # a full pack: what it does not use makes room
            return PickUp() if spare is None else Drop(spare)
        bugs = self._bug_cells(game)
        burning = firing(field_, state, game.turn)
        danger = bugs | burning
        if (game.player.hp < REST_BELOW * game.player.max_hp and self.rested < MAX_REST and me not in danger
                and self._nearest_bug(game) >= BUG_CALM_DISTANCE):
            self.rested += 1
            return Wait()
        self.rested = 0
        if field_.goal in BLASTED and not state.cleared:
            throw = self._throw_at(game, BLASTED[field_.goal])
            if throw is not None:
                return throw
        self._think(game)
        goals = self._goals(game)
        is_goal = self._goal_test(game, goals)
        if is_goal(me) and me not in danger and field_.goal in BLASTED and not state.cleared:
            self._waited += 1  # near a bug's route, with TNT: let it come within throwing range,
            if self._waited <= self._longest_patrol(game) + 2:  # for as long as one patrol takes
                return Wait()
            self._useless.add(me)  # no throw from here (a wall in the way): try another spot
            self._waited = 0
        path = self._step_toward(game, is_goal, goals, bugs)
        if path is not None and not (burning and self._beam_in_the_way(game, path, burning)):
            return Move(path[0][0] - me[0], path[0][1] - me[1])
        return Wait() if me not in danger else self._dodge(game, danger)

    @staticmethod
    def _beam_in_the_way(game: Game, path: list[Pos], burning: set[Pos]) -> bool:
        """The walk's first step ends in a beam firing now, or in one firing next turn with the
        second step in it too (in, then stuck): wait for the dark."""
        if path[0] in burning:
            return True
        state, field_ = _vault_of(game)
        after = firing(field_, state, game.turn + 1)
        return path[0] in after and len(path) > 1 and path[1] in after

    # --- knowledge ------------------------------------------------------------------------
    def _think(self, game: Game) -> None:
        floor = game.floor
        state, field_ = _vault_of(game)
        key = (id(floor), int(state.revealed.sum()), int(state.sprung.sum()))
        if key == self._key:
            return
        self._key = key
        inside = floor.map.floor_mask()
        numbers = np.where(state.revealed, field_.numbers, 0)
        self._safe, self._traps = deduce(inside, state.revealed, numbers, state.sprung)
        left = float(field_.traps.sum() - state.sprung.sum() - self._traps.sum())
        self._risk = risk(inside, state.revealed, numbers, state.sprung, left)

    def _walkable(self, game: Game) -> NDArray[np.bool_]:
        """Cells known to hold no live trap: revealed, proven safe, or a trap already sprung."""
        state, _ = _vault_of(game)
        walkable: NDArray[np.bool_] = state.revealed | self._safe | state.sprung
        return walkable

    def _bug_cells(self, game: Game) -> set[Pos]:
        """Where the bugs are and where they step next, and a watcher and the cells beside it
        (where it strikes): never stand there."""
        cells: set[Pos] = set()
        for bug in game.floor.actors:
            if bug.alive and bug.kind == "watcher":
                cells |= {(bug.x + dx, bug.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            if bug.alive and bug.kind == "alien_bug":
                cells.add(bug.pos)
                if len(bug.route) >= 2:
                    cells.add(route_cell(bug.route, bug.route_index + 1))
        return cells

    def _nearest_bug(self, game: Game) -> int:
        me = game.player.pos
        return min((max(abs(b.x - me[0]), abs(b.y - me[1])) for b in game.floor.actors
                    if b.alive and b.kind in ("alien_bug", "watcher")), default=99)

    def _goal_test(self, game: Game, goals: set[Pos]) -> Callable[[Pos], bool]:
        """Where to walk to: onto a coin or the stairs; for bugs, into throwing range of one."""
        state, field_ = _vault_of(game)
        if field_.goal in BLASTED and not state.cleared and game.inventory.count("tnt"):
            useless = self._useless
            return lambda cell: cell not in useless and TNT_NEAREST <= _distance(cell, goals) <= TNT_FARTHEST - 3
        return lambda cell: cell in goals

    @staticmethod
    def _longest_patrol(game: Game) -> int:
        return max((route_period(b.route) for b in game.floor.actors if b.alive and b.kind == "alien_bug"
                    and len(b.route) >= 2), default=1)

    def _goals(self, game: Game) -> set[Pos]:
        floor = game.floor
        state, field_ = _vault_of(game)
        if state.cleared:
            return {floor.level.exit}
        if field_.goal == "lasers":
            return {laser.emitter for laser in live(field_, state)}
        if field_.goal in BLASTED:
            if game.inventory.count("tnt") == 0:
                return {item.pos for item in floor.items if item.kind == "tnt"} or {floor.level.exit}
            if field_.goal == "watcher":
                return {w.pos for w in floor.actors if w.alive and w.kind == "watcher"}
            # where the bugs walk, not where they are: a goal that moves every turn makes a walker dither
            return {(x, y) for b in floor.actors if b.alive and b.kind == "alien_bug" for x, y in b.route}
        return {item.pos for item in floor.items if item.kind == "coins"}

    # --- moving ---------------------------------------------------------------------------
    def _step_toward(self, game: Game, is_goal: Callable[[Pos], bool], goals: set[Pos],
                     danger: set[Pos]) -> list[Pos] | None:
        """A walk over safe cells to the nearest goal (its cells after the start), or onto the
        least risky unknown cell beside the safe ground when no safe walk reaches one."""
        floor = game.floor.map
        ways, width = step_tables(floor, PASSABLE_NOW).ways, floor.width  # as ``can_step``, read quicker
        walkable = self._walkable(game).tolist()
        traps = self._traps
        me = game.player.pos
        came: dict[Pos, Pos | None] = {me: None}
        depth = {me: 0}
        queue = deque([me])
        frontier: list[tuple[float, int, int, Pos, Pos]] = []
        while queue:
            here = queue.popleft()
            if here != me and is_goal(here):
                return self._path(came, here)
            steps = ways[here[1] * width + here[0]]
            for k, (dx, dy) in enumerate(DIRECTIONS_8):
                nxt = (here[0] + dx, here[1] + dy)
                if not steps >> k & 1 or nxt in came or (here == me and nxt in danger):
                    continue
                x, y = nxt
                if walkable[y][x]:
                    came[nxt] = here
                    depth[nxt] = depth[here] + 1
                    queue.append(nxt)
                elif not traps[y, x]:
                    frontier.append((float(self._risk[y, x]), _distance(nxt, goals), depth[here], nxt, here))
        if not frontier:
            return None
        _, _, _, cell, beside = min(frontier)
        came[cell] = beside
        return self._path(came, cell)

    @staticmethod
    def _path(came: dict[Pos, Pos | None], end: Pos) -> list[Pos]:
        path: list[Pos] = []
        node: Pos | None = end
        while node is not None and came[node] is not None:  # stop before the start
            path.append(node)
            node = came[node]
        return path[::-1]

    def _dodge(self, game: Game, danger: set[Pos]) -> Action:
        """Standing where a bug is about to step: move to any safe neighbour that is not."""
        floor = game.floor.map
        walkable = self._walkable(game)
        px, py = game.player.pos
        for dx, dy in DIRECTIONS_8:
            x, y = px + dx, py + dy
            if floor.can_step(px, py, dx, dy) and walkable[y, x] and (x, y) not in danger:
                return Move(dx, dy)
        return Wait()

    def _throw_at(self, game: Game, kind: str) -> Action | None:
        if game.inventory.count("tnt") == 0:
            return None
        me = game.player.pos
        for bug in sorted((b for b in game.floor.actors if b.alive and b.kind == kind), key=lambda b: b.eid):
            distance = max(abs(bug.x - me[0]), abs(bug.y - me[1]))
            if TNT_NEAREST <= distance <= TNT_FARTHEST:
                landing = fly(game.floor.map, me, bug.pos, lambda p: False, TNT_FARTHEST, stop_at_creatures=False)
                if landing.end == bug.pos:
                    return Throw(*bug.pos)
        return None


def _vault_of(game: Game) -> tuple[VaultState, VaultField]:
    """The floor's vault state and field. The vault player plays only a floor whose
    ``vault_state`` is set, and a floor has one exactly when its level has a vault
    (``Floor.from_dict`` refuses anything else; ``travel.open_vault`` sets it)."""
    state, field_ = game.floor.vault_state, game.floor.level.vault
    assert state is not None and field_ is not None, "the vault player plays a vault floor only"
    return state, field_


def _distance(cell: Pos, goals: set[Pos]) -> int:
    return min((max(abs(cell[0] - g[0]), abs(cell[1] - g[1])) for g in goals), default=0)
