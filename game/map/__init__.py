"""The map's data: the floor map and its edges, levels and what is placed on them, rooms and
portals, shapes, the trap vault's field. Layer 2, above the basics; imports only the standard
library, numpy and the basics. Generators make these; the world plays on them."""
