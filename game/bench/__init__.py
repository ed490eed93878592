"""Benchmarks (SPEC §14): ``python -m game.bench`` prints medians. Not unit tests."""
