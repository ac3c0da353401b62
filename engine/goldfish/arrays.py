"""`kernel`, how the simulators' game functions are compiled, and the array steps such functions need.

Numba counts a reference, with an atomic add, for every array every call passes; in the simulators'
phase functions that was a fifth to a half of the time. A `kernel` is compiled without that counting
(Numba's `_nrt=False`, cached) and so may not allocate; NumPy's in-place sort and array-to-slice copies
allocate in Numba, so these functions do the same on the small arrays of a game, in place.
"""

from __future__ import annotations

from numba import njit

# Numba's type stubs do not list `_nrt`, the compiler option that turns the counting off.
kernel = njit(cache=True, _nrt=False)  # type: ignore[call-overload]
# A kernel Numba inlines into each caller, in its own IR, before LLVM sees it. For the small helpers of
# an inner loop that LLVM leaves as calls: a call passes each array as a structure of 7 to 9 words, and
# the casting plan's helpers take a dozen arrays, so the passing cost more than their work.
inline_kernel = njit(cache=True, _nrt=False, inline="always")  # type: ignore[call-overload]


@kernel
def sort_prefix(a, n):
    """Sort a[:n] ascending in place (insertion sort: a handful of items)."""
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


@kernel
def copy_prefix(dst, src, n):
    """dst[:n] = src[:n] for 1-D arrays."""
    for i in range(n):
        dst[i] = src[i]


@kernel
def copy_block(dst, src, rows, cols):
    """dst[:rows, :cols] = src[:rows, :cols] for 2-D arrays."""
    for i in range(rows):
        for j in range(cols):
            dst[i, j] = src[i, j]


@kernel
def rotate_left(a, lo, hi, k):
    """Rotate a[lo:hi] left by k in place: a[lo + k] comes first and a[lo:lo + k] goes to the end."""
    _reverse(a, lo, lo + k)
    _reverse(a, lo + k, hi)
    _reverse(a, lo, hi)


@kernel
def _reverse(a, lo, hi):
    hi -= 1
    while lo < hi:
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1
        hi -= 1
