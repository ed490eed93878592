"""The bench's workloads measure what their rows say (their times are for reading, not asserting)."""

from __future__ import annotations

from game.bench import turns
from game.world.ships import MAX_VENT_TURNS


def test_every_vent_turn_is_timed_on_a_venting_deck_of_fifty() -> None:
    """Once timed an empty island: a Warden among the fifty was pulled out on the ninth turn,
    which won the region and sent the player up. The workload checks each turn it times."""
    measured = turns.vent_turn_workload(MAX_VENT_TURNS + 5)
    assert len(measured.samples) == MAX_VENT_TURNS + 5


def test_every_turn_is_timed_on_the_floor_of_the_fifty() -> None:
    measured = turns.turn_workload(150)
    assert len(measured.samples) == 150


def test_every_timed_turn_has_its_monsters_hunting(monkeypatch) -> None:
    """Left alone, most monsters out of sight lose the trail by turn 21 and a turn would time them
    idle: the workload keeps them all on it, 200 as well as 50."""
    from game.world.game import Game

    hunting: list[int] = []
    perform = Game.perform

    def counted(game: Game, action: object) -> object:
        hunting.append(sum(m.state == "hunting" for m in game.floor.actors))
        return perform(game, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "perform", counted)
    turns.turn_workload(30, hunters=200)
    assert len(hunting) == 30 and min(hunting) >= 180, hunting


def test_the_walk_rows_time_the_same_seeds_by_the_tile_and_by_the_room(monkeypatch) -> None:
    """``walk_tile`` compares like with like: every timed turn is a turn of a run of its sight."""
    from game.world.game import Game

    sights: list[str] = []
    perform = Game.perform

    def noted(game: Game, action: object) -> object:
        sights.append(game.sight)
        return perform(game, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "perform", noted)
    tile, room = turns.walk_workload(30, "tile"), turns.walk_workload(30, "room")
    assert len(tile.samples) == len(room.samples) == 30
    assert sights == ["tile"] * 30 + ["room"] * 30
    assert tile.digests.keys() == room.digests.keys() and tile.digests != room.digests
