"""``python -m game.tools.mapgen``: write one generated level (SPEC TOOL-1): exactly what the game makes for a seed."""

import sys

from game.tools.mapgen import main

sys.exit(main())
