"""A bot that plays real runs by itself (SPEC ROB-1), for tests and soak runs.

Each turn it takes the first of these that applies: drink a potion when hurt in
a fight (without one, when outmatched: read a scroll of teleportation, else drink a
potion of speed; and a potion of speed as a Warden or a guardian comes into view);
fight the weakest adjacent enemy, or flee when outmatched and hurt; fire a
rocket at a tough monster or throw TNT at a group, from outside the blast, or a knife
or an arrow at whatever comes (picking them up again on the way); take the
stairs when the floor is done; pick up (or buy, or use: a shrine when hurt, a book of
maps, a paid lesson) what lies here; rest when hurt and alone; walk to a visible item
or fixture worth having; explore the nearest unseen room (opening
doors, unlocking them with keys it carries); walk to the stairs. It knows only
what the player could know, plus the map's walls for planning paths.
"""

from __future__ import annotations

import json
import math

from game.action import Action, Done, Impossible, Result
from game.ai.behaviours import endangered
from game.actions import CloseDoor, Descend, Fire, Move, PickUp, Throw, UseSlot, Wait
from game.content.items import ITEMS
from game.content.monsters import MONSTERS, is_warden
from game.content.specials import TRAINING_LIMIT, USABLE, training_price
from game.world.actor import Actor, Item
from game.world.combat import hit_chance, stats_of
from game.world import consumables, ships
from game.world.floor_map import DIRECTIONS_4, DIRECTIONS_8, PASSABLE_OPENING_DOORS, edge_toward
from game.world.edges import Edge
from game.world.game import OVERWORLD, Game, RunParams
from game.world.paths import Navigator, Pos
from game.world.projectiles import fly
from game.world.specials import peaceful
from game.explore import worth_taking
from game.run import Run
from game.vault_bot import VaultPlayer

TURNS_PER_FLOOR = 700
DRINK_BELOW = 0.4
REST_BELOW = 0.6
MAX_REST = 40
POTION_RESERVE = 15
"""Coins the bot keeps for a healing potion when it buys anything else or trains."""
SHRINE_BELOW = 0.7
ITEM_PATIENCE = 200
"""Turns after which the bot gives up on a thing it keeps going for (a guardian that heals
faster than the bot can hurt it stands on it)."""
BLAST_CAUTION = 4  # tiles: no TNT or rocket this close to a shopkeeper (blast radius 2, plus a stray flight)
STALL_REFUSALS = 30
"""Refused actions in a row after which the bot gives up: it is bumping into something."""
STALL_TURNS = 400
"""Turns without progress after which the bot gives up: nothing new seen, taken, killed
or won, and not one tile it had not stood on since the last progress."""


class Autoplayer:
    """Chooses the player's next action. Deterministic: no randomness of its own."""

    def __init__(self) -> None:
        self._nav: Navigator | None = None
        self._nav_key: tuple | None = None
        self._plan: list[Pos] = []
        self._plan_goal = ""
        self._floor_start_turn = 0
        self._floor_key = ""
        self._rested = 0
        self._start_of_plan: Pos = (-1, -1)
        self._vault = VaultPlayer()
        self.stalled: str | None = None  # why the bot can make no progress, once it cannot
        self._refusals = 0
        self._progress: tuple = ()
        self._progress_turn = 0
        self._trodden: set[Pos] = set()
        self._chasing: dict[int, int] = {}  # flat tile of a thing it went for -> the turn it first did
        self._quarry: Pos | None = None  # where the Warden was last seen (a Warden's floor)
        self._swept: set[int] = set()  # rooms looked into since

    def memory(self) -> dict[str, object]:
        """What the bot remembers between turns, JSON-friendly: saved with an autoplayed run,
        so a run saved and continued plays on exactly as one played straight through.
        (The navigator and the vault deductions are caches, rebuilt on demand.)"""
        return {"plan": [list(p) for p in self._plan], "plan_goal": self._plan_goal,
                "floor_start_turn": self._floor_start_turn, "floor_key": self._floor_key, "rested": self._rested,
                "start_of_plan": list(self._start_of_plan), "refusals": self._refusals,
                "progress": list(self._progress), "progress_turn": self._progress_turn,
                "trodden": sorted([list(p) for p in self._trodden]), "stalled": self.stalled,
                "quarry": None if self._quarry is None else list(self._quarry), "swept": sorted(self._swept),
                "chasing": sorted([tile, turn] for tile, turn in self._chasing.items()),
                "vault": self._vault.memory()}

    @classmethod
    def from_memory(cls, data: dict) -> Autoplayer:
        """The bot ``memory`` describes; ``ValueError`` (or ``KeyError``/``TypeError``) if it is not one."""
        bot = cls()
        bot._plan = [(int(x), int(y)) for x, y in data["plan"]]
        bot._plan_goal = str(data["plan_goal"])
        bot._floor_start_turn, bot._rested = int(data["floor_start_turn"]), int(data["rested"])
        bot._floor_key = str(data["floor_key"])
        bot._start_of_plan = tuple(int(v) for v in data["start_of_plan"])  # type: ignore[assignment]
        bot._refusals, bot._progress_turn = int(data["refusals"]), int(data["progress_turn"])
        bot._progress = tuple(data["progress"])
        bot._trodden = {(int(x), int(y)) for x, y in data["trodden"]}
        bot.stalled = None if data["stalled"] is None else str(data["stalled"])
        bot._quarry = None if data["quarry"] is None else (int(data["quarry"][0]), int(data["quarry"][1]))
        bot._swept = {int(room) for room in data["swept"]}
        bot._chasing = {int(tile): int(turn) for tile, turn in data["chasing"]}
        bot._vault = VaultPlayer.from_memory(data["vault"])
        return bot

    def record(self, game: Game, result: Result) -> None:
        """Note what the last action did; sets ``stalled`` when the bot is stuck."""
        if not isinstance(result, Done):  # refused, or asking for a target: no turn passed
            self._refusals += 1
            self._plan = []  # made from where it stood before a blow threw it elsewhere, perhaps
            if self._refusals >= STALL_REFUSALS:
                why = result.reason if isinstance(result, Impossible) else f"asked for {result!r}"
                self.stalled = f"{self._refusals} refused actions in a row on {game.floor_key}: {why}"
            return
        self._refusals = 0
        progress = (game.floor_key, int(game.floor.seen_rooms.sum()), game.kills, sum(game.world.defeated),
                    game.player.max_hp, game.inventory.coins, json.dumps(game.inventory.to_dict(), sort_keys=True))
        if progress != self._progress or game.player.pos not in self._trodden:
            if progress != self._progress:
                self._trodden.clear()
            self._progress, self._progress_turn = progress, game.turn
            self._trodden.add(game.player.pos)
        elif game.turn - self._progress_turn >= STALL_TURNS and not game.won:
            self.stalled = (f"no progress for {game.turn - self._progress_turn} turns on {game.floor_key} "
                            f"at {game.player.pos} (plan: {self._plan_goal or 'none'})")

    def next_action(self, game: Game) -> Action:
        if game.floor_key != self._floor_key:
            self._floor_key, self._floor_start_turn, self._plan = game.floor_key, game.turn, []
            self._chasing = {}
        if game.on_overworld:
            return self._island(game)
        if game.floor.vault_state is not None:
            return self._vault.next_action(game, self._worth, self._use)
        if game.floor.ship_state is not None:
            escape = self._air(game)
            if escape is not None:
                return escape
        for rule in (self._dodge, self._drink, self._fight, self._ranged, self._descend, self._pick_up, self._rest):
            action = rule(game)
            if action is not None:
                return action
        return self._travel(game)

    # --- rules ----------------------------------------------------------------------
    def _dodge(self, game: Game) -> Action | None:
        """Step out of the way of a boss's announced trick (the log said it was coming)."""
        winding = [m for m in self._threats(game) if m.windup]
        me = game.player.pos
        if not any(endangered(m, me) for m in winding):
            return None
        floor = game.floor.map
        for dx, dy in sorted(DIRECTIONS_8, key=lambda d: max(abs(me[0] + d[0] - m.x) + abs(me[1] + d[1] - m.y)
                                                             for m in winding)):
            there = (me[0] + dx, me[1] + dy)
            if floor.can_step(*me, dx, dy) and game.occupant(there) is None \
                    and not any(endangered(m, there) for m in winding):
                self._plan = []
                return Move(dx, dy)
        return None

    def _drink(self, game: Game) -> Action | None:
        player = game.player
        threats = self._threats(game)
        if not threats:
            return None
        if not player.hasted and any(MONSTERS[m.kind].boss for m in threats):
            speed = self._use("potion_speed", game)
            if speed is not None:
                return speed
        if player.hp >= DRINK_BELOW * player.max_hp:
            return None
        heal = self._use("potion_healing", game)
        adjacent = [m for m in threats if self._can_hit(game, m)]
        if heal is not None or not adjacent or not self._outmatched(game, adjacent):
            return heal
        away = self._use("scroll_teleport", game)
        if away is not None and consumables.teleport_spot(game) is not None:
            self._plan = []
            return away
        return None if player.hasted else self._use("potion_speed", game)

    def _fight(self, game: Game) -> Action | None:
        adjacent = [m for m in self._threats(game) if self._can_hit(game, m)]
        if not adjacent:
            return None
        if (self._outmatched(game, adjacent) and game.inventory.count("potion_healing") == 0
                and game.player.hp < REST_BELOW * game.player.max_hp):  # healthy, it stands and fights
            step = self._flee_step(game, adjacent)
            if step is not None:
                self._plan = []
                return Move(*step)
        target = min(adjacent, key=lambda m: (m.hp, m.eid))
        return Move(target.x - game.player.x, target.y - game.player.y)

    def _ranged(self, game: Game) -> Action | None:
        """Rockets for tough monsters, TNT for groups or tough ones, never in your own blast."""
        threats = [m for m in self._threats(game) if not MONSTERS[m.kind].stationary]
        me = game.player.pos
        far = [m for m in threats if 3 <= max(abs(m.x - me[0]), abs(m.y - me[1])) <= 8]
        if not far:
            return None
        occupied = lambda p: game.occupant(p) is not None and p != me  # noqa: E731
        far = [m for m in far if not self._near_peaceful(game, m.pos)]
        if not far:
            return None
        if game.inventory.ranged and ITEMS[game.inventory.ranged].shoots == "rockets" and game.inventory.count("rockets"):
            tough = max(far, key=lambda m: (m.hp, -m.eid))
            if (tough.hp >= 12 and fly(game.floor.map, me, tough.pos, occupied, 12).hit == tough.pos
                    and not self._breaches(game, tough.pos)):
                return Fire(*tough.pos)
        shot = self._shoot(game, far + [m for m in threats if max(abs(m.x - me[0]), abs(m.y - me[1])) == 2])
        if shot is not None:
            return shot
        if game.inventory.count("tnt"):
            def crowd(m: Actor) -> int:
                return sum(1 for o in threats if max(abs(o.x - m.x), abs(o.y - m.y)) <= 1)
            best = max(far, key=lambda m: (crowd(m), m.hp, -m.eid))
            if crowd(best) >= 2 or best.hp >= 12:
                landing = fly(game.floor.map, me, best.pos, lambda p: False, 8, stop_at_creatures=False).end
                if landing == best.pos and not self._breaches(game, best.pos):
                    return Throw(*best.pos)
        return None

    def _shoot(self, game: Game, targets: list[Actor]) -> Action | None:
        """An arrow, else a throwing knife, at the nearest target the shot reaches first."""
        me = game.player.pos
        bow = game.inventory.ranged if game.inventory.ranged and ITEMS[game.inventory.ranged].shoots == "arrows" else None
        occupied = lambda p: game.occupant(p) is not None and p != me  # noqa: E731
        for kind, reach in (("arrows", ITEMS[bow].range if bow else 0), ("throwing_knives", ITEMS["throwing_knives"].range)):
            if not reach or not game.inventory.count(kind):
                continue
            for m in sorted(targets, key=lambda m: (max(abs(m.x - me[0]), abs(m.y - me[1])), m.eid)):
                if max(abs(m.x - me[0]), abs(m.y - me[1])) <= reach and fly(game.floor.map, me, m.pos, occupied, reach).hit == m.pos:
                    return Fire(*m.pos) if kind == "arrows" else Throw(*m.pos, kind)
        return None

    def _air(self, game: Game) -> Action | None:
        """On a deck whose air rushes out: shut a door between itself and the breach, else
        step away from the breach against the pull; in vacuum, head for air."""
        floor = game.floor
        area, me = floor.map, game.player.pos
        room = area.room_at(*me)
        if room in ships.venting(floor):
            for dx, dy in DIRECTIONS_4:
                if area.edge_kind_toward(*me, dx, dy) == Edge.OPEN_DOOR and game.occupant(
                        (me[0] + dx, me[1] + dy)) is None and ships.sealed_by_closing(floor, edge_toward(*me, dx, dy), me):
                    return CloseDoor(dx, dy)
            distance = ships.pull_distances(floor)
            here = distance.get(me, 0)
            options = [(distance.get((me[0] + dx, me[1] + dy), -1), dx, dy) for dx, dy in DIRECTIONS_8
                       if area.can_step(*me, dx, dy) and game.occupant((me[0] + dx, me[1] + dy)) is None]
            best = max(options, default=None)
            if best is not None and best[0] > here:
                return Move(best[1], best[2])
            return None
        if floor.ship_state.air[room] == 0:
            air = floor.ship_state.air
            rooms = area.rooms.ravel().tolist()
            plan = self._navigator(game).path(me, lambda i: rooms[i] >= 0 and air[rooms[i]] > 0)
            if plan:
                return Move(plan[0][0] - me[0], plan[0][1] - me[1])
        return None

    @staticmethod
    def _near_peaceful(game: Game, centre: Pos) -> bool:
        """A blast there could hurt a shopkeeper (and turn it on the bot)."""
        return any(peaceful(m) and max(abs(m.x - centre[0]), abs(m.y - centre[1])) <= BLAST_CAUTION
                   for m in game.floor.actors)

    @staticmethod
    def _breaches(game: Game, centre: Pos) -> bool:
        """A blast there would break a derelict's hull (the bot never vents a deck itself)."""
        return game.floor.ship_state is not None and ships.beside_hull(game.floor.map, centre)

    def _descend(self, game: Game) -> Action | None:
        level = game.floor.level
        if level.stairs_down and game.player.pos == level.exit and self._floor_done(game):
            return Descend()
        return None

    def _island(self, game: Game) -> Action:
        """On the island: walk to the entrance of the next region to conquer, go down."""
        target = game.world.next_region()
        if target is None:
            return Wait()  # every Warden has fallen
        entrance = game.world.entrances[target]
        if game.player.pos == entrance:
            return Descend()
        if not self._plan or self._plan[-1] != entrance or game.player.pos not in (self._plan[0], self._start_of_plan):
            nav = self._navigator(game)
            goal = entrance[1] * game.floor.map.width + entrance[0]
            self._plan = nav.path(game.player.pos, lambda i: i == goal) or []
            self._plan_goal = "entrance"
            self._start_of_plan = game.player.pos
        return self._travel(game)

    def _pick_up(self, game: Game) -> Action | None:
        if self._wanted_at(game, game.player.pos):
            return PickUp()
        return None

    def _wanted_at(self, game: Game, pos: Pos) -> bool:
        """Something here worth the bot's while: an item to take or buy (``_wants``), or a
        fixture to use (``_fixture_wanted``)."""
        items = game.floor.items_at(pos)
        if items:
            return self._wants(game, items[-1])
        return self._fixture_wanted(game, pos)

    def _wants(self, game: Game, item: Item) -> bool:
        """Free things it would take; wares it can afford and needs (potions first, keeping
        coins for them); an armoury's piece if it improves on what it wears."""
        if not self._worth(game, item.kind):
            return False
        if not item.price:
            return True
        coins = game.inventory.coins
        if item.kind == "potion_healing":
            return coins >= item.price
        return coins - item.price >= POTION_RESERVE

    def _fixture_wanted(self, game: Game, pos: Pos) -> bool:
        feature = game.floor.level.feature_at(pos)
        if feature is None or feature.kind not in USABLE or game.floor.fixture_use.get(pos, 0):
            return False
        if feature.kind == "shrine":
            return game.player.hp < SHRINE_BELOW * game.player.max_hp
        if feature.kind == "lectern":
            return True
        skill = "accuracy" if feature.kind == "dummy_accuracy" else "defence"
        return (getattr(game.record, skill) < TRAINING_LIMIT
                and game.inventory.coins - training_price(game.max_depth) >= POTION_RESERVE)

    def _rest(self, game: Game) -> Action | None:
        player = game.player
        if player.hp < REST_BELOW * player.max_hp and not self._threats(game) and self._rested < MAX_REST:
            self._rested += 1
            return Wait()
        if player.hp >= player.max_hp or self._threats(game):
            self._rested = 0
        return self._retreat(game)

    def _retreat(self, game: Game) -> Action | None:
        """Hurt, with no potion, and something in view that is not yet beside it: back away,
        to rest out of its sight, rather than walk into it again."""
        player = game.player
        threats = [m for m in self._threats(game) if not MONSTERS[m.kind].stationary]
        if (not threats or player.hp >= REST_BELOW * player.max_hp or game.inventory.count("potion_healing")
                or game.floor.level.vault is not None):
            return None
        step = self._flee_step(game, threats)
        if step is None:
            return None
        self._plan = []
        return Move(*step)

    def _travel(self, game: Game) -> Action:
        if self._plan and game.player.pos == self._plan[0]:
            self._plan.pop(0)
        if not self._plan_still_good(game):
            self._plan = self._make_plan(game)
        if not self._plan:
            return Wait()
        nx, ny = self._plan[0]
        px, py = game.player.pos
        if max(abs(nx - px), abs(ny - py)) != 1:
            self._plan = []
            return Wait()
        return Move(nx - px, ny - py)

    # --- knowledge ----------------------------------------------------------------------
    def _threats(self, game: Game) -> list[Actor]:
        visible = set(game.floor.visible)
        rooms = game.floor.map.rooms
        return [m for m in game.floor.actors
                if not peaceful(m) and (m.alive and rooms[m.y, m.x] in visible and MONSTERS[m.kind].damage[1] > 0
                                        or m.alive and MONSTERS[m.kind].stationary and rooms[m.y, m.x] in visible)]

    def _can_hit(self, game: Game, monster: Actor) -> bool:
        dx, dy = monster.x - game.player.x, monster.y - game.player.y
        return max(abs(dx), abs(dy)) == 1 and game.floor.map.can_step(*game.player.pos, dx, dy)

    def _outmatched(self, game: Game, adjacent: list[Actor]) -> bool:
        me = stats_of(game, game.player)
        my_hit = sum(me.damage) / 2 * hit_chance(me, stats_of(game, adjacent[0])) / 100
        turns = sum(math.ceil(m.hp / max(0.5, my_hit)) for m in adjacent)
        incoming = sum(sum(stats_of(game, m).damage) / 2 * hit_chance(stats_of(game, m), me) / 100 for m in adjacent)
        return incoming * turns >= game.player.hp

    def _flee_step(self, game: Game, enemies: list[Actor]) -> tuple[int, int] | None:
        floor, (px, py) = game.floor.map, game.player.pos
        best, choice = min(max(abs(m.x - px), abs(m.y - py)) for m in enemies), None
        for dx, dy in DIRECTIONS_8:
            nx, ny = px + dx, py + dy
            if not floor.can_step(px, py, dx, dy) or game.occupant((nx, ny)) is not None:
                continue
            distance = min(max(abs(m.x - nx), abs(m.y - ny)) for m in enemies)
            if distance > best:
                best, choice = distance, (dx, dy)
        return choice

    def _use(self, kind: str, game: Game) -> Action | None:
        for index, (slot_kind, _) in enumerate(game.inventory.slots):
            if slot_kind == kind:
                return UseSlot(index)
        return None

    def _worth(self, game: Game, kind: str) -> bool:
        return worth_taking(game, kind)

    def _floor_done(self, game: Game) -> bool:
        return bool(game.floor.explored().all()) or game.turn - self._floor_start_turn >= TURNS_PER_FLOOR

    # --- planning --------------------------------------------------------------------------
    def _navigator(self, game: Game) -> Navigator:
        """Paths through what can be passed: closed doors (opened on the way), locked doors
        only with a key, and never a sealed gate on the island (keys do not open gates)."""
        can_unlock = game.inventory.count("key") > 0 and not game.on_overworld
        key = (game.depth, id(game.floor), game.floor.door_version, can_unlock)
        if self._nav is None or self._nav_key != key:
            passable = PASSABLE_OPENING_DOORS.copy()
            passable[Edge.LOCKED_DOOR] = can_unlock
            self._nav = Navigator(game.floor.map, passable)
            self._nav_key = key
        return self._nav

    def _plan_still_good(self, game: Game) -> bool:
        if not self._plan:
            return False
        gx, gy = self._plan[-1]
        if self._plan_goal == "explore":
            return not game.floor.explored()[game.floor.map.rooms[gy, gx]]
        if self._plan_goal == "item":
            return self._wanted_at(game, (gx, gy))
        if self._plan_goal == "hunt":
            return False  # the quarry moves: a fresh route every step
        return True

    def _hunt(self, game: Game, nav: Navigator, known) -> list[Pos]:  # noqa: ANN001 - flat index -> bool
        """To where the Warden was last seen; after that, through the rooms not swept since
        (Wardens that blink away or keep their distance do not wait at the stairs' tile)."""
        floor, me = game.floor, game.player.pos
        warden = next((a for a in floor.actors if a.alive and is_warden(a.kind)), None)
        if warden is None:
            return []
        if floor.map.room_at(*warden.pos) in floor.visible:
            self._quarry, self._swept = warden.pos, set()
        self._swept.add(floor.map.room_at(*me))
        width = floor.map.width
        if self._quarry is not None and self._quarry != me:
            goal = self._quarry[1] * width + self._quarry[0]
            plan = nav.path(me, lambda i: i == goal, known)
            if plan:
                return plan
        self._quarry = None
        rooms = floor.map.rooms.ravel().tolist()
        for _ in range(2):
            swept = self._swept
            plan = nav.path(me, lambda i, swept=swept: rooms[i] >= 0 and rooms[i] not in swept, known)
            if plan:
                return plan
            self._swept = {floor.map.room_at(*me)}  # every room swept: start another round
        return []

    def _make_plan(self, game: Game) -> list[Pos]:
        floor = game.floor
        nav = self._navigator(game)
        width = floor.map.width
        rooms = floor.map.rooms.ravel().tolist()
        seen = floor.seen_rooms.tolist()
        known = lambda i: rooms[i] >= 0 and seen[rooms[i]]  # noqa: E731
        visible = set(floor.visible)
        wanted = {item.y * width + item.x for item in floor.items
                  if floor.map.rooms[item.y, item.x] in visible and self._wants(game, item)}
        wanted |= {f.y * width + f.x for f in floor.level.features
                   if floor.map.rooms[f.y, f.x] in visible and self._fixture_wanted(game, f.pos)}
        wanted = {i for i in wanted if game.turn - self._chasing.get(i, game.turn) < ITEM_PATIENCE}
        if wanted:
            plan = nav.path(game.player.pos, lambda i: i in wanted, known, limit=4000)
            if plan:
                self._plan_goal = "item"
                gx, gy = plan[-1]
                self._chasing.setdefault(gy * width + gx, game.turn)
                return plan
        in_a_hurry = (game.turn - self._floor_start_turn >= TURNS_PER_FLOOR
                      or game.turn - self._progress_turn >= STALL_TURNS // 2)  # stuck exploring: move on
        ex, ey = floor.level.exit
        exit_known = seen[floor.map.rooms[ey, ex]]
        if not (in_a_hurry and exit_known):
            explored = floor.explored().tolist()
            plan = nav.path(game.player.pos, lambda i: rooms[i] >= 0 and not explored[rooms[i]], known)
            if plan:
                self._plan_goal = "explore"
                return plan
        if not floor.level.stairs_down:  # a Warden's floor: no stairs, so hunt the Warden down
            plan = self._hunt(game, nav, known)
            if plan:
                self._plan_goal = "hunt"
                return plan
        if exit_known:
            goal = ey * width + ex
            plan = nav.path(game.player.pos, lambda i: i == goal, known)
            if plan is not None:
                self._plan_goal = "stairs"
                return plan
        return []


def play(seed_text: str, turns: int, params: RunParams | None = None) -> Game:
    """Play ``turns`` turns (or until death, victory or a stall) from a new run with the given seed."""
    return play_run(seed_text, turns, params)[0]


def play_run(seed_text: str, turns: int, params: RunParams | None = None,
             start: str = "island") -> tuple[Game, str | None]:
    """``play``, and why the bot stalled (None when it did not); ``start`` as ``Game.start_on``."""
    run = Run.new(seed_text, start, params=params or RunParams())
    bot = Autoplayer()
    play_on(run, bot, turns)
    return run.game, bot.stalled


def play_on(run: Run, bot: Autoplayer, turns: int) -> None:
    """Let ``bot`` play ``run`` (recorded) until turn ``turns``, death, victory or a stall."""
    game = run.game
    while game.turn < turns and not game.over and not game.won and bot.stalled is None:
        bot.record(game, run.perform(bot.next_action(game)))


def summary(game: Game, stalled: str | None = None) -> dict[str, object]:
    """The autoplayer's last line (ROB-1). ``depth`` is the deepest floor reached
    (regions later in the play order count deeper); ``won`` is true when every Warden fell;
    ``floors_by_kind`` counts the floors entered; ``breaches`` the hull edges broken on decks
    and ``lost_to_space`` what went out through them, by kind;
    ``stalled`` is true when the bot could make no progress, and ``stall_reason`` says why."""
    below = [floor for key, floor in sorted(game.floors.items()) if key != OVERWORLD]
    kinds: dict[str, int] = {}
    for floor in below:
        kinds[floor.level.kind] = kinds.get(floor.level.kind, 0) + 1
    vaults = [floor.vault_state for floor in below if floor.vault_state is not None]
    decks = [floor.ship_state for floor in below if floor.ship_state is not None]
    lost: dict[str, int] = {}
    for deck in decks:
        for kind, count in deck.lost.items():
            lost[kind] = lost.get(kind, 0) + count
    return {"seed": game.seed_text, "turns": game.turn, "depth": game.max_depth, "alive": game.player.alive,
            "kills": game.kills, "cause": game.cause, "won": game.won, "wardens": sum(game.world.defeated),
            "floors_by_kind": kinds, "vaults_cleared": sum(state.cleared for state in vaults),
            "trap_hits": sum(int(state.sprung.sum()) for state in vaults),
            "breaches": sum(len(deck.breaches) for deck in decks), "lost_to_space": dict(sorted(lost.items())),
            "stalled": stalled is not None, "stall_reason": stalled, "digest": game.digest()}
