# /// script
# dependencies = [
#     "pygame-ce",
#     "numpy",
# ]
# ///
"""Threshold: the single entry point for the desktop, the browser (pygbag) and
the ``threshold`` command.

    python main.py                         play (title screen)
    python main.py --seed 1234             play a given seed
    python main.py --daily [YYYY-MM-DD]    the daily challenge
    python main.py --continue              resume the saved run
    python main.py --replay FILE [--headless]
                                           watch (or just check) a recording
    python main.py --autoplay --seed S --turns T --headless
                                           let the bot play; print one JSON line

The frame loop is async and yields to the browser once per frame: pygbag runs
it inside the page's animation frames, so nothing here may block.
"""

import asyncio
import sys

import numpy  # noqa: F401  pygbag installs the packages main.py imports: numpy must be named here.

from game.app.options import parse_options, with_page_query
from game.app.platform import BROWSER


def _page_search() -> str | None:
    """The page's ``location.search`` in the browser (None where there is no page)."""
    try:
        import platform

        page = platform.window  # type: ignore[attr-defined]  # pygbag's platform, not the stdlib's: the page
        return str(page.location.search)
    except Exception:  # noqa: BLE001 - any failure of the bridge: fall back to os.environ
        return None


async def main(argv: list[str] | None = None) -> None:
    options = parse_options(sys.argv[1:] if argv is None else argv)
    if BROWSER:
        options = with_page_query(options, _page_search())
    if options.headless:
        from game.headless import run_headless  # no pygame (SPEC WEB-4)

        status = run_headless(options)
        if status:
            raise SystemExit(status)
        return
    import numpy.random  # noqa: F401  at start-up, under the page's loader: 90 ms on a phone that no frame can slice
    from game.app.app import App  # pygame and the screens: only with a window

    app = App(options)
    while app.running:
        app.frame()
        await asyncio.sleep(0)  # hand the frame back to the browser; keep it 0
        app.pace()
    app.close()


def cli() -> None:
    """The ``threshold`` console command."""
    asyncio.run(main())


if __name__ == "__main__":
    asyncio.run(main())
