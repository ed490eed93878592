"""Content tables: what exists in the game, as data. Adding a thing is adding a row.
Layer 1, a basic: imports nothing of the game."""
