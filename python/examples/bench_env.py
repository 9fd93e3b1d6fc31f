"""Throughput of the environments with a uniformly random policy (one core).

    python3 python/examples/bench_env.py [repeats]

Prints steps per second of process CPU time (the machine's load does not count) and of wall time,
for: the per-step API (TileEnv: observe() with its action mask, a random legal slot, step), the same
without building observations, and the batch API (BatchEnv of 256 games: slots drawn with numpy from
legal_counts(), and step_random drawing them in C++).
"""
import random
import sys
import time

import numpy as np

from qwirkle.env import BatchEnv, TileEnv


def measure(f):
    c, t = time.process_time(), time.perf_counter()
    n = f()
    return n / (time.process_time() - c), n / (time.perf_counter() - t)


def per_step_observe():
    env, rng, steps = TileEnv(seed=0), random.Random(0), 0
    for s in range(30):
        env.reset(seed=s)
        while not env.is_terminal():
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(rng.randrange(int(mask.sum())))  # legal slots are 0 .. count − 1
            steps += 1
    return steps


def per_step_plain():
    env, rng, steps = TileEnv(seed=0), random.Random(0), 0
    for s in range(100):
        env.reset(seed=s)
        while not env.is_terminal():
            env.step(rng.randrange(env.num_legal()))
            steps += 1
    return steps


def batch_numpy():
    b, rng = BatchEnv(256, seed=1), np.random.default_rng(0)
    for _ in range(100):
        b.step(b.random_slots(rng))
    return b.steps


def batch_cpp():
    b = BatchEnv(256, seed=1)
    for i in range(100):
        b.step_random(i)
    return b.steps


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for name, f in [("per-step API, observe + mask", per_step_observe), ("per-step API, no observation", per_step_plain),
                    ("batch API, numpy random slots", batch_numpy), ("batch API, step_random", batch_cpp)]:
        runs = [measure(f) for _ in range(repeats)]
        cpu = sorted(r[0] for r in runs)
        wall = sorted(r[1] for r in runs)
        print(f"{name:32s} CPU {cpu[len(cpu) // 2]:>9,.0f} steps/s (min {cpu[0]:,.0f}, max {cpu[-1]:,.0f})"
              f"   wall {wall[len(wall) // 2]:>9,.0f}")


if __name__ == "__main__":
    main()
