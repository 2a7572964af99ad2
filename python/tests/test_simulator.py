import numpy as np
import pytest

import catlab
from conftest import RULES, random_grid

GLIDER = [(11, 10), (12, 11), (10, 12), (11, 12), (12, 12)]


@pytest.mark.parametrize("text", RULES)
def test_cpu_matches_the_oracle_bit_for_bit(text):
    rule = catlab.Rule(text)
    start = random_grid(101, 67, seed=3, states=rule.states)
    fast = catlab.Simulator(rule, start, backend="cpu")
    oracle = catlab.Simulator(rule, start, backend="cpu-naive")
    fast.step(50)
    oracle.step(50)
    assert fast.generation == oracle.generation == 50
    assert 0 < oracle.population < 101 * 67, "a dead or full grid would prove little"
    assert np.array_equal(fast.to_numpy(), oracle.to_numpy())


def test_switching_backend_mid_run_changes_nothing():
    start = random_grid(80, 60, seed=5)
    switched = catlab.Simulator("bosco", start, backend="cpu")
    switched.step(25)
    switched.switch_backend("cpu-naive")
    assert switched.backend == "cpu-naive"
    switched.step(25)
    straight = catlab.Simulator("bosco", start, backend="cpu-naive")
    straight.step(50)
    assert switched.snapshot() == straight.snapshot()


def test_auto_picks_a_backend_that_runs_here():
    sim = catlab.Simulator("B3/S23", size=64, backend="auto")
    assert sim.auto_backend and sim.backend in [b.name for b in catlab.backends() if b.available]
    assert sim.backend_reason
    assert catlab.choose_backend("B3/S23", (64, 64))[0] == sim.backend


def test_timing():
    sim = catlab.Simulator("B3/S23", size=(128, 96), density=0.4, seed=1, backend="cpu")
    assert sim.timed_step(5) >= 0.0
    assert sim.step_timer == "steady_clock"
    assert sim.generation == 5
    assert sim.memory == "host"


def test_host_state_is_the_backends_memory():
    for name in ["cpu", "cpu-naive"]:
        sim = catlab.Simulator("B3/S23", size=(40, 30), density=0.0, seed=1, backend=name)
        view = sim.state()
        assert (view.layout, view.memory, view.size, view.writable) == ("cells", "host", (40, 30), True)
        cells = np.asarray(view)
        assert cells.shape == (30, 40) and cells.__array_interface__["data"][0] == view.pointer
        assert not np.shares_memory(cells, sim.to_numpy())


@pytest.mark.parametrize("name", ["cpu", "cpu-naive"])
def test_a_numpy_write_through_the_state_is_stepped(name):
    sim = catlab.Simulator("B3/S23", size=(40, 30), density=0.0, seed=1, backend=name)
    sim.step(1)  # what the backend knows of its (empty) cells is now stale once they are written
    cells = np.asarray(sim.state())
    for x, y in GLIDER:
        cells[y, x] = 1
    del cells
    sim.step(8)
    expected = catlab.Grid(40, 30)
    for x, y in GLIDER:
        expected.cells[y, x] = 1
    oracle = catlab.Simulator("B3/S23", expected, backend="cpu-naive")
    oracle.step(8)
    assert sim.population == 5
    assert sim.snapshot() == oracle.snapshot()


def test_host_views_through_dlpack():
    sim = catlab.Simulator("B3/S23", size=(24, 16), density=0.5, seed=3, backend="cpu")
    view = sim.state()
    assert view.__dlpack_device__() == (1, 0)
    cells = np.from_dlpack(view)
    assert cells.__array_interface__["data"][0] == view.pointer
    assert np.array_equal(cells, sim.to_numpy())
    with pytest.raises(BufferError):
        view.__dlpack__(copy=True)
    capsule = view.__dlpack__(max_version=(1, 0))
    del capsule  # never consumed: freed by the capsule itself


def test_a_view_goes_stale_when_the_simulator_steps():
    sim = catlab.Simulator("B3/S23", size=32, backend="cpu")
    view = sim.state()
    assert view.current
    sim.step()
    assert not view.current
    with pytest.raises(catlab.Error, match="stale"):
        np.asarray(view)
    assert "stale" in repr(view)


def test_views_alive_block_what_would_free_their_memory():
    sim = catlab.Simulator("B3/S23", size=32, backend="cpu")
    cells = np.asarray(sim.state())
    for change in [lambda: sim.switch_backend("cpu-naive"), lambda: sim.set_rule("bosco"),
                   lambda: sim.load(catlab.Grid(32, 32))]:
        with pytest.raises(catlab.Error, match="view"):
            change()
    assert sim.backend == "cpu" and sim.rule == catlab.Rule("B3/S23")
    cells[0, 0] = 1  # still the simulator's memory
    del cells
    sim.switch_backend("cpu-naive")
    assert sim.backend == "cpu-naive"


def test_painting_wraps_around_the_torus():
    sim = catlab.Simulator("B3/S23", size=(20, 10), density=0.0, seed=1, backend="cpu")
    block = np.ones((3, 4), dtype=np.uint8)
    sim.write_cells(18, 9, block)
    assert sim.population == 12
    assert np.array_equal(sim.read_cells(-2, -1, 4, 3), block)
    assert sim.to_numpy()[0, 0] == 1 and sim.to_numpy()[9, 19] == 1
    with pytest.raises(catlab.Error):
        sim.write_cells(0, 0, np.full((2, 2), 5, dtype=np.uint8))  # Life has no state 5
    with pytest.raises(catlab.Error):
        sim.read_cells(0, 0, 21, 1)


def test_rule_and_grid_changes():
    sim = catlab.Simulator("B3/S23", size=(30, 20), density=0.5, seed=2, backend="cpu")
    sim.set_rule("bosco")
    assert sim.rule == catlab.Rule("bosco")
    sim.load(catlab.Grid(50, 40))
    assert sim.size == (50, 40) and sim.generation == 0 and sim.population == 0
    sim.load(np.ones((12, 12), dtype=np.uint8), rule="B3/S23")
    assert sim.size == (12, 12) and sim.population == 144


def test_bad_arguments_raise_with_the_engines_message():
    with pytest.raises(catlab.Error, match="unknown backend 'nope'"):
        catlab.Simulator("B3/S23", size=32, backend="nope")
    with pytest.raises(catlab.Error, match="negative"):
        catlab.Simulator("B3/S23", size=32, backend="cpu").step(-1)
    with pytest.raises(catlab.Error, match="grid"):
        catlab.Simulator("B3/S23")
    with pytest.raises(catlab.Error, match="not both"):
        catlab.Simulator("B3/S23", catlab.Grid(8, 8), size=8)
    with pytest.raises(catlab.Error, match="grid side -4"):
        catlab.Simulator("B3/S23", size=(-4, 8))
    with pytest.raises(catlab.Error, match="density"):
        catlab.Simulator("B3/S23", size=8, density=2.0)
    with pytest.raises(catlab.Error):
        catlab.Simulator("bosco", size=(5, 5), backend="cpu")  # smaller than the neighbourhood
    with pytest.raises(catlab.Error, match="host memory"):
        catlab.Simulator("B3/S23", size=32, backend="cpu").cells_on_device()
    with pytest.raises(TypeError):
        catlab.Simulator("B3/S23", size=8, seed=-1)
    with pytest.raises(TypeError):
        catlab.Simulator("B3/S23", size=8).step("many")


def test_backends_say_where_they_run_and_what_they_compute():
    listed = {b.name: b for b in catlab.backends()}
    assert {"cpu-naive", "cpu", "base", "bitlife"} <= listed.keys()
    assert listed["cpu"].where == "cpu" and listed["cpu"].available and listed["cpu"].unavailable_reason is None
    assert listed["bitlife"].where == "gpu"
    if not listed["bitlife"].available:
        assert listed["bitlife"].unavailable_reason
    if listed["bitlife"].built:
        assert listed["bitlife"].computes("B3/S23")
        assert not listed["bitlife"].computes("bosco")
        assert listed["bitlife"].unsupported_reason("bosco")
    else:  # a build without CUDA names its GPU backends but computes nothing on them
        assert not listed["bitlife"].computes("B3/S23")
        assert "not in this build" in listed["bitlife"].unsupported_reason("B3/S23")
    assert listed["cpu"].built
    host, device = listed["cpu"].memory_need("B3/S23", (1000, 1000))
    assert host >= 2 * 1000 * 1000 and device == 0
    with pytest.raises(catlab.Error, match="unknown backend"):
        catlab.backend("nope")


def test_bench_times_what_runs_and_says_why_not_for_the_rest():
    results = catlab.bench("B3/S23", size=64, backends=["cpu", "cpu-naive", "bitlife"], steps=2, repeats=2)
    timed = {r.backend: r for r in results if not r.skipped}
    assert {"cpu", "cpu-naive"} <= timed.keys()
    assert all(r.ms_per_step > 0 and r.cell_updates_per_s > 0 and r.timer for r in timed.values())
    for r in results:
        if r.backend == "bitlife" and catlab.gpu_unavailable_reason():
            assert r.skipped and r.ms_per_step is None


@pytest.mark.parametrize("name", ["cpu", "cpu-naive"])
def test_a_bounded_topology_runs_and_shows_its_cells_in_place(name):
    rule, size = catlab.parse_rule("B3/S23:K40*+1,30")
    assert size == (40, 30)
    start = random_grid(40, 30, seed=7)
    sim = catlab.Simulator(rule, start, backend=name)
    oracle = catlab.Simulator(rule, start, backend="cpu-naive")
    sim.step(12)
    oracle.step(12)
    assert np.array_equal(sim.to_numpy(), oracle.to_numpy())
    cells = np.asarray(sim.state())
    assert cells.shape == (30, 40)
    assert np.array_equal(cells, oracle.to_numpy())
