"""Level generators: pure functions ``(rng, params) -> level``, one module per kind, and levels as
SPEC §16 JSON. Layer 3; imports only the map data and the basics (standard library + numpy)."""
