"""Captives and the orders of allies (SPEC ALY-1, ALY-2).

A captive lies shackled among its captors. Bumping it asks whether to free it (``bump``); freeing
(``FreeCaptive``) is ``FREE_TURNS`` turns of work next to it, each a turn the monsters act in, and
stops as soon as the player is hurt (the work done so far is kept: bump it again to go on). Freed,
it is an ally: of the player's faction, following the player (``game.ai.allies``). At most
``ALLY_CAP`` allies at once. ``OrderAllies`` tells this floor's allies to wait or to follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.monsters import MONSTERS
from game.mapgen.captors import FREE_TURNS
from game.world import turns
from game.world.action import Ask, Done, Impossible, Result
from game.world.party import ALLY_CAP, allies, allies_here

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

ORDERS = ("wait", "follow")


def bump(game: Game, captive: Actor, dx: int, dy: int) -> Result:
    """Walking into a captive: the question whether to free it (or why not)."""
    refused = _refusal(game)
    if refused is not None:
        return refused
    name = MONSTERS[captive.kind].name
    left = captive.shackles
    work = f"{left} turns of work" if left == FREE_TURNS else f"{left} more turns of work"
    return Ask(f"Free the captive {name}? It takes {work} next to it; being hurt stops you. "
               "Freed, it follows you and fights at your side.", FreeCaptive(dx, dy))


def _refusal(game: Game) -> Impossible | None:
    if len(allies(game)) >= ALLY_CAP:
        return Impossible(f"You lead {ALLY_CAP} allies already: no more will follow you.")
    return None


@dataclass(frozen=True)
class FreeCaptive:
    """Work at the shackles of the captive next to the player, in direction ``(dx, dy)``, until
    it is free or the player is hurt: each turn of work lets the monsters act."""

    dx: int
    dy: int

    def perform(self, game: Game) -> Result:
        if max(abs(self.dx), abs(self.dy)) != 1:
            return Impossible("That is not a direction.")
        player = game.player
        captive = game.occupant((player.x + self.dx, player.y + self.dy))
        if captive is None or not captive.captive:
            return Impossible("There is no captive there.")
        refused = _refusal(game)
        if refused is not None:
            return refused
        name = MONSTERS[captive.kind].name
        while True:
            health = player.hp
            captive.shackles -= 1
            if not captive.captive:
                free(game, captive)
                turns.end_turn(game)
                return Done(f"You free the {name}. It will follow you and fight at your side.", turns_passed=True)
            turns.end_turn(game)
            if not player.alive or game.floor_changed or not captive.alive:
                return Done(turns_passed=True)
            if player.hp < health:
                done = FREE_TURNS - captive.shackles
                return Done(f"Hurt, you stop working at the {name}'s shackles ({done} of {FREE_TURNS} turns done).",
                            turns_passed=True)


def free(game: Game, captive: Actor) -> None:
    """The captive becomes an ally: the player's faction, following the player."""
    captive.shackles = 0
    captive.ally, captive.waiting = True, False
    game.floor.note_allies()
    captive.leader = game.player.eid
    captive.state, captive.target, captive.target_eid, captive.home = "idle", None, None, None
    captive.route, captive.route_index = [], 0
    game.cue("reveal")


@dataclass(frozen=True)
class OrderAllies:
    """Tell the allies on this floor to ``"wait"`` where they stand or to ``"follow"`` the player
    again (a shout: it takes a turn)."""

    order: str

    def perform(self, game: Game) -> Result:
        if self.order not in ORDERS:
            return Impossible(f"Allies can be told to {' or '.join(ORDERS)}, not {self.order!r}.")
        here = allies_here(game)
        if not here:
            return Impossible("You have no allies here.")
        for ally in here:
            ally.waiting = self.order == "wait"
            ally.home = ally.pos if ally.waiting else None
        them = "your ally" if len(here) == 1 else "your allies"
        return Done(f"You tell {them} to wait here." if self.order == "wait" else f"You tell {them} to follow you.")


def next_order(game: Game) -> str:
    """What the wait-or-follow command asks now: ``"wait"`` while any ally here follows, else
    ``"follow"``."""
    return "wait" if any(not a.waiting for a in allies_here(game)) else "follow"


def standing(actor: Actor) -> str:
    """What hover says first of a captive or an ally (empty for any other monster)."""
    name = MONSTERS[actor.kind].name
    if actor.captive:
        turns_left = f"{actor.shackles} turns" if actor.shackles > 1 else "1 more turn"
        return f"A captive {name}, shackled. Free it: bump into it; it takes {turns_left}."
    if actor.ally:
        how = "waits where you told it to" if actor.waiting else "follows you"
        return f"Your ally: it {how} and fights your foes. Walk into it to swap places."
    return ""
