#!/usr/bin/env python3
"""Soup search for Larger than Life spaceships over a range of rules.

Around a base rule (Bosco's Rule by default) the birth and survival upper bounds are varied by up to
--vary counts each way. For every rule, --soups random soups are run on a torus; a soup that settles
into one object that comes back shifted after some period is a spaceship (or, shifted by nothing, an
oscillator, which is not reported). Runs on the fastest backend for each rule (a GPU one where there is
a GPU), or on --backend.

    python3 examples/ltl_spaceship_search.py --vary 3 --soups 16
    python3 examples/ltl_spaceship_search.py --rule "R7,C0,M1,S65..114,B65..84,NM" --size 512 --steps 1500
"""

import argparse

import numpy as np

import catlab


def rules_around(base, vary):
    """The base rule with the upper ends of its birth and survival intervals moved by -vary..vary."""
    for db in range(-vary, vary + 1):
        for ds in range(-vary, vary + 1):
            rule = catlab.Rule(base.format())
            (blo, bhi), (slo, shi) = base.birth[0], base.survival[0]
            try:
                rule.birth = [(blo, bhi + db)]
                rule.survival = [(slo, shi + ds)]
            except catlab.Error:
                continue  # outside the neighbourhood
            yield rule


def centring_shift(occupied):
    """The roll that puts the middle of the longest empty (circular) run of rows or columns at the edge,
    so that an object crossing the torus seam is whole again."""
    n = len(occupied)
    best_length, best_start, run = 0, 0, 0
    for i, taken in enumerate(np.concatenate([occupied, occupied])):
        run = 0 if taken else run + 1
        if run > best_length:
            best_length, best_start = run, i - run + 1
    return -((best_start + best_length // 2) % n)


def bounding_box(cells):
    """(x0, y0, x1, y1) of the live cells, or None when there are none or they reach the edge."""
    ys, xs = np.nonzero(cells == 1)
    if len(xs) == 0:
        return None
    box = xs.min(), ys.min(), xs.max() + 1, ys.max() + 1
    h, w = cells.shape
    if box[0] == 0 or box[1] == 0 or box[2] == w or box[3] == h:
        return None
    return box


def crop(cells, box):
    x0, y0, x1, y1 = box
    return cells[y0:y1, x0:x1] != 0


def find_spaceship(sim, max_period):
    """(period, dx, dy) when the cells come back shifted within max_period steps, else None."""
    start = sim.to_numpy()
    live = start == 1
    shift = (centring_shift(live.any(axis=1)), centring_shift(live.any(axis=0)))
    box = bounding_box(np.roll(start, shift, axis=(0, 1)))
    if box is None:
        return None
    shape = crop(np.roll(start, shift, axis=(0, 1)), box)
    for period in range(1, max_period + 1):
        sim.step(1)
        now = np.roll(sim.to_numpy(), shift, axis=(0, 1))
        moved = bounding_box(now)
        if moved is None:
            return None
        if crop(now, moved).shape == shape.shape and np.array_equal(crop(now, moved), shape):
            dx, dy = moved[0] - box[0], moved[1] - box[1]
            return (period, dx, dy) if (dx, dy) != (0, 0) else None
    return None


def soup(size, soup_side, density, seed):
    rng = np.random.default_rng(seed)
    cells = np.zeros((size, size), dtype=np.uint8)
    lo = (size - soup_side) // 2
    cells[lo:lo + soup_side, lo:lo + soup_side] = rng.random((soup_side, soup_side)) < density
    return cells


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule", default="bosco", help="the base rule: a preset or a rule string")
    parser.add_argument("--vary", type=int, default=2, help="counts to move each upper bound by, each way")
    parser.add_argument("--soups", type=int, default=8, help="soups per rule")
    parser.add_argument("--size", type=int, default=384, help="torus side")
    parser.add_argument("--soup-side", type=int, default=48)
    parser.add_argument("--density", type=float, default=0.5)
    parser.add_argument("--steps", type=int, default=1000, help="steps before looking for a spaceship")
    parser.add_argument("--max-period", type=int, default=200, help="Bosco's spaceship has period 166")
    parser.add_argument("--backend", default="auto")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    base = catlab.Rule(args.rule)
    found = 0
    for rule in rules_around(base, args.vary):
        for k in range(args.soups):
            seed = args.seed + k
            sim = catlab.Simulator(rule, soup(args.size, args.soup_side, args.density, seed), backend=args.backend)
            sim.step(args.steps)
            if sim.population == 0:
                continue
            ship = find_spaceship(sim, args.max_period)
            if ship:
                period, dx, dy = ship
                found += 1
                print(f"{rule}  soup {seed}: spaceship, period {period}, moves ({dx}, {dy}), "
                      f"{sim.population} cells  [{sim.backend}]", flush=True)
    print(f"{found} spaceship soup(s) found")


if __name__ == "__main__":
    main()
