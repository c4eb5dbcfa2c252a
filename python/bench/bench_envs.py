"""Random legal actions on 8x8, 6 colours, lines rules: steps per second of
Match3VectorEnv (1024 environments, int8 observations), of a single Match3Env, of
tile-match-gym when it is installed, and moves per second of `match3 simulate --bot
random --jobs 2` when the binary is on the PATH or given as MATCH3.

    python bench/bench_envs.py [SECONDS]
"""

import json
import os
import shutil
import subprocess
import sys
import time

import numpy as np

from match3.gym import Match3Env, Match3VectorEnv

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0


def random_actions(rng, masks):
    """A uniformly random legal action per row of masks, without a Python loop."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def vector(n, numpy_sampling=False):
    env = Match3VectorEnv(n, colors=6)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        if numpy_sampling:
            actions = random_actions(rng, info["action_mask"])
        else:
            actions = env.sample_actions()
        _, _, _, _, info = env.step(actions)
        steps += n
    return steps / (time.perf_counter() - start)


def single():
    env = Match3Env(colors=6)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        a = int(random_actions(rng, info["action_mask"][None])[0])
        _, _, term, trunc, info = env.step(a)
        if term or trunc:
            _, info = env.reset()
        steps += 1
    return steps / (time.perf_counter() - start)


def tile_match_gym():
    try:
        from tile_match_gym.tile_match_env import TileMatchEnv
    except ImportError:
        return None
    env = TileMatchEnv(8, 8, 6, 2, [], 100, seed=0)
    env.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        _, _, done, _, _ = env.step(int(rng.integers(env.action_space.n)))
        if done:
            env.reset()
        steps += 1
    return steps / (time.perf_counter() - start)


def simulate():
    binary = os.environ.get("MATCH3") or shutil.which("match3")
    if not binary:
        return None
    out = subprocess.run([binary, "simulate", "--rules", "lines", "--bot", "random", "--colors", "6",
                          "--games", "20000", "--moves", "50", "--jobs", "2", "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["moves_per_second"]


rows = [
    ("Match3VectorEnv(num_envs=1024), int8", vector(1024)),
    ("  the same, actions drawn in NumPy", vector(1024, numpy_sampling=True)),
    ("Match3Env", single()),
    ("tile-match-gym (random actions)", tile_match_gym()),
    ("match3 simulate --bot random --jobs 2", simulate()),
]
base = rows[3][1]
print(f"{'what':<42} {'steps/s':>12} {'x tile-match-gym':>18}")
for name, rate in rows:
    if rate is None:
        print(f"{name:<42} {'not installed':>12}")
        continue
    ratio = f"{rate / base:.0f}x" if base else "-"
    print(f"{name:<42} {rate:>12,.0f} {ratio:>18}")
