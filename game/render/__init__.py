"""Drawing: the only place besides ``game.app`` that imports pygame. Never changes the game."""
