"""Trains a small numpy policy with the batch environment (REINFORCE, no other dependency) and
measures it against the random bot.

The policy is linear over the features of each legal action (qwirkle.FEATURES: score, tiles placed,
Qwirkles made, distinct tiles kept, exchange size, ...): softmax(features @ w). It plays seat 0 of
N two-player games stepped together in C++ (qwirkle.env.BatchEnv); seat 1 plays uniformly random
legal actions. The reward is seat 0's share of the win at the end of each game.

    python3 python/examples/train_policy.py [iterations] [games-in-batch] [evaluation-games]

Prints the win rate against the random bot before training (w = 0: the policy is uniform random
itself) and after, each over the same evaluation seeds.
"""
import sys
import time

import numpy as np

import qwirkle
from qwirkle.env import BatchEnv


def policy(env, w, rng, greedy=False):
    """One slot per game from softmax(features @ w) over its legal actions (sampled, or the most
    likely with greedy=True), and per game the gradient of log π(slot) with respect to w."""
    feats, offsets = env.action_features_flat()            # [total, F], [N + 1]
    starts, counts = offsets[:-1], np.diff(offsets)
    game = np.repeat(np.arange(env.n), counts)               # the game of every row
    logits = feats @ w
    e = np.exp(logits - np.maximum.reduceat(logits, starts)[game])
    p = e / np.add.reduceat(e, starts)[game]
    if greedy:
        order = np.lexsort((-logits, game))                  # best row of each game first
        rows = order[starts]
    else:
        cs = np.cumsum(p)
        before = cs[starts] - p[starts]
        rows = np.minimum(np.searchsorted(cs, before + rng.random(env.n) * (cs[offsets[1:] - 1] - before)), offsets[1:] - 1)
        rows = np.maximum(rows, starts)
    expected = np.add.reduceat(p[:, None] * feats, starts)
    return rows - starts, feats[rows] - expected


def act(env, w, rng, greedy=False):
    """Slots for every game: the policy's where seat 0 acts, uniformly random ones for seat 1; and the
    gradients for seat 0's decisions (zeros elsewhere)."""
    ours, grad = policy(env, w, rng, greedy)
    theirs = (rng.random(env.n) * env.legal_counts()).astype(np.int64)
    mine = env.observe(board=False)["current_player"] == 0
    return np.where(mine, ours, theirs), np.where(mine[:, None], grad, 0.0)


def evaluate(w, games, greedy, seed=10_000_000, batch=200):
    env = BatchEnv(batch, players=2, seed=seed)
    rng = np.random.default_rng(seed)
    wins, done_games = 0.0, 0
    # Count only the first game of each slot of the batch: batch × rounds distinct seeds.
    rounds = (games + batch - 1) // batch
    for r in range(rounds):
        env.reset(seed + r * batch)
        finished = np.zeros(batch, dtype=bool)
        while not finished.all():
            slots, _ = act(env, w, rng, greedy=greedy)
            rewards, dones, _ = env.step(slots)
            new = dones & ~finished
            wins += rewards[new, 0].sum()
            done_games += int(new.sum())
            finished |= dones
    return wins / done_games, done_games


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    batch = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    eval_games = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    rng = np.random.default_rng(0)
    w = np.zeros(qwirkle.FEATURES)
    before, n = evaluate(w, eval_games, greedy=False)
    print(f"untrained (w = 0: uniform random) vs random: win rate {before:.3f} over {n} games")
    env = BatchEnv(batch, players=2, seed=1)
    grads = np.zeros((batch, qwirkle.FEATURES))
    baseline, lr = 0.5, 0.05
    t0 = time.time()
    finished_total = 0
    for it in range(iterations):
        update = np.zeros_like(w)
        finished = 0
        for _ in range(60):  # steps per iteration
            slots, g = act(env, w, rng)
            grads += g
            rewards, dones, _ = env.step(slots)
            for i in np.flatnonzero(dones):
                advantage = rewards[i, 0] - baseline
                update += advantage * grads[i]
                baseline += 0.01 * (rewards[i, 0] - baseline)
                grads[i] = 0
                finished += 1
        if finished:
            w += lr * update / finished
        finished_total += finished
        if (it + 1) % 10 == 0:
            print(f"  iteration {it + 1}: {finished_total} games, baseline win rate {baseline:.3f}")
    print(f"trained on {finished_total} games in {time.time() - t0:.1f} s; weights {np.round(w, 2).tolist()}")
    sampled, n = evaluate(w, eval_games, greedy=False)
    print(f"trained (sampling from the policy) vs random: win rate {sampled:.3f} over {n} games")
    after, n = evaluate(w, eval_games, greedy=True)
    print(f"trained (most likely action) vs random: win rate {after:.3f} over {n} games")


if __name__ == "__main__":
    main()
