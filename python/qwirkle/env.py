"""Reinforcement-learning environments, in the shape PettingZoo's AEC API and OpenSpiel users know,
without depending on either.

Actions. Every action has a stable integer code (`qwirkle.encode`, C++ `qwirkle/game/action_code.hpp`).
The legal actions of a state fill the first slots of a fixed discrete space of `max_actions` slots, in
the library's order (C++ `legal_actions()`: action tiles, placements in the move generator's order,
exchanges smallest first, pass — the same on every run and platform): `action_mask` marks them and
`legal_actions()` gives their codes, so that slot i is legal_actions()[i] (-1 for the rare action
without a code: an exchange of more than 9 tiles, possible only with custom hand sizes; it is still
playable by its slot). `step(slot)` takes a slot (the PettingZoo way); `step_code(code)` takes a code
(or an Action, or notation). A state with more legal actions than `max_actions` shows the first
`max_actions` in the mask (the rest stay playable through step_code); the default, 4096, is above
anything met in the tests' games. Slots are indices into this one state's list: an agent that wants an
identity for an action across states uses its code.

Observations hold no hidden information: the acting seat's hand, the tiles it has not seen (bag and
other hands together), scores, hand sizes, bag size, and the board as uint8 planes (colour + 1,
shape + 1, cells next to a tile) in a window of `window` × `window` cells centred on the tiles.

Rewards: reward='win' gives every seat its share of the win (1, or 1/k for k tied winners, else 0)
when the game ends, 0 before; reward='score' gives the acting seat the points it scored at each step.
"""
from __future__ import annotations

import operator

import numpy as np

from . import _core
from ._core import IllegalAction  # noqa: F401

_core_cards = _core.cards


def _illegal(rule: str, message: str) -> IllegalAction:
    """An IllegalAction raised from Python, with `.rule` and `.message` as the C++ side sets them."""
    e = IllegalAction(message)
    e.rule, e.message = rule, message
    return e


def _slot(action) -> int:
    """A slot as an int: any integer (numpy's too); a bool, a float, a string or None is a
    TypeError, not a slot (int() would have played slot 3 for 3.7, and True is slot 1)."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError("a slot is an integer, not a bool")
    return operator.index(action)


def _integers(values) -> None:
    """TypeError unless every value is an integer (Python's or numpy's) and none a bool."""
    for x in values:
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
            raise TypeError(f"give one integer slot or code per game, not {type(x).__name__}")


_INT64 = range(-(1 << 63), 1 << 63)


class TileEnv:
    """One tile game as a multi-agent environment (AEC: one agent acts at a time)."""

    metadata = {"name": "qwirkle_tiles_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, rules: str = "standard", max_actions: int = 4096, window: int = 32,
                 reward: str = "win", seed: int = 0):
        self._env = _core._TileEnv(players, seed, rules, max_actions, window, reward)
        self.players = players
        self.rules = rules
        self.max_actions = max_actions
        self.window = window
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.seed = seed
        self._sync()

    # ---- PettingZoo AEC ----
    def reset(self, seed: int | None = None, options=None):
        seed = self.seed if seed is None else seed
        self._env.reset(seed)  # (a seed it refuses changes nothing, self.seed included)
        self.seed = seed
        self._sync()

    def _sync(self):
        self.agents = list(self.possible_agents)
        zero = {a: 0.0 for a in self.agents}
        self.rewards = dict(zero)
        self._cumulative_rewards = dict(zero)
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._update_selection()

    def _update_selection(self):
        p = self._env.current_player
        self.agent_selection = self.possible_agents[p] if p >= 0 else self.agent_selection_last()

    def agent_selection_last(self):
        return getattr(self, "agent_selection", self.possible_agents[0])

    def _seat(self, agent) -> int:
        return self.possible_agents.index(agent) if isinstance(agent, str) else int(agent)

    def observe(self, agent):
        """{'observation': dict of arrays, 'action_mask': bool[max_actions]} for that agent (the mask is
        all False when it is not that agent's turn)."""
        seat = self._seat(agent)
        obs = self._env.observe(seat)
        mask = self._env.mask() if seat == self._env.current_player else np.zeros(self.max_actions, dtype=bool)
        return {"observation": obs, "action_mask": mask}

    def action_mask(self):
        return self._env.mask()

    def legal_actions(self) -> np.ndarray:
        """Codes of the legal actions in slot order: slot i of the action space is legal_actions()[i]
        (-1 for an action without a code)."""
        return self._env.codes()

    def action_features(self) -> np.ndarray:
        """float32 [n_legal, FEATURES]: per legal action (same order as legal_actions()) is place,
        is exchange, is pass/action tile, score/12, tiles placed/6, Qwirkles made, distinct tiles
        kept/6, exchanged/6, duplicates kept/6, ends the game."""
        return self._env.features()

    def step(self, action: int):
        """Plays slot `action` (an integer) for the agent to act (IllegalAction for an illegal slot,
        TypeError for a float or a string: nothing changes)."""
        slot = _slot(action)
        if slot not in _INT64:  # (beyond the C++ argument: refused like any other slot out of range)
            if self._env.is_terminal():
                raise _illegal("game_over", "the game is over")
            raise _illegal("not_legal", f"slot {slot} is not a legal action "
                                        f"({min(self._env.legal_count(), self.max_actions)} legal)")
        self._env.step(slot)
        self._after_step()

    def step_code(self, action):
        """Plays an action given as a code, an Action or notation."""
        self._env.step_code(action)
        self._after_step()

    def _after_step(self):
        r = self._env.rewards()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(r[i])
            self._cumulative_rewards[a] += float(r[i])
        if self._env.is_terminal():
            for a in self.possible_agents:
                self.terminations[a] = True
        self._update_selection()

    def last(self, observe: bool = True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    # ---- OpenSpiel-style queries ----
    def current_player(self) -> int:
        return self._env.current_player

    def is_terminal(self) -> bool:
        return self._env.is_terminal()

    def returns(self):
        return self._env.returns()

    def scores(self):
        return self._env.scores()

    def num_legal(self) -> int:
        return self._env.legal_count()


class CardEnv:
    """One card game (Qwirkle Cards) as a multi-agent environment: the same interface as TileEnv.
    Observations: hand, table contents, unseen cards (counts per card kind), rows on the table,
    hand sizes, collected Qwirkles, pile size. Reward 'win' only."""

    metadata = {"name": "qwirkle_cards_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, edition: str = "schmidt", max_actions: int = 1024, seed: int = 0):
        from . import cards
        if max_actions < 1:
            raise ValueError("max_actions must be positive")
        self._make = lambda s: cards.Game(players, s, edition)
        self.players = players
        self.max_actions = max_actions
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.seed = seed
        self.reset(seed)

    def reset(self, seed: int | None = None, options=None):
        seed = self.seed if seed is None else seed
        self.game = self._make(seed)  # (a seed it refuses changes nothing, self.seed included)
        self.seed = seed
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._refresh()

    def _refresh(self):
        self._codes = self.game.legal_codes()
        p = self.game.current_player
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def observe(self, agent):
        seat = self.possible_agents.index(agent) if isinstance(agent, str) else int(agent)
        mask = np.zeros(self.max_actions, dtype=bool)
        if seat == self.game.current_player:
            mask[: min(len(self._codes), self.max_actions)] = True
        return {"observation": self.game.observe(seat), "action_mask": mask}

    def action_mask(self):
        return self.observe(self.game.current_player)["action_mask"]

    def legal_actions(self) -> np.ndarray:
        return self._codes

    def step(self, action: int):
        action = _slot(action)
        if self.game.is_terminal():
            raise _illegal("game_over", "the game is over")
        legal = min(len(self._codes), self.max_actions)
        if not 0 <= action < legal:
            raise _illegal("not_legal", f"slot {action} is not a legal action ({legal} legal)")
        self.step_code(int(self._codes[action]))

    def step_code(self, action):
        self.game.apply(action)
        r = self.game.returns()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(r[i])
            self._cumulative_rewards[a] += float(r[i])
        if self.game.is_terminal():
            for a in self.possible_agents:
                self.terminations[a] = True
        self._refresh()

    def last(self, observe: bool = True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def current_player(self) -> int:
        return self.game.current_player

    def is_terminal(self) -> bool:
        return self.game.is_terminal()

    def returns(self):
        return self.game.returns()


class BatchEnv:
    """N tile games stepped together in C++ (the GIL released while they step). A finished game
    starts again at once: game i plays the seeds seed + i, seed + i + N, seed + i + 2N, ...

    step(actions) takes one slot per game (index into that game's legal actions, in the order of TileEnv; or codes
    with codes=True) and returns (rewards float32[N, players], dones bool[N], final_scores int32[N,
    players], -1 where not done). A batch with any illegal entry raises IllegalAction and steps
    nothing. Observations are from the seat to act (column 0 of scores / hand_sizes is that seat)."""

    def __init__(self, n: int, players: int = 2, rules: str = "standard", seed: int = 0, window: int = 32):
        self._env = _core._BatchEnv(n, players, seed, rules, window)
        self.n = n
        self.players = players
        self.window = window

    def reset(self, seed: int = 0):
        self._env.reset(seed)

    def legal_counts(self) -> np.ndarray:
        """int32[N]: the number of legal actions of each game (slots 0 .. count − 1)."""
        return self._env.counts()

    def legal_actions(self, width: int = 512):
        """(codes int64[N, width] padded with -1, mask bool[N, width])."""
        return self._env.codes(width)

    def action_features(self, width: int = 512) -> np.ndarray:
        """float32[N, width, FEATURES] (zeros beyond each game's legal actions)."""
        return self._env.features(width)

    def action_features_flat(self):
        """(float32[total, FEATURES], int64 offsets[N + 1]): every game's legal actions back to back,
        game i's in rows offsets[i] .. offsets[i + 1] - 1 (slot order): no padding to the widest game."""
        return self._env.features_flat()

    def observe(self, board: bool = True) -> dict:
        return self._env.observe(board)

    def step(self, actions, codes: bool = False):
        a = np.asarray(actions)
        if a.size and a.dtype.kind not in "iuO":  # (floats would be truncated, booleans taken for 0 and 1)
            raise TypeError(f"give one integer slot or code per game, not {a.dtype}")
        if a.dtype.kind == "O":  # (entries of any type: each must be an integer)
            _integers(a.ravel())
        elif a.ndim == 1 and not isinstance(actions, np.ndarray):  # (a list of ints and bools converts to int64)
            _integers(actions)
        return self._env.step(np.asarray(a, dtype=np.int64), codes)

    def step_random(self, seed: int):
        """Steps every game with a uniformly random legal action chosen in C++."""
        return self._env.step_random(seed)

    def random_slots(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal slot per game (numpy)."""
        return (rng.random(self.n) * self._env.counts()).astype(np.int64)

    @property
    def steps(self) -> int:
        return self._env.steps

    @property
    def episodes(self) -> int:
        return self._env.episodes


__all__ = ["BatchEnv", "CardEnv", "TileEnv"]
