"""``python -m game.tools.storm``: random events through the app on every screen; no error screen (TRU-1)."""

import sys

from game.tools.storm import main

sys.exit(main())
