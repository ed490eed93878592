"""Seeded random streams.

One master seed per run. Every purpose (world, a floor, monsters, loot, combat,
cosmetics) gets its own stream derived from the master seed and a *name*, so a
floor is the same whatever order the player visits things in, and adding a draw
in one stream never shifts another.

The scalar generator is Python's Mersenne Twister (a ``random.Random`` instance), whose
algorithms for ``random``, ``getrandbits``, ``randrange``, ``shuffle``, ``sample`` and
``choice`` are identical on every CPython the game runs on (desktop 3.11+, the
browser's 3.12). Array draws use numpy's PCG64 bit generator, whose raw output
is fixed by its specification, converted to floats by our own arithmetic, so no
numpy-version-dependent sampling method shapes the world.
"""

from __future__ import annotations

import hashlib
import math
from random import Random
from typing import Any, Callable, MutableSequence, Sequence, TypeVar

import numpy as np
from numpy.typing import NDArray

T = TypeVar("T")

_MAX_NUMERIC_SEED_DIGITS = 18


def seed_from_text(text: str) -> int:
    """Turn what the player typed into a 64-bit master seed.

    A plain decimal number is its own seed (``"42"`` -> 42); anything else
    (letters, spaces, emoji, an empty string) is hashed with SHA-256.

    >>> seed_from_text("42")
    42
    >>> seed_from_text(" 42 ") == seed_from_text("42")
    True
    >>> seed_from_text("forty-two") == seed_from_text("forty-two")
    True
    """
    cleaned = text.strip()
    if cleaned.isascii() and cleaned.isdigit() and len(cleaned) <= _MAX_NUMERIC_SEED_DIGITS:
        return int(cleaned)
    digest = hashlib.sha256(cleaned.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "little")


def derive_seed(master: int, *names: object) -> int:
    """A 64-bit seed for the stream called ``names`` under ``master``.

    >>> derive_seed(1, "floor", 3) == derive_seed(1, "floor", 3)
    True
    >>> derive_seed(1, "floor", 3) != derive_seed(1, "floor", 4)
    True
    """
    h = hashlib.sha256(str(int(master)).encode("ascii"))
    for name in names:
        h.update(b"\x1f")
        h.update(str(name).encode("utf-8"))
    return int.from_bytes(h.digest()[:8], "little")


class Rng:
    """A named random stream. Not thread-safe; the game has one thread."""

    __slots__ = ("_random", "seed", "_marked", "_lent")

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._random = Random(self.seed)
        self._marked: tuple[int, int] | None = None
        """``mark`` as it is until the next draw (None: drawn from since it was worked out)."""
        self._lent = False
        """``below_function`` was lent: draws through it are not seen, so ``mark`` is always worked out afresh."""

    @classmethod
    def stream(cls, master: int, *names: object) -> Rng:
        """The stream called ``names`` under the master seed."""
        return cls(derive_seed(master, *names))

    def child(self, *names: object) -> Rng:
        """A sub-stream derived from this stream's seed (not its position)."""
        return Rng(derive_seed(self.seed, *names))

    # --- scalars -----------------------------------------------------------
    def random(self) -> float:
        """A float in [0, 1)."""
        self._marked = None
        return self._random.random()

    def randint(self, low: int, high: int) -> int:
        """An int in [low, high], both ends included."""
        self._marked = None
        return self._random.randint(low, high)

    def below(self, n: int) -> int:
        """An int in [0, n)."""
        self._marked = None
        return self._random.randrange(n)

    def below_function(self) -> Callable[[int], int]:
        """``below`` as a bare function, for hot loops: the same draws in the same order.

        ``random.Random.randrange(n)`` is ``_randbelow(n)`` for ``n > 0`` (and ``randint(a, b)``
        is ``a + _randbelow(b - a + 1)``) on every CPython the game runs on; calling it directly
        skips the argument checks, which are most of the cost of a draw.

        >>> a, b = Rng(7), Rng(7)
        >>> draw = b.below_function()
        >>> [a.below(80) for _ in range(5)] == [draw(80) for _ in range(5)]
        True
        """
        self._lent = True
        # typeshed leaves out Random's private _randbelow (see above)
        return self._random._randbelow  # type: ignore[attr-defined, no-any-return]

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        self._marked = None
        return self._random.random() < p

    def choice(self, seq: Sequence[T]) -> T:
        self._marked = None
        return self._random.choice(seq)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """``k`` different elements of ``seq``, in the order drawn."""
        self._marked = None
        return self._random.sample(list(seq), k)

    def shuffle(self, seq: MutableSequence[T]) -> None:
        self._marked = None
        self._random.shuffle(seq)

    def getrandbits(self, k: int) -> int:
        self._marked = None
        return self._random.getrandbits(k)

    # --- arrays ------------------------------------------------------------
    def uniform_array(self, shape: int | tuple[int, ...]) -> NDArray[np.float64]:
        """Floats in [0, 1) of the given shape (float64)."""
        count = math.prod(shape) if isinstance(shape, tuple) else int(shape)
        raw = np.random.PCG64(self.getrandbits(64)).random_raw(count)
        return ((raw >> np.uint64(11)).astype(np.float64) * (1.0 / 9007199254740992.0)).reshape(shape)

    def byte_array(self, shape: int | tuple[int, ...]) -> NDArray[np.uint8]:
        """Random uint8 values of the given shape (8 per raw 64-bit draw, little-endian)."""
        count = math.prod(shape) if isinstance(shape, tuple) else int(shape)
        raw = np.random.PCG64(self.getrandbits(64)).random_raw(-(-count // 8))
        return raw.astype("<u8").view(np.uint8)[:count].reshape(shape)

    def int_array(self, low: int, high: int, shape: int | tuple[int, ...]) -> NDArray[np.intp]:
        """Ints in [low, high) of the given shape, as ``np.intp`` (numpy's index type:
        int32 in the browser's 32-bit runtime, so ``low`` and ``high`` must fit in it)."""
        ints: NDArray[np.intp] = (low + np.floor(self.uniform_array(shape) * (high - low))).astype(np.intp)
        return ints

    def mark(self) -> tuple[int, int]:
        """Where the stream is, cheaply: the generator's index in its state and one word of it,
        which between them change with every draw (for the recording's trace, ``game.run.run``).
        Kept until the next draw: reading the state copies all of it (625 numbers), and the trace
        marks every stream after every command, most of them not drawn from since."""
        if self._marked is None or self._lent:
            internal = self._random.getstate()[1]
            self._marked = internal[-1], internal[0] ^ internal[internal[-1] % 624]
        return self._marked

    # --- saving ------------------------------------------------------------
    def get_state(self) -> list[Any]:
        """A JSON-friendly snapshot of the stream's position."""
        version, internal, gauss = self._random.getstate()
        return [self.seed, version, list(internal), gauss]

    @classmethod
    def from_state(cls, state: Sequence[Any]) -> Rng:
        seed, version, internal, gauss = state
        rng = cls(int(seed))
        rng._random.setstate((int(version), tuple(int(v) for v in internal), gauss))
        return rng
