"""Array steps for compiled code that runs without Numba's reference counting (`njit(_nrt=False)`).

Numba counts a reference, with an atomic add, for every array every call passes; in the simulators'
phase functions that was a fifth of the time. Functions compiled with `_nrt=False` skip the counting but
may not allocate, and NumPy's in-place sort and array-to-slice copies allocate in Numba. These do the
same on the small arrays of a game, in place.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False)
def sort_prefix(a, n):
    """Sort a[:n] ascending in place (insertion sort: a handful of items)."""
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


@njit(cache=True, _nrt=False)
def copy_prefix(dst, src, n):
    """dst[:n] = src[:n] for 1-D arrays."""
    for i in range(n):
        dst[i] = src[i]


@njit(cache=True, _nrt=False)
def copy_block(dst, src, rows, cols):
    """dst[:rows, :cols] = src[:rows, :cols] for 2-D arrays."""
    for i in range(rows):
        for j in range(cols):
            dst[i, j] = src[i, j]
