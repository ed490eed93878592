"""What happens to actors and how the log tells it: deaths and their drops, a Warden's fall,
items dropped (by a death, or by the player) and coins picked up, and the words for who did
what. One of ``Game``'s rule modules: functions of the game (``events.kill(game, victim, killer)``);
``Game.kill``, ``drop_item``, ``player_sees``, ``name_of``, ``verb`` and ``note`` are the same, for
the code above the world.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import ITEMS, item_label
from game.content.monsters import MONSTERS, is_warden
from game.world import boons, chasm, magic, specials, vaults
from game.world.actor import Actor, Item
from game.world.saving import OVERWORLD
from game.world.senses import sees

if TYPE_CHECKING:
    from game.world.game import Game


def kill(game: Game, victim: Actor, killer: Actor | None, cause: str | None = None) -> None:
    """``victim`` dies; for the player, ``cause`` (or the killer) is the run's epitaph."""
    if victim is game.player:
        victim.hp = min(victim.hp, 0)
        if cause is not None:
            game.cause = cause
        elif killer is victim:
            game.cause = f"killed by their own blast {game.whereabouts}"
        else:
            name = "themselves" if killer is None else name_of(game, killer)
            game.cause = f"killed by {name} {game.whereabouts}"
        game.log.add(f"You die. ({game.cause})", "bad", game.turn)
        game.cue("death")
        return
    if player_sees(game, victim):
        verb = "kill" if killer is game.player else None
        text = f"You kill {name_of(game, victim)}." if verb else f"{name_of(game, victim, True)} dies."
        game.log.add(text, "good" if killer is game.player else "info", game.turn)
        game.cue("kill")
    if killer is game.player:
        game.kills += 1
    game.floor.remove_actor(victim)
    if game.floor.vault_state is not None:
        vaults.check_goal(game)
    if is_warden(victim.kind) and game.region is not None:
        warden_falls(game, game.region)
    if MONSTERS[victim.kind].behaviour == "keeper":
        specials.keeper_died(game, victim)
    loot = game.stream("loot")
    for kind, chance in MONSTERS[victim.kind].drops:
        if loot.random() < chance:
            count = loot.randint(3, 8 + 4 * game.depth) if ITEMS[kind].category == "coins" else 1
            drop_item(game, kind, victim.pos, count)


def warden_falls(game: Game, region: int) -> None:
    world = game.world
    world.defeated[region] = True
    opened = world.apply_gates(game.floors[OVERWORLD].map)
    if opened:
        game.floors[OVERWORLD].door_version += 1
    game.log.add(f"{world.warden_names[region]}, Warden of {world.names[region]}, falls!", "good", game.turn)
    game.cue("warden")
    if world.won():
        game.cue("victory")
        game.log.add("Every Warden has fallen. The island is yours.", "good", game.turn)
    elif (following := world.next_region()) is not None:  # (always, while a Warden stands)
        game.log.add(f"You climb back into the daylight. The gates to {world.names[following]} are open.",
                     "notice", game.turn)
        boons.offer(game, region)
    game.returning = region


def drop_item(game: Game, kind: str, pos: tuple[int, int], count: int = 1, enchant: int = 0) -> None:
    """``count`` of ``kind`` fall at ``pos`` (onto a stack of their kind there; through a chasm there
    to the floor below); a weapon or armour keeps its ``enchant``."""
    if chasm.item_falls(game, pos):
        chasm.drop_through(game, Item(game.new_eid(), kind, pos[0], pos[1], count, enchant=enchant))
        return
    for item in game.floor.items_at(pos):
        if item.kind == kind and ITEMS[kind].category in ("coins", "consumable"):
            item.count += count
            return
    game.floor.items.append(Item(game.new_eid(), kind, pos[0], pos[1], count, enchant=enchant))


def put_down(game: Game, kind: str, count: int, charges: int = -1) -> None:
    """The player drops ``count`` of ``kind`` where they stand (``Drop``): under what lies there,
    or onto a stack of its kind lying free there; marked ``dropped`` either way. A staff, a wand
    or a charm keeps its ``charges`` and lies on its own."""
    here = game.floor.items_at(game.player.pos)
    same = next((item for item in here if item.kind == kind and specials.free_to_take(item) and charges < 0
                 and item.charges < 0), None)
    if same is not None:
        same.count += count
        same.dropped = True
        return
    items = game.floor.items
    under = items.index(here[0]) if here else len(items)
    items.insert(under, Item(game.new_eid(), kind, *game.player.pos, count, dropped=True, charges=charges))


def collect_coins(game: Game) -> None:
    for item in game.floor.items_at(game.player.pos):
        if ITEMS[item.kind].category == "coins":
            specials.earn_coins(game, item.count)
            game.floor.items.remove(item)
            game.cue("coins")
            game.log.add(f"You pick up {item_label(item.kind, item.count, article=True)}.", "good", game.turn)


def player_sees(game: Game, actor: Actor) -> bool:
    return actor is game.player or sees(game, game.player, actor)


def name_of(game: Game, actor: Actor, capital: bool = False) -> str:
    if actor.name:
        return actor.name
    name = "you" if actor is game.player else f"{'your' if actor.ally else 'the'} {MONSTERS[magic.seen_kind(game, actor)].name}"
    return name[0].upper() + name[1:] if capital else name


def verb(game: Game, actor: Actor, you_form: str, other_form: str) -> str:
    return you_form if actor is game.player else other_form


def note(game: Game, actor: Actor, text: str) -> None:
    """``The orc shouts for help!`` when the player can see the orc."""
    if player_sees(game, actor):
        game.log.add(f"{name_of(game, actor, True)} {text}", "notice", game.turn)

