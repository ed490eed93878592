"""``python -m game.tools.pagecheck``: the real page, played in headless Chromium with pygbag's own pygame-ce (SPEC WEB-6..9)."""

import sys

from game.tools.pagecheck import main

sys.exit(main())
