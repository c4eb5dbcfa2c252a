"""Random legal actions on 8x8, 6 colours, lines rules, side by side in one run: steps
per second of Match3VectorEnv (1024 environments on every core) in each observation
mode, with new arrays each step (the default) and with `copy=False`, with same-step
autoreset, of a single Match3Env, of tile-match-gym when it is installed (an optional
dependency: `pip install tile-match-gym`), and moves per second of `match3 simulate --bot
random --jobs 2` (the binary from MATCH3, the PATH, or this checkout's
`target/release`).

    python bench/bench_envs.py [SECONDS]
"""

import json
import os
import random
import shutil
import subprocess
import sys
import time

import numpy as np

from gymnasium.vector import AutoresetMode

from match3.gym import Match3Env, Match3VectorEnv

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0


def random_actions(rng, masks):
    """A uniformly random legal action per row of masks, without a Python loop."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def vector(n, numpy_sampling=False, **options):
    env = Match3VectorEnv(n, colors=6, **options)
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
    draw = random.Random(0).random
    _, info = env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        legal = np.flatnonzero(info["action_mask"])
        _, _, term, trunc, info = env.step(int(legal[int(draw() * len(legal))]))
        if term or trunc:
            _, info = env.reset()
        steps += 1
    return steps / (time.perf_counter() - start)


def tile_match_gym(legal_only):
    """tile-match-gym's TileMatchEnv with its default specials. With ``legal_only`` it
    plays a random action among the effective ones it lists each step; without, any
    random action (most change nothing, so steps are cheaper: the issue's measurement)."""
    try:
        from tile_match_gym.tile_match_env import TileMatchEnv
    except ImportError:
        return None
    env = TileMatchEnv(8, 8, 6, 100, ["cookie"], ["vertical_laser", "horizontal_laser", "bomb"], seed=0)
    _, info = env.reset()
    draw = random.Random(0).random
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        legal = info["effective_actions"] if legal_only else range(env.action_space.n)
        if not legal:
            _, info = env.reset()
            continue
        _, _, done, _, info = env.step(int(legal[int(draw() * len(legal))]))
        if done:
            _, info = env.reset()
        steps += 1
    return steps / (time.perf_counter() - start)


def match3_binary():
    """MATCH3, else `match3` on the PATH, else this checkout's release build."""
    built = os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "match3")
    for candidate in [os.environ.get("MATCH3"), shutil.which("match3"), built]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def simulate():
    binary = match3_binary()
    if not binary:
        return None
    out = subprocess.run([binary, "simulate", "--rules", "lines", "--bot", "random", "--colors", "6",
                          "--games", "20000", "--moves", "50", "--jobs", "2", "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["moves_per_second"]


def main():
    rows = [
        ("Match3VectorEnv(num_envs=1024), int8", vector(1024)),
        ("  the same, copy=False", vector(1024, copy=False)),
        ("  the same, actions drawn in NumPy", vector(1024, numpy_sampling=True)),
        ("  onehot", vector(1024, obs_mode="onehot")),
        ("  onehot, copy=False", vector(1024, obs_mode="onehot", copy=False)),
        ("  image", vector(1024, obs_mode="image")),
        ("  dict", vector(1024, obs_mode="dict")),
        ("  rgb", vector(1024, obs_mode="rgb")),
        ("  int8, same-step autoreset", vector(1024, autoreset_mode=AutoresetMode.SAME_STEP)),
        ("Match3Env", single()),
        ("tile-match-gym, any random action", tile_match_gym(legal_only=False)),
        ("tile-match-gym, random legal action", tile_match_gym(legal_only=True)),
        ("match3 simulate --bot random --jobs 2", simulate()),
    ]
    base = next(rate for name, rate in rows if name.startswith("tile-match-gym, any"))
    sim = rows[-1][1]
    print(f"{'what':<40} {'steps/s':>11} {'x tile-match-gym':>17} {'of simulate':>12}")
    # The other rows' options are the first row's but for what they name.
    for name, rate in rows:
        if rate is None:
            missing = "pip install tile-match-gym" if "tile" in name else "build match3 or set MATCH3"
            print(f"{name:<40} {'-':>11}   not measured: {missing}")
            continue
        ratio = f"{rate / base:,.0f}x" if base else "-"
        share = f"{rate / sim:.0%}" if sim else "-"
        print(f"{name:<40} {rate:>11,.0f} {ratio:>17} {share:>12}")
    print("x tile-match-gym: against its any-action rate, the faster of its two.")


if __name__ == "__main__":
    main()
