"""The game's side of the daily board (BRD-4, BRD-5), against a real server: a daily
that asks for its name (once) and its attempt as it begins, *Submit to the daily board* on its
end screen, pending then the verified rank (or practice, for a second attempt), a stolen name refused, a board that went away (Retry, the
run still exportable), and ``--watch``. Driven by key events, frames and a simulated clock."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app.app import App
from game.app.board import BOARD_NAME, identity_from_json, load_identity
from game.app.board_screen import NameEntryState
from game.app.board_watch import WatchState
from game.app.options import Options, parse_options, with_page_query
from game.app.replay_screen import ReplayState
from game.app.states import GameOverState
from tests.helpers import until_playing
from tests.server_fixtures import DAY, Server, dying_recording

pytest.importorskip("starlette", reason="the board's server needs the server extra")


class Clock:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms


def key(app: App, code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))
    app.frame()


def typed(app: App, words: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.frame()


def frames_until(app: App, clock: Clock, done: Callable[[], object], seconds: float = 40.0) -> None:
    """Frames (a simulated half second each, a little real time for the HTTP thread) until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"still waiting; the screen says {getattr(app.state, 'lines', '?')}"
        clock.ms += 500.0
        app.frame()
        time.sleep(0.02)


def ended_daily(board: str | None, save_dir: str | Path, bold_until: int = 0, name: str | None = None,
                said: list[str] | None = None, must_ask: bool = True) -> tuple[App, Clock, GameOverState]:
    """A daily of ``DAY`` played to its death (the server fixtures' dying bot run), on its end
    screen. ``name``: typed when the daily asks for it as it begins (a board, no name kept yet);
    ``said``: gets what the game said over the play screen before the first move; ``must_ask``
    False: a board known unreachable by then asks no name."""
    clock = Clock()
    app = App(Options(daily=DAY, fps=0, board=board, save_dir=str(save_dir)))
    app.now_ms = clock
    if name is not None and (must_ask or isinstance(app.state, NameEntryState)):
        assert isinstance(app.state, NameEntryState), "a daily with a board asks for the name first"
        typed(app, name)
        key(app, pygame.K_RETURN)
    assert not isinstance(app.state, NameEntryState)
    play = until_playing(app)
    if said is not None and app.banner is not None:
        said.append(app.banner[0])
    for entry in dying_recording(DAY, bold_until)["commands"]:
        play.run.apply(entry)
    assert play.game.over
    frames_until(app, clock, lambda: isinstance(app.state, GameOverState) and app.state.opened_ms is not None)
    clock.ms += 600.0  # past the grace of the end screen
    return app, clock, app.state


def choose(app: App, wanted: str) -> None:
    """Move the end screen's selection to the item ``wanted`` with the arrow keys, then Enter."""
    menu = app.state.menu
    keys = [item for item, _ in menu.items]
    assert wanted in keys, f"no {wanted} among {keys}"
    for _ in range((keys.index(wanted) - menu.selected) % len(keys)):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)


@pytest.fixture
def server(tmp_path):
    running = Server(f"sqlite:///{tmp_path / 'board.sqlite3'}", tmp_path, workers=1)
    yield running
    running.stop()


def test_no_board_no_item(display, tmp_path) -> None:
    app, _, end = ended_daily(None, tmp_path / "data")
    assert [k for k, _ in end.menu.items if k in ("submit", "board")] == []


def test_a_daily_submitted_from_its_end_screen_is_ranked_and_the_key_is_kept(display, tmp_path, server,
                                                                              monkeypatch) -> None:
    data = tmp_path / "data"
    app, clock, end = ended_daily(server.url, data, name="Ann of the Isle")
    kept = identity_from_json((data / BOARD_NAME).read_text(encoding="utf-8"))
    assert kept.name == "Ann of the Isle" and kept.key and len(kept.key) >= 22
    assert (kept.daily, kept.number) == (DAY, 1), "the board gave the daily's first attempt as it began"
    end.draw(app.screen, clock.ms)
    assert "Attempt 1 of this daily: it counts on the board." in end.lines
    choose(app, "submit")
    assert app.state is end, "the name was asked as the daily began, not again"
    frames_until(app, clock, lambda: end.board.submission.stage != "sending")
    assert end.board.submission.stage in ("pending", "verified")
    frames_until(app, clock, lambda: end.board.submission.settled)
    end.draw(app.screen, clock.ms)
    assert end.board.submission.stage == "verified", end.board.line
    assert "Verified: rank 1 of the day" in end.lines[-1]
    assert ("board", "Open the board") in end.menu.items
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url: opened.append(url) or True)
    choose(app, "board")
    assert opened == [f"{server.url}/daily/{DAY}?name=Ann%20of%20the%20Isle"], "the day's board, the player's row"

    # the same daily again: no name asked, the same key; its second attempt, practice
    app2, clock2, end2 = ended_daily(server.url, data, bold_until=300)  # another run (0-200 are one run)
    assert load_identity(app2.storage).number == 2
    choose(app2, "submit")
    assert app2.state is end2
    frames_until(app2, clock2, lambda: end2.board.submission.settled)
    assert end2.board.submission.stage == "verified", end2.board.line
    assert "Verified as practice (attempt 2, not ranked)" in end2.board.line
    assert load_identity(app2.storage).key == kept.key

    # the same name from another machine (another key): no attempt, and the run is refused
    other = tmp_path / "other"
    other.mkdir()
    (other / BOARD_NAME).write_text(json.dumps({"version": 1, "name": "ann of the isle", "key": "k" * 30}),
                                    encoding="utf-8")
    app3, clock3, end3 = ended_daily(server.url, other, bold_until=400)
    assert load_identity(app3.storage).attempt is None
    assert "Practice" in end3.board.line
    choose(app3, "submit")
    frames_until(app3, clock3, lambda: end3.board.submission.settled)
    assert end3.board.submission.stage == "taken"
    assert "someone else's" in end3.board.line
    choose(app3, "submit")
    assert isinstance(app3.state, NameEntryState), "another name is asked"


def test_a_board_set_in_options_is_the_one_the_end_screen_submits_to(display, tmp_path, server) -> None:
    from game.app.options_screen import ROWS, OptionsState

    data = tmp_path / "data"
    app = App(Options(fps=0, save_dir=str(data)))
    app.state = OptionsState(app, app.state)
    while ROWS[app.state.selected][0] != "board":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    typed(app, server.url + "/")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert type(app.state).__name__ == "TitleState"
    assert load_identity(app.storage).board == server.url, "kept in board.json"

    later, clock, end = ended_daily(None, data, name="Opal")  # no --board: the one Options kept
    frames_until(later, clock, lambda: end.board.board is not None and end.board.board.reach == "ok")
    later.frame()
    choose(later, "submit")
    frames_until(later, clock, lambda: end.board.submission.settled)
    assert end.board.submission.stage == "verified", end.board.line
    assert end.board.board.url == server.url


def test_a_board_that_went_away_loses_nothing(display, tmp_path, server) -> None:
    data = tmp_path / "data"
    app, clock, end = ended_daily(server.url, data, name="Bo")
    frames_until(app, clock, lambda: end.board.board.reach == "ok")
    server.stop()
    choose(app, "submit")
    frames_until(app, clock, lambda: end.board.submission.settled)
    assert end.board.submission.stage == "failed"
    assert "could not be reached" in end.board.line and "E exports" in end.board.line
    assert ("submit", "Retry the submission") in end.menu.items
    first = end.board.submission
    choose(app, "submit")  # Retry: no name asked again; the board is still away
    assert app.state is end and end.board.submission is not first, "sent again"
    frames_until(app, clock, lambda: end.board.submission.settled)
    assert end.board.submission.stage == "failed" and load_identity(app.storage).name == "Bo"
    key(app, pygame.K_e, "e")  # the recording is still exported
    written = list(data.glob("threshold-*.json"))
    assert written and json.loads(written[0].read_text(encoding="utf-8"))["daily"] == DAY


def test_a_board_that_cannot_be_reached_shows_no_item(display, tmp_path) -> None:
    from tests.server_fixtures import free_port

    said: list[str] = []
    app, clock, end = ended_daily(f"http://127.0.0.1:{free_port()}", tmp_path / "data", name="Nemo", said=said,
                                  must_ask=False)  # (refused at once: the name is asked only if it was not yet)
    assert said == ["Practice: the board could not be reached, so this daily will not be ranked."]
    frames_until(app, clock, lambda: end.board.board.reach != "unknown")
    app.frame()
    assert end.board.board.reach == "unreachable"
    assert "submit" not in [k for k, _ in end.menu.items]


def test_a_damaged_board_file_is_no_crash(display, tmp_path, server) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / BOARD_NAME).write_text("{not json", encoding="utf-8")
    app, clock, end = ended_daily(server.url, data, name="Cy")
    assert (data / "board-damaged.json").read_text(encoding="utf-8") == "{not json", "set aside, not overwritten"
    assert load_identity(app.storage).name == "Cy"


def test_watch_plays_a_board_run(display, tmp_path, server) -> None:
    status, _, answer = server.submit(dying_recording(DAY), "Dee")
    assert status == 202
    assert server.settled(answer["id"])["status"] == "verified"
    clock = Clock()
    app = App(parse_options(["--board", server.url + "/", "--watch", answer["id"], "--save-dir", str(tmp_path)]))
    app.now_ms = clock
    assert isinstance(app.state, WatchState)
    frames_until(app, clock, lambda: isinstance(app.state, ReplayState))
    assert app.state.replayer.recording.daily == DAY


def test_watching_a_run_the_board_does_not_have_says_why(display, tmp_path, server) -> None:
    clock = Clock()
    app = App(parse_options(["--board", server.url, "--watch", "nosuchrun", "--save-dir", str(tmp_path)]))
    app.now_ms = clock
    frames_until(app, clock, lambda: app.state.failed)
    app.frame()
    assert "cannot be watched: the board answered 404" in app.state.line
    key(app, pygame.K_SPACE, " ")
    assert type(app.state).__name__ == "TitleState"


def test_a_busy_board_is_asked_again_after_retry_after(display, tmp_path) -> None:
    busy = Server(f"sqlite:///{tmp_path / 'busy.sqlite3'}", tmp_path, "--rate", "1", workers=0)
    try:
        assert busy.submit(dying_recording(DAY, 40), "Early", address="127.0.0.1")[0] == 202  # the minute's one
        app, clock, end = ended_daily(busy.url, tmp_path / "data", name="Late")
        choose(app, "submit")
        frames_until(app, clock, lambda: end.board.submission.stage == "waiting")
        assert "The board is busy: sending again in" in end.board.line
        first_due = end.board.submission._next_ms
        clock.ms = first_due - 1.0
        app.frame()
        assert end.board.submission.stage == "waiting" and end.board.submission._next_ms == first_due, "not yet"
        clock.ms = first_due
        app.frame()  # sent again; the board (still within its minute) says 429 again: a later time to try
        frames_until(app, clock, lambda: end.board.submission._next_ms > first_due)
        assert end.board.submission.stage == "waiting"
    finally:
        busy.stop()


def test_board_and_watch_options() -> None:
    with pytest.raises(SystemExit):
        parse_options(["--board", "ftp://example.org"])
    with pytest.raises(SystemExit):
        parse_options(["--watch", "abc"])  # needs --board
    assert parse_options(["--board", "https://b.example.org/"]).board == "https://b.example.org"
    assert with_page_query(Options(), "?watch=abc_1-2").watch == "abc_1-2"
    assert with_page_query(Options(), "?watch=a%20b").watch is None
    assert with_page_query(Options(), "", {"watch": "xyz"}).watch == "xyz"


def test_a_web_build_can_name_its_board(tmp_path) -> None:
    pytest.importorskip("pygbag", reason="the web build needs pygbag")
    import zipfile

    from game.tools.webbuild import build, main

    with zipfile.ZipFile(build(tmp_path / "named", False, board="https://b.example.org") / "threshold.apk") as apk:
        assert json.loads(apk.read("assets/assets/board.json")) == {"board": "https://b.example.org"}
    with zipfile.ZipFile(build(tmp_path / "plain", False) / "threshold.apk") as apk:
        assert "assets/assets/board.json" not in apk.namelist(), "no board: the page's own site, if it is one"
    with pytest.raises(SystemExit):
        main(["--board", "ftp://b.example.org", "--out", str(tmp_path / "bad")])
