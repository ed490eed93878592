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

from game.ai.behaviour import Behaviour, move_toward, pursue, random_step
from game.ai.fleeing import step_away
from game.content.monsters import MONSTERS
from game.map.floor_map import DIRECTIONS_8
from game.world import magic
from game.world.navigation import chebyshev
from game.world.senses import sees

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
    """Now and then a step about, keeping within ``ROAM`` of home and to its region."""
    rng = game.stream("monsters")
    if MONSTERS[monster.kind].stationary or rng.random() >= ROAM_CHANCE:
        return
    home = monster.home or monster.pos
    area = game.floor.map
    room = area.room_at(*monster.pos)
    options = [(dx, dy) for dx, dy in DIRECTIONS_8
               if area.can_step(monster.x, monster.y, dx, dy) and area.room_at(monster.x + dx, monster.y + dy) == room
               and chebyshev((monster.x + dx, monster.y + dy), home) <= ROAM
               and game.occupant((monster.x + dx, monster.y + dy)) is None]
    if options:
        dx, dy = rng.choice(options)
        game.move_actor(monster, monster.x + dx, monster.y + dy)
    elif chebyshev(monster.pos, home) > ROAM:
        random_step(game, monster, same_room=True)


def _step(game: Game, monster: Actor, dx: int, dy: int) -> None:
    if game.floor.map.can_step(monster.x, monster.y, dx, dy) and game.occupant((monster.x + dx, monster.y + dy)) is None:
        game.move_actor(monster, monster.x + dx, monster.y + dy)
