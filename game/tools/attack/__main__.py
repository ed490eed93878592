"""``python -m game.tools.attack``: attack the game with bad input, within a bounded, seeded budget (issue 23)."""

import sys

from game.tools.attack import main

sys.exit(main())
