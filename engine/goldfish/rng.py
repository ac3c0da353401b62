"""Random numbers inside the compiled simulators: SplitMix64 (Steele, Lea, Flood 2014).

A game's generator is a one-element uint64 array seeded with base.game_seed(run seed, game index), so
every game can be replayed alone and a run cut into chunks gives the same games as one piece.
"""

import numpy as np

from engine.goldfish.arrays import kernel

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@kernel
def mix(x):
    """One SplitMix64 step; the compiled twin of base.splitmix64."""
    x = x + _GOLDEN
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@kernel
def below(rng, n):
    """A random integer in [0, n) from the generator state rng[0] (Lemire's multiply, no division)."""
    rng[0] = rng[0] + _GOLDEN
    z = mix(rng[0])
    return np.int64(((z >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@kernel
def shuffle(rng, a, start, end):
    """Fisher-Yates over a[start:end]."""
    for i in range(end - 1, start, -1):
        j = start + below(rng, i - start + 1)
        a[i], a[j] = a[j], a[i]
