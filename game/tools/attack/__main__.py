"""``python -m game.tools.attack``: attack the game with bad input, within a bounded, seeded budget (ROB-2)."""

import sys

from game.tools.attack import main

sys.exit(main())
