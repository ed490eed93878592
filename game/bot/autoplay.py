"""A bot that plays real runs by itself (SPEC ROB-1), for tests and soak runs.

Each turn it takes the first of these that applies: take a boon a fallen Warden offers
(``game.bot.boons``); drink a potion when hurt in
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

The fighting rules are ``game.bot.fights``, the routes ``game.bot.plans``, the trap vaults
``game.bot.vault``.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Sequence, TypeVar

from game.world.action import Action, Done, Impossible, Result
from game.world.actions import Descend, Drop, PickUp, Wait
from game.content.monsters import is_warden
from game.content.specials import TRAINING_LIMIT, USABLE, training_price
from game.world.actor import Item
from game.world.fields import (MAX_COUNT, Fields, Where, as_int, as_list, as_pairs, as_str, as_tiles, at,
                               check_tile, unique)
from game.world.game import OVERWORLD, Game, RunParams
from game.world.paths import Pos
from game.bot.explore import room_for, worth_taking
from game.bot.boons import choose_boon
from game.bot.growth import grow
from game.run.run import Run
from game.bot.vault import VaultPlayer
from game.bot.doorways import Doorways
from game.bot.policy import STANDARD, Policy
from game.bot.fights import REST_BELOW, Fights
from game.bot.floor_facts import breached, remembered_floor
from game.bot.plans import PLAN_GOALS, STALL_TURNS, TURNS_PER_FLOOR, Route

MAX_REST = 40
POTION_RESERVE = 15
"""Coins the bot keeps for a healing potion when it buys anything else or trains."""
SHRINE_BELOW = 0.7
T = TypeVar("T")
STALL_REFUSALS = 30
"""Refused actions in a row after which the bot gives up: it is bumping into something."""


class Autoplayer:
    """Chooses the player's next action. Deterministic: no randomness of its own. ``policy``
    (``game.bot.policy``) says which of its rules it follows; a saved bot plays ``STANDARD``."""

    def __init__(self, policy: Policy = STANDARD) -> None:
        self.policy, self._doorways = policy, Doorways()
        self.choices = 0  # growth choices made (``choose``): the balance tool's count; not remembered
        self.route = Route(self)  # where it is going, and why
        self.fights = Fights(self)  # what it does about the monsters in view
        self._floor_key = ""
        self._rested = 0
        self._vault = VaultPlayer()
        self.stalled: str | None = None  # why the bot can make no progress, once it cannot
        self._refusals = 0
        self._progress: tuple[str | int, ...] = ()
        self.progress_turn = 0
        self._trodden: set[Pos] = set()

    def memory(self) -> dict[str, object]:
        """What the bot remembers between turns, JSON-friendly: saved with an autoplayed run,
        so a run saved and continued plays on exactly as one played straight through.
        (The navigator and the vault deductions are caches, rebuilt on demand.)"""
        return {"plan": [list(p) for p in self.route.plan], "plan_goal": self.route.plan_goal,
                "floor_start_turn": self.route.floor_start_turn, "floor_key": self._floor_key, "rested": self._rested,
                "start_of_plan": list(self.route.start_of_plan), "refusals": self._refusals,
                "progress": list(self._progress), "progress_turn": self.progress_turn,
                "trodden": sorted([list(p) for p in self._trodden]), "stalled": self.stalled,
                "quarry": None if self.route.quarry is None else list(self.route.quarry), "swept": sorted(self.route.swept),
                "chasing": sorted([tile, turn] for tile, turn in self.route.chasing.items()),
                "vault": self._vault.memory()}

    @classmethod
    def from_memory(cls, data: object, game: Game | None = None, where: Where = "bot") -> Autoplayer:
        """The bot ``memory`` describes, read as strictly as a save (``game.world.fields``): for
        anything else, one ``ValueError`` (a ``SaveError`` saying where and what is wrong). With
        ``game``, the run it was saved with: no turn after the run's, and a route on its floor on its map."""
        fields, bot = Fields(data, where), cls()
        bot._floor_key = remembered_floor(fields.get("floor_key"), fields.path("floor_key"))
        area = game.floor.map if game is not None and game.floor_key == bot._floor_key else None
        now = MAX_COUNT if game is None else game.turn
        bot.route.plan = [check_tile(x, y, at(fields.path("plan"), i), area)
                     for i, (x, y) in enumerate(as_tiles(fields.get("plan"), fields.path("plan")))]
        bot.route.plan_goal = fields.choice("plan_goal", PLAN_GOALS, "plan goal")
        bot.route.floor_start_turn, bot._rested = fields.integer("floor_start_turn", 0, now), fields.integer("rested", 0, MAX_REST)
        bot.route.start_of_plan = fields.pos("start_of_plan")
        bot._refusals, bot.progress_turn = fields.integer("refusals", 0, STALL_REFUSALS), fields.integer("progress_turn", 0, now)
        bot._progress = _progress(fields.get("progress"), fields.path("progress"))
        bot._trodden = set(as_tiles(fields.get("trodden"), fields.path("trodden")))
        bot.stalled, bot.route.quarry = fields.text("stalled", nullable=True), fields.pos("quarry", nullable=True)
        swept = [as_int(room, path, 0, MAX_COUNT) for room, path in fields.entries("swept")]
        chasing = as_pairs(fields.get("chasing"), fields.path("chasing"), 0, MAX_COUNT)
        for i, (_, turn) in enumerate(chasing):
            as_int(turn, at(at(fields.path("chasing"), i), 1), 0, now)
        unique(swept, fields.path("swept"), "room")
        unique([tile for tile, _ in chasing], fields.path("chasing"), "tile")
        bot.route.swept, bot.route.chasing = set(swept), dict(chasing)
        bot._vault = VaultPlayer.from_memory(fields.get("vault"), fields.path("vault"))
        return bot

    def record(self, game: Game, result: Result) -> None:
        """Note what the last action did; sets ``stalled`` when the bot is stuck (ROB-3)."""
        if not isinstance(result, Done):  # refused, or asking for a target: no turn passed
            self._refusals += 1
            self.route.plan = []  # made from where it stood before a blow threw it elsewhere, perhaps
            if self._refusals >= STALL_REFUSALS:
                why = result.reason if isinstance(result, Impossible) else f"asked for {result!r}"
                self.stalled = f"{self._refusals} refused actions in a row on {game.floor_key}: {why}"
            return
        self._refusals = 0
        seen = game.floor.seen_rooms if game.floor.seen_tiles is None else game.floor.seen_tiles  # by the tile: tiles
        progress = (game.floor_key, int(seen.sum()), game.kills, sum(game.world.defeated),
                    _wardens_health(game), game.player.max_hp, game.inventory.coins,
                    json.dumps(game.inventory.to_dict(), sort_keys=True))
        if progress != self._progress or game.player.pos not in self._trodden:
            if progress != self._progress:
                self._trodden.clear()
            self._progress, self.progress_turn = progress, game.turn
            self._trodden.add(game.player.pos)
        elif game.turn - self.progress_turn >= STALL_TURNS and not game.won:
            self.stalled = (f"no progress for {game.turn - self.progress_turn} turns on {game.floor_key} "
                            f"at {game.player.pos} (plan: {self.route.plan_goal or 'none'})")

    def next_action(self, game: Game) -> Action:
        if game.floor_key != self._floor_key:
            self._floor_key, self.route.floor_start_turn, self.route.plan = game.floor_key, game.turn, []
            self.route.chasing, self.route.held_by = {}, {}
        if game.boons.offer:
            return choose_boon(self, game)
        if game.on_overworld:
            return self.route.island(game)
        if game.floor.vault_state is not None:
            return self._vault.next_action(game, self._worth, self.fights.use)
        if game.floor.ship_state is not None:
            escape = self.fights.air(game)
            if escape is not None:
                return escape
        for rule in (*self.fights.rules(), self._doorway, self._read_map, self.fights.kit.identify, self._grow,
                     self._descend, self._pick_up, self._rest):
            action = rule(game)
            if action is not None:
                return action
        return self.route.travel(game)

    def choose(self, options: Sequence[T], best: int) -> T:
        """Every growth choice the bot makes (a boon, what to enchant): the policy picks, and it counts."""
        self.choices += 1
        return self.policy.choose(options, best)

    def _grow(self, game: Game) -> Action | None:
        return grow(self, game)

    def _doorway(self, game: Game) -> Action | None:
        return self._doorways.next_action(game, self.fights.threats(game)) if self.policy.doorways else None

    def _read_map(self, game: Game) -> Action | None:
        """A scroll of mapping, on a floor not all seen, nothing in view, not in a vault (no map tells its cells)."""
        if (not self.policy.reads_maps or game.floor.seen_rooms.all() or game.floor.vault_state is not None
                or self.fights.threats(game)):
            return None
        return self.fights.use("scroll_mapping", game)

    def _descend(self, game: Game) -> Action | None:
        level = game.floor.level
        if level.stairs_down and game.player.pos == level.exit and self._floor_done(game):
            return Descend()
        return None

    def _pick_up(self, game: Game) -> Action | None:
        if not self.wanted_at(game, game.player.pos):
            return None
        items = game.floor.items_at(game.player.pos)
        spare = room_for(game, items[-1].kind) if items else None  # a full pack: what it does not use goes
        return PickUp() if spare is None else Drop(spare)

    def wanted_at(self, game: Game, pos: Pos) -> bool:
        """Something here worth the bot's while: an item to take or buy (``_wants``), or a
        fixture to use (``_fixture_wanted``)."""
        items = game.floor.items_at(pos)
        if items:
            return self.wants(game, items[-1])
        return self.fixture_wanted(game, pos)

    def wants(self, game: Game, item: Item) -> bool:
        """Free things it would take; wares it can afford and needs (potions first, keeping coins for
        them); an armoury's piece if it improves on what it wears (or, ``first_choice``, the first offered)."""
        if item.choice and self.policy.first_choice:
            offered = [i for i in game.floor.items if i.choice == item.choice and not _worn(game, i.kind)]
            return bool(offered) and item is offered[0]
        if item.dropped or not self._worth(game, item.kind):
            return False  # (what it dropped to make room stays where it lies)
        if not item.price or not self.policy.shops:
            return not item.price
        coins = game.inventory.coins
        if item.kind == "potion_healing":
            return coins >= item.price
        return coins - item.price >= POTION_RESERVE

    def fixture_wanted(self, game: Game, pos: Pos) -> bool:
        feature = game.floor.level.feature_at(pos)
        if not self.policy.shops or feature is None or feature.kind not in USABLE or game.floor.fixture_use.get(pos, 0):
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
        if player.hp < REST_BELOW * player.max_hp and not self.fights.threats(game) and self._rested < MAX_REST:
            self._rested += 1
            return Wait()
        if player.hp >= player.max_hp or self.fights.threats(game):
            self._rested = 0
        return self.fights.retreat(game)

    def _worth(self, game: Game, kind: str) -> bool:
        return worth_taking(game, kind)

    def _floor_done(self, game: Game) -> bool:
        return (not game.floor.unexplored().any() or game.turn - self.route.floor_start_turn >= TURNS_PER_FLOOR
                or breached(game))


def _progress(value: object, where: Where) -> tuple[str | int, ...]:
    """What ``record`` last counted as progress: nothing yet, or the floor, six counts (rooms
    seen, kills, Wardens defeated, the Wardens' health, the player's most health, coins) and
    the inventory as JSON."""
    if not as_list(value, where):
        return ()
    floor, *counts, inventory = as_list(value, where, 8)
    return (remembered_floor(floor, at(where, 0)), *(as_int(n, at(where, i), 0, MAX_COUNT) for i, n in enumerate(counts, 1)),
            as_str(inventory, at(where, 7), max_len=None))


def _worn(game: Game, kind: str) -> bool:
    inventory = game.inventory
    return kind in (inventory.weapon, inventory.armour, inventory.ranged)


def _wardens_health(game: Game) -> int:
    """What the floor's Wardens have left: Wardens never heal, so a blow that lands is
    progress (a long fight of attrition against one, resting between rounds, is no stall)."""
    return sum(m.hp for m in game.floor.actors if m.alive and is_warden(m.kind))


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
    kinds = dict(Counter(floor.level.kind for floor in below))
    vaults = [floor.vault_state for floor in below if floor.vault_state is not None]
    decks = [floor.ship_state for floor in below if floor.ship_state is not None]
    lost = sum((Counter(deck.lost) for deck in decks), Counter[str]())
    return {"seed": game.seed_text, "turns": game.turn, "depth": game.max_depth, "alive": game.player.alive,
            "kills": game.kills, "cause": game.cause, "won": game.won, "wardens": sum(game.world.defeated),
            "floors_by_kind": kinds, "vaults_cleared": sum(state.cleared for state in vaults),
            "trap_hits": sum(int(state.sprung.sum()) for state in vaults),
            "breaches": sum(len(deck.breaches) for deck in decks), "lost_to_space": dict(sorted(lost.items())),
            "stalled": stalled is not None, "stall_reason": stalled, "digest": game.digest()}
