"""How the player's weapon strikes (SPEC CMB-3..CMB-8): the weapon's ``style``
(``game.content.weapons``) decides what one bump does, beyond the plain blow of
``game.world.combat``.

A dagger's blow at a sleeping or unaware foe deals triple damage (a sneak attack); a battle axe
hits every foe beside the player; a spear hits the foe and the one behind it; a mace or a war
hammer's blow takes two turns; a rapier's step toward a foe two tiles away lunges at it. Every
extra foe is struck only where a step could go (``FloorMap.can_step``): never through a wall,
a closed door or a corner's thin walls (CMB-11). Peaceful monsters (a shopkeeper) and shelled bugs are
never swept or pierced by accident.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.boons import SHADOW_DAGGER_TIMES, SHADOW_TIMES
from game.content.monsters import MONSTERS, hostile
from game.content.weapons import HEAVY_TURNS, LUNGE_TIMES, SNEAK_TIMES
from game.map.floor_map import DIRECTIONS_8
from game.world import combat
from game.world.scheduler import ACTION_COST
from game.world.senses import faction_of
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]


def foe_at(game: Game, pos: Pos) -> Actor | None:
    """The monster at ``pos`` the player's blows may fall on: alive, hostile, not peaceful (a
    shopkeeper), not shelled (a bug, which stings what touches it)."""
    other = game.occupant(pos)
    if other is None or other is game.player or not other.alive or peaceful(other) \
            or MONSTERS[other.kind].shelled or not hostile("player", faction_of(other)):
        return None
    return other


def sneak_times(game: Game, style: str) -> int:
    """What a blow at an unaware foe is multiplied by: a dagger's x3, any weapon's x3 with the
    boon of shadowstrike, a dagger's x5 then (SPEC CMB-4, GRW-2); else 1."""
    if "shadow" in game.boons.taken:
        return SHADOW_DAGGER_TIMES if style == "sneak" else SHADOW_TIMES
    return SNEAK_TIMES if style == "sneak" else 1


def strike(game: Game, target: Actor) -> None:
    """The player's bump at ``target`` (a monster beside it, reached by a step), struck the
    way the wielded weapon strikes."""
    player, area = game.player, game.floor.map
    weapon = game.inventory.weapon_kind()
    (px, py), (tx, ty) = player.pos, target.pos
    dx, dy = tx - px, ty - py
    times = sneak_times(game, weapon.style) if combat.unaware(target, player) else 1
    combat.blow(game, player, target, times, how=" (sneak attack)" if times > 1 else "")
    if weapon.style == "sweep":
        for ddx, ddy in DIRECTIONS_8:
            other = foe_at(game, (px + ddx, py + ddy))
            if (ddx, ddy) != (dx, dy) and other is not None and area.can_step(px, py, ddx, ddy) and player.alive:
                combat.blow(game, player, other)
    elif weapon.style == "pierce":
        other = foe_at(game, (tx + dx, ty + dy))
        if other is not None and area.can_step(tx, ty, dx, dy) and player.alive:
            combat.blow(game, player, other)
    elif weapon.style == "heavy":
        slow(game, HEAVY_TURNS - 1)


def slow(game: Game, turns: int) -> None:
    """The player's action takes ``turns`` more turns: the monsters act that many more times
    before the player's next action, and the turn counter counts them."""
    game.player.energy -= ACTION_COST * turns
    game.pending_turns += turns


def lunge_target(game: Game, dx: int, dy: int) -> Actor | None:
    """The foe a rapier's step by ``(dx, dy)`` lunges at (SPEC CMB-8): one the player sees, two
    tiles away in the step's line, with the step from the tile between onto it open. The caller has
    checked that the tile between is free and the step onto it allowed."""
    if game.inventory.weapon_kind().style != "lunge":
        return None
    mx, my = game.player.x + dx, game.player.y + dy
    other = foe_at(game, (mx + dx, my + dy))
    if other is None or not game.player_sees(other) or not game.floor.map.can_step(mx, my, dx, dy):
        return None
    return other


def lunge(game: Game, target: Actor) -> None:
    """The lunge itself, after the step: a blow that never misses, for triple damage."""
    if game.player.alive and target.alive and not game.floor_changed \
            and max(abs(target.x - game.player.x), abs(target.y - game.player.y)) == 1:
        combat.blow(game, game.player, target, LUNGE_TIMES, sure=True, how=" (lunge)")
