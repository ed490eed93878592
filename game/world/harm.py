"""Harm a step is certain to do (SPEC UI-7): what the play screen asks about before a move, and
what stops a walk before it takes that step.

A step is certain to hurt when it bumps a shelled monster the player sees (an alien bug of a
trap vault, seed 002: it always stings, and blades glance off it), when it walks from air into
a derelict's compartment the player knows has none (SHP-2: vacuum hurts every turn), or when
it opens a door onto a space the player has seen that is joined to a breach (the air on this
side would vent too, and pull), or when it ends the turn in a laser beam that fires as the turn
ends (VLT-7: the beams that fire are drawn ahead).
It is certain to hurt, too, when it steps into a chasm the player knows of, or into fire or gas
in sight (SPEC TER-7).
A trap vault's hidden traps are not named here even when the numbers give one away: working
them out is the vault's game (VLT-3), and the game does not mark them for the player.

>>> Harm("The alien bug will sting you.", "Attack it anyway").question
'The alien bug will sting you. Attack it anyway?'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.monsters import MONSTERS
from game.map.edges import Edge
from game.map.ground import Ground
from game.world import chasm, fire, gas, hazards, lasers, specials
from game.map.floor_map import edge_toward
from game.world.ships import VACUUM_DAMAGE, newly_venting

if TYPE_CHECKING:
    from game.world.game import Game


@dataclass(frozen=True)
class Harm:
    """What a step will do to the player, in words, and the answer that takes it all the same."""

    warning: str  # "The alien bug will sting you for 4 to 7; your sword glances off its shell."
    anyway: str  # "Attack it anyway"

    @property
    def question(self) -> str:
        return f"{self.warning} {self.anyway}?"


def step_harm(game: Game, dx: int, dy: int) -> Harm | None:
    """The harm ``Move(dx, dy)`` is certain to do to the player, as the player can know it, or
    None. Reads the game and changes nothing (the play screen asks before it acts)."""
    if (dx, dy) == (0, 0) or max(abs(dx), abs(dy)) != 1:
        return None
    floor, area = game.floor, game.floor.map
    px, py = game.player.pos
    nx, ny = px + dx, py + dy
    if not area.is_floor(nx, ny):
        return None
    if dx == 0 or dy == 0:
        kind = area.edge_kind_toward(px, py, dx, dy)
        if kind in (Edge.DOOR, Edge.LOCKED_DOOR):
            return _door_harm(game, dx, dy)  # the move opens it
        if kind in (Edge.WALL, Edge.HULL):
            return None
    elif not area.can_step(px, py, dx, dy):
        return None
    monster = game.occupant((nx, ny))
    if monster is not None and monster is not game.player:
        if not game.player_sees(monster) or specials.peaceful(monster) or not MONSTERS[monster.kind].shelled:
            return None
        low, high = MONSTERS[monster.kind].damage
        deadly = " It could kill you." if game.player.hp <= high else ""
        return Harm(f"{game.name_of(monster, True)} will sting you for {low} to {high}; your "
                    f"{game.inventory.weapon_kind().name} will glance off its shell.{deadly}", "Attack it anyway")
    terrain = _terrain_harm(game, (nx, ny))
    if terrain is not None:
        return terrain
    field_, vault = floor.level.vault, floor.vault_state
    if field_ is not None and vault is not None and (nx, ny) in lasers.firing(field_, vault, game.turn):
        damage = lasers.burn_damage(game)
        deadly = " It could kill you." if game.player.hp <= damage else ""
        return Harm(f"A laser beam fires there as this turn ends: it will burn you for {damage}.{deadly}",
                    "Step in anyway")
    state = floor.ship_state
    if state is not None:
        here, there = area.room_at(px, py), area.room_at(nx, ny)
        if there >= 0 and floor.seen_rooms[there] and state.air[there] == 0 and state.air[here] > 0:
            return Harm(f"There is no air there: it will hurt you {VACUUM_DAMAGE} every turn you stand in it.",
                        "Step in anyway")
    return None


def wait_harm(game: Game) -> Harm | None:
    """The harm of letting this turn end where the player stands: a laser beam firing there (VLT-7)."""
    field_, vault = game.floor.level.vault, game.floor.vault_state
    if field_ is None or vault is None or game.player.pos not in lasers.firing(field_, vault, game.turn):
        return None
    return Harm(f"A laser beam fires where you stand as this turn ends: it will burn you for "
                f"{lasers.burn_damage(game)}.", "Stay anyway")


def _door_harm(game: Game, dx: int, dy: int) -> Harm | None:
    """On a derelict's deck, opening a door from air onto a space the player has seen joined to a
    breach: the air on this side would start venting, and pulling (SHP-2)."""
    floor, area = game.floor, game.floor.map
    state = floor.ship_state
    px, py = game.player.pos
    beyond = area.room_at(px + dx, py + dy)
    if state is None or beyond < 0 or not floor.seen_rooms[beyond]:
        return None
    if area.edge_kind_toward(px, py, dx, dy) == Edge.LOCKED_DOOR and game.inventory.count("key") == 0:
        return None  # it stays shut
    here = area.room_at(px, py)
    if state.air[here] == 0 or here not in newly_venting(floor, [], [edge_toward(px, py, dx, dy)]):
        return None  # no air here to lose, or it would not vent
    return Harm("Beyond this door the air is going out through a breach: opening it will vent the air "
                "on this side too, and pull you toward the breach.", "Open it anyway")


def _terrain_harm(game: Game, pos: tuple[int, int]) -> Harm | None:
    """A step into a chasm the player knows of (a fall), or into fire or gas in sight (TER-7); not
    when the player already stands in the like (a step out of fire through fire asks nothing)."""
    floor = game.floor
    if floor.terrain is None or not floor.known(*pos):
        return None
    here = game.player.pos
    if hazards.ground_at(floor, pos) == Ground.CHASM and chasm.below(game):
        low, high = chasm.FALL_DAMAGE
        return Harm(f"That is a chasm: you will fall to the floor below, hurt {low} to {high}.", "Jump in anyway")
    if not floor.in_sight(*pos):
        return None
    if hazards.burning(floor, pos) and not hazards.burning(floor, here):
        low, high = fire.FIRE_DAMAGE
        return Harm(f"That tile is on fire: it will burn you {low} to {high} every turn you stand in it.",
                    "Step in anyway")
    if hazards.gassy(floor, pos) and not hazards.gassy(floor, here):
        return Harm(gas.warning(floor), "Step in anyway")
    return None
