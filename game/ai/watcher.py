"""A trap vault's watcher (SPEC VLT-8; seed 002's big boss, "blind unlike the bugs"): it sees.

The watcher stands at its post until it sees the player within ``SIGHT`` cells (and the
usual senses allow: a potion of darkness hides the player from it as from anyone). Then it
hunts: step by step towards them, over the cells of its vault that hold no live trap (it knows
its own traps), and strikes when beside them. When it loses sight of them it goes to where
they were last seen, looks about for ``SEARCH_TURNS``, and goes back to its post. It is slower
than the player (``speed`` 60: three actions every five turns), so a player can always get
away; blades glance off its shell, and only blasts hurt it.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.ai.behaviour import SEARCH_TURNS, Behaviour, take_step
from game.map.floor_map import DIRECTIONS_8
from game.map.vault_field import WATCHER_SIGHT
from game.world.navigation import chebyshev
from game.world.senses import visible_enemies

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]
SIGHT = WATCHER_SIGHT


def sees_player(game: Game, watcher: Actor) -> bool:
    player = game.player
    return chebyshev(player.pos, watcher.pos) <= SIGHT and player in visible_enemies(game, watcher)


class Watcher(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        player = game.player
        if sees_player(game, monster):
            monster.state, monster.target, monster.target_eid, monster.lost_turns = "hunting", player.pos, player.eid, 0
            if chebyshev(player.pos, monster.pos) == 1 and take_step(game, monster, player.x - monster.x,
                                                                     player.y - monster.y):
                return
        elif monster.state == "hunting":
            monster.state, monster.lost_turns = "searching", 0
        if monster.state == "searching":
            monster.lost_turns += 1
            if monster.pos == monster.target or monster.lost_turns > SEARCH_TURNS:
                monster.state, monster.target, monster.target_eid = "idle", None, None
        goal = monster.target if monster.state in ("hunting", "searching") else monster.home
        if goal is not None and goal != monster.pos:
            step = first_step(game, monster.pos, goal, beside=monster.state == "hunting")
            if step is not None:
                take_step(game, monster, step[0] - monster.x, step[1] - monster.y)


def first_step(game: Game, start: Pos, goal: Pos, beside: bool = False) -> Pos | None:
    """The first cell of a shortest walk from ``start`` onto ``goal`` (``beside`` it: the player it
    hunts stands there) over floor cells with no live trap and no one standing in them; None when
    there is none."""
    floor = game.floor
    area, field_, state = floor.map, floor.level.vault, floor.vault_state
    trapped = None if field_ is None or state is None else field_.traps & ~state.sprung
    came: dict[Pos, Pos] = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and chebyshev(here, goal) <= (1 if beside else 0):
            while came[here] != start:
                here = came[here]
            return here
        for dx, dy in DIRECTIONS_8:
            nxt = (here[0] + dx, here[1] + dy)
            if nxt in came or not area.can_step(here[0], here[1], dx, dy):
                continue
            if (trapped is not None and trapped[nxt[1], nxt[0]]) or (nxt != goal and game.occupant(nxt) is not None):
                continue
            came[nxt] = here
            queue.append(nxt)
    return None
