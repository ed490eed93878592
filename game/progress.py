"""Long work cut into short steps, so the frame loop can spread it over frames.

A generator that the player waits for (a new run's island, SPEC WEB-5 and PERF-6)
is written as a Python generator function that ``yield``s the name of what it is
making between short steps and ``return``s its result. The app drives it a few
steps a frame behind a progress screen; tools, tests and the headless
autoplayer call ``finish`` and get the same result at once. The steps change
nothing about *what* is made: the same seed gives the same world either way.

>>> def count_to(n):
...     for i in range(n):
...         yield f"counting {i}"
...     return n
>>> finish(count_to(3))
3
"""

from __future__ import annotations

from typing import Generator, TypeVar

T = TypeVar("T")

Steps = Generator[str, None, T]
"""Yields what it is making (a pass name or a label) between steps; returns the result."""


def finish(steps: Steps[T]) -> T:
    """Run every remaining step now and return the result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
