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
    python main.py --autoplay --seed S --turns T --headless
                                           let the bot play; print one JSON line

The frame loop is async and yields to the browser once per frame: pygbag runs
it inside the page's animation frames, so nothing here may block.
"""

import asyncio
import json
import sys

import numpy  # noqa: F401  pygbag installs the packages main.py imports: numpy must be named here.

from game.app.options import Options, parse_options


def run_headless(options: Options) -> None:
    """The autoplayer without a window (SPEC ROB-1): the last line is the run's JSON.

    Imports no pygame (SPEC WEB-4): the world runs without a display library.
    """
    from game.autoplay import play_run, summary
    from game.seeds import new_seed_text

    seed = options.seed if options.seed is not None else new_seed_text()
    game, stalled = play_run(seed, options.turns, start=options.start)
    print(json.dumps(summary(game, stalled)))


async def main(argv: list[str] | None = None) -> None:
    options = parse_options(sys.argv[1:] if argv is None else argv)
    if options.headless:
        run_headless(options)
        return
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
