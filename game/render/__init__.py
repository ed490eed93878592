"""Drawing: the only place besides ``game.app`` that imports pygame. Never changes the game.
Layer 8; may import everything below it (world, map data, generators, minds, basics), not the app."""
