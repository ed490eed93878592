"""Seed texts a run can start from.

A seed is any text (``game.rng.seed_from_text`` turns it into the master seed).
Only the choice of a *new* seed is random; the world it gives is not.
"""

from __future__ import annotations

import secrets


def new_seed_text() -> str:
    """A fresh, shareable nine-digit seed for a new run."""
    return str(secrets.randbelow(900_000_000) + 100_000_000)
