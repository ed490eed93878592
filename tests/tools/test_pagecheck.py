"""The page checks' own machinery (``game.tools.pagecheck``), without a browser: what the game
tells about itself (``game.app.probe``), how a journey becomes run-game's steps, and how
run-game's result is read back into passed, failed and unreached steps."""

from __future__ import annotations

import pytest

import json
import tempfile
from pathlib import Path

from game.app import probe
from game.app.app import App
from game.app.options import Options
from game.app.script import run_script
from game.tools.pagecheck import journey as journey_module
from game.tools.pagecheck import speed_figures as page_speed, rungame
from game.tools.pagecheck.journey import Journey, Step, on, run_where


def test_the_probe_says_what_the_player_sees(display) -> None:
    app = App(Options(seed="probe", start="vault", fps=0, save_dir=tempfile.mkdtemp()))
    run_script(app, "Right")
    state = json.loads(probe.snapshot())
    run = state["run"]
    assert state["screen"] == "PlayState" and run["seed"] == "probe" and run["kind"] == "vault"
    assert run["digest"] == app.state.game.digest() and run["turn"] == app.state.game.turn
    assert run["vault"]["revealed"] > 0 and run["stairs"]["down"] == list(app.state.game.floor.level.exit)
    assert {"explore", "descend", "menu"} <= {what for what, _ in run["buttons"]}
    assert state["frame_ms"]["n"] == app.frames and state["sound"]["ready"]
    run_script(app, "Esc")
    menu = json.loads(probe.snapshot())["menu"]
    assert [key for key, *_ in menu][:2] == ["resume", "options"] and menu[0][3], "Resume is selected"


def _journey() -> Journey:
    return Journey("test", "a test", [
        Step("open", ("click 640 360", "wait-ready"), on("TitleState")),
        Step("read something", ("press Enter",), run_where(turn=0), read="1 + 1"),
        Step("later", ("press x",), on("PlayState")),
    ], expect_tracebacks=("deliberate",))


def test_a_journey_becomes_steps_a_shot_and_a_probe_after_each() -> None:
    lines, probe_at = journey_module.page_steps(_journey())
    assert lines[:4] == ["click 640 360", "wait-ready", "shot 01-open", f"eval-py {rungame.PROBE}"]
    assert lines[4:8] == ["press Enter", "shot 02-read-something", "eval-py 1 + 1", f"eval-py {rungame.PROBE}"]
    assert [lines[i] for i in probe_at] == [f"eval-py {rungame.PROBE}"] * 3


def _reported(state: dict, ok: bool = True) -> dict:
    return {"step": f"eval-py {rungame.PROBE}", "ok": ok, "output": repr(json.dumps(state))}


def test_a_run_is_read_back_into_passed_failed_and_unreached_steps(monkeypatch, tmp_path) -> None:
    title = {"screen": "TitleState"}
    play = {"screen": "PlayState", "run": {"turn": 3}}
    steps = [{"step": "click 640 360", "ok": True, "ms": 5}, {"step": "wait-ready", "ok": True, "ms": 900},
             {"step": "shot 01-open", "ok": True}, _reported(title),
             {"step": "press Enter", "ok": True, "ms": 50}, {"step": "shot", "ok": True},
             {"step": "eval-py 1 + 1", "ok": True, "output": "2"}, _reported(play)]
    result = {"steps": steps, "python_tracebacks": ["Traceback ...\nRuntimeError: deliberate",
                                                    "Traceback ...\nValueError: not expected"],
              "page_errors": [], "failures": []}
    monkeypatch.setattr(rungame, "play", lambda page, lines, out, runtime=None: rungame.PageRun(out, 1, result))
    played = journey_module.play(_journey(), Path("web"), tmp_path)
    first, second, third = played.steps
    assert first.ok and first.ms == 905
    assert not second.ok and "turn is 3" in second.note and played.probes[1]["read"] == 2
    assert not third.ok and third.note == "not reached"
    assert played.problems == ["traceback: ValueError: not expected"], "the deliberate one is expected"
    assert not played.ok


def test_a_step_whose_settle_ran_out_of_time_fails_saying_what_the_game_was_doing(monkeypatch, tmp_path) -> None:
    from game.tools.pagecheck.journey import SETTLE

    journey = Journey("test", "a test", [
        Step("x explores", ("press x", SETTLE), on("PlayState")),
        Step("o zooms", ("press o", SETTLE), run_where(zoomed=True)),
    ])
    play = {"screen": "PlayState", "run": {"zoomed": False}}
    steps = [{"step": "press x", "ok": True, "ms": 50},
             {"step": SETTLE, "ok": True, "ms": 30000,
              "output": repr("PlayState not settled: still walking after 1800 frames, 30000 ms")},
             {"step": "shot", "ok": True}, _reported(play),
             {"step": "press o", "ok": True, "ms": 50},
             {"step": SETTLE, "ok": True, "ms": 20, "output": repr("PlayState settled after 1 frame, 17 ms")},
             {"step": "shot", "ok": True}, _reported(play)]
    monkeypatch.setattr(rungame, "play", lambda page, lines, out, runtime=None: rungame.PageRun(
        out, 0, {"steps": steps, "python_tracebacks": [], "page_errors": [], "failures": []}))
    walked, zoomed = journey_module.play(journey, Path("web"), tmp_path).steps
    assert not walked.ok and walked.note.startswith("PlayState not settled: still walking"), "its check passed"
    assert walked.ms == 30050
    assert not zoomed.ok and zoomed.note == "zoomed is False, not True (PlayState settled after 1 frame, 17 ms)"


def test_the_journeys_wait_on_the_game_not_the_clock() -> None:
    """Every wait of a journey is a settle (or counts the game's frames), but the clipboard's
    (the page's own promise) and the speed journey's, whose frames are measured as they come."""
    from game.tools.pagecheck.journeys import CLIPBOARD_WAIT, JOURNEYS

    fixed = {(journey.name, line) for journey in JOURNEYS for step in journey.steps for line in step.do
             if line.split(" ")[0] == "wait"}
    assert fixed == {("page-bits", CLIPBOARD_WAIT)}


def test_a_check_that_cannot_read_what_the_page_said_fails_the_step_not_the_tool() -> None:
    check = journey_module.holds(lambda p, _: json.loads(p["read"]) == [], "no download")
    assert check({"read": "None"}, []) == "no download (JSONDecodeError: Expecting value: line 1 column 1 (char 0))"


def test_speed_figures_hold_the_budgets(monkeypatch, tmp_path) -> None:
    def frames(*, p95: float = 3.0, longest: float = 9.0, loading: float | None = None) -> dict:
        screens = {"PlayState": {"n": 50, "p50": 1.0, "p95": 4.0, "max": longest}}
        if loading is not None:
            screens["LoadingState"] = {"n": 20, "p50": 10.0, "p95": 20.0, "max": loading}
        return {"frame_ms": {"n": 60, "p50": 0.1, "p95": p95, "max": longest, "drawn": 0,
                             "drawing": {"n": 30, "p50": 2.0, "p95": 9.0, "max": longest},
                             "by_screen": screens, "slowest": [[loading or longest, "LoadingState", "noise 20 ms"]]}}

    # the title, a new run, into the dungeon, idle, walking, exploring, fighting, a floor change, o, a new run
    states = [frames(), frames(loading=30.0), frames(), frames(), frames(), frames(),
              frames(p95=9.5), frames(longest=51.0), frames(), frames(loading=20.0)]
    steps = [_reported(state) for state in states]
    result = {"steps": [], "page_loads": [{"marks_ms": {"page_start": 0, "packages_loaded": 2000,
                                                          "template_start": 2100, "first_frame": 2700}}]}
    lines, probe_at = journey_module.page_steps(page_speed.SPEED)
    result["steps"] = [{"step": line, "ok": True} for line in lines]
    for index, reported in zip(probe_at, steps):
        result["steps"][index] = reported
    monkeypatch.setattr(rungame, "play", lambda page, lines, out, runtime=None: rungame.PageRun(out, 0, result))
    found = page_speed.figures(journey_module.play(page_speed.SPEED, Path("web"), tmp_path))
    over = {figure.what for figure in found if not figure.ok}
    assert over == {"fighting: frame p95", "a floor change: the longest frame"}, over
    assert next(f for f in found if f.what == "fighting: frames of play, p95").value == 9.0, "reported, not gated"
    loading = next(f for f in found if f.what.startswith("a new run: the loading screen's longest slice"))
    assert loading.value == 30.0 and "noise 20 ms" in loading.what
    assert next(f for f in found if f.what.startswith("page load -> the title")).value == 2700



def test_the_esc_menu_rows_the_phone_journey_taps_are_where_the_game_draws_them(display, tmp_path) -> None:
    from game.app.app import App
    from game.app.menus import PauseState
    from game.app.options import Options
    from game.tools.pagecheck.journeys_phone import PAUSE_ROWS
    from tests.helpers import until_playing

    app = App(Options(fps=0, save_dir=str(tmp_path), seed="rows"))
    app.state = PauseState(app, until_playing(app))
    app.state.draw(app.screen, 0)
    drawn = [tuple(rect) for rect in app.state.menu.rects][:len(PAUSE_ROWS)]
    assert drawn == PAUSE_ROWS


def _taps_land(drawn, pinned) -> bool:
    """Whether each pinned row's centre (where a journey taps) lies in the row drawn there, a
    finger high: a row's width follows its words (the daily's date), its tap point does not move."""
    return len(drawn) == len(pinned) and all(
        rect.collidepoint(x + w // 2, y + h // 2) and abs(rect.centerx - (x + w // 2)) <= 4 and rect.height == h
        for rect, (x, y, w, h) in zip(drawn, pinned))


@pytest.mark.parametrize("name", ["portrait", "sideways"])
def test_the_phone_journeys_tap_where_the_phone_layouts_draw(display, tmp_path, monkeypatch, name) -> None:
    """The phone journeys run on a 390x664 page (portrait) and an 844x390 one (sideways), each
    canvas its page's size: their taps on the title (as the page draws it: no Quit), the big
    buttons and the Esc menu are where the game draws those."""
    from game.app import title as title_module
    from game.app.app import App
    from game.app.menus import PauseState
    from game.app.options import Options
    from game.app.title import TitleState
    from game.tools.pagecheck import journeys_phone as phone
    from tests.helpers import until_playing

    page, title_rows, pause_rows, buttons = {
        "portrait": (phone.PHONE, phone.PHONE_TITLE_ROWS, phone.PHONE_PAUSE_ROWS, phone.PHONE_BUTTON),
        "sideways": (phone.SIDEWAYS, phone.SIDEWAYS_TITLE_ROWS, phone.SIDEWAYS_PAUSE_ROWS, phone.SIDEWAYS_BUTTON),
    }[name]
    monkeypatch.setattr(title_module, "BROWSER", True)
    app = App(Options(fps=0, save_dir=str(tmp_path), layout=name))
    assert app.screen.get_size() == page
    title = TitleState(app)
    title.draw(app.screen, 0)
    assert _taps_land(title.menu.rects[:3], title_rows), "the title's rows: the journeys tap their centres"
    play = until_playing(App(Options(fps=0, save_dir=str(tmp_path), seed="rows", layout=name)))
    play.draw(play.app.screen, 0)
    centres = {what: "{} {}".format(*rect.center) for rect, what in play.hud.targets}
    assert {key: centres["descend" if key == "stairs" else "zoom" if key == "map" else key]
            for key in buttons} == buttons
    pause = PauseState(play.app, play)
    pause.draw(play.app.screen, 0)
    assert [tuple(rect) for rect in pause.menu.rects][:4] == pause_rows
    if name == "portrait":
        assert play.app.runs.save_run(), "a run saved: the title offers Continue first"
        again = TitleState(play.app)
        again.draw(play.app.screen, 0)
        assert again.menu.items[0][0] == "continue"
        assert "{} {}".format(*again.menu.rects[0].center) == phone.PHONE_CONTINUE
