"""The measuring journeys beyond ``speed``: ``speed-more`` (sight by the tile, the vault, the deck
on the desktop's canvas) and ``speed-phone`` (all of it on a throttled 390x844 page): what they
play, how their waits follow the phone's speed, and their figures printed beside the goals."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from game.tools.pagecheck import journey as journey_module
from game.tools.pagecheck import rungame, speed_figures, speed_phone


def test_the_phone_plays_every_activity_on_a_throttled_upright_page(monkeypatch, tmp_path) -> None:
    phone, desktop = speed_phone.PHONE, speed_figures.SPEED
    assert (phone.size, phone.cpu_throttle) == ((390, 844), 4)
    names = [step.says for step in phone.steps]
    assert set(speed_phone.PLAY) <= set(names) and speed_figures.NEW_RUN in names
    walking = next(step for step in phone.steps if step.says == speed_figures.WALKING)
    same = next(step for step in desktop.steps if step.says == speed_figures.WALKING)
    assert [line for line in walking.do if line.startswith("wait")] == \
        [f"wait {float(line.split()[1]) * 4:g}" for line in same.do if line.startswith("wait")], "four times as long"
    commands: list[list[str]] = []

    def run(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        commands.append(command)
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(rungame.subprocess, "run", run)
    monkeypatch.setattr(rungame, "run_game_path", lambda runtime=None: Path("run-game"))
    journey_module.play(phone, Path("web"), tmp_path)
    command = commands[0]
    assert command[command.index("--cpu-throttle") + 1] == "4" and command[command.index("--size") + 1] == "390x844"


def test_the_figures_stand_beside_their_goals_and_fail_nothing(monkeypatch, tmp_path) -> None:
    def frames(drawing_p95: float, longest: float) -> dict:
        return {"frame_ms": {"n": 60, "p50": 0.1, "p95": 3.0, "max": longest, "drawn": 0,
                             "drawing": {"n": 30, "p50": 2.0, "p95": drawing_p95, "max": longest},
                             "by_screen": {"PlayState": {"n": 50, "p50": 1.0, "p95": 4.0, "max": longest}},
                             "slowest": []}}

    journey = speed_phone.MORE
    states = [frames(20.0 if step.says == speed_phone.VAULT else 5.0, 120.0 if step.says == speed_phone.DECK else 9.0)
              for step in journey.steps]
    lines, probe_at = journey_module.page_steps(journey)
    steps = [{"step": line, "ok": True} for line in lines]
    for index, state in zip(probe_at, states):
        steps[index] = {"step": f"eval-py {rungame.PROBE}", "ok": True, "output": repr(json.dumps(state))}
    monkeypatch.setattr(rungame, "play", lambda page, lines, out, runtime=None: rungame.PageRun(out, 0,
                                                                                                  {"steps": steps}))
    result = journey_module.play(journey, Path("web"), tmp_path)
    found = {figure.what: figure for figure in speed_phone.figures(result, 8.0, 100.0)}
    vault = found["the trap vault, walking: frames of play, p95"]
    assert vault.value == 20.0 and vault.budget == "goal 8 (over, not gated)" and vault.ok
    deck = found["the derelict deck, exploring: the longest frame"]
    assert deck.value == 120.0 and "over" in deck.budget and deck.ok
    assert found["by the tile, walking: frames of play, p95"].budget == "goal 8"


def test_a_longest_frame_says_which_screen_it_was_on_and_what_it_did() -> None:
    probe = {"frame_ms": {"slowest": [[158.6, "PlayState", "a save made"], [60.0, "TitleState", ""]]}}
    assert speed_phone._where(probe) == " (PlayState: a save made)"
    assert speed_phone._where({"frame_ms": {"slowest": [[60.0, "TitleState", ""]]}}) == " (TitleState)"
    assert speed_phone._where({"frame_ms": {"slowest": []}}) == ""


def test_a_sharper_canvas_is_measured_at_each_scale_and_the_game_s_canvas_is_put_back(tmp_path) -> None:
    """``canvas_scale.READ``, evaluated as the page does (here in the desktop's dummy display):
    a flip and a whole-canvas copy timed at 1, 2 and 3 times, then the game's canvas as it was."""
    import ast

    from game.app.app import App
    from game.app.options import Options
    from game.tools.pagecheck import canvas_scale

    app = App(Options(fps=0, save_dir=str(tmp_path)))
    size, drawn = app.screen.get_size(), app.drawn
    costs = eval(canvas_scale.READ, {})  # noqa: S307 - our own expression, as eval-py runs it in the page
    assert sorted(costs) == [1, 2, 3] and all(flip >= 0 and copy >= 0 for flip, copy in costs.values())
    assert ast.literal_eval(repr(costs)) == costs, "the page reports it as a repr"
    assert app.screen.get_size() == size and app.screen is __import__("pygame").display.get_surface()
    assert app.drawn == drawn + 1, "the game's picture is drawn again on its canvas"
    figures = canvas_scale.lines(costs)
    assert [what for what, _ in figures][:2] == ["a canvas at 1x the CSS pixels: display.flip, median",
                                                 "a canvas at 1x the CSS pixels: a whole-canvas copy, median"]
    assert canvas_scale.lines("Traceback ...") == [], "a failed measure prints no figure"
