"""What the sidebar says of a tile under the pointer (or the aim): a monster, an item, the
stairs, a vault's cell, a deck's air, the island's terrain (SPEC UI-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.descriptions import describe_item, describe_monster

if TYPE_CHECKING:
    from game.world.game import Game


def tile_text(game: Game, tile: tuple[int, int] | None) -> str:
    """What the player knows of ``tile``: the sidebar's line for the pointer (or the aim)."""
    if tile is None:
        return ""
    floor = game.floor
    x, y = tile
    room = floor.map.room_at(x, y)
    if room < 0 or not floor.seen_rooms[room]:
        return "Unknown"
    if game.on_overworld:
        return _island_text(game, x, y, room)
    cell = _vault_cell_text(floor, x, y)
    if (x, y) == game.player.pos:
        return "You" + (f", on {cell[0].lower()}{cell[1:]}" if cell else "")
    in_sight = room in floor.visible
    monster = game.occupant((x, y)) if in_sight else None
    if monster is not None:
        state = {"asleep": ", asleep", "hunting": ", hunting"}.get(monster.state, "")
        return (f"{game.name_of(monster, True)} ({monster.hp}/{monster.max_hp}{state}). "
                f"{describe_monster(monster.kind)}")
    items = floor.items_at((x, y)) if in_sight else []
    if items:
        from game.content.items import item_label

        top = items[-1]
        others = f" (and {len(items) - 1} more)" if len(items) > 1 else ""
        label = item_label(top.kind, top.count)
        offer = f", for sale: {top.price} coins" if top.price else (", one of the armoury's choice" if top.choice
                                                                      else "")
        return f"{label[0].upper()}{label[1:]}{offer}{others}. {describe_item(top.kind)}"
    if not in_sight and (x, y) in floor.item_memory:
        from game.content.items import item_label

        return f"{item_label(floor.item_memory[(x, y)])} (remembered)"
    air = _deck_air_text(floor, room)
    if air and in_sight and (x, y) not in (floor.level.exit, floor.level.entrance):
        return f"Floor ({air})"
    if (x, y) == floor.level.exit:
        sealed = floor.vault_state is not None and not floor.vault_state.cleared
        return "Stairs down (sealed until the vault is cleared)" if sealed else "Stairs down"
    if cell:
        return cell
    if (x, y) == floor.level.entrance:
        return "Stairs up"
    return _dressing_text(floor, (x, y), room, in_sight)


def _dressing_text(floor, pos: tuple[int, int], room: int, in_sight: bool) -> str:  # noqa: ANN001 - Floor
    """A fixture or decoration, else the floor (of a special room: "Floor of a shop")."""
    from game.content.specials import DECORATIONS, FIXTURES, SPECIALS

    feature = floor.level.feature_at(pos)
    if feature is not None:
        text = FIXTURES.get(feature.kind) or DECORATIONS[feature.kind]
        if floor.fixture_use.get(pos) and feature.kind in ("shrine", "lectern"):
            text += " (used)"
        return text
    special = floor.level.special_of(room)
    where = f"Floor of {SPECIALS[special.kind].name}" if special is not None else "Floor"
    return where if in_sight else f"{where} (remembered)"


def _island_text(game: Game, x: int, y: int, region: int) -> str:
    from game.mapgen.landmass import TERRAIN_NAMES

    world = game.world
    entrance = world.region_at_entrance((x, y))
    if entrance is not None:
        state = "its Warden has fallen" if world.defeated[entrance] else (
            "open" if world.unlocked(entrance) else "sealed")
        return f"Dungeon of {world.names[entrance]} ({state})"
    terrain = TERRAIN_NAMES[int(game.floor.level.terrain[y, x])]
    return f"{terrain.capitalize()}, {world.names[region]}"


def _vault_cell_text(floor, x: int, y: int) -> str:  # noqa: ANN001 - Floor
    """What the player knows of a trap vault's cell ("" off vaults)."""
    state = floor.vault_state
    if state is None:
        return ""
    if state.sprung[y, x]:
        return "A sprung trap (spent)"
    if not state.revealed[y, x]:
        return "An unknown cell: it may hold a trap"
    count = int(floor.level.vault.numbers[y, x])
    return "A safe cell, no trap around it" if count == 0 else \
        f"A safe cell, {count} trap{'s' if count > 1 else ''} around it"


def _deck_air_text(floor, room: int) -> str:  # noqa: ANN001 - Floor
    """The air in a derelict deck's compartment, as the hover says it ("" off decks)."""
    from game.world import ships

    state = floor.ship_state
    if state is None:
        return ""
    if room in ships.venting(floor):
        return "venting toward a breach"
    if state.air[room] == 0:
        return "no air"
    return f"air {round(100 * state.air[room] / max(1, state.capacity(floor.map, room)))} %"
