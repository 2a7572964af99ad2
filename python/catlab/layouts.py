"""One byte per cell from any backend's own layout (catlab.StateView.layout).

The layouts, for a view `v` of a W x H torus (state_view.hpp in the engine says the same):

    cells        v[y, x] is the state of cell (x, y)                      shape (H, W), uint8
    tiles16      v[y // 16, y % 16, x // 16, x % 16]                      shape (ceil(H/16), 16, ceil(W/16), 16), uint8
    bits32       (v[y, x // 32] >> (x % 32)) & 1                           shape (H, ceil(W/32)), uint32
    bitplanes32  plane 0: alive bits as bits32; with more than two states, plane 1 + k holds bit k
                 of the state                                            shape (1 + P, H, ceil(W/32)), uint32

Cells past W or H (the rest of the last tile or word) are copies of wrapped cells, not state.
unpack() works with the array's own module: NumPy for host arrays, CuPy for device arrays.
"""


def _array_module(a):
    if type(a).__module__.split(".")[0] == "cupy":
        import cupy

        return cupy
    import numpy

    return numpy


def _bits(xp, words, width):
    """(..., words) uint32 -> (..., width) uint8 of their bits, least significant first."""
    shifts = xp.arange(32, dtype=xp.uint32)
    bits = (words[..., None] >> shifts) & xp.uint32(1)
    return bits.reshape(words.shape[:-1] + (words.shape[-1] * 32,))[..., :width].astype(xp.uint8)


def unpack(view, layout=None, size=None):
    """The cells of a state as a (height, width) uint8 array.

    `view` is a catlab.StateView (taken with numpy.asarray on the host, cupy.asarray on the device), or
    an array in one of the layouts above, given with `layout` and `size` (width, height).
    """
    if hasattr(view, "layout") and hasattr(view, "memory"):
        layout, size = view.layout, view.size
        if view.memory == "device":
            import cupy

            view = cupy.asarray(view)
        else:
            import numpy

            view = numpy.asarray(view)
    if layout is None or size is None:
        raise ValueError("unpack needs the layout and the size (width, height) of a plain array")
    width, height = size
    xp = _array_module(view)
    if layout == "cells":
        return view
    if layout == "tiles16":
        rows, _, columns, _ = view.shape
        return view.reshape(rows * 16, columns * 16)[:height, :width]
    if layout == "bits32":
        return _bits(xp, view, width)
    if layout == "bitplanes32":
        if view.shape[0] == 1:
            return _bits(xp, view[0], width)
        state = xp.zeros((height, width), dtype=xp.uint8)
        for k in range(view.shape[0] - 1):
            state |= _bits(xp, view[1 + k], width) << xp.uint8(k)
        return state
    raise ValueError(f"unknown layout {layout!r}")
