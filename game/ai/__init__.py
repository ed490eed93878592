"""Monster minds: a behaviour per kind, and the shared moves they are made of (their senses
are world rules: ``game.world.senses``). Importing this package plugs the minds into the
world's scheduler, which does not import them. Layer 5, above the world; may import it, the
map data and the basics."""

from game.ai.behaviours import take_turn
from game.world import scheduler

scheduler.plug_minds(take_turn)
