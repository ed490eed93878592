"""The application: window, frame loop helpers, screens (states) and input. Layer 9, the top of
the game: may import every layer below; nothing in the game imports it (the entry points do)."""
