"""The autoplayer: a bot that plays a run as a player would (autoplay, its routes, fights and trap
vaults), and the auto-explore the player's ``x`` shares. Layer 7, above the run it drives; may
import the run, the monsters' minds, the world, the map data and the basics."""
