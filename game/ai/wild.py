"""The island's residents' minds (SPEC TER-8).

The island lies in daylight and a region is one room, so every creature of a region sees the
player (the sight rules stay as they are); what a wild mind *does* about it is decided by
distance instead:

grazer: a peaceful creature (a deer). It wanders near where it was born; when the
    player comes within ``SHY`` steps, or once it is hurt, it runs (by walking distance, as a
    fleeing monster does). It never fights, and the player walks past it by swapping places.
prowler: a wolf. It roams near its home; it hunts the player who comes within ``NOTICE`` steps,
    and gives up once the player is ``LEASH`` steps from its home, walking back. So the island's
    foes are met on the way, not summoned from across a region; on the island the dungeons' kinds
    that would hunt whatever they see (a goblin band, an orc) keep to their ground so too
    (``island_mind``), while a guard keeps its post and a sleeper sleeps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.behaviour import Behaviour, move_toward, pursue
from game.ai.fleeing import step_away
from game.content.monsters import MONSTERS
from game.map.floor_map import DIRECTIONS_8
from game.world import magic
from game.world.navigation import chebyshev
from game.world.senses import sees
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

ROAMERS = ("chaser", "sidekick", "henchman")
"""Minds that become a prowler's on the island."""
SHY = 3  # a grazer runs from the player this near
ROAM = 5  # how far from home a resident wanders idly
ROAM_CHANCE = 0.35  # the chance an idle resident takes a step
NOTICE = 6  # a prowler hunts the player this near
LEASH = 12  # and gives up once the player is this far from its home


def island_mind(game: Game, behaviour: str) -> str:
    """The mind a monster of ``behaviour`` acts by here: on the island, a roamer prowls."""
    return "prowler" if behaviour in ROAMERS and game.on_overworld else behaviour


def near_foes(game: Game) -> list[Actor]:
    """On the island, the foes that count for resting (``z``): those hunting the player or near
    enough to notice it. The whole region is in view by daylight; a wolf across it is no reason
    not to rest."""
    player = game.player
    return [m for m in game.floor.actors if m.alive and not peaceful(m)
            and (m.state == "hunting" or chebyshev(m.pos, player.pos) <= NOTICE)]


class Grazer(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        player = game.player
        distance = chebyshev(player.pos, monster.pos)
        if player.alive and (distance <= SHY or monster.hp < monster.max_hp and distance <= NOTICE * 2):
            monster.state = "fleeing"
            step = step_away(game, monster, player.pos)
            if step is not None:
                _step(game, monster, *step)
                return
        monster.state = "idle"
        home = monster.home or monster.pos
        if chebyshev(monster.pos, home) > ROAM and game.stream("monsters").random() < ROAM_CHANCE:
            move_toward(game, monster, home)  # wandering back, in no hurry
        else:
            roam(game, monster)


class Prowler(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        player = game.player
        home = monster.home or monster.pos
        noticed = (player.alive and chebyshev(player.pos, monster.pos) <= NOTICE and sees(game, monster, player)
                   and not magic.unnoticed(game, monster))
        if monster.state != "hunting" and noticed:
            game.note(monster, "comes at you!")
        if (noticed or monster.state == "hunting") and chebyshev(player.pos, home) <= LEASH and player.alive:
            monster.state, monster.target, monster.target_eid = "hunting", player.pos, player.eid
            monster.lost_turns = 0
            pursue(game, monster, player)
            return
        monster.state, monster.target, monster.target_eid = "idle", None, None
        if chebyshev(monster.pos, home) > ROAM:
            move_toward(game, monster, home)
        else:
            roam(game, monster)


def roam(game: Game, monster: Actor) -> None:
    """Now and then a step about, one way of the eight at random, keeping within ``ROAM`` of home
    and to its region (a way that leaves them, or is blocked, is a turn spent standing)."""
    rng = game.stream("monsters")
    if MONSTERS[monster.kind].stationary or rng.random() >= ROAM_CHANCE:
        return
    home = monster.home or monster.pos
    dx, dy = rng.choice(DIRECTIONS_8)
    there = (monster.x + dx, monster.y + dy)
    area = game.floor.map
    if chebyshev(there, home) <= ROAM and area.can_step(monster.x, monster.y, dx, dy) \
            and area.room_at(*there) == area.room_at(*monster.pos) and game.occupant(there) is None:
        game.move_actor(monster, *there)


def _step(game: Game, monster: Actor, dx: int, dy: int) -> None:
    if game.floor.map.can_step(monster.x, monster.y, dx, dy) and game.occupant((monster.x + dx, monster.y + dy)) is None:
        game.move_actor(monster, monster.x + dx, monster.y + dy)
