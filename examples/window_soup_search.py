"""A soup search shown live in the window: catlab --script examples/window_soup_search.py

Drops random soups into the middle of an empty torus under a Larger than Life rule, lets each one run
while you watch, and keeps those whose population neither dies out nor fills the grid, saving each as
RLE. Press q in the window to stop after the current soup, any other key to go on when it asks.
"""

import threading

import numpy as np

import catlab_window as w

RULE = "R5,C0,M1,S34..58,B34..45,NM"  # Bosco's Rule
SIZE = 256
SOUP = 40
SOUPS = 20
GENERATIONS = 300
STEPS_PER_FRAME = 5

stop = threading.Event()


def watch_for_q():
    # wait_key() blocks only this thread; the search goes on meanwhile.
    try:
        while w.wait_key() != "q":
            pass
        stop.set()
    except w.WindowClosed:
        stop.set()


def main():
    w.pause()
    w.set_rule(RULE)
    w.command(f"size {SIZE}x{SIZE}")
    w.fit()
    threading.Thread(target=watch_for_q, daemon=True).start()
    rng = np.random.default_rng(2024)
    kept = 0
    for soup in range(SOUPS):
        if stop.is_set():
            break
        w.command("clear")
        cells = (rng.random((SOUP, SOUP)) < 0.5).astype(np.uint8)
        w.put_cells((SIZE - SOUP) // 2, (SIZE - SOUP) // 2, cells)
        start = w.population()
        for _ in range(GENERATIONS // STEPS_PER_FRAME):
            w.step(STEPS_PER_FRAME)
            w.frames(1)  # draw it
            if w.population() == 0 or stop.is_set():
                break
        final = w.population()
        alive = 0 < final < SIZE * SIZE // 4
        w.show(f"soup {soup + 1}/{SOUPS}: population {start} -> {final} after {w.generation()} generations"
               + (", kept" if alive else ""))
        print(f"soup {soup + 1}: {start} -> {final}" + (" kept" if alive else ""), flush=True)
        if alive:
            kept += 1
            w.save(f"soup-{soup + 1}.rle")
        w.frames(30)  # half a second to look at it
    w.show(f"{kept} of {soup + 1} soups kept (soup-N.rle); close the window to finish")


main()
