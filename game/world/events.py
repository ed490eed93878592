"""What happens to actors and how the log tells it: deaths and their drops, a Warden's fall,
items dropped (by a death, or by the player) and coins picked up, and the words for who did
what. A part of ``Game`` (it is one of its bases); the attributes it uses are ``Game``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import ITEMS, item_label
from game.content.monsters import MONSTERS, is_warden
from game.world import specials, vaults
from game.world.actor import Actor, Item
from game.world.saving import OVERWORLD
from game.world.senses import sees

if TYPE_CHECKING:
    from game.world.game import Game


class Events:
    """``Game``'s ``kill``, ``drop_item``, ``name_of``, ``note``..."""

    def kill(self: Game, victim: Actor, killer: Actor | None, cause: str | None = None) -> None:
        """``victim`` dies; for the player, ``cause`` (or the killer) is the run's epitaph."""
        if victim is self.player:
            victim.hp = min(victim.hp, 0)
            if cause is not None:
                self.cause = cause
            elif killer is victim:
                self.cause = f"killed by their own blast {self.whereabouts}"
            else:
                name = "themselves" if killer is None else self.name_of(killer)
                self.cause = f"killed by {name} {self.whereabouts}"
            self.log.add(f"You die. ({self.cause})", "bad", self.turn)
            self.cue("death")
            return
        if self.player_sees(victim):
            verb = "kill" if killer is self.player else None
            text = f"You kill {self.name_of(victim)}." if verb else f"{self.name_of(victim, True)} dies."
            self.log.add(text, "good" if killer is self.player else "info", self.turn)
            self.cue("kill")
        if killer is self.player:
            self.kills += 1
        self.floor.remove_actor(victim)
        if self.floor.vault_state is not None:
            vaults.check_goal(self)
        if is_warden(victim.kind) and self.region is not None:
            self._warden_falls(self.region)
        if MONSTERS[victim.kind].behaviour == "keeper":
            specials.keeper_died(self, victim)
        loot = self.stream("loot")
        for kind, chance in MONSTERS[victim.kind].drops:
            if loot.random() < chance:
                count = loot.randint(3, 8 + 4 * self.depth) if ITEMS[kind].category == "coins" else 1
                self.drop_item(kind, victim.pos, count)

    def _warden_falls(self: Game, region: int) -> None:
        world = self.world
        world.defeated[region] = True
        opened = world.apply_gates(self.floors[OVERWORLD].map)
        if opened:
            self.floors[OVERWORLD].door_version += 1
        self.log.add(f"{world.warden_names[region]}, Warden of {world.names[region]}, falls!", "good", self.turn)
        self.cue("warden")
        if world.won():
            self.cue("victory")
            self.log.add("Every Warden has fallen. The island is yours.", "good", self.turn)
        else:
            following = world.next_region()
            self.log.add(f"You climb back into the daylight. The gates to {world.names[following]} are open.",
                         "notice", self.turn)
        self.returning = region

    def drop_item(self: Game, kind: str, pos: tuple[int, int], count: int = 1) -> None:
        for item in self.floor.items_at(pos):
            if item.kind == kind and ITEMS[kind].category in ("coins", "consumable"):
                item.count += count
                return
        self.floor.items.append(Item(self._eid(), kind, pos[0], pos[1], count))

    def put_down(self: Game, kind: str, count: int) -> None:
        """The player drops ``count`` of ``kind`` where they stand (``Drop``): under what lies there,
        or onto a stack of its kind lying free there; marked ``dropped`` either way."""
        here = self.floor.items_at(self.player.pos)
        same = next((item for item in here if item.kind == kind and specials.free_to_take(item)), None)
        if same is not None:
            same.count += count
            same.dropped = True
            return
        items = self.floor.items
        under = items.index(here[0]) if here else len(items)
        items.insert(under, Item(self._eid(), kind, *self.player.pos, count, dropped=True))

    def _collect_coins(self: Game) -> None:
        for item in self.floor.items_at(self.player.pos):
            if ITEMS[item.kind].category == "coins":
                specials.earn_coins(self, item.count)
                self.floor.items.remove(item)
                self.cue("coins")
                self.log.add(f"You pick up {item_label(item.kind, item.count, article=True)}.", "good", self.turn)

    def player_sees(self: Game, actor: Actor) -> bool:
        return actor is self.player or sees(self, self.player, actor)

    def name_of(self: Game, actor: Actor, capital: bool = False) -> str:
        if actor.name:
            return actor.name
        name = "you" if actor is self.player else f"the {MONSTERS[actor.kind].name}"
        return name[0].upper() + name[1:] if capital else name

    def verb(self: Game, actor: Actor, you_form: str, other_form: str) -> str:
        return you_form if actor is self.player else other_form

    def note(self: Game, actor: Actor, text: str) -> None:
        """``The orc shouts for help!`` when the player can see the orc."""
        if self.player_sees(actor):
            self.log.add(f"{self.name_of(actor, True)} {text}", "notice", self.turn)

