"""The bot's Minesweeper reasoning over a vault's revealed numbers (VLT-3)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from game.ai.minesweeper import deduce, risk
from game.map.vault_field import trap_numbers


def board(picture: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``#`` outside, ``?`` hidden, ``x`` a known trap, a digit a revealed number."""
    rows = [line.split() for line in picture.strip().splitlines()]
    inside = np.array([[c != "#" for c in row] for row in rows])
    revealed = np.array([[c.isdigit() for c in row] for row in rows])
    numbers = np.array([[int(c) if c.isdigit() else 0 for c in row] for row in rows])
    traps = np.array([[c == "x" for c in row] for row in rows])
    return inside, revealed, numbers, traps


def cells(grid: np.ndarray) -> set[tuple[int, int]]:
    ys, xs = np.nonzero(grid)
    return set(zip(xs.tolist(), ys.tolist()))


def test_a_zero_makes_its_neighbours_safe_and_a_full_count_makes_them_traps() -> None:
    safe, traps = deduce(*board("""
        0 ? ?
        1 ? ?
        # # #
    """))
    assert (1, 0) in cells(safe) and (1, 1) in cells(safe)
    safe, traps = deduce(*board("""
        ? 1 #
        # # #
    """))
    assert cells(traps) == {(0, 0)}


def test_the_one_two_one_pattern() -> None:
    safe, traps = deduce(*board("""
        ? ? ? ? ?
        # 1 2 1 #
        # # # # #
    """))
    assert cells(traps) == {(1, 0), (3, 0)}
    assert {(2, 0)} <= cells(safe)


def test_known_traps_are_counted_and_free_the_rest() -> None:
    safe, traps = deduce(*board("""
        x ? ?
        # 1 #
    """))
    assert cells(safe) == {(1, 0), (2, 0)} and not traps.any()


def test_risk_prefers_cells_the_numbers_say_are_less_likely() -> None:
    inside, revealed, numbers, traps = board("""
        ? # ? ? ? ?
        1 # # # # ?
        ? # # # # ?
    """)
    chance = risk(inside, revealed, numbers, traps, traps_left=1.0)
    assert chance[0, 0] == 0.5 and chance[2, 0] == 0.5  # one trap between the two beside the 1
    assert chance[0, 5] < chance[0, 0], "far cells share the traps left over"
    assert chance[1, 0] == 0.0, "a revealed cell holds no trap"


@settings(max_examples=800, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.integers(3, 12), height=st.integers(2, 9),
       density=st.floats(0.05, 0.45), reveal=st.floats(0.1, 0.8))
def test_deductions_are_never_wrong(seed: int, width: int, height: int, density: float, reveal: float) -> None:
    """On random boards: a cell called safe never holds a trap, a cell called a trap always does."""
    rng = np.random.Generator(np.random.PCG64(seed))
    inside = rng.random((height, width)) < 0.9
    truth = inside & (rng.random((height, width)) < density)
    numbers = trap_numbers(inside, truth)
    revealed = inside & ~truth & (rng.random((height, width)) < reveal)
    known = truth & (rng.random((height, width)) < 0.3)
    safe, traps = deduce(inside, revealed, numbers, known)
    assert not (safe & truth).any(), "a cell called safe holds a trap"
    assert not (traps & ~truth).any(), "a cell called a trap holds none"
    assert not (safe & traps).any()



def _plain_constraints(inside, hidden, revealed, numbers, traps):
    """The constraints as VLT-3 says them, cell by cell: a revealed number's hidden neighbours
    (not known traps) and the traps left among them."""
    height, width = inside.shape
    found = []
    for y in range(height):
        for x in range(width):
            if not (revealed[y, x] and inside[y, x]):
                continue
            around = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx or dy)
                      and 0 <= x + dx < width and 0 <= y + dy < height and inside[y + dy, x + dx]]
            unknown = frozenset(c for c in around if hidden[c[1], c[0]] and not traps[c[1], c[0]])
            if unknown:
                found.append((unknown, int(numbers[y, x]) - sum(bool(traps[c[1], c[0]]) for c in around)))
    return found


def test_the_constraints_gathered_at_once_are_the_plain_ones() -> None:
    from game.ai.minesweeper import _constraints

    rng = np.random.default_rng(7)
    for _ in range(500):
        h, w = (int(n) for n in rng.integers(1, 9, size=2))
        inside, revealed = rng.random((h, w)) < 0.8, rng.random((h, w)) < 0.5
        hidden, traps = ~revealed & (rng.random((h, w)) < 0.9), rng.random((h, w)) < 0.2
        numbers = rng.integers(0, 9, size=(h, w)).astype(np.int8)
        assert _constraints(inside, hidden, revealed, numbers, traps) == \
            _plain_constraints(inside, hidden, revealed, numbers, traps)
