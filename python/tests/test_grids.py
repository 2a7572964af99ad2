import gc

import numpy as np
import pytest

import catlab


def test_a_grid_is_an_array_without_a_copy():
    grid = catlab.Grid(7, 5)
    view = np.asarray(grid)
    assert view.shape == (5, 7) and view.dtype == np.uint8
    assert np.shares_memory(view, grid.cells)
    assert view.__array_interface__["data"][0] == grid.cells.__array_interface__["data"][0]
    view[2, 3] = 1
    grid.cells[4, 6] = 1
    assert grid.population == 2
    assert memoryview(grid)[2, 3] == 1


def test_the_array_keeps_the_grid_alive():
    cells = catlab.Grid(64, 64).cells
    gc.collect()
    cells[:] = 1
    assert cells.sum() == 64 * 64


def test_from_array_copies_any_layout():
    source = np.arange(12 * 10, dtype=np.uint8).reshape(12, 10) % 2
    grid = catlab.Grid.from_array(source[::2, ::-1])
    assert grid.size == (10, 6)
    assert np.array_equal(grid.cells, source[::2, ::-1])
    assert not np.shares_memory(grid.cells, source)


def test_random_fill_is_the_backends_random_start():
    grid = catlab.Grid(101, 67)
    grid.fill_random(0.3, 11)
    sim = catlab.Simulator("B3/S23", size=(101, 67), density=0.3, seed=11, backend="cpu-naive")
    assert sim.snapshot() == grid
    assert catlab.first_difference(sim.snapshot(), grid) is None
    other = grid.copy()
    other.cells[5, 9] ^= 1
    assert catlab.first_difference(grid, other) == (9, 5)


def test_bad_grids_raise():
    with pytest.raises(catlab.Error):
        catlab.Grid(-1, 5)
    with pytest.raises(catlab.Error):
        catlab.Grid(0, 5)
    with pytest.raises(TypeError):
        catlab.Grid("a", 3)
    with pytest.raises(catlab.Error, match="uint8"):
        catlab.Grid.from_array(np.zeros((3, 4), dtype=np.int64))
    with pytest.raises(catlab.Error, match="2D"):
        catlab.Grid.from_array(np.zeros((3, 4, 2), dtype=np.uint8))
    with pytest.raises(catlab.Error, match="different sizes"):
        catlab.first_difference(catlab.Grid(3, 3), catlab.Grid(4, 3))
    with pytest.raises(catlab.Error, match="outside 0..1"):
        catlab.Grid(3, 3).fill_random(1.5, 1)
