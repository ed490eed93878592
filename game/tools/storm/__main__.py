"""``python -m game.tools.storm``: random events through the app on every screen; no error screen (issue 32)."""

import sys

from game.tools.storm import main

sys.exit(main())
