"""What the sidebar's "Here:" line says about where the player stands (UI-11, TRU-5): the
number of their own cell in a trap vault, the terrain, then the stairs or an entrance, then the items underfoot.
Words only, read from the world: the desktop's sidebar, a phone's and the hover all say them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.render import terrain_words
from game.world import magic

if TYPE_CHECKING:
    from game.world.game import Game


def here_line(game: Game) -> list[str]:
    """The sidebar's "Here:" line: in a trap vault the number of the player's own cell first (the
    player's sprite stands on it, TRU-5), then the terrain (fire and gas first: "burning grass",
    "deep water (you swim)", REN-7), then what lies underfoot (``underfoot``)."""
    cell = own_cell(game)
    terrain = [] if game.on_overworld else terrain_words.here(game.floor, game.player.pos)
    return ([cell] if cell else []) + terrain + underfoot(game)


def own_cell(game: Game) -> str:
    """The player's own cell in a trap vault, as the "Here:" line says it: "2 traps around you",
    "no trap around you", "a sprung trap" ("" off vaults)."""
    state = game.floor.vault_state
    if state is None or game.floor.level.vault is None:
        return ""
    x, y = game.player.pos
    if state.sprung[y, x]:
        return "a sprung trap"
    count = int(game.floor.level.vault.numbers[y, x])
    if count < 0 or not state.revealed[y, x]:
        return ""
    return "no trap around you" if count == 0 else f"{count} trap{'s' if count > 1 else ''} around you"


def underfoot(game: Game) -> list[str]:
    """What lies where the player stands, as the sidebar's "Here:" line says it: the stairs or
    a dungeon's entrance, then the items, top first ("the stairs down", "a healing potion")."""
    here, level = game.player.pos, game.floor.level
    things = []
    if game.on_overworld:
        region = game.world.region_at_entrance(here)
        if region is not None:
            sealed = "" if game.world.unlocked(region) or game.world.defeated[region] else " (sealed)"
            things.append(f"the entrance to {game.world.names[region]}'s dungeon{sealed}")
    elif level.stairs_down and here == level.exit:
        things.append("the stairs down")
    elif here == level.entrance:
        things.append("the stairs up")
    for item in reversed(game.floor.items_at(here)):
        things.append(magic.item_name(game, item.kind, item.count, True, item.enchant)
                      + (f" ({item.price} coins)" if item.price else ""))
    return things
