"""Level generators: pure functions ``(rng, params) -> level``, one module per kind."""
