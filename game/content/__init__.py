"""Content tables: what exists in the game, as data. Adding a thing is adding a row."""
