"""A turn of a floor's terrain (SPEC TER-3..TER-5), run at the end of each of the player's turns
(``game.world.turns.end_turn``) after the monsters have acted: the vents puff and the gas drifts
and is breathed (``game.world.gas``), the fire spreads, burns down and burns
(``game.world.fire``), and the swimming player may lose a heavy thing (``game.world.water``).

Cheap when there is nothing to do: a floor with no terrain, or no fire, no gas, no vent and the
player out of the water, costs a few comparisons. The rolls come from a stream named by the
run's seed, the floor and the turn, made afresh each turn: nothing to save, and no other stream
of the run (the monsters', the combat's, the loot's) draws a number more or less for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.map.ground import Ground
from game.rng import Rng
from game.world import chasm, fire, gas, water
from game.world.terrain import vents

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game


def busy(game: Game) -> bool:
    """Whether the floor's terrain has anything to do this turn."""
    terrain = game.floor.terrain
    if terrain is None:
        return False
    return (not terrain.quiet or bool(vents(game.floor.level))
            or terrain.ground_at(*game.player.pos) == Ground.WATER)


def tick(game: Game) -> None:
    """One turn of the floor's terrain (see the module)."""
    terrain = game.floor.terrain
    if terrain is None or not busy(game):
        return
    rng = Rng.stream(game.seed, "terrain", game.floor_key, game.turn)
    gas.tick(game, terrain)
    if game.player.alive:
        fire.tick(game, terrain, rng)
    if game.player.alive:
        water.swim(game, terrain, rng)


def stepped(game: Game, actor: Actor, was: tuple[int, int]) -> None:
    """``actor`` has just been moved from ``was`` onto its tile: into a chasm it falls; the player
    wading into deep water is told what swimming means."""
    if not actor.alive:
        return
    if chasm.falls(game, actor, actor.pos):
        chasm.fall(game, actor)
        return
    terrain = game.floor.terrain
    if (actor is game.player and terrain is not None and terrain.ground_at(*actor.pos) == Ground.WATER
            and terrain.ground_at(*was) != Ground.WATER):
        slips = " Heavy things you carry may slip away." if water.heavy_things(game) else ""
        game.log.add(f"You swim into deep water.{slips}", "notice", game.turn)
