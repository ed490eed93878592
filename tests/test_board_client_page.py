"""The daily board from the real page (issue 27, points 5 and 6), played by ``../shared/wasm/run-game``
in headless Chromium against a real board server on 127.0.0.1: a build made with
``webbuild --board URL`` submits a daily from its end screen and shows the verified rank; the page
opened with ``?watch=RUN_ID`` plays that run; a build without a board shows no item.

run-game serves the page on a port of its own choosing, unknown before it starts, so the server
allows every origin here (``--allow-origin '*'``); a real deployment names the page's site.
Skipped without run-game, Chromium or pygbag, unless THRESHOLD_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.server_fixtures import DAY, Server, dying_recording

REQUIRE_BROWSER = os.environ.get("THRESHOLD_REQUIRE_BROWSER") == "1"
APP = "from game.app.app import running_app; app = running_app()"


def _runtime_missing() -> str | None:
    from game.tools.rungame import RunGameMissing, run_game_path

    try:
        run_game_path()
    except RunGameMissing as problem:
        return str(problem)
    if shutil.which(os.environ.get("CHROMIUM", "chromium")) is None or shutil.which("node") is None:
        return "no Chromium or node for run-game"
    if importlib.util.find_spec("pygbag") is None or importlib.util.find_spec("starlette") is None:
        return "pygbag or the server extra is not installed"
    return None


def _play(web: Path, steps: list[str], out: Path, query: str = ""):  # noqa: ANN202 - a PageRun
    from game.tools.rungame import Page, play

    run = play(Page(web, query=query, timeout=240), steps, out)
    assert run.exit_code == 0 and not run.tracebacks and not run.problems, (run.problems, run.tracebacks,
                                                                            run.log[-2000:])
    return run


def _outputs(run) -> dict[str, str]:  # noqa: ANN001 - a PageRun
    return {step["step"]: step.get("output", "") for step in run.steps}


@pytest.fixture(scope="module")
def setting(tmp_path_factory):
    missing = _runtime_missing()
    if missing:
        if REQUIRE_BROWSER:
            pytest.fail(missing + ", and THRESHOLD_REQUIRE_BROWSER=1")
        pytest.skip(missing)
    from game.tools.webbuild import build

    tmp = tmp_path_factory.mktemp("board-page")
    server = Server(f"sqlite:///{tmp / 'board.sqlite3'}", tmp, "--allow-origin", "*", workers=1)
    try:
        with_board = build(tmp / "with-board", archive=False, board=server.url)
        without = build(tmp / "without", archive=False)
        dying = tmp / "dying.json"
        dying.write_text(json.dumps(dying_recording(DAY)), encoding="utf-8")
        yield server, with_board, without, dying, tmp
    finally:
        server.stop()


def test_the_page_submits_a_daily_and_watches_it(setting) -> None:
    server, web, _, dying, tmp = setting
    end = "type(app.state).__name__, [k for k, _ in app.state.menu.items], app.state.board.board.reach"
    run = _play(web, [
        f"set-storage test/dying {dying}", "click 640 360", "wait-ready", "wait 6",
        "expect-py __import__('game.app.app').app.app.running_app().state.__class__.__name__ == 'PlayState'",
        f"eval-py import json, platform; {APP}; cmds = json.loads(str(platform.window.localStorage.getItem("
        "'test/dying')))['commands']; [app.state.run.apply(e) for e in cmds] and None; app.state.game.over",
        "wait 3", f"eval-py {end}",
        "press ArrowDown x4", "press Enter", "wait 1", "type Page Player", "press Enter", "wait 8", "shot ranked",
        "eval-py app.state.board.submission.stage, app.state.board.line, app.state.board.submission.run_id",
        "expect-py app.state.board.submission.stage == 'verified'",
        "eval-py app.state.board.board.identity().name, len(app.state.board.board.identity().key)",
    ], tmp / "submit", query=f"daily={DAY}")
    said = _outputs(run)
    assert "'submit'" in said[f"eval-py {end}"] and "'ok'" in said[f"eval-py {end}"]
    assert "('Page Player', 32)" in said["eval-py app.state.board.board.identity().name, "
                                         "len(app.state.board.board.identity().key)"], "kept in localStorage"
    stage, line, run_id = ast.literal_eval(next(out for step, out in said.items()
                                                if step.startswith("eval-py app.state.board.submission.stage")))
    assert stage == "verified" and line.startswith("Verified: rank 1 of the day"), line
    assert server.settled(run_id)["status"] == "verified"

    watched = "r = app.state.replayer; type(app.state).__name__, r.recording.daily, r.finished, r.problem"
    run = _play(web, ["click 640 360", "wait-ready", "wait 12", f"eval-py {APP}; {watched}", "shot watched",
                      "expect-py app.state.replayer.finished and app.state.replayer.problem is None"],
                tmp / "watch", query=f"watch={run_id}")
    assert _outputs(run)[f"eval-py {APP}; {watched}"] == f"('ReplayState', '{DAY}', True, None)"


def test_a_page_without_a_board_shows_no_item(setting) -> None:
    _, _, web, dying, tmp = setting
    items = "type(app.state).__name__, [k for k, _ in app.state.menu.items], app.state.board.board.reach"
    run = _play(web, [
        f"set-storage test/dying {dying}", "click 640 360", "wait-ready", "wait 6",
        f"eval-py import json, platform; {APP}; cmds = json.loads(str(platform.window.localStorage.getItem("
        "'test/dying')))['commands']; [app.state.run.apply(e) for e in cmds] and None; app.state.game.over",
        "wait 3", f"eval-py {items}",
    ], tmp / "no-board", query=f"daily={DAY}")
    said = _outputs(run)[f"eval-py {items}"]
    assert "'GameOverState'" in said and "'submit'" not in said and "'unreachable'" in said, said
