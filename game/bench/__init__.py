"""Benchmarks (SPEC §14): ``python -m game.bench`` prints medians. Not unit tests.
Layer 10, beside the entry points and the tools: may import any layer but the tools."""
