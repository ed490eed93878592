"""Command-line tools (map dumps, lines, sprites, the web build). Not shipped to the browser."""
