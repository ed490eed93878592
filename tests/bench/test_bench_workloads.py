"""The bench's workloads measure what their rows say (their times are for reading, not asserting)."""

from __future__ import annotations

from game.bench import workloads
from game.world.ships import MAX_VENT_TURNS


def test_every_vent_turn_is_timed_on_a_venting_deck_of_fifty() -> None:
    """Once timed an empty island: a Warden among the fifty was pulled out on the ninth turn,
    which won the region and sent the player up. The workload checks each turn it times."""
    measured = workloads.vent_turn_workload(MAX_VENT_TURNS + 5)
    assert len(measured.samples) == MAX_VENT_TURNS + 5


def test_every_turn_is_timed_on_the_floor_of_the_fifty() -> None:
    measured = workloads.turn_workload(150)
    assert len(measured.samples) == 150
