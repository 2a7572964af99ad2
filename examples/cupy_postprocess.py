#!/usr/bin/env python3
"""Post-processing a GPU grid with CuPy without copying it off the device (or anywhere).

The simulator's state is handed to CuPy as it lies in the backend's memory (Simulator.state(), through
__cuda_array_interface__); catlab.unpack turns a packed layout into one byte per cell on the device.
CuPy then computes, on the GPU, the live fraction in each 16x16 block (a coarse heat map), the
population of every row, and the centre of mass; only these small results come to the host.

    python3 examples/cupy_postprocess.py --rule bosco --size 4096 --backend boxsum --out heat.png
"""

import argparse

import cupy
import numpy as np

import catlab


def block_density(alive, block):
    h, w = (alive.shape[0] // block) * block, (alive.shape[1] // block) * block
    blocks = alive[:h, :w].reshape(h // block, block, w // block, block)
    return blocks.mean(axis=(1, 3))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule", default="bosco")
    parser.add_argument("--size", type=int, default=2048)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--backend", default="auto")
    parser.add_argument("--block", type=int, default=16)
    parser.add_argument("--out", help="save the heat map as PNG (matplotlib)")
    args = parser.parse_args()

    sim = catlab.Simulator(args.rule, size=args.size, density=0.5, seed=1, backend=args.backend)
    if sim.memory != "device":
        raise SystemExit(f"{sim.backend} runs on the CPU; this example is for a GPU backend "
                         f"({catlab.gpu_unavailable_reason() or 'pick one with --backend'})")
    sim.step(args.steps)

    view = sim.state()
    state = cupy.asarray(view)  # the backend's own memory: no copy
    assert state.data.ptr == view.pointer
    cells = catlab.unpack(state, view.layout, view.size)  # one byte per cell (a view for 'cells')
    alive = cells == 1

    heat = block_density(alive.astype(cupy.float32), args.block)
    rows = alive.sum(axis=1)
    ys, xs = cupy.nonzero(alive)
    print(f"{sim.rule} on {sim.backend} ({view.layout} layout, {view.shape} {view.typestr}), generation {sim.generation}")
    print(f"population {int(rows.sum())} (the engine says {sim.population})")
    print(f"busiest row {int(rows.argmax())} with {int(rows.max())} cells; centre of mass "
          f"({float(xs.mean()):.1f}, {float(ys.mean()):.1f})")
    print(f"heat map {heat.shape}: live fraction per {args.block}x{args.block} block "
          f"{float(heat.min()):.3f}..{float(heat.max()):.3f}")
    del state, cells, alive  # views of the state: let the simulator change backend or rule again

    if args.out:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        plt.imsave(args.out, cupy.asnumpy(heat), cmap="magma", vmin=0.0, vmax=1.0)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
