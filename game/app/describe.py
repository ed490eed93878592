"""What the sidebar says of a tile under the pointer (or the aim): a monster and what it is
doing, yourself and what lies under you, an item, the stairs, a vault's cell, a deck's air, the
island's terrain, and of the edge near the pointer: a wall, a door, a gate, the hull (SPEC UI-8)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.ai.behaviours import blows_coming
from game.content.descriptions import describe_monster
from game.map.edges import Edge
from game.render import terrain_words
from game.render.here import underfoot
from game.world import arms, charges, combat, lasers, magic, tile_sight
from game.world.actor import state_word
from game.world.captives import standing
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.map.floor_map import FloorMap
    from game.world.actor import Actor
    from game.world.floor import Floor
    from game.world.game import Game

EDGE_MARGIN = 0.2
"""The pointer within this share of a tile from a wall, a door or the hull describes that edge."""
Step = tuple[int, int, int, int]
"""A tile and an orthogonal step out of it: ``(x, y, dx, dy)``, the edge it crosses."""


def edge_near(area: FloorMap, point: tuple[float, float]) -> Step | None:
    """The closed edge (not OPEN) within ``EDGE_MARGIN`` of a map point given in tiles (the
    camera's ``screen_to_world``), nearest first; None in a tile's middle or by open edges."""
    x, y = math.floor(point[0]), math.floor(point[1])
    if not area.in_bounds(x, y):
        return None
    fx, fy = point[0] - x, point[1] - y
    sides = sorted((d, dx, dy) for d, dx, dy in ((fx, -1, 0), (1 - fx, 1, 0), (fy, 0, -1), (1 - fy, 0, 1)))
    return next(((x, y, dx, dy) for d, dx, dy in sides
                 if d < EDGE_MARGIN and area.edge_kind_toward(x, y, dx, dy) != Edge.OPEN), None)


def edge_text(game: Game, step: Step) -> str:
    """What the player knows of an edge: "A closed door", "A locked door: a key opens it"..."""
    x, y, dx, dy = step
    area, seen = game.floor.map, game.floor.seen_rooms
    if not any(0 <= r and seen[r] for r in (area.room_at(x, y), area.room_at(x + dx, y + dy))):
        return "Unknown"
    kind = area.edge_kind_toward(x, y, dx, dy)
    if game.on_overworld:
        return {Edge.LOCKED_DOOR: "A sealed gate: it opens when the Warden before it falls",
                Edge.OPEN_DOOR: "An open gate", Edge.DOOR: "A gate"}.get(kind, "A wall")
    return {Edge.WALL: "A wall", Edge.DOOR: "A closed door: walk into it to open it",
            Edge.OPEN_DOOR: "An open door (c closes it)", Edge.LOCKED_DOOR: "A locked door: a key opens it",
            Edge.HULL: "The hull: vacuum beyond it"}.get(kind, "Floor")


def tile_text(game: Game, tile: tuple[int, int] | None, edge: Step | None = None) -> str:
    """What the player knows of ``tile``, or of ``edge`` when the pointer is near one: the
    sidebar's line for the pointer (or the aim)."""
    if edge is not None:
        return edge_text(game, edge)
    if tile is None:
        return ""
    blow = blows_coming(game).get(tile)  # a danger first: hover text may be cut at its end
    there = _what_is_there(game, tile)
    if tile != game.player.pos and game.floor.smoke.get(tile, 0) > game.turn and game.floor.in_sight(*tile):
        there = f"Smoke, which hides whoever stands in it from afar. {there}"
    if not game.on_overworld and game.floor.map.in_bounds(*tile):  # fire and gas first (REN-7)
        there = terrain_words.with_dangers(game.floor, *tile, there)
    return f"{blow[1]}! {there}" if blow is not None else there


def _what_is_there(game: Game, tile: tuple[int, int]) -> str:
    floor = game.floor
    x, y = tile
    room = floor.map.room_at(x, y)
    if room < 0:
        return _outside_text(game, x, y)
    if game.on_overworld and not floor.known(x, y):
        region = game.world.region_at_entrance((x, y))  # the next region's entrance is known unseen
        return _island_text(game, x, y, room) if region is not None and tile_sight.entrance_known(game, region) \
            else "Unknown"
    monster = game.occupant((x, y))
    if monster is not None and monster is not game.player and game.player_sees(monster):
        return (f"{game.name_of(monster, True)} ({monster.hp}/{monster.max_hp}, {state_word(monster)}). "
                f"{(standing(monster) + ' ') if standing(monster) else ''}{_sneak_words(game, monster)}"
                f"{describe_monster(magic.seen_kind(game, monster))}")  # seen, so seeing you, even in a room not in sight
    if not floor.seen_rooms[room] or not floor.known(x, y):
        return "Unknown"
    if game.on_overworld and (x, y) != game.player.pos and not floor.items_at((x, y)) \
            and floor.level.feature_at((x, y)) is None:  # (the island's places and caches: below)
        return _island_text(game, x, y, room)
    cell = _vault_cell_text(floor, x, y) + lasers.cell_text(floor.level.vault, floor.vault_state, x, y, game.turn)
    if (x, y) == game.player.pos:
        if game.on_overworld and game.world.region_at_entrance((x, y)) is None:
            cell = _island_text(game, x, y, room)  # "You, on sand, Perric"
        here = underfoot(game)
        cell = cell or terrain_words.standing_on(floor, x, y)
        return ("You" + (f", {'' if cell.startswith(('in ', 'on ')) else 'on '}{cell[0].lower()}{cell[1:]}"
                         if cell else "")
                + (f". Here: {', '.join(here)}." if here else ""))
    in_sight = floor.in_sight(x, y)
    items = floor.items_at((x, y)) if in_sight else []
    if items:
        top = items[-1]
        others = f" (and {len(items) - 1} more)" if len(items) > 1 else ""
        label = magic.item_name(game, top.kind, top.count, plus=top.enchant) + (
            f" ({top.charges} charges left)" if top.charges >= 0 else "")
        offer = f", for sale: {top.price} coins" if top.price else (", one of the armoury's choice" if top.choice
                                                                      else "")
        return f"{label[0].upper()}{label[1:]}{offer}{others}. {magic.description(game, top.kind)}"
    if not in_sight and (x, y) in floor.item_memory:
        return f"{magic.item_name(game, floor.item_memory[(x, y)])} (remembered)"
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


def carried_text(game: Game, row: str) -> str:
    """What the sidebar's inventory row ``row`` holds, described as an item on the floor is: the
    worn ``weapon`` or ``armour``, the ``ranged`` launcher, or ``slot:N`` (hud.Hud.hovers)."""
    from game.content.items import BARE_HANDS

    inventory = game.inventory
    if row == "weapon" and inventory.weapon is None:
        low, high = BARE_HANDS.damage
        return f"Bare hands (damage {low}-{high}): a weapon you pick up (g) is wielded at once."
    if row == "armour" and inventory.armour is None:
        return "No armour: every blow lands in full. Armour you pick up (g) is worn at once."
    worn = {"weapon": inventory.weapon, "armour": inventory.armour, "ranged": inventory.ranged}
    if row.startswith("slot:"):
        index = int(row[len("slot:"):])
        slot = inventory.slot(index)
        if slot is None:
            return ""
        kind, count = slot
        label, how = magic.item_name(game, kind, count), f"slot {index + 1}{charges.words(inventory, kind)}"
    elif worn.get(row) is not None:
        kind = str(worn[row])
        label = magic.worn_name(game, row) if row in magic.WORN else magic.item_name(game, kind)
        how = {"weapon": "wielded", "armour": "worn", "ranged": "carried"}[row]
    else:
        return ""
    return f"{label[0].upper()}{label[1:]}, {how}. {magic.description(game, kind)}"


def _sneak_words(game: Game, monster: Actor) -> str:
    """What a blow at a foe that has not noticed you would do (SPEC CMB-2, CMB-4, GRW-2): it
    cannot miss, and a dagger's (or any, with shadowstrike) deals several times the damage."""
    if peaceful(monster) or not combat.unaware(monster, game.player):
        return ""
    times = arms.sneak_times(game, game.inventory.weapon_kind().style)
    return f"Unaware of you: your blow cannot miss{f' and deals x{times}' if times > 1 else ''}. "


def _outside_text(game: Game, x: int, y: int) -> str:
    """Off the floor: vacuum around a derelict, rock around a dungeon, once a room beside it is seen."""
    area, seen = game.floor.map, game.floor.seen_rooms
    beside = [area.room_at(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    if game.on_overworld or not any(r >= 0 and seen[r] for r in beside):
        return "Unknown"
    return "Vacuum" if game.floor.ship_state is not None else "Solid rock"


def _dressing_text(floor: Floor, pos: tuple[int, int], room: int, in_sight: bool) -> str:
    """A fixture or decoration, else the floor (of a special room: "Floor of a shop")."""
    from game.content.specials import DECORATIONS, FIXTURES, SPECIALS

    feature = floor.level.feature_at(pos)
    if feature is not None:
        text = terrain_words.feature_words(floor, feature.kind) or FIXTURES.get(feature.kind) or DECORATIONS.get(
            feature.kind, "")  # (a vent's own words name its gas)
        if floor.fixture_use.get(pos) and feature.kind in ("shrine", "lectern", "campfire", "wayshrine"):
            text += " (used)"
        return text
    special = floor.level.special_of(room)
    where = terrain_words.ground_words(floor, *pos) or (
        f"Floor of {SPECIALS[special.kind].name}" if special is not None else "Floor")
    return where if in_sight else f"{where} (remembered)"


def _island_text(game: Game, x: int, y: int, region: int) -> str:
    from game.mapgen.landmass import TERRAIN_NAMES

    world = game.world
    entrance = world.region_at_entrance((x, y))
    if entrance is not None:
        state = "its Warden has fallen" if world.defeated[entrance] else (
            "open" if world.unlocked(entrance) else "sealed")
        theme = world.theme(entrance)
        danger = f"; beware {theme.signature}" if theme is not None and theme.signature else ""
        return f"Dungeon of {world.title(entrance)} ({state}{danger})"
    terrains = game.floor.level.terrain
    assert terrains is not None, "the island has its terrain"
    terrain = TERRAIN_NAMES[int(terrains[y, x])]
    return f"{terrain.capitalize()}, {world.title(region)}"


def _vault_cell_text(floor: Floor, x: int, y: int) -> str:
    """What the player knows of a trap vault's cell ("" off vaults)."""
    state, vault = floor.vault_state, floor.level.vault
    if state is None or vault is None:
        return ""
    if state.sprung[y, x]:
        return "A sprung trap (spent)"
    if not state.revealed[y, x]:
        return "An unknown cell: it may hold a trap"
    count = int(vault.numbers[y, x])
    return "A safe cell, no trap around it" if count == 0 else \
        f"A safe cell, {count} trap{'s' if count > 1 else ''} around it"


def _deck_air_text(floor: Floor, room: int) -> str:
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
