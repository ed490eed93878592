"""Walks the player starts and the game carries out a step at a time (SPEC UI-2, UI-6):
to a clicked tile, auto-explore (``x``), travel to the stairs (``>``/``<`` away from them),
and resting (``z``).

A walk stops by itself when a monster comes into view, something hurts the player, the
player is badly hurt (exploring), its next step is certain to hurt (``game.world.harm``: the
play screen would ask), or it has nowhere left to go; any key stops it too (the play screen).
Exploring badly hurt rests first, and says so. On a derelict's deck a walk shuts each door
behind it as it goes on (SHP-2: a breach vents only what is open to it). Walking onto coins, a
key or a consumable picks it up, however the player got there (``auto_take``); equipment,
which swaps what is worn, waits for ``g``. No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.wild import near_foes
from game.world.action import Action
from game.map.edges import Edge
from game.world.actions import CloseDoor, Move, PickUp, Wait
from game.bot.explore import VAULT_DONE, explore_route, stairs_route, taken_in_passing
from game.world import specials
from game.world.harm import step_harm, wait_harm
from game.content.monsters import MONSTERS
from game.world.senses import monsters_seen

if TYPE_CHECKING:
    from game.world.game import Game

Pos = tuple[int, int]
LOW_HEALTH = 0.5
"""Below this share of health exploring rests to full first (and stops if a monster is in view)."""
MAX_REST = 400
RESTING = "You rest before exploring\u2026"


def auto_take(game: Game) -> bool:
    """Whether the top item underfoot is picked up just by walking onto it (``taken_in_passing``:
    coins, a key or a consumable there is room for; equipment waits for ``g``)."""
    items = game.floor.items_at(game.player.pos)
    return bool(items) and taken_in_passing(game, items[-1])


def monsters_in_sight(game: Game) -> set[int]:
    """The monsters the player sees (and that see the player, ``monsters_seen``), by id."""
    return {m.eid for m in monsters_seen(game)}


class Walk:
    """``mode`` is "walk" (a clicked route), "explore", "down", "up", "rest" or "train" (practice
    on a dummy, ``g`` repeated until learned). A walk may have an ``errand``: actions done one by
    one where it ends (a verb chosen for a thing further off: take it, open or close a door);
    ``item``: the errand is for that item (its id), and is dropped if it no longer lies on top
    there (picked up on the way in, or gone)."""

    def __init__(self, game: Game, mode: str, route: list[Pos] | None = None, fights: bool = False,
                 errand: list[Action] | None = None, item: int | None = None) -> None:
        self.mode = mode
        self.fights = fights  # a monster in the way is attacked (else the walk stops before it)
        self.route = list(route or [])
        self.errand = list(errand or [])
        self.item = item
        self.seen = monsters_in_sight(game)
        self.hp = game.player.hp
        self.turns = 0
        self.resting = False  # exploring, but resting first (badly hurt, nothing in view)
        self.stepped_from: Pos | None = None  # where the last step began
        self.behind: Pos | None = None  # on a derelict's deck, the tile beyond the door just walked through

    @classmethod
    def to_stairs(cls, game: Game, down: bool) -> Walk | str:
        """A walk to the known stairs, or why there is none."""
        route, what = stairs_route(game, down)
        if route is None:
            return what
        return cls(game, "down" if down else "up", route)

    def interrupted(self, game: Game) -> str | None:
        """Why the walk must stop now ("" to stop silently), or None to go on."""
        newcomers = monsters_in_sight(game) - self.seen
        if game.on_overworld:  # by daylight a whole region is in view: a foe that comes near stops it (TER-8)
            newcomers &= {m.eid for m in near_foes(game)}
        if newcomers:
            monster = next(m for m in game.floor.actors if m.eid in newcomers)
            return f"You see {game.name_of(monster)}."
        if game.player.hp < self.hp:
            return ""
        self.hp = game.player.hp  # healing on the way is not an interruption
        return None

    def next_action(self, game: Game) -> tuple[Action | None, str]:
        """The walk's next action and what to tell the player as it starts ("" for nothing); or
        None and why it stops."""
        why = self.interrupted(game)
        if why is not None:
            return None, why
        player = game.player
        if self.mode == "rest":
            if player.hp >= player.max_hp:
                return None, "You are rested."
            if self.turns >= MAX_REST:
                return None, ""
            harm = wait_harm(game)  # (VLT-7: a beam fires where the player rests)
            if harm is not None:
                return None, f"{harm.warning} You stop."
            self.turns += 1
            return Wait(), ""
        if self.mode == "train":
            return (PickUp(), "") if specials.practising(game) else (None, "")
        if self.mode == "explore":
            if player.hp < LOW_HEALTH * player.max_hp or (self.resting and player.hp < player.max_hp):
                if monsters_in_sight(game):
                    return None, "You are badly hurt: get away, or drink a potion."
                harm = wait_harm(game)
                if harm is not None:
                    return None, f"{harm.warning} You stop."
                said = "" if self.resting else RESTING
                self.resting = True  # badly hurt and alone: rest to full, then explore on
                self.turns += 1
                return (Wait(), said) if self.turns <= MAX_REST else (None, "")
            self.resting = False
            if auto_take(game):  # what a step would have taken; never a weapon or armour
                return PickUp(), ""
            self.route, what = explore_route(game)  # afresh each step: each step may show a room
            if not self.route:
                if game.on_overworld:
                    if game.sight == "tile":  # the island is not explored tile by tile: it is large
                        return None, "x does not explore the island: press > to walk to the next dungeon."
                    return None, "The island lies open in daylight: press > to walk to the next dungeon."
                state, vault = game.floor.vault_state, game.floor.level.vault
                if state is not None and vault is not None and ((vault.numbers >= 0) & ~state.revealed).any():
                    return None, VAULT_DONE
                return None, "Explored. Press > to travel to the stairs."
        while self.route and self.route[0] == player.pos:
            self.route.pop(0)
        if not self.route:
            return self._errand_step(game)
        nx, ny = self.route[0]
        dx, dy = nx - player.x, ny - player.y
        if max(abs(dx), abs(dy)) != 1:
            return None, ""  # pushed off the route (a shock wave, a vent): stop rather than guess
        shut = self._shut_behind(game, (nx, ny))
        if shut is not None:
            return shut, ""
        blocker = game.occupant((nx, ny))
        if blocker is not None and blocker.captive:  # freeing it is the player's choice (ALY-1)
            return None, f"A captive {MONSTERS[blocker.kind].name} is in the way: walk into it to free it."
        if blocker is not None and not self.fights and not specials.peaceful(blocker):  # a keeper steps aside
            return None, f"{game.name_of(blocker, True)} is in the way."
        harm = step_harm(game, dx, dy)
        if harm is not None:  # a walk never asks: it stops, and the player takes that step (UI-7)
            return None, f"{harm.warning} You stop."
        self.stepped_from = player.pos
        return Move(dx, dy), ""

    def _shut_behind(self, game: Game, going: Pos) -> Action | None:
        """On a derelict's deck (SHP-2), the door the walk just went through, shut behind it on the
        way on (unless the way goes back through it, or something stands in it): explored
        compartments stay sealed, so a breach vents only what is open to it."""
        behind, self.behind = self.behind, None
        if behind is None or going == behind or game.occupant(behind) is not None:
            return None
        px, py = game.player.pos
        dx, dy = behind[0] - px, behind[1] - py
        if abs(dx) + abs(dy) != 1 or game.floor.map.edge_kind_toward(px, py, dx, dy) != Edge.OPEN_DOOR:
            return None
        return CloseDoor(dx, dy)

    def _errand_step(self, game: Game) -> tuple[Action | None, str]:
        """The errand's next action, where the walk ended; None when it is done (or void)."""
        top = game.floor.items_at(game.player.pos)[-1:]
        if self.item is not None and (not top or top[0].iid != self.item):
            self.errand = []
        return (self.errand.pop(0), "") if self.errand else (None, "")

    @property
    def done(self) -> bool:
        """A walk to somewhere that has got there, its errand (if any) done."""
        return self.mode in ("walk", "down", "up") and not self.route and not self.errand

    def after(self, game: Game, moved_to: Pos) -> None:
        """Note the step taken (the route's next tile is reached when the player stands on it)."""
        if self.route and game.player.pos == self.route[0]:
            self.route.pop(0)
        start, self.stepped_from = self.stepped_from, None
        if start is not None and game.floor.ship_state is not None and moved_to != start:
            dx, dy = start[0] - moved_to[0], start[1] - moved_to[1]
            if abs(dx) + abs(dy) == 1 and game.floor.map.edge_kind_toward(*moved_to, dx, dy) == Edge.OPEN_DOOR:
                self.behind = start
