"""The end of a run (issue 25): what the summary says, and keys that cannot skip it."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.keys import BINDINGS
from game.app.options import Options
from game.app.states import END_KEYS, GRACE_MS, GameOverState, deepest, sentence
from game.world.game import Game
from tests.helpers import until_playing


def press(state, key: int, unicode: str, now: float):  # noqa: ANN001, ANN201 - a State
    return state.on_event(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=0), now)


def dead(seed: str) -> tuple[App, GameOverState]:  # the moment after death
    app = App(Options(seed=seed, fps=0))
    play = until_playing(app)
    play.game.kill(play.game.player, None)
    play.game.cause = "caught in a trap on floor 1 of Perric"  # as a trap says it
    app.frame()
    app.frame()
    assert isinstance(app.state, GameOverState)
    return app, app.state


def test_the_cause_keeps_its_names_and_the_deepest_floor_is_named() -> None:
    assert sentence("caught in a trap on floor 1 of Perric") == "Caught in a trap on floor 1 of Perric"
    game = Game.in_dungeon("deep")
    first = game.world.order[0]
    assert deepest(game) == f"floor 1 of {game.world.names[first]}"
    assert deepest(Game.new("shallow")) == "no dungeon entered"


def test_the_death_screen_says_it_right(display) -> None:
    _, summary = dead("doomed")
    summary.draw(pygame.Surface((1280, 720)), 0.0)
    assert summary.lines[1].startswith("Caught in a trap on floor 1 of Perric")
    assert "Deepest: no dungeon entered" in summary.lines[2], "died on the island: no floor reached"


def test_no_end_screen_key_is_a_move() -> None:
    moves = {key for binding in BINDINGS if binding.command.name == "move" for key in binding.keys}
    assert not moves & set(END_KEYS), "a player still moving when they die would skip the summary"
    assert END_KEYS[pygame.K_p] == "new" and pygame.K_n not in END_KEYS


def test_keys_wait_half_a_second_after_the_end_screen_appears(display) -> None:
    app, summary = dead("doomed again")
    opened = summary.opened_ms  # set when it was first drawn
    assert opened is not None and GRACE_MS == 500
    assert press(summary, pygame.K_p, "p", opened + GRACE_MS - 1) is summary, "too soon: ignored"
    assert press(summary, pygame.K_n, "n", opened + GRACE_MS + 100) is summary, "n (a move) does nothing here"
    assert press(summary, pygame.K_p, "p", opened + GRACE_MS) is not summary, "P starts a new run"
