"""The game's own small random number generator: a 64-bit linear congruential generator whose
high 32 bits pick each card. Its whole state is one int, so copying a game copies no generator,
and a seed deals the same cards on every Python (CPython, Pyodide).

Cards are drawn one at a time, uniformly from those left (the same as shuffling the deck and
turning the top card, but costing only the draws a round makes). The high bits of this generator
pass the usual tests, and the multiply-shift pick is biased by less than 35 / 2**32.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
MUL = 6364136223846793005      # Knuth's MMIX constants
INC = 1442695040888963407


def seed_state(seed: int) -> int:
    """A well-mixed 64-bit state from any whole number (SplitMix64's finaliser)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(the next state, a number in range(n))."""
    state = (state * MUL + INC) & MASK
    return state, ((state >> 32) * n) >> 32
