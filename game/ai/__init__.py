"""Monster minds: senses, a behaviour per kind, and the shared moves they are made of."""
