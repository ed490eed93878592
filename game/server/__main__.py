"""``python -m game.server``: the board's server (``game.server.main``)."""

from game.server.main import main

if __name__ == "__main__":  # not when a worker process loads this module as its parent's main (anyio, multiprocessing)
    raise SystemExit(main())
