"""What the later consumables do (ITM-3): haste, teleportation, smoke and thrown
blades. World rules only: no pygame, and every roll from a seeded stream.

- A potion of speed hastes the player: for its ``turns`` the player gains energy twice as
  fast (``game.world.scheduler.speed_of``), so acts twice for each turn of a normal monster.
- A scroll of teleportation moves the player to a random floor tile it could walk to (no
  locked door, no sealed gate between), in a room with no foe, as far from every foe as the
  floor allows (at least ``TELEPORT_AWAY`` tiles where it can). Never inside a trap vault, nor
  into fire, gas, a chasm or deep water.
- A smoke bomb fills the tiles a blast of its radius would reach with smoke for its
  ``turns``: nobody sees into or out of smoke except from right next to it
  (``game.world.senses.sees``), so a hunter loses you and goes to look where you were.
- A throwing knife (and a bow's arrow) flies to the first creature in its way and may hit it
  for its damage, blunted by armour (CMB-1); either way it then lies where it stopped, to be picked up again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.content.items import ITEMS
from game.content.monsters import MONSTERS
from game.rng import Rng
from game.world import magic, ships
from game.world.blast import blast_area
from game.world.combat import COMBAT_LOUDNESS, Stats, blunted, hit_chance, stats_of
from game.world.hazards import no_go, wet
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.floor import Floor
    from game.world.game import Game
    from game.world.projectiles import Flight

Pos = tuple[int, int]

TELEPORT_AWAY = 8
"""The teleport's landing is at least this far (Chebyshev) from every foe, where the floor allows."""


# --- haste ------------------------------------------------------------------------------
def haste(game: Game, turns: int) -> None:
    """The player is hasted for ``turns`` more of its own turns (a second potion adds up)."""
    game.player.hasted += turns


def wear_off(game: Game) -> None:
    """One of the player's hasted turns is spent, and one of each spell's (``game.world.magic``)
    (called once per turn the player takes)."""
    magic.wear_off(game)
    player = game.player
    if player.hasted > 0:
        player.hasted -= 1
        if player.hasted == 0:
            game.log.add("You slow down to your usual pace.", "notice", game.turn)


# --- teleportation ------------------------------------------------------------------------
def teleport_spot(game: Game) -> Pos | None:
    """Where a scroll of teleportation takes the player now, or None when nowhere will do.

    Deterministic: drawn from a stream named by the run's seed and the turn, so reading the
    scroll changes no other roll of the run.
    """
    floor = game.floor
    area = floor.map
    here = area.room_at(*game.player.pos)
    if here < 0:
        return None
    hops = floor.graph.next_hops(here, True, floor.door_version)
    allowed = np.array([hop is not None for hop in hops], dtype=bool)
    allowed[here] = True
    foes = [m for m in floor.actors if m.alive and not peaceful(m)]
    for foe in foes:
        room = area.room_at(foe.x, foe.y)
        if room >= 0:
            allowed[room] = False
    for room in _airless(floor):
        allowed[room] = False
    rooms = area.rooms
    tiles = np.zeros(rooms.shape, dtype=bool)
    inside = rooms >= 0
    tiles[inside] = allowed[rooms[inside].astype(np.intp)]
    for pos in [game.player.pos, *floor.occupied()]:
        tiles[pos[1], pos[0]] = False
    hazards, water = no_go(floor), wet(floor)  # never into fire, gas, a chasm or deep water (SPEC TER-7)
    if hazards is not None:
        tiles &= ~hazards if water is None else ~(hazards | water)
    ys, xs = np.nonzero(tiles)
    if xs.size == 0:
        return None
    if foes:
        fx = np.array([f.x for f in foes], dtype=np.intp)
        fy = np.array([f.y for f in foes], dtype=np.intp)
        near = np.maximum(np.abs(xs[:, None] - fx[None, :]), np.abs(ys[:, None] - fy[None, :])).min(axis=1)
        keep = near >= min(TELEPORT_AWAY, int(near.max()))
        xs, ys = xs[keep], ys[keep]
    pick = Rng.stream(game.seed, "teleport", game.turn).below(int(xs.size))
    return int(xs[pick]), int(ys[pick])


def _airless(floor: Floor) -> list[int]:
    """A derelict's compartments with no air left or venting now: no place to arrive."""
    state = floor.ship_state
    if state is None:
        return []
    return sorted(set(ships.venting(floor)) | {room for room, air in enumerate(state.air) if air <= 0})


# --- smoke ------------------------------------------------------------------------------------
def release_smoke(game: Game, centre: Pos, radius: int, turns: int) -> list[Pos]:
    """Fill the tiles a blast of ``radius`` would reach with smoke until ``turns`` from now."""
    tiles = sorted(blast_area(game, centre, radius)[0])
    until = game.turn + turns
    smoke = game.floor.smoke
    for tile in tiles:
        smoke[tile] = max(smoke.get(tile, 0), until)
    game.effects.append(("smoke", centre, radius, game.turn))
    return tiles


def clear_smoke(game: Game) -> bool:
    """Smoke whose time is up blows away; True if any did."""
    smoke = game.floor.smoke
    gone = [tile for tile, until in smoke.items() if until <= game.turn]
    for tile in gone:
        del smoke[tile]
    if gone and not smoke and any(game.floor.in_sight(x, y) for x, y in gone):
        game.log.add("The smoke clears.", "info", game.turn)
    return bool(gone)


def smoky(game: Game, pos: Pos) -> bool:
    """Whether smoke hangs on ``pos`` now."""
    return game.floor.smoke.get(pos, 0) > game.turn


# --- thrown blades ------------------------------------------------------------------------------
def hurl(game: Game, kind: str, flight: Flight, spec_of: str | None = None) -> str:
    """A knife or an arrow (``kind``) has flown ``flight``: roll to hit the creature it struck
    with the numbers of ``spec_of`` (a bow) or of the missile itself, then leave it lying where
    it stopped. Returns what the player is told."""
    spec = ITEMS[spec_of or kind]
    name = ITEMS[kind].name
    game.drop_item(kind, flight.end)
    target = game.occupant(flight.hit) if flight.hit is not None else None
    if target is None or target is game.player:
        return f"The {name} clatters to the floor."
    who = game.name_of(target)
    game.make_noise(flight.end, COMBAT_LOUDNESS)
    if MONSTERS[target.kind].shelled:
        return f"The {name} glances off {who}'s shell."
    rng = game.stream("combat")
    mine = Stats(spec.accuracy + game.record.accuracy, spec.damage, 0, 0)
    theirs = stats_of(game, target)
    _provoke(game, target)
    if rng.below(100) >= hit_chance(mine, theirs):
        game.cue("miss")
        return f"The {name} misses {who}."
    damage = blunted(game, rng.randint(*spec.damage), theirs.armour)
    target.hp -= damage
    game.cue("hit")
    text = f"The {name} hits {who} for {damage}."
    if target.hp <= 0:
        game.log.add(text, "info", game.turn)
        game.kill(target, game.player)
        return ""
    return text


def _provoke(game: Game, target: Actor) -> None:
    """Whoever is shot at (even a sleeper, woken by it) turns on the shooter."""
    player = game.player
    target.state, target.target, target.target_eid, target.lost_turns = "hunting", player.pos, player.eid, 0
