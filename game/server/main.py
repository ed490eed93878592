"""``python -m game.server`` (``threshold-server``): the board's web process and its verifiers.

    threshold-server                              SQLite in the data folder, the page from build/web,
                                                  one verifier, http://127.0.0.1:8027
    threshold-server --db postgresql://u@h/board --host 0.0.0.0 --workers 0     a web server only
    threshold-server --db postgresql://u@h/board --only verifier --workers 4    a verifier machine

The schema is created or migrated first. ``--web`` is built (``python -m game.tools.webbuild``)
when it holds no page. The verifiers are child processes (``game.server.verifier``), started
again when one dies; the web process runs in this one, under uvicorn.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from game.cli import positive, whole
from game.server.db import default_url, engine_for, migrate

ROOT = Path(__file__).resolve().parents[2]
PORT = 8027


def options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="threshold-server", description="Threshold's daily board: verifies, "
                                     "ranks and serves daily runs.")
    parser.add_argument("--db", default=None, help="sqlite:///PATH or postgresql://USER@HOST/DB "
                        "(default: board.sqlite3 in the user's data folder)")
    parser.add_argument("--web", default=str(ROOT / "build" / "web"), help="the built page to serve at / "
                        "(built first when missing; default: build/web)")
    parser.add_argument("--no-web", action="store_true", help="serve the API and the board only")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=whole(0, 65535), default=PORT)
    parser.add_argument("--workers", type=whole(0, 256), default=1, help="verifier processes (default 1)")
    parser.add_argument("--only", choices=("web", "verifier"), help="run only the web process or the verifiers")
    parser.add_argument("--rate", type=positive, default=10, help="submissions a minute per address (default 10)")
    parser.add_argument("--lease", type=float, default=30.0, help="seconds a verifier's claim lasts unrenewed")
    parser.add_argument("--cpu-limit", type=float, default=60.0, help="CPU seconds one replay may take")
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between a verifier's looks at the queue")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="an origin whose page may call the API (CORS); repeat it for each. For a game on "
                        "itch.io, the origins its frame runs from: https://html-classic.itch.zone and "
                        "https://html.itch.zone (not https://YOU.itch.io)")
    parser.add_argument("--today", type=_date, default=None, metavar="YYYY-MM-DD",
                        help="start the board's clock at noon UTC of this date (a rehearsal, or tests: the "
                        "dates open for attempts follow it)")
    parser.add_argument("--forwarded-allow-ips", default="127.0.0.1", help="proxies whose X-Forwarded-For "
                        "is believed (the rate limit counts the client's address; default 127.0.0.1)")
    return parser.parse_args(argv)


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2026-11-25") from None


def clock_for(today: dt.date | None) -> Callable[[], float]:
    """The board's clock: the time now, or a clock that starts at noon UTC of ``today``."""
    if today is None:
        return time.time
    noon = dt.datetime(today.year, today.month, today.day, 12, tzinfo=dt.timezone.utc).timestamp()
    shift = noon - time.time()
    return lambda: time.time() + shift


def ensure_web(web: Path) -> None:
    """Build the page into ``web`` (its parent's ``web/``) when it has none."""
    if (web / "index.html").is_file():
        return
    if web.name != "web":
        raise SystemExit(f"threshold-server: no built page in {web}: build one (python -m game.tools.webbuild "
                         f"--out DIR gives DIR/web) or pass --no-web")
    print(f"threshold-server: building the page into {web} (python -m game.tools.webbuild)", file=sys.stderr)
    done = subprocess.run([sys.executable, "-m", "game.tools.webbuild", "--out", str(web.parent)], cwd=ROOT)
    if done.returncode != 0 or not (web / "index.html").is_file():
        raise SystemExit("threshold-server: the page could not be built (pip install -e '.[server]' brings "
                         "pygbag); or pass --no-web")


class Verifiers:
    """``count`` verifier processes, each started again when it dies."""

    def __init__(self, count: int, url: str, args: argparse.Namespace) -> None:
        self.command = [sys.executable, "-m", "game.server.verifier", "--lease", str(args.lease),
                        "--cpu-limit", str(args.cpu_limit), "--poll", str(args.poll)]
        self.env = {**os.environ, "THRESHOLD_DB": url, "THRESHOLD_PARENT": str(os.getpid())}
        self.processes = [self._start() for _ in range(count)]
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _start(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.command, env=self.env, cwd=ROOT)

    def _watch(self) -> None:
        while not self.stopping.wait(0.5):
            for index, process in enumerate(self.processes):
                if process.poll() is not None and not self.stopping.is_set():
                    print(f"threshold-server: verifier {process.pid} ended ({process.returncode}); "
                          f"starting another", file=sys.stderr)
                    self.processes[index] = self._start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(2)
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def main(argv: list[str] | None = None) -> int:
    args = options(argv)
    url = args.db or default_url()
    try:
        engine = engine_for(url)
        migrate(engine)
    except Exception as error:  # noqa: BLE001 - a database that cannot be opened: say which and why
        print(f"threshold-server: cannot use the database {url.split('@')[-1]}: {error}", file=sys.stderr)
        return 2
    web = None if args.no_web or args.only == "verifier" else Path(args.web).resolve()
    if web is not None:
        ensure_web(web)
    count = 0 if args.only == "web" else args.workers
    verifiers = Verifiers(count, url, args)
    try:
        if args.only == "verifier":
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # stop the verifiers too
            while True:
                time.sleep(3600)
        import uvicorn

        from game.server.app import create_app

        app = create_app(engine, web, args.rate, tuple(args.allow_origin), clock_for(args.today))
        # uvicorn stops on SIGTERM, then raises it again: this handler (not the default, which
        # ends the process at once) lets the verifiers be stopped below.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        print(f"threshold-server: http://{args.host}:{args.port}/ (board: /daily), {count} verifier(s), "
              f"database {url.split('@')[-1]}", file=sys.stderr, flush=True)
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning", proxy_headers=True,
                    forwarded_allow_ips=args.forwarded_allow_ips)
    except KeyboardInterrupt:
        pass
    finally:
        verifiers.stop()
    return 0


def cli() -> None:
    """The ``threshold-server`` console command."""
    raise SystemExit(main())
