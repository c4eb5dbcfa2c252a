"""MaskablePPO (sb3-contrib) on the Rust vector through match3.sb3, then the trained
policy against random legal play and the greedy bot on the same fresh episodes.

Needs Stable-Baselines3 and sb3-contrib (and so PyTorch), which this package does not
install: `pip install sb3-contrib`.

    python python/examples/maskable_ppo.py [STEPS] [ENVS]

Lines rules, 8x8 boards, 6 colours, 100 moves an episode; the one-hot observation; the
reward is the move's points scaled by 1/100 for training. Prints the training's steps per
second and wall time, and the mean points a move of each player over 256 new episodes
(seeds the training never saw).
"""

import sys
import time

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import VecMonitor

from match3.gym import Match3VectorEnv
from match3.sb3 import Match3SB3VecEnv

STEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 500_000
ENVS = int(sys.argv[2]) if len(sys.argv) > 2 else 64
OPTIONS = dict(rules="lines", size=(8, 8), colors=6, max_moves=100, obs_mode="onehot")


def train():
    env = VecMonitor(Match3SB3VecEnv(ENVS, seed=0, reward_scale=0.01, **OPTIONS))
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=1024, n_epochs=4, learning_rate=3e-4,
                        gamma=0.99, ent_coef=0.01, seed=0, device="cpu", verbose=0)
    start = time.perf_counter()
    model.learn(STEPS)
    return model, time.perf_counter() - start


def points_a_move(choose, episodes=256, seed=10_000):
    """Mean points a move over the first episode of each of `episodes` environments,
    with `choose(env, obs, masks)` picking every environment's action."""
    env = Match3VectorEnv(episodes, **OPTIONS)
    obs, info = env.reset(seed=seed)
    alive = np.ones(episodes, dtype=bool)
    points, moves = np.zeros(episodes), np.zeros(episodes)
    while alive.any():
        obs, reward, terminated, truncated, info = env.step(choose(env, obs, info["action_mask"]))
        points += np.where(alive, reward, 0)
        moves += alive
        alive &= ~(terminated | truncated)
    return points.sum() / moves.sum()


def main():
    model, seconds = train()
    print(f"trained {STEPS:,} steps on {ENVS} environments in {seconds:,.0f} s ({STEPS / seconds:,.0f} steps/s)")
    players = {
        "random legal": lambda env, obs, masks: env.sample_actions(),
        "MaskablePPO": lambda env, obs, masks: model.predict(obs, action_masks=masks.astype(bool),
                                                             deterministic=True)[0],
        "greedy bot": lambda env, obs, masks: env.bot_action("greedy", seed=1),
    }
    scores = {name: points_a_move(choose) for name, choose in players.items()}
    for name, score in scores.items():
        print(f"{name:<14} {score:7.1f} points a move ({score / scores['random legal'] - 1:+.0%} over random)")


if __name__ == "__main__":
    main()
