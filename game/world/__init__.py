"""The world and its rules: the game state, floors, actors, items, actions, senses, saving.
Layer 4, above the generators (it calls them to make floors); may import them, the map data
and the basics. Standard library + numpy only."""
