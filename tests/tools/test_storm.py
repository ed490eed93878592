"""The storm (``game.tools.storm``): random keys, clicks, taps, pinches, wheel, focus and resizes
through the real app, over every screen, floor kind, sight and layout, never reach the error
screen (TRU-1: nothing the player does ends a screen)."""

from __future__ import annotations

import pytest

from game.app.menus import CreditsState
from game.tools import storm
from game.tools.storm.app import STARTS


def told(tally: storm.Tally) -> str:
    return "\n\n".join(f"{f.count} x {f.error} {f.where} on {f.screen} ({f.place}), the event {f.trigger}\n"
                       f"{f.traceback}" for f in tally.found.values())


@pytest.mark.parametrize("layout", storm.LAYOUT_NAMES)
def test_a_small_storm_over_every_screen_floor_kind_and_sight_reaches_no_error_screen(display, layout: str) -> None:
    tally = storm.storm(events=300, seed=32, layouts=(layout,))
    assert tally.errors == 0, told(tally)
    result = storm.report(tally, 1.0)
    assert set(tally.places) == {f"{layout} {start} {sight}" for start in STARTS for sight in storm.SIGHTS}
    assert not result["missed"], f"screens the storm did not reach: {result['missed']}"


def test_the_storm_finds_a_screen_that_returns_no_screen(display, monkeypatch) -> None:
    """Its own check: a handler that returns None is found, named with the event it got."""
    monkeypatch.setattr(CreditsState, "on_event", lambda self, event, now_ms: None)
    tally = storm.storm(events=40, seed=1, layouts=("desktop",), starts=("dungeon",), sights=("room",))
    assert tally.errors > 0
    assert any("CreditsState.on_event answered None" in f.error and f.trigger.startswith("<Event(")
               for f in tally.found.values()), told(tally)


def test_the_same_seed_blows_the_same_storm(display) -> None:
    small = {"events": 60, "seed": 5, "layouts": ("upright",), "starts": ("vault",), "sights": ("tile",)}
    first, second = (storm.report(storm.storm(**small), 1.0) for _ in range(2))
    assert first == second
