"""Turns with speeds (SPEC MON-2): energy, deterministic order.

Every actor has a speed (100 = the player's). After the player acts, time runs
until the player has the energy for its next action: each tick every actor gains
its speed in energy, then every monster with enough energy acts, in order of its
id, as many times as its energy allows. So a speed-150 monster acts three times
every two player turns and a speed-60 one three times every five. No randomness
decides the order: a seed always plays out the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.content.monsters import MONSTERS
from game.world import island

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

ACTION_COST = 100
PLAYER_SPEED = 100
_MINDS: list[Callable[[Game, Actor], None]] = []
"""How a monster acts (``game.ai.behaviours.take_turn``), plugged in by importing ``game.ai``:
the world's rules do not import the monsters' minds, which are built on those rules."""


def plug_minds(act: Callable[[Game, Actor], None]) -> None:
    """Use ``act`` for every monster's turn (``game.ai`` does this when imported)."""
    _MINDS[:] = [act]


def minds() -> Callable[[Game, Actor], None]:
    if not _MINDS:
        raise RuntimeError("no monster minds are plugged in: import game.ai.minds first (game.run.run does)")
    return _MINDS[0]


HASTE = 2
"""A hasted actor (a potion of speed) gains energy this many times as fast."""


def speed_of(actor: Actor) -> int:
    speed = PLAYER_SPEED if actor.kind == "player" else MONSTERS[actor.kind].speed
    speed = speed * HASTE if actor.hasted > 0 else speed
    return speed // 2 if actor.slowed > 0 else speed


def spells_tick(monster: Actor) -> None:
    """A tick of time wears a slowing and an entrancing down (ITM-21); an entranced monster loses
    the energy it would have acted with."""
    if monster.slowed > 0:
        monster.slowed -= 1
    if monster.held > 0:
        monster.held -= 1
        monster.energy = min(monster.energy, 0)


def run_until_player_acts(game: Game, act: Callable[[Game, Actor], None]) -> None:
    """Advance time after the player's action, letting monsters act."""
    player = game.player
    player.energy -= ACTION_COST
    while player.energy < ACTION_COST and player.alive:
        player.energy += speed_of(player)
        monsters = sorted(game.floor.actors, key=lambda m: m.eid)
        if game.on_overworld:  # the island's residents far off rest (SPEC TER-8)
            monsters = island.awake(game, monsters)
        for monster in monsters:
            monster.energy += speed_of(monster)
            spells_tick(monster)
        for monster in monsters:
            while monster.alive and monster.energy >= ACTION_COST and player.alive:
                monster.energy -= ACTION_COST
                act(game, monster)
                if game.floor_changed:
                    return
