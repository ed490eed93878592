"""Dropping (SPEC ITM-2, SAV-3): a slot's whole stack is put down where you stand, for a
turn, and can be taken back; a full pack says how to make room; steps and exploring leave what
you dropped alone; a drop is recorded, saved and replayed like any other command."""

from __future__ import annotations

from game.app.walking import auto_take
from game.bot.explore import explore_route
from game.run.recording import Recording, decode, encode
from game.run.replay import replay
from game.run.run import Run
from game.world.action import Done, Impossible
from game.world.actions import Drop, Move, PickUp
from game.world.game import Game
from game.world.inventory import MAX_SLOTS
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+
|@ k . . . .|
+           +
|. . . . . >|
+-+-+-+-+-+-+
"""
FILLERS = ("tnt", "smoke_bomb", "throwing_knives", "scroll_mapping", "potion_speed", "scroll_teleport",
           "rockets", "arrows")
"""With the healing potion every game starts with: nine kinds, a full pack."""


def test_a_drop_puts_the_whole_stack_down_for_a_turn_and_g_takes_it_back() -> None:
    game = game_on(ROOM)
    game.inventory.add("tnt", 3)
    turn, here = game.turn, game.player.pos
    result = game.perform(Drop(1))
    assert isinstance(result, Done) and game.turn == turn + 1, "dropping takes a turn"
    assert game.inventory.count("tnt") == 0 and game.inventory.slots == [["potion_healing", 1]], "the slot is free"
    [item] = game.floor.items_at(here)
    assert (item.kind, item.count) == ("tnt", 3), "the whole stack, as Brogue drops it"
    assert game.log.last(1)[0][0].text == "You drop 3 sticks of TNT."
    assert isinstance(game.perform(PickUp()), Done) and game.turn == turn + 2
    assert game.inventory.count("tnt") == 3 and not game.floor.items_at(here)


def test_dropping_an_empty_slot_is_refused_and_takes_no_time() -> None:
    game = game_on(ROOM)
    turn = game.turn
    result = game.perform(Drop(4))
    assert isinstance(result, Impossible) and result.reason == "Slot 5 is empty." and game.turn == turn


def test_a_full_pack_says_to_drop_something_and_a_drop_makes_room() -> None:
    game = game_on(ROOM, {"k": "key"})
    for kind in FILLERS:
        game.inventory.add(kind, 2)
    assert len(game.inventory.slots) == MAX_SLOTS
    game.perform(Move(1, 0))
    refused = game.perform(PickUp())
    assert isinstance(refused, Impossible)
    assert refused.reason == "Your pack is full (9 kinds): drop something to make room for a key."
    game.perform(Drop(MAX_SLOTS - 1))  # the arrows
    assert [i.kind for i in game.floor.items_at(game.player.pos)] == ["arrows", "key"], "dropped under the key"
    assert isinstance(game.perform(PickUp()), Done) and game.inventory.count("key") == 1, "g takes the key"
    assert [i.kind for i in game.floor.items_at(game.player.pos)] == ["arrows"]


def test_a_step_or_exploring_leaves_what_you_dropped_where_it_lies() -> None:
    game = game_on(ROOM)
    game.inventory.add("tnt", 2)
    game.perform(Drop(1))
    game.perform(Move(1, 0))
    game.perform(Move(-1, 0))
    assert not auto_take(game), "walking back onto it does not pick it up again"
    game.perform(Move(1, 0))
    route, what = explore_route(game)
    assert what != "item", "exploring does not walk back to fetch it"
    game.drop_item("potion_healing", (3, 1))  # one found, not dropped
    assert explore_route(game)[1] == "item"


def test_what_you_dropped_stays_dropped_after_a_save_and_a_save_without_drops_is_as_before() -> None:
    game = game_on(ROOM, {"k": "key"})
    assert all("dropped" not in item for floor in game.to_dict()["floors"].values() for item in floor["items"]), \
        "nothing dropped: the save (and its digest) is written as before"
    game.inventory.add("tnt", 2)
    game.perform(Drop(1))
    loaded = Game.from_dict(game.to_dict())
    assert [(i.kind, i.dropped) for i in loaded.floor.items_at(game.player.pos)] == [("tnt", True)]
    assert loaded.digest() == game.digest()


def test_a_drop_is_recorded_and_replays_to_the_same_state() -> None:
    assert encode(Drop(2)) == ["drop", 2] and decode(["drop", 2]) == Drop(2)
    run = Run.new("dropping", start="dungeon")
    run.perform(Drop(0))  # the healing potion every run starts with
    run.perform(PickUp())
    run.perform(Drop(0))
    for _ in range(3):
        run.perform(Move(1, 0))
    assert run.game.inventory.slots == []
    recording = Recording.from_json(run.recording_now().to_json())
    assert [c[0] for c in recording.commands[:3]] == ["drop", "pickup", "drop"]
    report = replay(recording)
    assert report.ok, report.problem
    assert report.digest == run.game.digest()
