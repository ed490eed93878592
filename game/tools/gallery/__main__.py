"""``python -m game.tools.gallery``: the gallery: every screen and situation a player meets, one PNG each, and an index page"""

import sys

from game.tools.gallery import main

sys.exit(main())
