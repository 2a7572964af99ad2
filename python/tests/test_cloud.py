import numpy as np
import pytest

import catlab


def test_cloud_steps_on_the_cpu():
    cloud = catlab.CloudSimulation((24, 20, 12), backend="cpu")
    cloud.step(30)
    cells = cloud.cells()
    assert cells.shape == (12, 20, 24) and cells.dtype == np.uint8
    counts = cloud.counts()
    assert counts["hum"] == np.count_nonzero(cells & 1)
    assert counts["act"] == np.count_nonzero(cells & 2)
    assert counts["cld"] == np.count_nonzero(cells & 4) > 0
    assert cloud.generation == 30 and cloud.backend == "cpu"


def test_cloud_is_deterministic_and_loads_its_cells():
    params = catlab.CloudParams(p_hum=0.2, sources=[catlab.CloudSource(8, 8, 4, 6, 6, 3)],
                                wind=catlab.CloudWind(vx=0.25), seed=3)
    a = catlab.CloudSimulation((16, 16, 8), params=params, backend="cpu")
    b = catlab.CloudSimulation("16x16x8", params=params, backend="cpu")
    a.step(20)
    b.load(a.cells(), generation=20)
    a.step(5)
    b.step(5)
    assert np.array_equal(a.cells(), b.cells())
    density = a.density(1)
    assert density.shape == (8, 16, 16)


def test_cloud_bad_input_raises():
    with pytest.raises(catlab.Error):
        catlab.CloudSimulation((0, 4, 4))
    with pytest.raises(catlab.Error):
        catlab.CloudParams(p_ext=2.0)
    with pytest.raises(catlab.Error, match="unknown cloud backend"):
        catlab.CloudSimulation((8, 8, 8), backend="nope")
    cloud = catlab.CloudSimulation((8, 8, 8), backend="cpu")
    with pytest.raises(catlab.Error):
        cloud.density(9)
    with pytest.raises(catlab.Error):
        cloud.load(np.zeros((8, 8, 9), dtype=np.uint8))
    with pytest.raises(catlab.Error, match="bits"):
        cloud.load(np.full((8, 8, 8), 8, dtype=np.uint8))
    assert "cpu" in [b["name"] for b in catlab.cloud_backends()]
