"""What each staff and wand does when zapped at a tile (SPEC ITM-21). World rules only.

A bolt flies along the grid line like a thrown knife (``game.world.projectiles.fly``): walls,
closed doors and the thin walls between tiles stop it, and it stops at the first creature in
its way, except lightning, which goes through every creature in the line until a wall. Bolts
need no roll to hit and no armour stands against them. Each effect returns ``Impossible``
before changing anything when it cannot happen, so a refused zap spends no charge.

- blinking: you fly up to its range toward the tile, stopping before a creature or a wall;
- slowness: the creature hit acts at half speed for ``turns``;
- lightning: every creature in the line is hurt; firebolt: the creature hit is burnt, and the
  grass, brush and bridges it crosses catch fire (SPEC TER-3);
- entrancement: the creature hit stands still, losing its turns, for ``turns``;
- obstruction: crystal fills the free tiles around where the bolt stops (a blast of radius 1
  would reach), for ``turns``: nothing walks or flies through it, but it can be broken;
- beckoning: the creature hit is pulled along the line to you, until something stops it;
- teleport other: the creature hit is sent far away on the floor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import numpy as np

from game.content.items import ITEMS
from game.rng import Rng
from game.world.action import Done, Impossible, Result
from game.world import fire
from game.world.blast import blast_area
from game.world.navigation import chebyshev
from game.world.projectiles import Flight, can_fly, fly

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Cell = tuple[int, int]
SPRITES = {"staff_firebolt": "bolt_fire", "staff_lightning": "bolt_lightning"}
"""The sprite a bolt flies as (the others fly as ``bolt_magic``)."""
FAR = 8
"""A creature sent away by a wand of teleport other lands at least this far from you, where it can."""


def flight(game: Game, kind: str, target: Cell, through: bool = False) -> Flight:
    """Where the bolt of ``kind`` goes toward ``target``: the flight the aim previews too."""
    me = game.player.pos
    return fly(game.floor.map, me, target, lambda p: p != me and game.occupant(p) is not None, ITEMS[kind].range,
               stop_at_creatures=not through)


def _fly(game: Game, kind: str, target: Cell, through: bool = False) -> Flight | Impossible:
    bolt = flight(game, kind, target, through)
    if bolt.end == game.player.pos:
        return Impossible("Something right next to you is in the way.")
    game.effects.append(("flight", SPRITES.get(kind, "bolt_magic"), [tuple(c) for c in bolt.path.tolist()]))
    return bolt


def _struck(game: Game, bolt: Flight) -> Actor | None:
    return game.occupant(bolt.hit) if bolt.hit is not None else None


def _bolt_at_a_creature(game: Game, kind: str, target: Cell) -> tuple[Flight, Actor] | Result:
    """The bolt of ``kind`` flown at ``target`` and the creature it struck; else what the zap
    answers (it cannot be zapped, or the bolt hits nothing)."""
    bolt = _fly(game, kind, target)
    if isinstance(bolt, Impossible):
        return bolt
    victim = _struck(game, bolt)
    return Done("The bolt hits nothing.") if victim is None else (bolt, victim)


def _provoke(game: Game, target: Actor) -> None:
    """Whoever a bolt strikes (a sleeper too, woken) turns on you."""
    target.state, target.target, target.target_eid, target.lost_turns = "hunting", game.player.pos, game.player.eid, 0


def _hurt(game: Game, victims: list[Actor], kind: str, verb: str) -> str:
    """Roll the bolt's damage for each of ``victims``; what the log says before who died of it."""
    rng = game.stream("combat")
    low, high = ITEMS[kind].damage
    told = []
    for victim in victims:
        amount = rng.randint(low, high)
        victim.hp -= amount
        if game.player_sees(victim):
            told.append(f"{game.name_of(victim)} ({amount})")
    game.cue("hit")
    if told:
        what = ITEMS[kind].name.removeprefix("staff of ")
        game.log.add(f"The {what} {verb} {', '.join(told[:-1])} and {told[-1]}." if len(told) > 1
                     else f"The {what} {verb} {told[0]}.", "info", game.turn)
    for victim in victims:
        if victim.hp <= 0:
            game.kill(victim, game.player)
        else:
            _provoke(game, victim)
    return ""


def blink(game: Game, kind: str, target: Cell) -> Result:
    if game.floor.vault_state is not None:
        return Impossible("The vault's wards hold you: the staff will not carry you.")
    bolt = flight(game, kind, target)
    cells = [tuple(c) for c in bolt.path.tolist()]
    if bolt.hit is not None:
        cells = cells[:-1]
    if not cells:
        return Impossible("There is no room to blink that way.")
    start, landing = game.player.pos, (int(cells[-1][0]), int(cells[-1][1]))
    game.effects.append(("teleport", start, landing))
    game.move_actor(game.player, *landing)
    return Done(f"You blink {chebyshev(start, landing)} tiles.")


def slowness(game: Game, kind: str, target: Cell) -> Result:
    return _spell(game, kind, target, "slowed", "slows down")


def entrancement(game: Game, kind: str, target: Cell) -> Result:
    return _spell(game, kind, target, "held", "stands entranced")


def _spell(game: Game, kind: str, target: Cell, spell: str, words: str) -> Result:
    struck = _bolt_at_a_creature(game, kind, target)
    if not isinstance(struck, tuple):
        return struck
    _, victim = struck
    setattr(victim, spell, max(getattr(victim, spell), ITEMS[kind].turns))
    _provoke(game, victim)
    return Done(f"{game.name_of(victim, True)} {words}." if game.player_sees(victim) else "")


def lightning(game: Game, kind: str, target: Cell) -> Result:
    bolt = _fly(game, kind, target, through=True)
    if isinstance(bolt, Impossible):
        return bolt
    victims = [a for a in (game.occupant((int(x), int(y))) for x, y in bolt.path.tolist()) if a is not None]
    if not victims:
        return Done("The lightning strikes nothing.")
    return Done(_hurt(game, victims, kind, "strikes"))


def firebolt(game: Game, kind: str, target: Cell) -> Result:
    bolt = _fly(game, kind, target)
    if isinstance(bolt, Impossible):
        return bolt
    fire.ignite(game, [(int(x), int(y)) for x, y in bolt.path.tolist()])  # it lights what it crosses (TER-3)
    victim = _struck(game, bolt)
    if victim is None:
        return Done("The firebolt splashes against the wall." if bolt.blocked else "The firebolt burns out.")
    return Done(_hurt(game, [victim], kind, "burns"))


def obstruction(game: Game, kind: str, target: Cell) -> Result:
    bolt = _fly(game, kind, target)
    if isinstance(bolt, Impossible):
        return bolt
    cells = [(int(x), int(y)) for x, y in bolt.path.tolist()]
    centre = cells[-2] if bolt.hit is not None and len(cells) > 1 else bolt.end
    tiles = [t for t in sorted(blast_area(game, centre, 1)[0]) if game.occupant(t) is None]
    until = game.turn + ITEMS[kind].turns
    for x, y in tiles:
        game.spawn_monster("crystal", x, y).timer = until
    return Done(f"Crystal grows over {len(tiles)} tile{'s' if len(tiles) != 1 else ''}." if tiles
                else "The crystal finds no room to grow.")


def dissolve(game: Game) -> None:
    """Crystal whose time is up melts away."""
    gone = [a for a in game.floor.actors if a.kind == "crystal" and a.timer <= game.turn]
    for crystal in gone:
        game.floor.remove_actor(crystal)
    if any(game.floor.in_sight(*c.pos) for c in gone):
        game.log.add("The crystal dissolves.", "info", game.turn)


def beckoning(game: Game, kind: str, target: Cell) -> Result:
    struck = _bolt_at_a_creature(game, kind, target)
    if not isinstance(struck, tuple):
        return struck
    bolt, victim = struck
    back = [game.player.pos, *[(int(x), int(y)) for x, y in bolt.path.tolist()]][::-1]  # from it to you
    pulled = 0
    for here, there in zip(back, back[1:]):
        if there == game.player.pos or game.occupant(there) is not None:
            break
        if not can_fly(game.floor.map, here[0], here[1], there[0] - here[0], there[1] - here[1]):
            break
        game.move_actor(victim, *there)
        pulled += 1
    _provoke(game, victim)
    who = game.name_of(victim, True)
    return Done(f"{who} is pulled to you." if pulled else f"{who} does not budge.")


def teleport_other(game: Game, kind: str, target: Cell) -> Result:
    struck = _bolt_at_a_creature(game, kind, target)
    if not isinstance(struck, tuple):
        return struck
    _, victim = struck
    spot = _far_spot(game)
    if spot is None:
        return Done(f"{game.name_of(victim, True)} shimmers, but stays.")
    who = game.name_of(victim, True)
    game.effects.append(("teleport", victim.pos, spot))
    game.move_actor(victim, *spot)
    victim.state, victim.target = "searching", game.player.pos
    return Done(f"{who} vanishes.")


def _far_spot(game: Game) -> Cell | None:
    """A free floor tile as far from you as the floor allows (at least ``FAR``), drawn from a
    stream of its own (the run's other rolls are left alone)."""
    me = game.player.pos
    taken = set(game.floor.occupied()) | {me}
    ys, xs = np.nonzero(game.floor.map.floor_mask())
    tiles = [t for t in zip(xs.tolist(), ys.tolist()) if t not in taken]
    if not tiles:
        return None
    reach = min(FAR, max(chebyshev(t, me) for t in tiles))
    tiles = [t for t in tiles if chebyshev(t, me) >= reach]
    return tiles[Rng.stream(game.seed, "teleport_other", game.turn).below(len(tiles))]


EFFECTS: dict[str, Callable[[Game, str, Cell], Result]] = {
    "staff_blink": blink, "staff_slowness": slowness, "staff_lightning": lightning, "staff_firebolt": firebolt,
    "staff_entrancement": entrancement, "staff_obstruction": obstruction, "wand_beckoning": beckoning,
    "wand_teleport_other": teleport_other,
}
"""What each staff and wand of ``game.content.staffs.STAFFS`` does."""
