import numpy as np
import pytest

import catlab

GPU_REASON = catlab.gpu_unavailable_reason()


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs a CUDA device (skipped, saying why, without one)")


def pytest_collection_modifyitems(config, items):
    if GPU_REASON is None:
        return
    skip = pytest.mark.skip(reason=f"no GPU here: {GPU_REASON}")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def random_grid(width, height, density=0.5, seed=7, states=2):
    """A random start with every state of the rule (fill_random gives 0 and 1 only)."""
    rng = np.random.default_rng(seed)
    cells = (rng.random((height, width)) < density).astype(np.uint8)
    if states > 2:
        decaying = rng.integers(2, states, size=(height, width), dtype=np.uint8)
        cells = np.where(rng.random((height, width)) < 0.2, decaying, cells).astype(np.uint8)
    return catlab.Grid.from_array(cells)


# Rules of each kind: life-like, Larger than Life (a preset), Generations with von Neumann and the
# centre, circular.
RULES = ["B3/S23", "bosco", "R2,C4,M1,S3..6,B4..5,NN", "R3,C0,M0,S8..14,B9..12,NC"]
