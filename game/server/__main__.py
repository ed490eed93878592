"""``python -m game.server``: the board's server (``game.server.main``)."""

from game.server.main import main

raise SystemExit(main())
