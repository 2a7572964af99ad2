import numpy as np
import pytest

import catlab
from conftest import random_grid


def test_rle_text_round_trip():
    rule = catlab.Rule("R2,C4,M1,S3..6,B4..5,NN")
    grid = random_grid(37, 23, seed=9, states=4)
    pattern = catlab.parse_rle(catlab.format_rle(grid, rule, name="soup"))
    assert pattern.rule == rule and pattern.torus == (37, 23) and pattern.name == "soup"
    assert pattern.place(pattern.torus) == grid


def test_rle_file_round_trip(tmp_path):
    grid = random_grid(64, 48, seed=1)
    path = tmp_path / "soup.rle"
    catlab.write_rle(str(path), grid, "B3/S23")
    pattern = catlab.read_rle(str(path))
    assert pattern.rule == catlab.Rule("B3/S23")
    sim = catlab.Simulator(pattern.rule, pattern.place(pattern.torus), backend="cpu")
    assert np.array_equal(sim.to_numpy(), grid.cells)


def test_a_glider_from_text():
    pattern = catlab.parse_rle("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n")
    assert pattern.cells.size == (3, 3) and pattern.cells.population == 5
    assert pattern.torus is None
    placed = pattern.place((16, 16))
    assert placed.population == 5


def test_bad_rle_raises_with_source_and_line(tmp_path):
    with pytest.raises(catlab.Error) as caught:
        catlab.parse_rle("x = 3, y = 3\nbo$2bo$3q!\n", "glider.rle")
    assert "glider.rle" in str(caught.value)
    with pytest.raises(catlab.Error, match="missing.rle"):
        catlab.read_rle(str(tmp_path / "missing.rle"))
    with pytest.raises(catlab.Error):
        catlab.write_rle(str(tmp_path / "no" / "such" / "dir.rle"), catlab.Grid(4, 4), "B3/S23")
