"""Gas (SPEC TER-4): it breathes from a theme's vents, drifts as a deck's air does, and thins.

- A vent (``Feature("vent", x, y)``, placed by the generator) puffs ``VENT_PUFF`` of its floor's
  gas each turn of a burst: ``VENT_BURST`` turns out of every ``VENT_PERIOD``, each vent at a
  phase of its own (by its tile), so a room with a vent is foul for a while, then clears. The log
  says when a vent the player sees starts to hiss.
- Each turn every tile hands a fifth of its gas to each orthogonal neighbour it may cross into
  as a step could (``hazards.crossings``): across open edges and open doors, never through a
  wall, the hull or a closed door. Then the gas thins by an eighth (rounded up, so a wisp goes).
  Integer arithmetic only: the same on every platform.
- Who breathes it (the player; monsters but the undead and conjured things) suffers each turn
  they stand in it: poison hurts ``1 + amount // POISON_PER_HURT``; confusion confuses the player
  (the potion's confusion, ``CONFUSION_TURNS`` at least) and makes a monster's steps stagger
  (``confused``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.world.hazards import breathes, crossings
from game.world.terrain import vents

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.floor import Floor
    from game.world.game import Game
    from game.world.terrain import TerrainState

Pos = tuple[int, int]
Mask = npt.NDArray[np.bool_]
VENT_PUFF = 90
VENT_BURST = 3
VENT_PERIOD = 24
SHARE = 5  # a tile hands 1/SHARE of its gas to each neighbour it may cross into
THIN = 8  # and loses 1/THIN of what it holds each turn
POISON_PER_HURT = 64
CONFUSION_TURNS = 3
CONFUSED_STAGGER = 0.5
"""A monster in confusion gas steps in a random direction this often."""


def phase(turn: int, pos: Pos) -> int:
    """Where a vent at ``pos`` is in its cycle on ``turn``: it puffs while this is below
    ``VENT_BURST``."""
    return (turn + 7 * pos[0] + 3 * pos[1]) % VENT_PERIOD


def breathe(game: Game, terrain: TerrainState) -> None:
    """The floor's vents puff their gas, those in a burst (see the module)."""
    for pos in vents(game.floor.level):
        at = phase(game.turn, pos)
        if at >= VENT_BURST:
            continue
        x, y = pos
        terrain.gas[y, x] = min(255, int(terrain.gas[y, x]) + VENT_PUFF)
        if at == 0 and game.floor.in_sight(x, y):
            game.log.add(f"{terrain.gas_kind.capitalize()} gas hisses from a vent!", "bad", game.turn)


def drift(terrain: TerrainState, down: Mask, right: Mask) -> None:
    """The gas spreads a step and thins (see the module)."""
    gas = terrain.gas.astype(np.int32)
    given = gas // SHARE
    moved = np.zeros_like(gas)
    flow = np.where(down, given[:-1, :], 0)  # down, from (x, y) to (x, y + 1)
    moved[:-1, :] -= flow
    moved[1:, :] += flow
    flow = np.where(down, given[1:, :], 0)  # up
    moved[1:, :] -= flow
    moved[:-1, :] += flow
    flow = np.where(right, given[:, :-1], 0)  # east
    moved[:, :-1] -= flow
    moved[:, 1:] += flow
    flow = np.where(right, given[:, 1:], 0)  # west
    moved[:, 1:] -= flow
    moved[:, :-1] += flow
    gas += moved
    gas -= (gas + THIN - 1) // THIN
    terrain.gas[:] = np.clip(gas, 0, 255).astype(np.uint8)


def warning(floor: Floor) -> str:
    """What a step into this floor's gas warns of (the question before harm)."""
    kind = floor.terrain.gas_kind if floor.terrain is not None else ""
    if kind == "confusion":
        return "That tile is full of confusion gas: your steps will stagger while you breathe it."
    return "That tile is full of poison gas: it will hurt you every turn you breathe it."


def confused(game: Game, monster: Actor) -> bool:
    """Whether ``monster`` stands in confusion gas it breathes (its steps stagger)."""
    terrain = game.floor.terrain
    return (terrain is not None and terrain.gas_kind == "confusion" and bool(terrain.gas[monster.y, monster.x])
            and breathes(monster))


def choke(game: Game, terrain: TerrainState) -> None:
    """Everyone breathing gas suffers it: poison hurts, confusion confuses the player."""
    gas, player = terrain.gas, game.player
    if terrain.gas_kind == "confusion":
        if player.alive and gas[player.y, player.x]:
            spells = game.magic.spells
            if not spells["confusion"]:
                game.log.add("You breathe the gas: your head spins.", "bad", game.turn)
            spells["confusion"] = max(spells["confusion"], CONFUSION_TURNS)
        return
    victims = [a for a in [player, *sorted(game.floor.actors, key=lambda m: m.eid)]
               if a.alive and gas[a.y, a.x] and breathes(a)]
    for victim in victims:
        amount = 1 + int(gas[victim.y, victim.x]) // POISON_PER_HURT
        victim.hp -= amount
        if victim is player:
            game.log.add(f"The poison gas burns your lungs! ({amount})", "bad", game.turn)
            if player.hp <= 0:
                game.kill(player, None, cause=f"choked on poison gas {game.whereabouts}")
        else:
            if game.player_sees(victim):
                game.log.add(f"{game.name_of(victim, True)} chokes on the gas ({amount}).", "info", game.turn)
            if victim.hp <= 0:
                game.kill(victim, None)


def tick(game: Game, terrain: TerrainState) -> None:
    """One turn of gas: the vents puff, the gas drifts and thins, and those in it breathe it."""
    breathe(game, terrain)
    if not terrain.gas.any():
        return
    down, right = crossings(game.floor.map)
    drift(terrain, down, right)
    choke(game, terrain)

