"""The in-place array steps the compiled simulators use instead of NumPy's allocating ones."""

import numpy as np
import pytest

from engine.goldfish.arrays import copy_prefix, rotate_left, sort_prefix


@pytest.mark.parametrize(("lo", "hi", "k"), [(0, 8, 3), (2, 8, 5), (3, 6, 0), (1, 7, 6), (0, 1, 1)])
def test_rotate_left_matches_numpy(lo, hi, k) -> None:
    a = np.arange(10, dtype=np.int64)
    expected = a.copy()
    expected[lo:hi] = np.roll(a[lo:hi], -k)
    rotate_left(a, lo, hi, k)
    assert a.tolist() == expected.tolist()


def test_sort_prefix_and_copy_prefix_touch_only_the_prefix() -> None:
    a = np.array([5, 3, 9, 1, 7], dtype=np.int64)
    sort_prefix(a, 4)
    assert a.tolist() == [1, 3, 5, 9, 7]
    b = np.zeros(5, dtype=np.int64)
    copy_prefix(b, a, 3)
    assert b.tolist() == [1, 3, 5, 0, 0]
