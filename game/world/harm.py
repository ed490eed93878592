"""Harm a step is certain to do (SPEC UI-7): what the play screen asks about before a move, and
what stops a walk before it takes that step.

A step is certain to hurt when it bumps a shelled monster the player sees (an alien bug of a
trap vault, seed 002: it always stings, and blades glance off it), when it walks from air into
a derelict's compartment the player knows has none (SHP-2: vacuum hurts every turn), or when
it opens a door onto a space the player has seen that is joined to a breach (the air on this
side would vent too, and pull).
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
from game.world import specials
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
    state = floor.ship_state
    if state is not None:
        here, there = area.room_at(px, py), area.room_at(nx, ny)
        if there >= 0 and floor.seen_rooms[there] and state.air[there] == 0 and state.air[here] > 0:
            return Harm(f"There is no air there: it will hurt you {VACUUM_DAMAGE} every turn you stand in it.",
                        "Step in anyway")
    return None


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
