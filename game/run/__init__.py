"""A run as it is played and kept: the run and its recording, replays, saves, the daily and seeds.
Layer 6, above the world and the minds; may import them, the map data, storage and the basics.
No pygame: the browser's runtime and the tools run it."""
