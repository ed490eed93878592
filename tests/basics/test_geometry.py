"""Lines (SPEC LIN-1..3, TOOL-2, TOOL-3): spread meets its definition; lines are straight."""

from __future__ import annotations

import subprocess
import sys
from itertools import groupby

import pytest
from hypothesis import given, strategies as st

from game.geometry import bresenham, line, spread
from tests.conftest import ROOT


def as_spread_as_possible(seq: list) -> bool:
    """Seed 000's recursive definition, checked directly (not by re-running the algorithm)."""
    kinds = sorted(set(seq), key=seq.index)
    if len(kinds) <= 1:
        return True  # first base case: homogeneous
    if len(kinds) > 2:
        return False
    counts = {k: seq.count(k) for k in kinds}
    a, b = kinds
    if counts[a] == counts[b]:  # second base case: alternate one by one
        return all(seq[i] != seq[i + 1] for i in range(len(seq) - 1))
    major, minor = (a, b) if counts[a] > counts[b] else (b, a)
    runs = [(k, len(list(g))) for k, g in groupby(seq)]
    if any(k == minor and n > 1 for k, n in runs):
        return False  # minority elements stand alone
    if runs[0][0] != major or runs[-1][0] != major:
        return False  # groups of the majority separated by single minority elements
    sizes = [n for k, n in runs if k == major]
    if max(sizes) - min(sizes) > 1:
        return False  # at most two sizes, differing by one
    return as_spread_as_possible(sizes)  # the sizes themselves are spread out


def test_the_article_example() -> None:
    assert " ".join("".join(g) for _, g in groupby(spread("a", "b", 17, 4))) == "aaa b aaaa b aaa b aaaa b aaa"


@pytest.mark.parametrize("na", range(61))
def test_spread_meets_the_definition_for_all_small_counts(na: int) -> None:
    for nb in range(61):
        result = spread("a", "b", na, nb)
        assert result.count("a") == na and result.count("b") == nb
        assert as_spread_as_possible(result), (na, nb, "".join(result))


def test_the_checker_rejects_uneven_sequences() -> None:
    assert not as_spread_as_possible(list("aabab"))
    assert not as_spread_as_possible(list("aaabaaaaabaaa"))  # sizes 3 5 3 differ by more than one
    assert not as_spread_as_possible(list("aabaaabaaabaa"))  # sizes 2 3 3 2: the 3s are not spread


def test_a_million_elements_without_recursion_trouble() -> None:
    result = spread(0, 1, 600_001, 399_999)
    assert len(result) == 1_000_000 and sum(result) == 399_999


def _steps(cells) -> set[tuple[int, int]]:
    return {(int(b[0] - a[0]), int(b[1] - a[1])) for a, b in zip(cells[:-1], cells[1:])}


coords = st.integers(-40, 40)


@given(x0=coords, y0=coords, x1=coords, y1=coords)
def test_grid_lines_are_straight_symmetric_and_agree_with_bresenham(x0: int, y0: int, x1: int, y1: int) -> None:
    cells = line((x0, y0), (x1, y1))
    length = max(abs(x1 - x0), abs(y1 - y0))
    assert cells.shape == (length + 1, 2)
    assert tuple(cells[0]) == (x0, y0) and tuple(cells[-1]) == (x1, y1)
    steps = _steps(cells)
    assert len(steps) <= 2 and all(max(abs(dx), abs(dy)) == 1 for dx, dy in steps)
    assert sum(1 for dx, dy in steps if dx and dy) <= 1 and sum(1 for dx, dy in steps if not (dx and dy)) <= 1
    assert (line((x1, y1), (x0, y0))[::-1] == cells).all(), "B to A is A to B reversed"
    other = bresenham((x0, y0), (x1, y1))
    assert other.shape == cells.shape, "both algorithms take the same number of steps"
    assert tuple(other[0]) == (x0, y0) and tuple(other[-1]) == (x1, y1)


@given(x0=coords, y0=coords, x1=coords, y1=coords)
def test_bresenham_stays_within_half_a_tile_of_the_ideal_line(x0: int, y0: int, x1: int, y1: int) -> None:
    cells = bresenham((x0, y0), (x1, y1))
    dx, dy = x1 - x0, y1 - y0
    for x, y in cells.tolist():
        if abs(dx) >= abs(dy):
            ideal = y0 + (dy * (x - x0) / dx if dx else 0)
            assert abs(y - ideal) <= 0.5 + 1e-9
        else:
            ideal = x0 + dx * (y - y0) / dy
            assert abs(x - ideal) <= 0.5 + 1e-9
    assert len(_steps(cells)) <= 2


def test_line_tool_prints_cells() -> None:
    out = subprocess.run([sys.executable, "-m", "game.tools.line", "0", "0", "5", "2"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines() == ["0 0", "1 0", "2 1", "3 1", "4 2", "5 2"]
    out = subprocess.run([sys.executable, "-m", "game.tools.line", "3", "3", "3", "3", "--algorithm", "bresenham"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines() == ["3 3"]
