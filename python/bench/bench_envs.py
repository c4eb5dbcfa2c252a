"""Random legal actions on 8x8, 6 colours, lines rules, side by side in one run: steps
per second of Match3VectorEnv (1024 environments on every core) in each observation
mode, with new arrays each step (the default) and with `copy=False`, with same-step
autoreset, of a single Match3Env, of tile-match-gym when it is installed (an optional
dependency: `pip install tile-match-gym`), and moves per second of `match3 simulate --bot
random --jobs 2` (the binary from MATCH3, the PATH, or this checkout's
`target/release`).

    python bench/bench_envs.py [SECONDS] [ROUNDS]

Each row is measured ROUNDS times (default 3) for SECONDS each (default 2), the rows
taking turns, and its best round is printed: on a shared machine, the round least slowed
by other work. Ratios compare rows of the same run.
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

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def timed(step):
    """Steps per second of `step()` (which returns how many steps it took) for SECONDS."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        steps += step()
    return steps / (time.perf_counter() - start)


def vector(n, numpy_sampling=False, **options):
    """A runner of `n` environments playing random legal actions, drawn in Rust (the
    vector's `sample_actions`) or in NumPy from the masks."""
    env = Match3VectorEnv(n, colors=6, **options)
    rng = np.random.default_rng(0)
    state = {"info": env.reset(seed=0)[1]}

    def step():
        if numpy_sampling:
            masks = state["info"]["action_mask"]
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        else:
            actions = env.sample_actions()
        state["info"] = env.step(actions)[4]
        return n
    return lambda: timed(step)


def single():
    """One Match3Env, a random legal action drawn from the mask each step."""
    env = Match3Env(colors=6)
    draw = random.Random(0).random
    state = {"info": env.reset(seed=0)[1]}

    def step():
        legal = np.flatnonzero(state["info"]["action_mask"])
        _, _, term, trunc, state["info"] = env.step(int(legal[int(draw() * len(legal))]))
        if term or trunc:
            state["info"] = env.reset()[1]
        return 1
    return lambda: timed(step)


def tile_match_gym(legal_only):
    """tile-match-gym's TileMatchEnv with its default specials. With `legal_only` it
    plays a random action among the effective ones it lists each step; without, any
    random action (most change nothing, so steps are cheaper: the issue's measurement)."""
    try:
        from tile_match_gym.tile_match_env import TileMatchEnv
    except ImportError:
        return None
    env = TileMatchEnv(8, 8, 6, 100, ["cookie"], ["vertical_laser", "horizontal_laser", "bomb"], seed=0)
    draw = random.Random(0).random
    state = {"info": env.reset()[1]}

    def step():
        info = state["info"]
        legal = info["effective_actions"] if legal_only else range(env.action_space.n)
        if not legal:
            state["info"] = env.reset()[1]
            return 0
        _, _, done, _, state["info"] = env.step(int(legal[int(draw() * len(legal))]))
        if done:
            state["info"] = env.reset()[1]
        return 1
    return lambda: timed(step)


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
    command = [binary, "simulate", "--rules", "lines", "--bot", "random", "--colors", "6", "--games", "20000",
               "--moves", "50", "--jobs", "2", "--json"]
    return lambda: json.loads(subprocess.run(command, capture_output=True, text=True,
                                             check=True).stdout)["moves_per_second"]


def main():
    # Every row but the first names what it changes from the row above it that it is
    # indented under.
    rows = [
        ("Match3VectorEnv(num_envs=1024), int8", vector(1024)),
        ("  the same, copy=False", vector(1024, copy=False)),
        ("  the same, actions drawn in NumPy", vector(1024, numpy_sampling=True)),
        ("  the same, same-step autoreset", vector(1024, autoreset_mode=AutoresetMode.SAME_STEP)),
        ("  onehot", vector(1024, obs_mode="onehot")),
        ("  image", vector(1024, obs_mode="image")),
        ("  dict", vector(1024, obs_mode="dict")),
        ("  rgb", vector(1024, obs_mode="rgb")),
        ("Match3Env", single()),
        ("tile-match-gym, any random action", tile_match_gym(legal_only=False)),
        ("tile-match-gym, random legal action", tile_match_gym(legal_only=True)),
        ("match3 simulate --bot random --jobs 2", simulate()),
    ]
    best = {name: None for name, _ in rows}
    for _ in range(ROUNDS):
        for name, run in rows:
            if run is not None:
                best[name] = max(best[name] or 0.0, run())
    base, sim = best["tile-match-gym, any random action"], best["match3 simulate --bot random --jobs 2"]
    print(f"{'what':<40} {'steps/s':>11} {'x tile-match-gym':>17} {'of simulate':>12}")
    for name, rate in best.items():
        if rate is None:
            missing = "pip install tile-match-gym" if "tile" in name else "build match3 or set MATCH3"
            print(f"{name:<40} {'-':>11}   not measured: {missing}")
            continue
        ratio = f"{rate / base:,.0f}x" if base else "-"
        share = f"{rate / sim:.0%}" if sim else "-"
        print(f"{name:<40} {rate:>11,.0f} {ratio:>17} {share:>12}")
    print(f"best of {ROUNDS} rounds of {SECONDS:g} s each; x tile-match-gym: against its any-action rate, "
          "the faster of its two.")


if __name__ == "__main__":
    main()
