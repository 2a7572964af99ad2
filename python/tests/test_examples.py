"""The examples run (small settings); the CuPy one needs a GPU and CuPy."""

import os
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def run(script, *args):
    result = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
                            env=dict(os.environ), timeout=600)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_spaceship_search_finds_boscos_fast_ship():
    out = run("ltl_spaceship_search.py", "--vary", "0", "--soups", "1", "--size", "256", "--steps", "600",
              "--backend", "cpu")
    assert "soup 1: spaceship, period 12, moves (8, 0)" in out


def test_density_sweep_plots(tmp_path):
    pytest.importorskip("matplotlib")
    plot = tmp_path / "sweep.png"
    out = run("density_sweep.py", "--size", "96", "--steps", "40", "--densities", "3", "--seeds", "1",
              "--backend", "cpu", "--out", str(plot))
    assert "density 0.50" in out and plot.stat().st_size > 1000


@pytest.mark.gpu
def test_cupy_post_processing(tmp_path):
    pytest.importorskip("cupy")
    out = run("cupy_postprocess.py", "--size", "512", "--steps", "20", "--backend", "boxsum")
    population = [line for line in out.splitlines() if line.startswith("population")][0]
    counted, engine = population.split()[1], population.split()[-1].rstrip(")")
    assert counted == engine
