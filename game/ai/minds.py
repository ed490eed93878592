"""Importing this module plugs the monsters' minds into the world's turns (``game.run.run``
and the tests do)."""

from game.ai.behaviours import take_turn
from game.world import scheduler

scheduler.plug_minds(take_turn)
