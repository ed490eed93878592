"""Monster minds: a behaviour per kind, and the shared moves they are made of (their senses
are world rules: ``game.world.senses``). Importing this package plugs the minds into the
world's scheduler, which does not import them."""

from game.ai.behaviours import take_turn
from game.world import scheduler

scheduler.plug_minds(take_turn)
