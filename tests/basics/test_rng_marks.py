"""A stream's mark (``Rng.mark``, the recording's trace reads it after every command) is kept
between draws, and is always the one its generator's state gives: whatever was drawn, however."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rng import Rng

DRAWS = {
    "random": lambda rng: rng.random(),
    "randint": lambda rng: rng.randint(1, 6),
    "below": lambda rng: rng.below(80),
    "chance": lambda rng: rng.chance(0.3),
    "choice": lambda rng: rng.choice("abcdef"),
    "sample": lambda rng: rng.sample(range(10), 3),
    "shuffle": lambda rng: rng.shuffle(list(range(8))),
    "getrandbits": lambda rng: rng.getrandbits(40),
    "uniform_array": lambda rng: rng.uniform_array(3),
    "byte_array": lambda rng: rng.byte_array((2, 2)),
    "int_array": lambda rng: rng.int_array(0, 9, 4),
    "lent below": lambda rng: rng.below_function()(50),
    "marked": lambda rng: rng.mark(),
    "restored": lambda rng: Rng.from_state(rng.get_state()).mark(),
}


def afresh(rng: Rng) -> tuple[int, int]:
    internal = rng._random.getstate()[1]
    return internal[-1], internal[0] ^ internal[internal[-1] % 624]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), draws=st.lists(st.sampled_from(sorted(DRAWS)), max_size=30))
def test_a_stream_s_mark_is_the_one_its_state_gives_after_any_draws(seed: int, draws: list[str]) -> None:
    rng = Rng(seed)
    for name in draws:
        before = rng.mark()
        DRAWS[name](rng)
        assert rng.mark() == afresh(rng), f"after {name}"
        if name not in ("marked", "restored"):
            assert rng.mark() != before, f"{name} drew: the mark moved"
    assert Rng.from_state(rng.get_state()).mark() == rng.mark(), "a stream restored from a save has the same mark"


def test_a_mark_is_kept_until_the_next_draw() -> None:
    rng = Rng(7)
    kept = rng.mark()
    reads = []
    state = rng._random.getstate
    rng._random.getstate = lambda: reads.append(1) or state()  # type: ignore[method-assign]
    assert rng.mark() == kept and not reads, "no draw since: the kept mark, the state not read"
    rng.random()
    assert rng.mark() != kept and reads, "a draw: worked out afresh"
