"""The environments: AEC shape, masks and codes, illegal steps refused, rewards, the batch env."""
import numpy as np
import pytest

import qwirkle
from qwirkle.env import BatchEnv, CardEnv, TileEnv


def play_random(env, rng):
    steps = 0
    while not env.is_terminal():
        obs, _, term, trunc, _ = env.last()
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        assert len(legal) == min(len(env.legal_actions()), env.max_actions) > 0
        env.step(int(rng.choice(legal)))
        steps += 1
    return steps


def test_tile_env_aec_cycle():
    env = TileEnv(players=3, seed=0)
    rng = np.random.default_rng(0)
    for seed in range(5):
        env.reset(seed=seed)
        assert env.agents == ["player_0", "player_1", "player_2"]
        assert env.agent_selection == f"player_{env.current_player()}"
        other = next(a for a in env.agents if a != env.agent_selection)
        assert not env.observe(other)["action_mask"].any()
        steps = play_random(env, rng)
        assert steps > 10 and all(env.terminations.values())
        r = env.returns()
        assert sum(env._cumulative_rewards.values()) == pytest.approx(1.0)
        assert [env._cumulative_rewards[a] for a in env.possible_agents] == pytest.approx(r)


def test_tile_env_observation_has_no_hidden_information():
    env = TileEnv(players=2, seed=3, window=24)
    obs = env.observe(env.agent_selection)["observation"]
    assert obs["board"].shape == (3, 24, 24)
    assert obs["hand"].sum() == 6 and obs["unseen"].sum() == 108 - 6
    # Two games differing only in the other hand and the bag look the same: compare with a Game
    g = qwirkle.Game(players=2, seed=3)
    o = g.observe(env.current_player(), window=24)
    for k in ("hand", "unseen", "scores", "hand_sizes", "board"):
        assert (o[k] == obs[k]).all()


def test_tile_env_illegal_steps_change_nothing():
    env = TileEnv(seed=1)
    codes = env.legal_actions()
    with pytest.raises(qwirkle.IllegalAction):
        env.step(len(codes))
    with pytest.raises(qwirkle.IllegalAction):
        env.step(-1)
    with pytest.raises(qwirkle.IllegalAction) as e:
        env.step_code("pass")
    assert e.value.rule == "opening_must_place"
    assert (env.legal_actions() == codes).all()
    env.step_code(int(codes[0]))
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_score_rewards_add_up_to_the_scores():
    env = TileEnv(seed=9, reward="score")
    rng = np.random.default_rng(9)
    play_random(env, rng)
    assert [env._cumulative_rewards[a] for a in env.possible_agents] == env.scores()


def test_tile_env_slots_follow_the_library_order():
    # placements in the generator's order, then exchanges smallest first, and the same order as BatchEnv
    env, g = TileEnv(seed=4), qwirkle.Game(players=2, seed=4)
    b = BatchEnv(1, seed=4)
    rng = np.random.default_rng(4)
    for step in range(40):
        codes = env.legal_actions()
        moves = [m.code for m in g.legal_moves()]
        # The generator's order depends on the order in which earlier moves placed their tiles
        # (the game below replays codes, whose moves come in span order): the same from the start only.
        assert (list(codes[: len(moves)]) == moves) if step == 0 else (set(codes[: len(moves)]) == set(moves))
        kinds = [qwirkle.decode(int(c)).kind for c in codes]
        exchanges = [qwirkle.decode(int(c)) for c in codes[len(moves):] if c >= 0]
        assert kinds[: len(moves)] == ["place"] * len(moves) and all(a.kind == "exchange" for a in exchanges)
        sizes = [len(a.tiles) for a in exchanges]
        assert sizes == sorted(sizes)
        assert (b.legal_actions(4096)[0][0, : len(codes)] == codes).all()
        slot = int(rng.integers(len(codes)))
        g.apply(int(codes[slot]))
        env.step(slot)
        b.step(np.array([slot]))
        if env.is_terminal():
            break


def test_action_features_line_up_with_codes():
    env = TileEnv(seed=2)
    f = env.action_features()
    assert f.shape == (len(env.legal_actions()), qwirkle.FEATURES)
    assert (f[:, 0] == 1).all()  # the opening: only placements


def test_card_env():
    env = CardEnv(players=2, seed=5)
    rng = np.random.default_rng(5)
    for _ in range(8):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    with pytest.raises(qwirkle.IllegalAction):
        env.step(env.max_actions + 1)


def batch_with_singles(n, seed):
    """A two-player BatchEnv of n games and the n single games it must match (seeds seed, seed + 1, ...)."""
    return BatchEnv(n, players=2, seed=seed), [qwirkle.Game(players=2, seed=seed + i) for i in range(n)]


def test_batch_env_matches_single_games():
    b, singles = batch_with_singles(4, 100)
    for step in range(30):
        codes, mask = b.legal_actions(width=4096)
        counts = b.legal_counts()
        for i, g in enumerate(singles):
            assert counts[i] == mask[i].sum() == len(g.legal_codes())
            assert (np.sort(codes[i, : counts[i]]) == g.legal_codes()).all()
            # slots in the library's order: placements first
            moves = [m.code for m in g.legal_moves()]
            assert set(codes[i, : len(moves)]) == set(moves)
        slots = (np.arange(4) * 7 + step) % counts
        rewards, dones, finals = b.step(slots)
        for i, g in enumerate(singles):
            g.apply(int(codes[i, slots[i]]))
            assert dones[i] == g.is_terminal()
        if dones.any():
            break
    obs = b.observe()
    assert obs["hand"].shape == (4, 36) and obs["board"].shape == (4, 3, 32, 32)


def test_batch_env_refuses_a_bad_batch_whole():
    b = BatchEnv(3, seed=7)
    before = b.legal_actions(64)[0].copy()
    counts = b.legal_counts()
    with pytest.raises(qwirkle.IllegalAction):
        b.step(np.array([0, 0, counts[2]]))
    with pytest.raises(ValueError):
        b.step(np.array([0, 0]))
    assert (b.legal_actions(64)[0] == before).all() and b.steps == 0


def test_batch_env_steps_by_code():
    b, singles = batch_with_singles(3, 40)
    for step in range(25):
        codes, _ = b.legal_actions(width=4096)
        counts = b.legal_counts()
        chosen = np.array([codes[i, (5 * i + step) % counts[i]] for i in range(3)])
        # a code that is not legal in its game (another game's, or no action at all) refuses the
        # whole batch and steps nothing
        for bad in (-1, 1 << 62, max(singles[0].legal_codes()) + 1):
            if bad in set(singles[0].legal_codes()):
                continue
            with pytest.raises(qwirkle.IllegalAction):
                b.step(np.array([bad, chosen[1], chosen[2]]), codes=True)
        assert b.steps == 3 * step  # (games stepped so far)
        rewards, dones, finals = b.step(chosen, codes=True)
        for i, g in enumerate(singles):
            g.apply(int(chosen[i]))
            assert dones[i] == g.is_terminal()
            if not dones[i]:
                assert (np.sort(b.legal_actions(width=4096)[0][i, : b.legal_counts()[i]]) == g.legal_codes()).all()
        if dones.any():
            break


def test_batch_env_runs_episodes_and_is_deterministic():
    def run():
        b = BatchEnv(8, seed=1)
        total = np.zeros((8, 2))
        finals = []
        for i in range(400):
            r, d, f = b.step_random(i)
            total += r
            finals += [tuple(x) for x in f[d]]
        return b.episodes, total.sum(), finals

    a = run()
    assert a == run()
    assert a[0] > 0 and a[1] == pytest.approx(a[0])  # one unit of reward per finished game


def test_batch_features_flat_match_the_padded_ones():
    b = BatchEnv(5, seed=3)
    for i in range(6):
        b.step_random(i)
    flat, offsets = b.action_features_flat()
    padded = b.action_features(width=4096)
    counts = b.legal_counts()
    assert (np.diff(offsets) == counts).all() and offsets[0] == 0
    for i in range(5):
        assert (flat[offsets[i]:offsets[i + 1]] == padded[i, : counts[i]]).all()
        assert not padded[i, counts[i]:].any()
