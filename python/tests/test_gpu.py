"""The GPU backends from Python: bit identity with cpu-naive, and the state handed to CuPy and PyTorch
without a copy. Marked gpu: skipped, saying why, without a CUDA device."""

import numpy as np
import pytest

import catlab
from conftest import RULES, random_grid

pytestmark = pytest.mark.gpu


def gpu_backends():
    return [b.name for b in catlab.backends() if b.where == "gpu"]


def computed(name):
    spec = catlab.backend(name)
    return [text for text in RULES if spec.computes(text)]


@pytest.mark.parametrize("name", gpu_backends())
def test_gpu_backends_match_the_oracle(name):
    for text in computed(name):
        rule = catlab.Rule(text)
        start = random_grid(101, 67, seed=3, states=rule.states)
        gpu = catlab.Simulator(rule, start, backend=name)
        oracle = catlab.Simulator(rule, start, backend="cpu-naive")
        gpu.step(50)
        oracle.step(50)
        assert gpu.memory == "device" and gpu.step_timer == "cuda-events"
        assert np.array_equal(gpu.to_numpy(), oracle.to_numpy()), f"{name} on {text}"


@pytest.mark.parametrize("name", gpu_backends())
def test_cupy_takes_the_state_without_a_copy(name):
    cupy = pytest.importorskip("cupy")
    for text in computed(name):
        rule = catlab.Rule(text)
        sim = catlab.Simulator(rule, random_grid(101, 67, seed=4, states=rule.states), backend=name)
        sim.step(3)
        view = sim.state()
        assert view.memory == "device" and view.current
        array = cupy.asarray(view)
        assert array.data.ptr == view.pointer
        assert array.shape == view.shape and array.strides == view.strides
        assert np.array_equal(cupy.asnumpy(catlab.unpack(array, view.layout, view.size)), sim.to_numpy())
        from_dlpack = cupy.from_dlpack(view)
        assert from_dlpack.data.ptr == view.pointer
        del array, from_dlpack


@pytest.mark.parametrize("name", gpu_backends())
def test_torch_takes_the_state_without_a_copy(name):
    torch = pytest.importorskip("torch")
    sim = catlab.Simulator(computed(name)[0], size=(96, 64), density=0.4, seed=2, backend=name)
    view = sim.state()
    through_dlpack = torch.utils.dlpack.from_dlpack(view)
    assert through_dlpack.data_ptr() == view.pointer
    assert tuple(through_dlpack.shape) == view.shape
    # PyTorch takes __cuda_array_interface__ only for writable memory; the packed layouts are read-only
    # there (DLPack has no such flag), so PyTorch takes them through DLPack alone.
    if view.writable:
        assert torch.as_tensor(view, device="cuda").data_ptr() == view.pointer
    else:
        with pytest.raises(TypeError, match="read only"):
            torch.as_tensor(view, device="cuda")
    assert view.__dlpack_device__()[0] == 2  # kDLCUDA


def test_a_cupy_write_into_a_byte_grid_is_stepped():
    cupy = pytest.importorskip("cupy")
    sim = catlab.Simulator("B3/S23", size=(40, 30), density=0.0, seed=1, backend="base")
    view = sim.state()
    assert view.layout == "cells" and view.writable
    cells = cupy.asarray(view)
    for x, y in [(11, 10), (12, 11), (10, 12), (11, 12), (12, 12)]:
        cells[y, x] = 1
    glider = cupy.asnumpy(cells)
    del cells
    sim.step(8)
    oracle = catlab.Simulator("B3/S23", glider, backend="cpu-naive")
    oracle.step(8)
    assert sim.snapshot() == oracle.snapshot() and sim.population == 5


@pytest.mark.parametrize("name", gpu_backends())
def test_byte_per_cell_copy_on_the_device(name):
    cupy = pytest.importorskip("cupy")
    sim = catlab.Simulator(computed(name)[0], size=(77, 51), density=0.4, seed=5, backend=name)
    sim.step(2)
    copy = sim.cells_on_device()
    assert copy.layout == "cells" and copy.shape == (51, 77)
    assert np.array_equal(cupy.asnumpy(cupy.asarray(copy)), sim.to_numpy())
    sim.step(1)
    assert copy.current  # a copy is never stale


def test_device_views_go_stale_and_block_switching():
    sim = catlab.Simulator("B3/S23", size=64, backend="base")
    view = sim.state()
    with pytest.raises(catlab.Error, match="view"):
        sim.switch_backend("cpu")
    sim.step()
    with pytest.raises(catlab.Error, match="stale"):
        view.__cuda_array_interface__
    del view
    sim.switch_backend("cpu")
    assert not hasattr(sim.state(), "__cuda_array_interface__")


def test_switching_between_gpu_and_cpu_mid_run():
    start = random_grid(120, 90, seed=8)
    sim = catlab.Simulator("bosco", start, backend="cpu")
    for name in ["boxsum", "base", "cpu", "mcell"]:
        sim.step(10)
        sim.switch_backend(name)
    sim.step(10)
    oracle = catlab.Simulator("bosco", start, backend="cpu-naive")
    oracle.step(50)
    assert sim.snapshot() == oracle.snapshot()


def test_cloud_on_the_gpu_matches_the_cpu():
    params = catlab.CloudParams(sources=[catlab.CloudSource(20, 20, 6, 10, 10, 4)], wind=catlab.CloudWind(0.2, 0, 0.6, 0.1), seed=9)
    gpu = catlab.CloudSimulation((48, 40, 16), params=params, backend="cuda")
    cpu = catlab.CloudSimulation((48, 40, 16), params=params, backend="cpu")
    gpu.step(40)
    cpu.step(40)
    assert np.array_equal(gpu.cells(), cpu.cells())
    assert np.array_equal(gpu.density(2), cpu.density(2))
