"""Monster minds: a behaviour per kind, and the shared moves they are made of (their senses
are world rules: ``game.world.senses``). ``game.ai.minds`` plugs them into the world's
scheduler, which does not import them; this package itself imports nothing, so that a run's
loading screen can import its modules one at a time (``game.tools.import_order``). Layer 5,
above the world; may import it, the map data and the basics."""
