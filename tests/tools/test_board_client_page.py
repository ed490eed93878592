"""The daily board from the real page (BRD-4, BRD-5), played by ``../shared/wasm/run-game``
in headless Chromium against a real board server on 127.0.0.1:

- a build made with ``webbuild --board URL``, served by another site (as itch.io serves it; the
  board names that site with ``--allow-origin``), submits a daily from its end screen and shows
  the verified rank, and the page opened with ``?watch=RUN_ID`` plays that run;
- a page served by the board itself (``threshold-server --web DIR``, same origin) finds its board
  through ``/api/health``, submits a daily, and the Watch link of the board's page plays it;
- a build without a board, served by a site that is no board, shows no item.

run-game serves only its own folder, on a port of its choosing; a page served by another site is
reached through a run-game page that sends the browser on to it (``_going_to``), the page's
folder holding run-game's stand-in for pygbag's loader as run-game serves it (``_served_copy``).
Skipped without run-game, Chromium or pygbag, unless THRESHOLD_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import ast
import functools
import http.server
import importlib.util
import json
import os
import re
import shutil
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from game.storage.browser import pack
from tests.server_fixtures import DAY, Server, dying_recording

if TYPE_CHECKING:
    from game.tools.pagecheck.rungame import PageRun

REQUIRE_BROWSER = os.environ.get("THRESHOLD_REQUIRE_BROWSER") == "1"
APP = "from game.app.app import running_app; app = running_app()"


def _runtime_missing() -> str | None:
    from game.tools.pagecheck.rungame import RunGameMissing, run_game_path

    try:
        run_game_path()
    except RunGameMissing as problem:
        return str(problem)
    if shutil.which(os.environ.get("CHROMIUM", "chromium")) is None or shutil.which("node") is None:
        return "no Chromium or node for run-game"
    if importlib.util.find_spec("pygbag") is None or importlib.util.find_spec("starlette") is None:
        return "pygbag or the server extra is not installed"
    return None


def _play(web: Path, steps: list[str], out: Path, query: str = "") -> PageRun:
    from game.tools.pagecheck.rungame import Page, play

    run = play(Page(web, query=query, timeout=240), steps, out)
    assert run.exit_code == 0 and not run.tracebacks and not run.problems, (run.problems, run.tracebacks,
                                                                            run.log[-2000:])
    return run


def _outputs(run: PageRun) -> dict[str, str]:
    return {step["step"]: step.get("output", "") for step in run.steps}


def _served_copy(build: Path, out: Path) -> Path:
    """``build`` copied to ``out`` for another server to serve as run-game serves a page: its
    ``index.html`` loads run-game's stand-in for pygbag's ``pythons.js``, copied beside it
    (``/__run-game__/lib`` and ``/__run-game__/runtime``)."""
    from game.tools.pagecheck.rungame import run_game_path

    tool = run_game_path().parent
    shutil.copytree(build, out, dirs_exist_ok=True)
    page = (out / "index.html").read_text(encoding="utf-8")
    page, count = re.subn(r"""(<script\b[^>]*?\bsrc\s*=\s*)(["']?)([^"'\s>]*pythons\.js)\2""",
                          r'\1"/__run-game__/lib/game-boot.js"', page, flags=re.IGNORECASE)
    assert count == 1, "not a pygbag page"
    (out / "index.html").write_text(page, encoding="utf-8")
    for part in ("lib", "runtime"):
        shutil.copytree(tool / part, out / "__run-game__" / part, dirs_exist_ok=True)
    return out


def _going_to(url: str, out: Path) -> Path:
    """A folder for run-game whose page sends the browser on to ``url`` at once (the page run-game
    itself serves is only a way there). The steps begin with a wait, for the page there to load."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html").write_text(
        f"<!doctype html><title>on to the game</title><script>location.replace({json.dumps(url)})</script>\n"
        "<!-- run-game plays a pygbag page: <script src=\"pythons.js\"></script> -->\n", encoding="utf-8")
    return out


class Site:
    """A plain web server on 127.0.0.1 and a port known before the board starts (so the board
    can name it with ``--allow-origin``): a site that is no board, as itch.io is."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        quiet = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *_: None})
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(quiet, directory=str(folder)))
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _apply_dying(app_line: str = APP) -> str:
    """An ``eval-py`` that plays the dying recording (set in storage as ``test/dying``) into the run."""
    return (f"eval-py import json, platform; {app_line}; cmds = json.loads(str(platform.window.localStorage.getItem("
            "'test/dying')))['commands']; [app.state.run.apply(e) for e in cmds] and None; app.state.game.over")


@pytest.fixture(scope="module")
def setting(tmp_path_factory):
    missing = _runtime_missing()
    if missing:
        if REQUIRE_BROWSER:
            pytest.fail(missing + ", and THRESHOLD_REQUIRE_BROWSER=1")
        pytest.skip(missing)
    from game.tools.webbuild import build

    tmp = tmp_path_factory.mktemp("board-page")
    elsewhere = Site(tmp / "elsewhere")
    server = Server(f"sqlite:///{tmp / 'board.sqlite3'}", tmp, "--allow-origin", elsewhere.origin, workers=1)
    try:
        _served_copy(build(tmp / "with-board", archive=False, board=server.url), elsewhere.folder)
        without = build(tmp / "without", archive=False)
        dying = tmp / "dying.json"
        dying.write_text(json.dumps(dying_recording(DAY)), encoding="utf-8")
        yield server, elsewhere, without, dying, tmp
    finally:
        server.stop()
        elsewhere.stop()


def test_a_page_on_another_site_submits_to_its_baked_board_and_watches_it(setting) -> None:
    server, elsewhere, _, dying, tmp = setting
    end = "type(app.state).__name__, [k for k, _ in app.state.menu.items], app.state.board.board.reach"
    run = _play(_going_to(f"{elsewhere.origin}/?daily={DAY}", tmp / "to-elsewhere"), [
        "wait 3", f"set-storage test/dying {dying}", "click 640 360", "wait-ready", "wait 1",
        "expect-py __import__('game.app.app').app.app.running_app().state.__class__.__name__ == 'NameEntryState'",
        "shot name", "type Page Player", "press Enter", "wait 6",  # the daily asks for the name as it begins
        "expect-py __import__('game.app.app').app.app.running_app().state.__class__.__name__ == 'PlayState'",
        f"eval-py {APP}; app.state.run.game.turn, app.banner", "shot attempt",
        _apply_dying(), "wait 3", f"eval-py {end}",
        "press ArrowDown x4", "press Enter", "wait 8", "shot ranked",
        "eval-py app.state.board.submission.stage, app.state.board.line, app.state.board.submission.run_id",
        "expect-py app.state.board.submission.stage == 'verified'",
        "eval-py app.state.board.board.identity().name, len(app.state.board.board.identity().key)",
    ], tmp / "submit")
    said = _outputs(run)
    assert "Attempt 1 of this daily: it counts on the board." in said[f"eval-py {APP}; app.state.run.game.turn, "
                                                                      "app.banner"], "said before the first move"
    assert "'submit'" in said[f"eval-py {end}"] and "'ok'" in said[f"eval-py {end}"]
    assert "('Page Player', 32)" in said["eval-py app.state.board.board.identity().name, "
                                         "len(app.state.board.board.identity().key)"], "kept in localStorage"
    stage, line, run_id = ast.literal_eval(next(out for step, out in said.items()
                                                if step.startswith("eval-py app.state.board.submission.stage")))
    assert stage == "verified" and line.startswith("Verified: rank 1 of the day"), line
    assert server.settled(run_id)["status"] == "verified"

    watched = "r = app.state.replayer; type(app.state).__name__, r.recording.daily, r.finished, r.problem"
    # (the run is watched at 128 commands a second: at the default 8, its 200-odd commands outlast the wait)
    run = _play(_going_to(f"{elsewhere.origin}/?watch={run_id}", tmp / "to-watch"),
                ["wait 3", "click 640 360", "wait-ready", "wait 3",
                 f"eval-py {APP}; app.state.speed = 128", "wait 9", f"eval-py {APP}; {watched}", "shot watched",
                 "expect-py app.state.replayer.finished and app.state.replayer.problem is None"], tmp / "watch")
    assert _outputs(run)[f"eval-py {APP}; {watched}"] == f"('ReplayState', '{DAY}', True, None)"


def test_a_page_served_by_its_board_finds_it_submits_a_daily_and_its_watch_link_plays(setting) -> None:
    _, _, without, dying, tmp = setting
    own = Server(f"sqlite:///{tmp / 'own.sqlite3'}", tmp, "--web", str(_served_copy(without, tmp / "own-web")),
                 workers=1)  # no --allow-origin: the page is the board's own
    try:
        found = "b = app.state.board.board; b.guessed, b.url, b.reach, [k for k, _ in app.state.menu.items]"
        stage = "s = app.state.board.submission; s.stage, s.line, s.run_id"
        follow = (f"import platform, re; {APP}; page = platform.window.XMLHttpRequest.new(); "
                  f"page.open('GET', '/daily/{DAY}', False); page.send(); "
                  "href = re.search(r'href=\"(/\\?watch=' + app.state.board.submission.run_id + ')\"', "
                  "str(page.responseText)).group(1); platform.window.location.assign(href); href")
        watched = "r = app.state.replayer; type(app.state).__name__, r.recording.daily, r.done > 0, r.problem"
        kept = tmp / "board-kept"  # a name kept from before (the own site is not known to be a board at launch)
        kept.write_text(pack(json.dumps({"version": 1, "name": "Home Player", "key": "k" * 32})), encoding="utf-8")
        run = _play(_going_to(f"{own.url}/?daily={DAY}", tmp / "to-own"), [
            "wait 3", f"set-storage test/dying {dying}", f"set-storage threshold/board.json {kept}",
            "click 640 360", "wait-ready", "wait 6", _apply_dying(),
            "wait 3", f"eval-py {found}",
            "press ArrowDown x4", "press Enter", "wait 8",
            f"eval-py {stage}", "expect-py app.state.board.submission.stage == 'verified'",
            f"eval-py {follow}",  # the board's page, its Watch link followed as a player would
            "wait 5", "click 640 360", "wait-ready", "wait 5", f"eval-py {APP}; {watched}", "shot watched",
        ], tmp / "own")
        said = _outputs(run)
        guessed, url, reach, items = ast.literal_eval(said[f"eval-py {found}"])
        assert (guessed, url, reach) == (True, own.url, "ok") and "submit" in items, "the page's own site, found"
        stage_now, line, run_id = ast.literal_eval(said[f"eval-py {stage}"])
        assert stage_now == "verified" and line.startswith("Verified: rank 1 of the day"), line
        assert own.settled(run_id)["status"] == "verified"
        assert said[f"eval-py {follow}"] == repr(f"/?watch={run_id}")
        assert said[f"eval-py {APP}; {watched}"] == f"('ReplayState', '{DAY}', True, None)"
    finally:
        own.stop()


def test_a_page_without_a_board_shows_no_item(setting) -> None:
    _, _, web, dying, tmp = setting
    items = "type(app.state).__name__, [k for k, _ in app.state.menu.items], app.state.board.board.reach"
    run = _play(web, [
        f"set-storage test/dying {dying}", "click 640 360", "wait-ready", "wait 6", _apply_dying(),
        "wait 3", f"eval-py {items}",
    ], tmp / "no-board", query=f"daily={DAY}")
    said = _outputs(run)[f"eval-py {items}"]
    assert "'GameOverState'" in said and "'submit'" not in said and "'unreachable'" in said, said
