#!/usr/bin/env python3
"""How the starting density decides the outcome: the live fraction after --steps steps against the
fraction at the start, for a few seeds each, plotted with matplotlib.

    python3 examples/density_sweep.py --rule bosco --size 512 --steps 500 --out bosco-sweep.png
"""

import argparse

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt
import numpy as np

import catlab


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule", default="bosco")
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--densities", type=int, default=19, help="starting densities between 0.05 and 0.95")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--backend", default="auto")
    parser.add_argument("--out", default="density-sweep.png")
    args = parser.parse_args()

    rule = catlab.Rule(args.rule)
    densities = np.linspace(0.05, 0.95, args.densities)
    cells = args.size * args.size
    finals = np.zeros((args.seeds, len(densities)))
    backend = None
    for j, density in enumerate(densities):
        for seed in range(args.seeds):
            sim = catlab.Simulator(rule, size=args.size, density=float(density), seed=seed + 1, backend=args.backend)
            sim.step(args.steps)
            finals[seed, j] = sim.population / cells
            backend = sim.backend
        print(f"density {density:.2f}: live fraction after {args.steps} steps "
              f"{finals[:, j].mean():.4f} (+- {finals[:, j].std():.4f})", flush=True)

    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.errorbar(densities, finals.mean(axis=0), yerr=finals.std(axis=0), marker="o", capsize=3)
    ax.set_xlabel("live fraction at the start")
    ax.set_ylabel(f"live fraction after {args.steps} steps")
    ax.set_title(f"{rule}  ({args.size}x{args.size}, {args.seeds} seeds, {backend})")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
