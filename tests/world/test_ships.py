"""Air on a derelict deck (SPEC SHP-2): breaches vent compartments joined by open doors,
pull what is in them toward the breach and out into space; doors hold the air back."""

from __future__ import annotations

import json

import pytest

from game.content.items import ITEMS
from game.world.actions import CloseDoor, Move, Throw, Wait
from game.world import ships
from game.map.ascii import parse_map
from game.map.edges import Edge
from game.map.floor_map import Side
from game.world.game import Game
from game.map.level import Level
from game.world.spawn import populated_floor

# Three compartments in a row; '#' is hull. The door between the first two is open ('o'),
# the one to the third is closed ('D').
DECK = """
+#+#+#+#+#+#+#+#+#+#+#+#+
#. . . .o. . . .D. . . .#
+       +       +       +
#. . . .|. . @ .|. . . .#
+#+#+#+#+#+#+#+#+#+#+#+#+
"""


def deck_game(plan: str = DECK) -> Game:
    floor_map, marks = parse_map(plan)
    start = next(p for p, c in marks.items() if c == "@")
    game = Game.new("deck-test")
    region = game.world.order[2]
    key = f"{region}:1"
    floor = populated_floor(1, Level("ship", floor_map, start, start), game.new_eid)
    floor.ship_state = ships.ShipState.fresh(floor_map)
    game.floors[key] = floor
    game.floor_key, game.floor, game.region, game.depth = key, floor, region, 1
    game.player.x, game.player.y = start
    game.update_visibility()
    return game


def room_air(game: Game, x: int, y: int) -> int:
    return game.floor.ship_state.air[game.floor.map.room_at(x, y)]


def test_a_blast_beside_the_hull_breaches_it() -> None:
    game = deck_game()
    opened = ships.breach_near(game, (1, 0))
    assert (1, 0, Side.N) in opened and game.floor.map.edge(1, 0, Side.N) == Edge.OPEN
    assert any("hull breaks" in m.text for m in game.log.messages)
    tall = deck_game(HALL)
    assert not ships.breach_near(tall, (2, 2)), "not beside the hull: nothing breaks"


HALL = """
+#+#+#+#+#+
#. . . . .#
+         +
#. . . . .#
+         +
#. . @ . .#
+         +
#. . . . .#
+         +
#. . . . .#
+#+#+#+#+#+
"""


def test_tnt_thrown_beside_the_hull_breaches_it() -> None:
    game = deck_game()
    game.inventory.add("tnt", 1)
    game.perform(Throw(9, 0))
    assert game.floor.ship_state.breaches, "the blast was beside the hull"


def test_an_open_chain_vents_together_and_a_closed_door_holds_the_air() -> None:
    game = deck_game()
    full = room_air(game, 10, 0)
    ships.breach_near(game, (0, 0))
    for _ in range(3):
        game.perform(Wait())
    assert room_air(game, 0, 0) < full and room_air(game, 5, 0) < full, "joined by an open door: both vent"
    assert room_air(game, 10, 0) == full, "behind a closed door: sealed"


def test_the_pull_drags_things_toward_the_breach_and_out_into_space() -> None:
    game = deck_game()
    game.drop_item("potion_healing", (3, 1))
    rat = game.spawn_monster("rat", 2, 0)
    ships.breach_near(game, (0, 1))
    before = game.player.pos
    game.perform(Wait())
    assert game.player.pos[0] < before[0], "the player is pulled west, toward the breach"
    for _ in range(3):
        game.perform(Wait())
    lost = game.floor.ship_state.lost
    assert lost.get("potion_healing") == 1, "the potion went out through the breach"
    assert not rat.alive and lost.get("rat") == 1, "and the rat"
    assert room_air(game, 0, 0) == 0 and room_air(game, 5, 0) == 0, "the air is gone: the pull stops"
    assert game.player.alive, "the player was far enough from the breach"


def test_the_player_next_to_a_breach_is_sucked_into_space() -> None:
    game = deck_game()
    game.player.x, game.player.y = (1, 1)
    ships.breach_near(game, (0, 1))
    game.perform(Wait())
    assert game.over and game.cause.startswith("sucked into space")
    assert game.floor.ship_state.lost.get("player") == 1


def test_closing_the_door_in_time_saves_the_room() -> None:
    game = deck_game()
    game.floor.map.set_edge(4, 0, Side.W, Edge.OPEN_DOOR)
    game.note_door_changed()
    game.player.x, game.player.y = (4, 0)  # standing just inside the middle room, by the open door
    ships.breach_near(game, (0, 0))
    game.perform(CloseDoor(-1, 0))
    assert game.floor.map.edge(4, 0, Side.W) == Edge.DOOR
    middle = room_air(game, 5, 1)
    for _ in range(20):
        game.perform(Wait())
    assert room_air(game, 5, 1) == middle > 0 and room_air(game, 0, 0) == 0
    assert game.player.alive and game.player.pos == (4, 0), "nothing pulls through a closed door"


def test_vacuum_hurts_the_living_but_not_the_undead_crew() -> None:
    game = deck_game()
    game.floor.map.set_edge(4, 0, Side.W, Edge.DOOR)
    game.note_door_changed()
    game.player.x, game.player.y = (1, 0)
    game.floor.ship_state.air[game.floor.map.room_at(1, 0)] = 0  # a compartment already empty of air
    hp = game.player.hp
    game.perform(Wait())
    assert game.player.hp == hp - ships.VACUUM_DAMAGE
    assert any("no air" in m.text for m in game.log.messages)
    crewman = game.spawn_monster("crewman", 11, 1)
    game.floor.ship_state.air[game.floor.map.room_at(11, 1)] = 0
    game.player.x, game.player.y = (6, 0)
    for _ in range(3):
        game.perform(Wait())
    assert crewman.hp == crewman.max_hp, "the undead do not breathe"


def test_opening_a_door_onto_a_breached_vacuum_starts_a_new_pull() -> None:
    game = deck_game()
    ships.breach_near(game, (0, 0))
    for _ in range(40):
        game.perform(Wait())
        if room_air(game, 0, 0) == 0:
            break
    if game.over:
        pytest.skip("the player was pulled out first")
    third = room_air(game, 10, 0)
    assert third > 0
    game.player.x, game.player.y = (7, 0)
    game.perform(Move(1, 0))  # opens the door to the third compartment
    game.perform(Wait())
    assert room_air(game, 10, 0) < third, "its air starts to rush out"


def test_a_decks_air_and_breaches_survive_a_save() -> None:
    game = deck_game()
    ships.breach_near(game, (0, 0))
    game.perform(Wait())
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.digest() == game.digest()
    assert again.floor.ship_state.air == game.floor.ship_state.air
    assert again.floor.ship_state.breaches == game.floor.ship_state.breaches


def test_the_bot_walks_against_the_pull_and_lives() -> None:
    """The bot against SHP-2's pull: two tiles from a breach, stepping away each turn holds it in place until
    the air is gone (the pull moves one tile a turn, and it acts first)."""
    from game.bot.autoplay import Autoplayer

    game = deck_game(HALL)
    game.player.x, game.player.y = (2, 2)
    ships.breach_near(game, (0, 4))
    bot = Autoplayer()
    for _ in range(40):
        game.perform(bot.next_action(game))
        if game.over or room_air(game, 2, 2) == 0:
            break
    assert room_air(game, 2, 2) == 0, "the hall vented all the same"
    assert game.player.alive and game.player.pos not in ((0, 3), (0, 4), (1, 4)), game.cause


def test_the_bot_shuts_the_door_on_a_venting_space() -> None:
    from game.bot.autoplay import Autoplayer

    game = deck_game()
    game.player.x, game.player.y = (4, 0)  # in the middle compartment, at the open door to the first
    ships.breach_near(game, (0, 1))
    game.perform(Autoplayer().next_action(game))
    assert game.floor.map.edge(4, 0, Side.W) == Edge.DOOR, "it closed the door between itself and the breach"
    assert room_air(game, 5, 1) > 0


def test_the_bot_never_breaks_the_hull_itself() -> None:
    from game.bot.autoplay import Autoplayer

    game = deck_game(HALL)
    game.player.x, game.player.y = (2, 4)
    game.inventory.add("tnt", 3)
    ogre = game.spawn_monster("troll", 2, 0)  # a tough target, standing against the hull
    ogre.state = "hunting"
    bot = Autoplayer()
    action = bot.next_action(game)
    assert not isinstance(action, Throw), "a throw there would breach the hull"
    game.floor.map.set_edge(2, 0, Side.N, Edge.WALL)  # (were it a plain wall, the bot would throw)
    for edge in ((1, 0, Side.N), (3, 0, Side.N)):
        game.floor.map.set_edge(*edge, Edge.WALL)
    assert isinstance(Autoplayer().next_action(game), Throw)


def test_a_bloated_boarder_bursts_beside_you_and_breaks_the_hull() -> None:
    game = deck_game(HALL)
    game.player.x, game.player.y = (0, 2)  # against the hull
    boarder = game.spawn_monster("boarder", 1, 2)
    hp = game.player.hp
    for _ in range(3):  # (a slow one: 90 % of the player's speed)
        game.perform(Wait())
        if not boarder.alive:
            break
    assert not boarder.alive and game.player.hp < hp
    assert game.floor.ship_state.breaches, "it burst beside the hull"
    assert any("bursts" in m.text for m in game.log.messages)


def test_start_on_a_deck_from_the_command_line() -> None:
    import subprocess
    import sys

    from tests.conftest import ROOT

    out = subprocess.run([sys.executable, "main.py", "--autoplay", "--headless", "--seed", "7", "--turns", "30",
                          "--start", "ship"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout.strip().splitlines()[-1])
    assert record["floors_by_kind"] == {"ship": 1} and {"breaches", "lost_to_space"} <= set(record)


def test_a_breach_empties_even_a_big_joined_space_within_a_bounded_time() -> None:
    """A whole deck open to one breach used to vent for hundreds of turns (the bot held its
    place against the pull for 400): it is empty within MAX_VENT_TURNS. (The player waits in
    a closet behind a closed door.)"""
    def row(first: str, wall: str) -> str:
        return "#" + first + wall + " ".join(["."] * 29) + "#"

    rows = ["+" + "#+" * 30, row("@", "D")]
    for _ in range(11):
        rows += ["+" + "-+" + "  " * 28 + " +", row(".", "|")]
    rows.append("+" + "#+" * 30)
    game = deck_game("\n".join(rows))
    assert sum(game.floor.ship_state.air) > ships.BREACH_FLOW * ships.MAX_VENT_TURNS * 4, "a big space"
    ships.breach_near(game, (29, 0))
    big = game.floor.map.room_at(29, 0)
    for _ in range(ships.MAX_VENT_TURNS + 1):
        game.perform(Wait())
    assert game.floor.ship_state.air[big] == 0
    assert not ships.venting(game.floor), "the pull is over"
    assert game.player.alive


TALL_DECK = """
+#+#+#+#+#+#+#+#+#+#+#+#+
#. . . .o. . . .D. . . .#
+       +       +       +
#. . . .|. . . .|. . . .#
+       +       +       +
#. . . .|. @ . .|. . . .#
+       +       +       +
#. . . .|. . . .|. . . .#
+       +       +       +
#. . . .|. . . .|. . . .#
+#+#+#+#+#+#+#+#+#+#+#+#+
"""
"""Three compartments 4 by 5: the west one open to the middle one (the player's), the east one
behind a closed door; the middle of the middle one is not beside the hull."""


def tall_deck() -> Game:
    game = deck_game(TALL_DECK)
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)
    game.floor.seen_rooms[:] = True
    game.inventory.add("tnt", 2)
    return game


@pytest.mark.parametrize("centre, rooms", [((1, 2), "west middle"), ((10, 2), "east"), ((11, 1), "east"),
                                           ((7, 1), "middle west east"), ((6, 2), "")])
def test_the_forecast_of_a_blast_is_what_the_blast_does(centre, rooms) -> None:
    """Beside the west hull: the west compartment and the middle one, joined by an open door; in
    the east one, only it (its door is shut); beside the east door, the blast blows it open, so
    all three; in the middle of the middle one, no breach at all."""
    from game.world.blast import blast_area, explode

    game = tall_deck()
    names = {game.floor.map.room_at(*tile): name for tile, name in (((1, 2), "west"), ((6, 2), "middle"),
                                                                     ((10, 2), "east"))}
    forecast = ships.vent_forecast(game.floor, centre, blast_area(game, centre, ITEMS["tnt"].blast[0])[1])
    assert sorted(names[r] for r in forecast.rooms) == sorted(rooms.split())
    assert bool(forecast.breaches) == bool(rooms)
    digest = game.digest()
    ships.vent_forecast(game.floor, centre, [])
    assert game.digest() == digest, "forecasting changes nothing"
    explode(game, centre, *ITEMS["tnt"].blast, game.player)
    assert sorted(game.floor.ship_state.breaches) == sorted(forecast.breaches)
    assert sorted(ships.venting(game.floor)) == forecast.rooms, "the rooms that vent are the ones forecast"
