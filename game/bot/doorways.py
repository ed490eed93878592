"""Fighting from a doorway (SPEC ROB-4), the smart policy's tactic: when a group hunts the bot and
none of it is beside it yet, it steps into a doorway (or stays in the one it stands in) with the
group on the far side, so that they come through one at a time. A door's edge blocks the diagonal
steps past it, so only the one standing in the door's other tile can strike.

"Cheaply": it only ever takes one step for it, and it waits there at most ``HOLD_TURNS`` turns
for a group that does not come (a Warden that throws, guards that keep their post); then it goes
on, and does not step back into a doorway until no group is coming (else it would shuttle in
and out of it for ever).
"""

from __future__ import annotations

from game.content.monsters import MONSTERS
from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_4, DIRECTIONS_8
from game.world.action import Action
from game.world.actions import Move, Wait
from game.world.actor import Actor
from game.world.game import Game
from game.world.paths import Pos

HOLD_TURNS = 6
"""Turns at most the bot waits in a doorway for a group to come through it."""


class Doorways:
    """The bot's doorway tactic, with the one thing it remembers: how long it has waited."""

    def __init__(self) -> None:
        self.held = 0

    def next_action(self, game: Game, threats: list[Actor]) -> Action | None:
        """Wait in a doorway, step into one, or ``None`` when there is no group coming or no
        doorway one step away."""
        coming = [m for m in threats if m.state == "hunting" and not MONSTERS[m.kind].stationary]
        me = game.player.pos
        if len(coming) < 2 or any(_reaches(game, m.pos, me) for m in coming):
            self.held = 0
            return None
        if self.held >= HOLD_TURNS:  # it waited long enough for this group: it goes on, and does not come back
            return None
        if good_doorway(game, me, coming):
            self.held += 1
            return Wait()
        area = game.floor.map
        for dx, dy in DIRECTIONS_8:
            there = (me[0] + dx, me[1] + dy)
            if area.can_step(*me, dx, dy) and game.occupant(there) is None and good_doorway(game, there, coming):
                return Move(dx, dy)
        return None


def good_doorway(game: Game, pos: Pos, coming: list[Actor]) -> bool:
    """Whether ``pos`` is a doorway to hold against ``coming``: an open door on one of its sides
    leads to another room, none of ``coming`` is in its own room, and none can strike at it yet."""
    area = game.floor.map
    room = area.room_at(*pos)
    if any(area.room_at(*m.pos) == room or _reaches(game, m.pos, pos) for m in coming):
        return False
    return any(area.edge_kind_toward(*pos, dx, dy) == Edge.OPEN_DOOR and area.room_at(pos[0] + dx, pos[1] + dy) != room
               for dx, dy in DIRECTIONS_4)


def _reaches(game: Game, a: Pos, b: Pos) -> bool:
    """One standing at ``a`` can strike at ``b`` (beside it, and no wall or door's edge between)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return max(abs(dx), abs(dy)) == 1 and game.floor.map.can_step(*a, dx, dy)
