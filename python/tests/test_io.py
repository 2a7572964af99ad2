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


def test_every_pattern_format_reads(tmp_path):
    mcell = tmp_path / "soup.mcl"
    mcell.write_text("#MCell 4.20\n#GAME Life\n#RULE 23/3\n#BOARD 40x30\n#WRAP 1\n#D a glider\n#L .A$..A$AAA\n")
    pattern = catlab.read_pattern(str(mcell))
    assert pattern.cells.population == 5
    assert pattern.rule == catlab.Rule("B3/S23") and pattern.torus == (40, 30)
    assert "#D a glider" in pattern.comments
    plain = tmp_path / "glider.cells"
    plain.write_text("!Name: glider\n.O\n..O\nOOO\n")
    pattern = catlab.read_pattern(str(plain))
    assert pattern.name == "glider" and pattern.cells.size == (3, 3) and pattern.cells.population == 5
    life106 = tmp_path / "glider.lif"
    life106.write_text("#Life 1.06\n1 0\n2 1\n0 2\n1 2\n2 2\n")
    assert catlab.read_pattern(str(life106)).cells.population == 5
    bad = tmp_path / "bad.cells"
    bad.write_text("!Name: x\n.O\nOq\n")
    with pytest.raises(catlab.Error, match="bad.cells:3"):
        catlab.read_pattern(str(bad))


def test_generation_comes_with_the_pattern():
    pattern = catlab.parse_rle("#CXRLE Pos=0,0 Gen=123456789012345678901234567890\nx = 1, y = 1, rule = B3/S23\no!\n")
    assert pattern.generation == "123456789012345678901234567890"
