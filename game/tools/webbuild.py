"""Build the browser version with pygbag, offline (SPEC LAY-4, LAY-5).

    python -m game.tools.webbuild             -> build/web/ (index.html + threshold.apk)
    python -m game.tools.webbuild --archive   -> also build/web.zip for an itch.io upload
    python -m game.tools.webbuild --board URL -> a page whose daily board is URL (a Threshold
                                                 server started with --allow-origin for the page's site)

How it stays offline and clean:

* pygbag is given the project's own template (``web/threshold.tmpl``) and icon
  (``web/favicon.png``) as local files; otherwise it downloads them, and retries
  the network forever when there is none. The build runs with its proxy pointed
  at a closed local port, so any other download would fail at once, not hang.
* The sources are first copied to ``build/stage/threshold/`` (main.py, game/,
  assets/, pygbag.ini). pygbag names the archive after that folder and packs what
  ``pygbag.ini`` lets through: main.py, the game package (without its dev-only
  tools and benchmarks) and the assets.
* ``black`` is made unimportable inside the pygbag process: when it can import
  black, pygbag reformats the sources in place.
* ``--no_opt``: assets are packed as they are (they are already PNG/OGG).

The page itself loads the Python runtime from pygbag's public CDN when played, as
every pygbag game does.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from game.cli import folder

ROOT = Path(__file__).resolve().parents[2]
APP_NAME = "threshold"
ARCHIVE_LIMIT = 3 * 1024 * 1024
SHIPPED = ("main.py", "game", "assets", "pygbag.ini")
DEAD_PROXY = "http://127.0.0.1:9"

BLOCK_BLACK = 'import sys; sys.modules["black"] = None\n'
"""Makes ``import black`` fail: pygbag reformats the sources in place when black is importable."""

_BOOT = BLOCK_BLACK + "from pygbag.app import main\nsys.exit(main())\n"


def stage_sources(stage: Path) -> None:
    """Copy what the build may see into ``stage`` (a folder named after the app)."""
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for name in SHIPPED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, stage / name, ignore=skip)
        else:
            shutil.copy2(source, stage / name)


def run_pygbag(stage: Path, archive: bool) -> None:
    command = [
        sys.executable, "-c", _BOOT,
        "--build", "--no_opt",
        "--title", "Threshold",
        "--template", str(ROOT / "web" / "threshold.tmpl"),
        "--icon", str(ROOT / "web" / "favicon.png"),
    ]
    if archive:
        command.append("--archive")
    command.append(str(stage))
    env = dict(os.environ)
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        env[var] = DEAD_PROXY
    env.pop("no_proxy", None)
    env.pop("NO_PROXY", None)
    result = subprocess.run(command, cwd=stage, env=env, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"pygbag failed (exit {result.returncode})")


def check_output(web: Path) -> list[str]:
    """Problems with a built ``web`` folder (empty when it is good)."""
    problems = []
    index = web / "index.html"
    apk = web / f"{APP_NAME}.apk"
    if not index.is_file() or not apk.is_file():
        return [f"missing {index.name} or {apk.name}"]
    html = index.read_text(encoding="utf-8")
    if "{{cookiecutter" in html:
        problems.append("index.html still has template placeholders")
    if f"{APP_NAME}.apk" not in html:
        problems.append("index.html does not load the app archive")
    with zipfile.ZipFile(apk) as zf:
        names = zf.namelist()
    if "assets/main.py" not in names:
        problems.append("the archive has no main.py")
    strays = [n for n in names if not n.startswith(("assets/main.py", "assets/game/", "assets/assets/"))]
    if strays:
        problems.append(f"the archive holds files the game does not need: {strays[:5]}")
    if apk.stat().st_size > ARCHIVE_LIMIT:
        problems.append(f"the archive is {apk.stat().st_size} bytes, over {ARCHIVE_LIMIT}")
    return problems


def build_folder(text: str) -> str:
    """An argparse type: a folder ``build`` may write into. It replaces ``web/`` and ``stage/``
    there, so not the project's own folder (its ``web/`` holds the page's template and icon),
    nor one whose ``web/`` is anything but an earlier build."""
    out = Path(folder(text)).resolve()
    if out == ROOT:
        raise argparse.ArgumentTypeError(f"{text!r} is the project's folder: the build would replace its web/")
    web = out / "web"
    if web.exists() and not (web / "index.html").is_file():
        raise argparse.ArgumentTypeError(f"{str(web)!r} is not a built page, and the build would replace it")
    return text


def board_text(text: str) -> str:
    """An argparse type: a board's address (``game.app.board_http.board_url``)."""
    from game.app.board_http import board_url

    try:
        return board_url(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def build(out: Path, archive: bool, board: str | None = None) -> Path:
    """Build into ``out/web``; with ``board``, the page's daily board is that server
    (``assets/board.json`` in the archive, read by ``game.app.board_screen``); without, the page
    uses its own site's board when a Threshold server serves it, else none."""
    if importlib.util.find_spec("pygbag") is None:
        raise SystemExit("pygbag is not installed: pip install 'pygbag==0.9.3' (or pip install -e '.[web]')")
    stage = out / "stage" / APP_NAME
    stage_sources(stage)
    if board is not None:
        (stage / "assets" / "board.json").write_text(json.dumps({"board": board}), encoding="utf-8")
    run_pygbag(stage, archive)
    built = stage / "build" / "web"
    web = out / "web"
    if web.exists():
        shutil.rmtree(web)
    shutil.copytree(built, web)
    if archive:
        shutil.copy2(stage / "build" / "web.zip", out / "web.zip")
    shutil.rmtree(out / "stage")
    return web


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.webbuild", description="Build the web version offline.")
    parser.add_argument("--archive", action="store_true", help="also write build/web.zip for itch.io")
    parser.add_argument("--board", type=board_text, metavar="URL",
                        help="the daily board the page submits to and watches from (default: the page's own "
                        "site when a Threshold server serves it)")
    parser.add_argument("--out", type=build_folder, default=str(ROOT / "build"),
                        help="output folder (default: build/)")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    web = build(out, args.archive, args.board)
    problems = check_output(web)
    for path in sorted(web.iterdir()):
        print(f"{path.relative_to(out)}  {path.stat().st_size:>9} bytes")
    if args.archive:
        zip_path = out / "web.zip"
        print(f"web.zip  {zip_path.stat().st_size:>9} bytes  (upload to itch.io as an HTML5 game)")
    if problems:
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        return 1
    print("ok: open build/web/index.html through a local web server, e.g. python -m http.server -d build/web")
    return 0


if __name__ == "__main__":
    sys.exit(main())
