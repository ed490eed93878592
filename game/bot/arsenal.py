"""The bot's staffs, wands, charms and thrown weapons in a fight (SPEC ROB-4): the autoplayer's
``arsenal``, whose rules ``game.bot.fights`` puts among its own.

- **Charms first** (``Policy.zaps``): the charm of health when hurt (before any potion), the charm
  of haste against a boss; outmatched and hurt with no healing potion, it escapes: the charm of
  teleportation, else a blink away from its foes, else a wand of teleport other at the one foe
  beside it. Outmatched by a group, it sends the strongest away.
- **Bolts** at foes in the line of fire (the flight the aim would show, ``game.world.bolts``),
  only with charges left: at a Warden or another boss an entrancing, a slowing, then firebolt
  and lightning; at another tough foe fire and lightning; at any foe coming for it, from a staff
  still full. Never a bolt of lightning through an ally or a shopkeeper; a wand of beckoning
  pulls a Warden who throws from afar. A known potion of incineration with foes all around.
- **Obstruction**: fleeing a group (hurt, no healing potion), crystal between it and them.
- **Air**: in a venting or airless room of a deck, teleportation (charm, else a known scroll);
  hurt there, a healing potion; with no air left on the whole deck, the stairs down.
- **Thrown weapons** (``Policy.throws_weapons``): javelins, throwing axes and darts at what comes,
  as it throws knives (``Fights.shoot``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import ITEMS
from game.content.monsters import MONSTERS, is_warden
from game.map.floor_map import DIRECTIONS_8
from game.world import bolts, charges, consumables, magic, zaps
from game.world.action import Action
from game.world.actions import Descend, Move, Throw, Zap
from game.world.projectiles import fly
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.bot.autoplay import Autoplayer
    from game.world.actor import Actor
    from game.world.game import Game
    from game.world.paths import Pos

TOUGH = 12
"""A foe with this much health left is worth a bolt or a charge (as a rocket is, ``Fights.ranged``)."""
HURT = 0.5
"""In a fight, below this share of its health it uses its charm of health."""
FLEE_BELOW = 0.6
"""Outmatched and below this share of its health, it escapes (as ``Fights.fight`` flees)."""
THROWN = ("javelins", "throwing_axes", "darts")
"""What it throws, hardest-hitting first."""
BOSS_BOLTS = ("staff_entrancement", "staff_slowness", "staff_firebolt", "staff_lightning")
HARM_BOLTS = ("staff_firebolt", "staff_lightning")


def _distance(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _thrown_at(game: Game, foes: list[Actor]) -> Action | None:
    """A javelin, a throwing axe or a dart (the first carried, in that order) at the first of
    ``foes`` in its reach that the throw reaches first."""
    me = game.player.pos
    occupied = lambda p: game.occupant(p) is not None and p != me  # noqa: E731
    for kind in THROWN:
        reach = ITEMS[kind].range
        if not game.inventory.count(kind):
            continue
        for m in foes:
            if _distance(me, m.pos) <= reach and fly(game.floor.map, me, m.pos, occupied, reach).hit == m.pos:
                return Throw(*m.pos, kind)
    return None


def _big(monster: Actor) -> bool:
    return MONSTERS[monster.kind].boss or is_warden(monster.kind)


class Arsenal:
    """The bot's rules for what it carries with charges, and what it throws, in a fight."""

    def __init__(self, bot: Autoplayer) -> None:
        self.bot = bot

    # --- charms and escapes ---------------------------------------------------------------
    def rescue(self, game: Game) -> Action | None:
        """Heal with the charm when hurt; hasten against a boss; escape when outmatched."""
        if not self.bot.policy.zaps:
            return None
        player, foes = game.player, self._foes(game)
        missing = player.max_hp - player.hp
        if self._ready("charm_health", game) and missing > 0 and (
                missing >= ITEMS["charm_health"].heal or (foes and player.hp < HURT * player.max_hp)):
            return self.bot.fights.use("charm_health", game)
        if not foes:
            return None
        if not player.hasted and self._ready("charm_haste", game) and any(_big(m) for m in foes):
            return self.bot.fights.use("charm_haste", game)
        fights = self.bot.fights
        adjacent = [m for m in foes if fights._can_hit(game, m)]
        if not adjacent or not fights._outmatched(game, adjacent):
            return None
        strongest = max(adjacent, key=lambda m: (m.hp, -m.eid))
        if len(adjacent) >= 2 and not _big(strongest):
            away = self._bolt("wand_teleport_other", strongest, game)
            if away is not None:
                return away
        if player.hp >= FLEE_BELOW * player.max_hp or game.inventory.count("potion_healing"):
            return None
        if self._ready("charm_teleportation", game) and consumables.teleport_spot(game) is not None:
            self.bot.route.plan = []
            return fights.use("charm_teleportation", game)
        blink = self._blink(game, foes)
        if blink is not None:
            return blink
        return self._bolt("wand_teleport_other", strongest, game) if len(adjacent) == 1 else None

    def _blink(self, game: Game, foes: list[Actor]) -> Action | None:
        """A blink to the landing farthest from every foe, if that is farther than where it stands."""
        if not self._ready("staff_blink", game):
            return None
        me, reach = game.player.pos, ITEMS["staff_blink"].range
        best, choice = min(_distance(me, m.pos) for m in foes) + 1, None
        for dx, dy in DIRECTIONS_8:
            target = (me[0] + dx * reach, me[1] + dy * reach)
            bolt = bolts.flight(game, "staff_blink", target)
            cells = [(int(x), int(y)) for x, y in bolt.path.tolist()]
            if bolt.hit is not None:
                cells = cells[:-1]
            if not cells:
                continue
            far = min(_distance(cells[-1], m.pos) for m in foes)
            if far > best:
                best, choice = far, target
        if choice is None:
            return None
        self.bot.route.plan = []
        return Zap(*choice, "staff_blink")

    def away(self, game: Game) -> Action | None:
        """Out of a venting or airless room of a deck (``Fights.air``): the charm of teleportation,
        else a known scroll of it, to a room with air (where teleportation takes it); hurt by the
        vacuum, a healing potion first (as in a fight); no air left on the whole deck, or a breach
        in its hull and the stairs down known, the stairs rather than a rest in vacuum."""
        player = game.player
        if not self.bot.policy.zaps:
            return None
        heal = self.bot.fights.use("potion_healing", game) if player.hp < HURT * player.max_hp else None
        state = game.floor.ship_state
        if state is not None and not any(state.air):
            return heal or self._leave(game)
        if heal is not None:
            return heal
        if consumables.teleport_spot(game) is not None:
            if self._ready("charm_teleportation", game):
                return self.bot.fights.use("charm_teleportation", game)
            if magic.knows(game, "scroll_teleport") and game.inventory.count("scroll_teleport"):
                return self.bot.fights.use("scroll_teleport", game)
        exit_known = game.floor.level.stairs_down and game.floor.known(*game.floor.level.exit)
        return self._leave(game) if state is not None and state.breaches and exit_known else None

    def _leave(self, game: Game) -> Action | None:
        level, me = game.floor.level, game.player.pos
        if level.stairs_down and me == level.exit:
            return Descend()
        width = game.floor.map.width
        plan = self.bot.route.navigator(game).path(me, lambda i: (i % width, i // width) == level.exit)
        return Move(plan[0][0] - me[0], plan[0][1] - me[1]) if plan else None

    # --- bolts ----------------------------------------------------------------------------
    def strike(self, game: Game) -> Action | None:
        """A bolt at a Warden, a boss or a tough foe (beside it or in the line of fire), or, from
        a full staff, at a foe coming for it; a known potion of incineration among many foes."""
        if not self.bot.policy.zaps:
            return None
        foes, me, fights = self._foes(game), game.player.pos, self.bot.fights
        adjacent = [m for m in foes if fights._can_hit(game, m)]
        if len(adjacent) >= 2 and game.player.hp > 8 and magic.knows(game, "potion_incineration") \
                and game.inventory.count("potion_incineration") and not self._ally_near(game, me):
            return fights.use("potion_incineration", game)
        order = sorted(foes, key=lambda m: (not _big(m), -m.hp, _distance(me, m.pos), m.eid))
        for m in order:
            if adjacent and m not in adjacent:
                continue  # what stands beside it comes first
            if _big(m):
                kinds: tuple[str, ...] = BOSS_BOLTS
                if m.kind == "warden_thrower" and _distance(me, m.pos) >= 3:
                    kinds = ("wand_beckoning", *kinds)
            elif m.hp >= TOUGH:
                kinds = HARM_BOLTS
            elif m.state == "hunting" and _distance(me, m.pos) >= 2:
                kinds = tuple(k for k in HARM_BOLTS if self._full(k, game))
            else:
                continue
            for kind in kinds:
                if (kind == "staff_entrancement" and m.held) or (kind == "staff_slowness" and (m.slowed or m.held)):
                    continue
                zap = self._bolt(kind, m, game)
                if zap is not None:
                    return zap
        return None

    def _bolt(self, kind: str, target: Actor, game: Game) -> Action | None:
        """A zap of ``kind`` at ``target`` if it has a charge and the bolt would strike it (and,
        lightning, nobody it must spare)."""
        if not self._ready(kind, game):
            return None
        if kind == "staff_lightning":
            cells = [(int(x), int(y)) for x, y in bolts.flight(game, kind, target.pos, through=True).path.tolist()]
            struck = [a for a in (game.occupant(c) for c in cells) if a is not None and a is not game.player]
            if target not in struck or any(peaceful(a) for a in struck):
                return None
        elif bolts.flight(game, kind, target.pos).hit != target.pos:
            return None
        return Zap(*target.pos, kind)

    def block(self, game: Game) -> Action | None:
        """Fleeing a group (hurt, no healing potion, none beside it yet): crystal between it and
        the nearest of them, grown where the bolt stops, well away from itself."""
        policy, player = self.bot.policy, game.player
        if (not policy.zaps or not policy.flees or not self._ready("staff_obstruction", game)
                or player.hp >= FLEE_BELOW * player.max_hp or game.inventory.count("potion_healing")):
            return None
        me = player.pos
        chasers = [m for m in self._foes(game) if not MONSTERS[m.kind].stationary]
        if not chasers or min(_distance(me, m.pos) for m in chasers) <= 1:
            return None
        if len(chasers) < 2 and not any(_big(m) or m.hp >= TOUGH for m in chasers):
            return None
        for m in sorted(chasers, key=lambda m: (_distance(me, m.pos), m.eid)):
            if 4 <= _distance(me, m.pos) <= ITEMS["staff_obstruction"].range and \
                    bolts.flight(game, "staff_obstruction", m.pos).hit == m.pos:
                return Zap(*m.pos, "staff_obstruction")
        return None

    def defuse(self, game: Game) -> Action | None:
        """A bloated boarder coming: burst it from afar with a shot, a throw or a bolt, before it
        bursts beside the bot (and perhaps breaks the hull beside it)."""
        policy = self.bot.policy
        if not (policy.zaps or policy.throws_weapons):
            return None
        me, floor = game.player.pos, game.floor
        boarders = sorted((m for m in floor.actors if m.alive and m.kind == "boarder" and floor.in_sight(m.x, m.y)
                           and _distance(me, m.pos) >= 2), key=lambda m: (_distance(me, m.pos), m.eid))
        for m in boarders:
            shot = self.bot.fights.shoot(game, [m]) or _thrown_at(game, [m])
            if shot is not None:
                return shot
            for kind in HARM_BOLTS:
                zap = self._bolt(kind, m, game)
                if zap is not None:
                    return zap
        return None

    # --- thrown weapons -------------------------------------------------------------------
    def throw(self, game: Game) -> Action | None:
        """A javelin, a throwing axe or a dart at the nearest foe coming, that the throw reaches first."""
        if not self.bot.policy.throws_weapons:
            return None
        me = game.player.pos
        foes = sorted((m for m in self._foes(game) if not MONSTERS[m.kind].stationary and _distance(me, m.pos) >= 2),
                      key=lambda m: (_distance(me, m.pos), m.eid))
        return _thrown_at(game, foes)

    # --- what it knows of its pack and its foes -------------------------------------------
    def _foes(self, game: Game) -> list[Actor]:
        """The foes in view worth a charge: not crystal, not what stands still and cannot hurt."""
        return [m for m in self.bot.fights.threats(game) if MONSTERS[m.kind].damage[1] > 0]

    @staticmethod
    def _ready(kind: str, game: Game) -> bool:
        return game.inventory.count(kind) > 0 and not zaps.empty(game, kind)

    @staticmethod
    def _full(kind: str, game: Game) -> bool:
        inventory = game.inventory
        count = inventory.count(kind)
        return count > 0 and charges.charge_of(inventory, kind).left >= charges.most(kind, count)

    @staticmethod
    def _ally_near(game: Game, me: Pos) -> bool:
        return any(a.alive and a.ally and _distance(a.pos, me) <= 1 for a in game.floor.actors)
