"""Command-line tools (map dumps, lines, sprites, the web build, checks). Not shipped to the browser.
Layer 10, beside the entry points and the benchmarks: may import any layer."""
