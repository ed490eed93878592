"""A bot that plays real runs by itself (SPEC ROB-1), for tests and soak runs.

It explores room by room: it walks (through doors, opening them) to the nearest
room it has not seen yet, travelling only through rooms it has seen. When every
reachable room is seen, or it has spent long enough on the floor, it walks to the
stairs and descends. It only uses what the player could know, plus the map's
walls for path planning.
"""

from __future__ import annotations

import numpy as np

from game.action import Action
from game.actions import Descend, Move, Wait
from game.world.game import Game
from game.world.paths import Navigator, Pos

TURNS_PER_FLOOR = 700
"""After this many turns on a floor the bot heads for the stairs if it knows them."""


class Autoplayer:
    """Chooses the player's next action. Deterministic: no randomness of its own."""

    def __init__(self) -> None:
        self._nav: Navigator | None = None
        self._nav_key: tuple[int, int, int] | None = None
        self._plan: list[Pos] = []
        self._plan_goal: str = ""
        self._floor_start_turn = 0
        self._depth = 0

    def next_action(self, game: Game) -> Action:
        if game.depth != self._depth:
            self._depth, self._floor_start_turn, self._plan = game.depth, game.turn, []
        nav = self._navigator(game)
        if game.player.pos == game.floor.level.exit and self._should_descend(game):
            return Descend()
        if self._plan and game.player.pos == self._plan[0]:
            self._plan.pop(0)
        if not self._plan_still_good(game):
            self._plan = self._make_plan(game, nav)
        if not self._plan:
            return Wait()
        nx, ny = self._plan[0]
        px, py = game.player.pos
        if max(abs(nx - px), abs(ny - py)) != 1:  # knocked off the plan: re-plan next turn
            self._plan = []
            return Wait()
        return Move(nx - px, ny - py)

    # --- planning ------------------------------------------------------------
    def _navigator(self, game: Game) -> Navigator:
        key = (game.depth, id(game.floor), game.floor.door_version)
        if self._nav is None or self._nav_key != key:
            self._nav = Navigator(game.floor.map)
            self._nav_key = key
        return self._nav

    def _should_descend(self, game: Game) -> bool:
        return self._unseen_rooms(game) == 0 or game.turn - self._floor_start_turn >= TURNS_PER_FLOOR

    def _plan_still_good(self, game: Game) -> bool:
        if not self._plan:
            return False
        if self._plan_goal == "explore":
            gx, gy = self._plan[-1]
            return not game.floor.seen_rooms[game.floor.map.rooms[gy, gx]]
        return True

    def _make_plan(self, game: Game, nav: Navigator) -> list[Pos]:
        floor = game.floor
        rooms = floor.map.rooms.ravel().tolist()
        seen = floor.seen_rooms.tolist()
        in_a_hurry = game.turn - self._floor_start_turn >= TURNS_PER_FLOOR
        exit_x, exit_y = floor.level.exit
        exit_known = seen[floor.map.rooms[exit_y, exit_x]]
        if not (in_a_hurry and exit_known):
            plan = nav.path(game.player.pos, lambda i: rooms[i] >= 0 and not seen[rooms[i]],
                            lambda i: rooms[i] >= 0 and seen[rooms[i]])
            if plan:
                self._plan_goal = "explore"
                return plan
        if exit_known:
            exit_index = exit_y * floor.map.width + exit_x
            plan = nav.path(game.player.pos, lambda i: i == exit_index, lambda i: rooms[i] >= 0 and seen[rooms[i]])
            if plan is not None:
                self._plan_goal = "stairs"
                return plan
        return []

    def _unseen_rooms(self, game: Game) -> int:
        return int(np.count_nonzero(~game.floor.seen_rooms))


def play(seed_text: str, turns: int) -> Game:
    """Play ``turns`` turns from a new run with the given seed; returns the game."""
    game = Game.new(seed_text)
    bot = Autoplayer()
    decisions = 0
    while game.turn < turns and decisions < turns * 4:
        game.perform(bot.next_action(game))
        decisions += 1
    return game


def summary(game: Game) -> dict[str, object]:
    """The autoplayer's last line (ROB-1)."""
    return {"seed": game.seed_text, "turns": game.turn, "depth": game.depth, "alive": game.player.hp > 0,
            "digest": game.digest()}
