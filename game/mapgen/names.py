"""A letter-level Markov name generator (SPEC OVW-7).

Trained on ``assets/names.txt``: for every run of ``order`` letters, how often
each next letter (or the end of the word) follows. A name is grown letter by
letter from the start of a word; names that are too short, too long, copies of
a training word or already used in this run are thrown away (a bounded number
of times; then a numbered fallback keeps names unique).
"""

from __future__ import annotations

from functools import lru_cache

from game.paths import asset
from game.rng import Rng

START, END = "^", "$"


@lru_cache(maxsize=4)
def training_words(path: str = "") -> tuple[str, ...]:
    source = asset("names.txt") if not path else path
    with open(source, encoding="utf-8") as words:
        lines = words.read().splitlines()
    return tuple(line.strip().lower() for line in lines if line.strip() and not line.startswith("#"))


class NameGenerator:
    def __init__(self, words: tuple[str, ...], order: int = 3) -> None:
        self.order = order
        self.words = frozenset(words)
        counts: dict[str, dict[str, int]] = {}
        for word in words:
            padded = START * order + word + END
            for i in range(len(padded) - order):
                prefix, nxt = padded[i:i + order], padded[i + order]
                counts.setdefault(prefix, {}).setdefault(nxt, 0)
                counts[prefix][nxt] += 1
        self.table = {prefix: sorted(nxt.items()) for prefix, nxt in counts.items()}

    def _grow(self, rng: Rng, max_length: int) -> str:
        name = START * self.order
        while len(name) - self.order <= max_length:
            options = self.table.get(name[-self.order:])
            if not options:
                break
            letter = _pick(rng, options)
            if letter == END:
                break
            name += letter
        return name[self.order:]

    def name(self, rng: Rng, used: set[str], min_length: int = 4, max_length: int = 10, attempts: int = 200) -> str:
        """A new name, not in ``used`` (which it joins), capitalised."""
        for _ in range(attempts):
            candidate = self._grow(rng, max_length)
            if min_length <= len(candidate) <= max_length and candidate not in self.words and candidate not in used:
                used.add(candidate)
                return candidate.capitalize()
        base = self._grow(rng, max_length) or "nameless"
        number = 2
        while f"{base} {number}" in used:
            number += 1
        used.add(f"{base} {number}")
        return f"{base} {number}".capitalize()


def _pick(rng: Rng, options: list[tuple[str, int]]) -> str:
    """A letter chosen with probability proportional to its count."""
    roll = rng.random() * sum(count for _, count in options)
    for letter, count in options:
        roll -= count
        if roll < 0:
            return letter
    return options[-1][0]


def default_generator() -> NameGenerator:
    return NameGenerator(training_words())
