"""``python -m game.tools.balance``: the bot's full runs, by region or by policy, against the targets."""

import sys

from game.tools.balance import main

sys.exit(main())
