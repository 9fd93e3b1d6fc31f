"""Bad input from Python, path by path (docs/notes/python-coverage.md): every refusal is an exception
naming what is wrong (IllegalAction with .rule and .message, NotationError with .column and .token,
ValueError or TypeError for arguments), and the game, the environment or the batch is exactly as it
was. Includes the regressions of the round: a hang (action_features of an illegal placement),
UnicodeDecodeError in place of NotationError, `==` raising TypeError, environments that changed
their seed or played a float slot."""
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import qwirkle
from qwirkle import cards
from qwirkle.env import BatchEnv, CardEnv, TileEnv

HUGE = [2**63, 2**64, 2**70, -(2**70)]


def tile_state(g):
    return (g.record(), g.board(), [g.hand(p) for p in range(g.players)], g.scores, g.bag_size,
            g.current_player, g.history(), list(g.legal_codes()))


def card_state(g):
    obs = [g.observe(p) for p in range(g.players)]
    return (g.table(), [g.hand(p) for p in range(g.players)], g.pile_size, g.current_player,
            list(g.legal_codes()), [{k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in o.items()} for o in obs])


def tile_env_state(env):
    obs = env.observe(env.agent_selection)
    return (env.seed, env.agent_selection, list(env.legal_actions()), env.scores(), dict(env.rewards),
            dict(env._cumulative_rewards), obs["action_mask"].tolist(),
            {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in obs["observation"].items()})


def batch_state(b):
    codes, mask = b.legal_actions(4096)
    obs = b.observe()
    return (b.steps, b.episodes, codes.tolist(), mask.tolist(), {k: v.tolist() for k, v in obs.items()})


def opened(seed=1):
    """A two-player game after its opening (the best-scoring one)."""
    g = qwirkle.Game(players=2, seed=seed)
    g.apply(max(g.legal_moves(), key=lambda m: m.score))
    return g


def finished(seed=3):
    return qwirkle.play(["greedy", "greedy"], seed=seed)


# ---- the tile game ---------------------------------------------------------------------------------

def package_path():
    return os.path.dirname(os.path.dirname(os.path.abspath(qwirkle.__file__)))


def test_action_features_refuse_an_illegal_action():
    # The features score the action as a legal placement: for two tiles on no common line the scan
    # of their line never ended (the process hung). Run in a child process so that a hang fails.
    script = (
        "import qwirkle\n"
        "g = qwirkle.Game(players=2, seed=1)\n"
        "g.apply(max(g.legal_moves(), key=lambda m: m.score))\n"
        "h = g.hand(g.current_player)\n"
        "try:\n"
        "    g.action_features(f'0,1,{h[0]} 5,8,{h[1]}')\n"
        "except qwirkle.IllegalAction as e:\n"
        "    print(e.rule)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (package_path(), os.environ.get("PYTHONPATH", "")) if p))
    try:
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("Game.action_features of a placement on no line did not return")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "not_in_one_line"

    g = opened()
    before = tile_state(g)
    h = g.hand(g.current_player)
    missing = next(t for t in qwirkle.TILES if t not in h)
    cases = {
        f"0,1,{h[0]} 5,8,{h[1]}": "not_in_one_line",
        f"0,1,{h[0]} 0,1,{h[1]}": "cell_repeated",
        f"40,40,{h[0]}": "no_contact",
        f"0,1,{missing}": "tile_not_in_hand",
        "pass": "pass_not_allowed",
        "draw3": "action_not_held",
    }
    for action, rule in cases.items():
        with pytest.raises(qwirkle.IllegalAction) as e:
            g.action_features(action)
        assert e.value.rule == rule and e.value.message
        assert g.check(action)[0] == rule
    with pytest.raises(TypeError):
        g.action_features(None)
    with pytest.raises(qwirkle.NotationError):
        g.action_features("0,0,R9")
    assert tile_state(g) == before
    with pytest.raises(qwirkle.IllegalAction) as e:
        finished().action_features("pass")
    assert e.value.rule == "game_over"


def test_apply_refuses_every_kind_of_bad_value():
    g = opened()
    before = tile_state(g)
    for bad in [None, 1.5, float("nan"), b"pass", [], (0, 0), {}]:
        with pytest.raises(TypeError, match="an action is an Action, a notation string or an integer code"):
            g.apply(bad)
    for bad in [2**64, 2**70]:
        with pytest.raises(ValueError, match="beyond 64 bits"):
            g.apply(bad)
    for bad in [-1, -(2**70)]:
        with pytest.raises(ValueError, match="not negative"):
            g.apply(bad)
    with pytest.raises(ValueError, match="no action has the code 9223372036854775808"):
        g.apply(2**63)
    for text, column, token in [("pa\0ss", 1, "pa\0ss"), ("0,0,R1 \0", 8, "\0"), ("x" * 100_000, 1, "x" * 100_000),
                                ("0,0,R1 " * 7, 43, "0,0,R1")]:
        with pytest.raises(qwirkle.NotationError) as e:
            g.apply(text)
        assert (e.value.column, e.value.token) == (column, token) and e.value.message in str(e.value)
    # True is the integer 1 (bool is an int): code 1 is an exchange of nothing, refused by the rules
    with pytest.raises(qwirkle.IllegalAction) as e:
        g.apply(True)
    assert e.value.rule == "exchange_nothing"
    assert tile_state(g) == before


def test_wrong_seats_and_finished_games():
    g = opened()
    before = tile_state(g)
    p = g.current_player
    legal = g.legal_actions()[0]
    for seat in [1 - p, -1, 2, 99]:
        with pytest.raises(qwirkle.IllegalAction) as e:
            g.apply(legal, player=seat)
        assert e.value.rule == "not_your_turn" and f"seat {p}" in e.value.message
        assert g.check(legal, player=seat)[0] == "not_your_turn"
    for seat in [2**31, -(2**31) - 1]:
        with pytest.raises(TypeError):
            g.apply(legal, player=seat)
    assert g.check(legal, player=p) is None
    assert tile_state(g) == before
    # reading seats that do not exist answers nothing, it does not fail
    assert g.hand(-1) == [] and g.score(7) == 0 and g.observe(2) is None and g.observe(-5) is None
    with pytest.raises(TypeError):
        g.hand(2**40)

    f = finished()
    end = tile_state(f)
    for action in ["pass", legal, int(legal.code)]:
        with pytest.raises(qwirkle.IllegalAction) as e:
            f.apply(action)
        assert e.value.rule == "game_over"
    with pytest.raises(qwirkle.IllegalAction) as e:
        f.bot_action("greedy")
    assert e.value.rule == "game_over"
    assert f.check("pass")[0] == "game_over"
    assert tile_state(f) == end and f.current_player == -1 and f.legal_codes().size == 0


def test_game_settings_are_checked():
    for kwargs, message in [
        (dict(players=1), "the standard rules take 2 to 6 players"),
        (dict(players=True), "the standard rules take 2 to 6 players"),  # True is 1
        (dict(players=5, rules="classic"), "the classic rules take 2 to 4 players"),
        (dict(players=2, rules="five-six"), "the five-six rules take 5 to 6 players"),
        (dict(hand_size=-1), "hand size must be 1 to 64"),
        (dict(hand_size=65), "hand size must be 1 to 64"),
        (dict(hand_size=64), "not enough tiles to deal the hands"),
        (dict(ages=[30, 40, 50]), "give one age per player, or none"),
        (dict(rules="Standard"), "unknown rule set 'Standard' (one of standard, classic, five-six, mini"),
        (dict(rules=""), "unknown rule set ''"),
    ]:
        with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
            qwirkle.Game(**kwargs)
    # a NUL ends the name (and, C-string-like, the message): still refused
    with pytest.raises(ValueError, match="unknown rule set"):
        qwirkle.Game(rules="standard\0")
    for kwargs in [dict(seed=-1), dict(seed=2**64), dict(seed=1.5), dict(players=2**31), dict(hand_size=2**31),
                   dict(rules=None), dict(players=None), dict(ages=[2**31]), dict(ages="ab")]:
        with pytest.raises(TypeError, match="incompatible constructor arguments"):
            qwirkle.Game(**kwargs)
    assert qwirkle.Game(seed=2**64 - 1).seed == 2**64 - 1
    assert qwirkle.Game(players=2, ages=[-5, 2**31 - 1]).players == 2


def test_observation_windows():
    g = opened()
    before = tile_state(g)
    for window in [-1, 1, 2, 257, 10**6, True]:  # (True is 1)
        with pytest.raises(ValueError, match="^window must be 0 .* or 3 to 256$"):
            g.observe(0, window=window)
    for window in [2**31, 2**70, 1.5, None]:
        with pytest.raises(TypeError):
            g.observe(0, window=window)
    assert g.observe(0, window=3)["board"].shape == (3, 3, 3)
    assert g.observe(0, window=256)["board"].shape == (3, 256, 256)
    assert tile_state(g) == before
    for window in [0, 2, 257]:
        with pytest.raises(ValueError, match="^window must be 3 to 256$"):
            TileEnv(window=window)
        with pytest.raises(ValueError, match="^window must be 3 to 256$"):
            BatchEnv(2, window=window)


NON_ASCII = ["ü", "0,0,ü1", "0,0,Rü", "exchange ü", "exchange Rü", "take ü", "€", "0,0,R1 ü", "😀"]


def test_non_ascii_text_is_a_notation_error():
    # A message quoting the first byte of a two-byte character ("unknown colour 'Ã'") was not
    # UTF-8: Python raised UnicodeDecodeError, without column or token, instead of NotationError.
    g = opened()
    before = tile_state(g)
    c = cards.Game(seed=1)
    card_before = card_state(c)
    calls = [g.apply, g.check, g.action_features, qwirkle.parse_move, qwirkle.Action.parse, qwirkle.format_action,
             qwirkle.encode, c.apply, c.check, lambda s: cards.solve("| " + s), lambda s: cards.solve(s + " | R1")]
    for text in NON_ASCII:
        for call in calls:
            with pytest.raises(qwirkle.NotationError) as e:
                call(text)
            assert not isinstance(e.value, UnicodeError)
            assert e.value.column >= 1 and e.value.token and e.value.message in str(e.value)
    with pytest.raises(qwirkle.NotationError) as e:
        c.apply("R1 ü")
    assert (e.value.column, e.value.token) == (4, "ü") and "unknown colour '\ufffd'" in e.value.message
    with pytest.raises(qwirkle.NotationError):
        qwirkle.Game.from_record(g.record() + "exchange ü\n")
    assert tile_state(g) == before and card_state(c) == card_before
    # perft and the card perft print the error line, as the tools do
    for text in NON_ASCII:
        assert qwirkle.perft("| " + text).startswith("error: column 3")
        assert qwirkle.perft(text + " | R1").startswith("error: ")
        assert cards.perft("| " + text).startswith("error: line 1, column 3")
    assert qwirkle.perft("| ü") == "error: column 3, token \"ü\": unknown colour '\ufffd' (expected one of ROYGBP)"


def test_long_inputs_take_linear_time():
    g = opened()
    before = tile_state(g)
    c = cards.Game(seed=1)
    record = finished().record()
    cases = [
        lambda n: g.apply("x" * n), lambda n: g.apply("exchange " + "R1 " * (n // 3)), lambda n: g.apply("9" * n + ",0,R1"),
        lambda n: qwirkle.perft("R1 R2 / " * (n // 8) + "| R1"), lambda n: qwirkle.perft("| " + "R1 " * (n // 3)),
        lambda n: qwirkle.Game.from_record(record + "pass\n" * (n // 5)),
        lambda n: c.apply("R1 " * (n // 3)), lambda n: cards.solve("R1 R2 R3 / " * (n // 11) + "| R1"),
        lambda n: cards.perft("R1 R2 / " * (n // 8) + "| R1"), lambda n: g.apply(10 ** (n // 10)),
    ]
    for case in cases:
        times = []
        for n in (20_000, 200_000):
            best = float("inf")
            for _ in range(3):  # (the best of three: a busy machine's pauses do not add up)
                start = time.perf_counter()
                try:
                    case(n)
                except ValueError:
                    pass
                best = min(best, time.perf_counter() - start)
            times.append(best)
        # A linear reader takes about 10 times as long for 10 times the text, a quadratic one 100.
        assert times[1] < 5.0 and times[1] < 40 * times[0] + 0.05, times
    assert tile_state(g) == before


def test_records_that_are_refused():
    record = finished().record()
    for text, kind in [("", qwirkle.NotationError), ("qwirkle-game 2\n", qwirkle.NotationError),
                       ("qwirkle-game 1\nplayers two\n", qwirkle.NotationError),
                       (record + "pass\n", qwirkle.IllegalAction),
                       ("qwirkle-game 1\nplayers 9\n", ValueError),
                       ("qwirkle-game 1\nplayers 2\nspecials 3\nactions 3\n", ValueError)]:
        with pytest.raises(kind) as e:
            qwirkle.Game.from_record(text)
        if kind is qwirkle.NotationError:
            assert e.value.line >= 1 and e.value.column >= 1
    with pytest.raises(qwirkle.IllegalAction) as e:
        qwirkle.Game.from_record(record + "pass\n")
    assert e.value.rule == "game_over" and e.value.message.startswith(f"action {record.count(chr(10)) - 3} (pass): ")
    with pytest.raises(ValueError, match="^the record's settings: an action tile is either held"):
        qwirkle.Game.from_record("qwirkle-game 1\nplayers 2\nspecials 3\nactions 3\n")


def test_codes_and_notation_functions():
    for bad in [-1, 2**64, 2**61, 5]:
        with pytest.raises(ValueError):
            qwirkle.decode(bad)
    with pytest.raises(ValueError, match="has no code"):
        qwirkle.encode("0,0,R1 2,2,R2")  # not one line: no code
    with pytest.raises(ValueError, match="has no code"):
        qwirkle.encode("exchange R1 R2 R3 R4 R5 R6 O1 O2 O3 O4")  # more than 9 tiles
    with pytest.raises(TypeError):
        qwirkle.format_action(None)
    assert qwirkle.parse_move("1,0,R2 0,0,R1").notation == "0,0,R1 1,0,R2"
    for text, column in [("", 1), ("0,0,Z9", 1), ("0,0,R1 " * 7, 43), ("pass", 1)]:
        with pytest.raises(qwirkle.NotationError) as e:
            qwirkle.parse_move(text)
        assert e.value.column == column
    assert qwirkle.perft("| R1 R2", forbid=(2**31 - 1, -(2**31))) == qwirkle.perft("| R1 R2")
    with pytest.raises(TypeError):
        qwirkle.perft("| R1", forbid=(2**31, 0))


def test_equality_with_other_objects_is_false():
    # `==` with another type raised TypeError (`action in [1, "x"]` too) instead of being False
    g = opened()
    a = g.legal_actions()[0]
    c = cards.Game(seed=2)
    for other in [5, None, "pass", a.code]:
        assert not (g == other) and g != other
        assert not (a == other) and a != other
        assert not (c == other) and c != other
    assert a not in [1, "x", None] and a in [1, a]
    assert g == g.clone() and a == qwirkle.decode(a.code) and c == c.clone()
    assert not (g == c) and not (c == cards.Game(seed=2, edition="999"))


def test_not_picklable_but_copyable():
    import copy
    import pickle
    g, c = opened(), cards.Game(seed=1)
    for obj in (g, c, g.legal_actions()[0]):
        with pytest.raises(TypeError):
            pickle.dumps(obj)
    assert copy.copy(g) == g and copy.deepcopy(c) == c


def test_bots_and_tournaments_refuse_names_and_counts():
    g = opened()
    before = tile_state(g)
    for name in ["", "Greedy", "gre\0edy"]:
        with pytest.raises(ValueError, match="unknown bot"):
            g.bot_action(name)
    for seed in [-1, 2**64]:
        with pytest.raises(TypeError):
            g.bot_action("greedy", seed=seed)
    assert tile_state(g) == before
    for kwargs, message in [(dict(bots=[]), "name at least one bot"), (dict(bots=["greedy", "nobody"]), "unknown bot 'nobody'"),
                            (dict(bots=["random"], games=0), "play at least one game"),
                            (dict(bots=["random"], games=-5), "play at least one game"),
                            (dict(bots=["random"], players=7), "the standard rules take 2 to 6 players"),
                            (dict(bots=["random"], rules="nope"), "unknown rule set 'nope'")]:
        with pytest.raises(ValueError, match="^" + message):
            qwirkle.tournament(**kwargs)
    # thread counts: 0 or less means every core; more threads than games is fine
    one = qwirkle.tournament(["random", "greedy"], games=3, seed=2, threads=1)
    for threads in [0, -3, 64]:
        assert qwirkle.tournament(["random", "greedy"], games=3, seed=2, threads=threads) == one


# ---- the card game -----------------------------------------------------------------------------------

def test_card_game_refusals_change_nothing():
    for edition in ["schmidt", "999"]:
        g = cards.Game(players=3, seed=6, edition=edition)
        before = card_state(g)
        p = g.current_player
        for bad in [None, 1.5, b"R1", [], float("nan")]:
            with pytest.raises(TypeError, match="a card action is a CardAction, an integer code"):
                g.apply(bad)
            with pytest.raises(TypeError):
                g.check(bad)
        for bad in [2**64, 2**70]:
            with pytest.raises(qwirkle.IllegalAction) as e:
                g.apply(bad)
            assert e.value.rule == "no_such_action" and "beyond 64 bits" in e.value.message
        with pytest.raises(ValueError, match="not negative"):
            g.apply(-1)
        with pytest.raises(qwirkle.IllegalAction) as e:
            g.apply(True)  # the code 1: no legal action has it
        assert e.value.rule == "no_such_action"
        with pytest.raises(qwirkle.IllegalAction) as e:
            g.apply("")
        assert e.value.rule == "no_card_played"
        with pytest.raises(qwirkle.NotationError) as e:
            g.apply("R1 " * 300)
        assert "more than 255 copies" in e.value.message
        with pytest.raises(qwirkle.NotationError) as e:
            g.apply("R1\0")
        assert e.value.token == "R1\0"
        code = int(g.legal_codes()[0])
        for seat in [p + 1, -1, 99]:
            with pytest.raises(qwirkle.IllegalAction) as e:
                g.apply(code, player=seat)
            assert e.value.rule == "not_your_turn"
            assert g.check(code, player=seat)[0] == "not_your_turn"
        assert g.check(code) is None and g.check(code, player=p) is None
        assert g.observe(99) is None and g.hand(-1) == [] and g.qwirkles(5) == 0
        assert card_state(g) == before


def test_card_actions_by_notation_and_their_text():
    g = cards.Game(players=2, seed=4)
    p = g.current_player
    legal = g.legal_actions()
    best = max(legal, key=lambda a: (len(a.cards), a.qwirkles))
    assert repr(best) == f"CardAction('{' '.join(best.cards)}', qwirkles={best.qwirkles})"
    # the cards as notation are arranged by the solver; the state then equals playing that action
    clone = g.clone()
    turn = g.apply(" ".join(best.cards))
    assert turn["player"] == p and turn["cards"] == len(best.cards) and not turn["cannot_play"]
    clone.apply(best)
    assert g == clone
    # an unplayable set of held cards: the rule named, nothing changed
    q = g.current_player
    hand = g.hand(q)
    before = card_state(g)
    verdicts = set()
    for i in range(len(hand)):
        for j in range(i + 1, len(hand)):
            v = g.check(f"{hand[i]} {hand[j]}")
            if v is not None:
                verdicts.add(v[0])
                assert v[1]
    assert verdicts and card_state(g) == before


def test_card_game_settings_and_bots():
    for kwargs, message in [(dict(players=1), "players must be 2 to 4"), (dict(players=5), "players must be 2 to 4"),
                            (dict(players=2, ages=[1, 2, 3]), "give one age per player, or none"),
                            (dict(edition="Schmidt"), "unknown edition 'Schmidt'")]:
        with pytest.raises(ValueError, match="^" + message):
            cards.Game(**kwargs)
    for kwargs in [dict(seed=-1), dict(seed=2**64), dict(players=2**31)]:
        with pytest.raises(TypeError):
            cards.Game(**kwargs)
    g = cards.Game(seed=3)
    with pytest.raises(TypeError):
        g.bot_action("greedy", seed=-1)
    f = cards.Game(seed=12)
    n = 0
    while not f.is_terminal():
        f.apply(f.bot_action("greedy", seed=n))
        n += 1
    end = card_state(f)
    with pytest.raises(qwirkle.IllegalAction) as e:
        f.bot_action("greedy")
    assert e.value.rule == "game_over"
    with pytest.raises(qwirkle.IllegalAction) as e:
        f.apply("cannot")
    assert e.value.rule == "game_over"
    assert card_state(f) == end and f.legal_codes().size == 0


def test_card_solver_inputs():
    assert cards.solve("| R1 R2 R3", "cards")["played"] == 3
    q = cards.solve("R1 R2 R3 R4 R5 / O6 Y6 G6 | R6 O1 O2 B6", "qwirkles")
    c = cards.solve("R1 R2 R3 R4 R5 / O6 Y6 G6 | R6 O1 O2 B6", "cards")
    assert q["qwirkles"] >= c["qwirkles"] and c["played"] >= q["played"]
    for goal in ["", "Cards", "most", "qwirkles\0"]:
        with pytest.raises(ValueError, match=r"^objective is 'qwirkles' \(most Qwirkles, then cards\) or 'cards'$"):
            cards.solve("| R1 R2", goal)
    for text, column in [("", 1), ("| R1 | R2", 6), ("| " + "R1 " * 10, 12), ("| R1 R2 R3 R4 R5 R6 O1 O2 O3 O4", 30)]:
        with pytest.raises(qwirkle.NotationError) as e:
            cards.solve(text)
        assert e.value.column == column
    empty = cards.solve("R1 R2 R3 |")
    assert empty == {"can_play": False, "playable_subsets": 0, "cards": None, "played": 0, "qwirkles": 0, "table": None}
    assert cards.perft("x", False, -5).startswith("error: line -5, ")


# ---- the environments --------------------------------------------------------------------------------

def test_tile_env_slots_must_be_integers():
    # step() took int(action): 3.7 played slot 3, "0" slot 0; a slot past 64 bits was a TypeError
    # listing the C++ signature
    env = TileEnv(seed=3)
    before = tile_env_state(env)
    for bad in [3.7, 1.0, "0", None, float("nan"), np.float64(2.0), [0], True, np.True_]:
        with pytest.raises(TypeError):
            env.step(bad)
    for bad in HUGE + [-1, len(env.legal_actions()), env.max_actions]:
        with pytest.raises(qwirkle.IllegalAction) as e:
            env.step(bad)
        assert e.value.rule == "not_legal" and e.value.message == f"slot {bad} is not a legal action ({len(before[2])} legal)"
    for bad in [None, 2**70, -1, "nonsense", 1.5]:
        with pytest.raises((TypeError, ValueError)):
            env.step_code(bad)
    with pytest.raises(qwirkle.IllegalAction) as e:
        env.step_code("pass")
    assert e.value.rule == "opening_must_place"
    assert tile_env_state(env) == before
    env.step(np.int64(0))  # numpy integers are slots
    assert tile_env_state(env) != before


def test_tile_env_game_over_and_queries():
    env = TileEnv(seed=5, max_actions=8)
    rng = np.random.default_rng(5)
    assert env.num_legal() >= 1 and env.action_mask().sum() == min(env.num_legal(), 8)
    assert env.observe("player_1")["action_mask"].shape == (8,)
    with pytest.raises(ValueError):
        env.observe("player_9")
    assert env.observe(7)["observation"] is None
    while not env.is_terminal():
        env.step(int(rng.integers(env.action_mask().sum())))
    obs, reward, term, trunc, info = env.last()
    assert term and not trunc and info == {} and reward == env._cumulative_rewards[env.agent_selection]
    assert env.current_player() == -1 and env.legal_actions().size == 0 and not env.action_mask().any()
    end = tile_env_state(env)
    for action in [0, 2**70]:
        with pytest.raises(qwirkle.IllegalAction) as e:
            env.step(action)
        assert e.value.rule == "game_over" and e.value.message == "the game is over"
    with pytest.raises(qwirkle.IllegalAction) as e:
        env.step_code("pass")
    assert e.value.rule == "game_over"
    assert tile_env_state(env) == end
    env.reset()
    assert not env.is_terminal() and env.seed == 5


def test_env_reset_with_a_refused_seed_changes_nothing():
    # reset(seed=-1) raised, but only after keeping -1 as the seed: every later reset() failed
    env = TileEnv(seed=4)
    env.step(0)
    before = tile_env_state(env)
    for seed in [-1, 2**64, 1.5, "7"]:
        with pytest.raises(TypeError):
            env.reset(seed=seed)
        assert tile_env_state(env) == before and env.seed == 4
    env.reset()
    assert env.seed == 4 and list(env.legal_actions()) == list(TileEnv(seed=4).legal_actions())
    env.reset(seed=2**64 - 1)
    assert env.seed == 2**64 - 1

    c = CardEnv(seed=4)
    c.step(0)
    state = card_state(c.game)
    for seed in [-1, 2**64, 1.5]:
        with pytest.raises(TypeError):
            c.reset(seed=seed)
        assert c.seed == 4 and card_state(c.game) == state
    c.reset()
    assert c.seed == 4 and c.game == cards.Game(2, 4)


def test_card_env_refusals_name_the_rule():
    # CardEnv raised IllegalAction without .rule or .message
    env = CardEnv(seed=2, max_actions=4)
    state = card_state(env.game)
    legal = min(len(env.legal_actions()), 4)
    for bad in [-1, legal, 4, 10**6] + HUGE:
        with pytest.raises(qwirkle.IllegalAction) as e:
            env.step(bad)
        assert e.value.rule == "not_legal" and e.value.message == f"slot {bad} is not a legal action ({legal} legal)"
    for bad in [1.5, "0", None, True]:
        with pytest.raises(TypeError):
            env.step(bad)
    with pytest.raises(qwirkle.IllegalAction) as e:
        env.step_code(123456789)
    assert e.value.rule == "no_such_action"
    assert card_state(env.game) == state and env.action_mask().sum() == legal
    for bad in [0, -1]:
        with pytest.raises(ValueError, match="^max_actions must be positive$"):
            CardEnv(max_actions=bad)
    with pytest.raises(ValueError):
        CardEnv(players=5)
    with pytest.raises(ValueError):
        CardEnv(edition="x")
    n = 0
    while not env.is_terminal():  # (greedy: random card games reach tables slow to enumerate)
        env.step_code(env.game.bot_action("greedy", seed=n))
        n += 1
    obs, reward, term, trunc, info = env.last()
    assert term and env.current_player() == -1 and sum(env.returns()) == pytest.approx(1.0)
    end = card_state(env.game)
    with pytest.raises(qwirkle.IllegalAction) as e:
        env.step(0)
    assert e.value.rule == "game_over" and e.value.message == "the game is over"
    assert card_state(env.game) == end


def test_batch_step_refuses_anything_but_one_integer_per_game():
    # A float array was truncated (0.9 played slot 0), a boolean one taken for slots 0 and 1
    b = BatchEnv(3, seed=2)
    before = batch_state(b)
    for bad in [np.zeros(3), np.array([0.9, 0.0, 0.0]), np.full(3, np.nan), np.zeros(3, dtype=bool), [0, 1.5, 2],
                np.zeros(3, dtype=np.float32), ["0", "0", "0"], [1j, 0, 0], [True, 0, 0], (0, np.True_, 0),
                np.array([0.9, 0, 0], dtype=object), np.array([0, False, 0], dtype=object)]:
        with pytest.raises(TypeError, match="integer slot or code"):
            b.step(bad)
    for bad in [[], [0, 0], [[0], [0], [0]], np.zeros((3, 1), dtype=np.int64), np.zeros(4, dtype=np.int32)]:
        with pytest.raises(ValueError, match=r"^give one action per game \(3\)$"):
            b.step(bad)
    with pytest.raises(OverflowError):
        b.step([2**70, 0, 0])
    with pytest.raises(TypeError):
        b.step([None, 0, 0])
    with pytest.raises(TypeError):
        b.step(None)
    counts = b.legal_counts()
    for bad, game in [([0, 0, -1], 2), ([counts[0], 0, 0], 0), (np.array([0, 2**63 - 1, 0]), 1),
                      (np.array([0, 0, 2**63], dtype=np.uint64), 2)]:
        with pytest.raises(qwirkle.IllegalAction) as e:
            b.step(bad)
        assert e.value.rule == "not_legal" and e.value.message.startswith(f"game {game}: slot ")
        assert e.value.message.endswith("; nothing was stepped")
    for bad in [[-1, 0, 0], [0, 2**62, 0], [0, 0, int(b.legal_actions(4096)[0][0, 0])]]:
        with pytest.raises(qwirkle.IllegalAction) as e:
            b.step(bad, codes=True)
        assert e.value.rule == "not_legal" and " code " in e.value.message
    assert batch_state(b) == before
    b.step(np.zeros(3, dtype=np.int32))  # any integer dtype
    b.step(np.zeros(3, dtype=np.uint8))
    assert b.steps == 6


def test_batch_queries_and_settings():
    for n in [0, -1]:
        with pytest.raises(ValueError, match="^a batch holds at least one game$"):
            BatchEnv(n)
    for kwargs in [dict(n=2**31), dict(n=2, seed=-1)]:
        with pytest.raises(TypeError):
            BatchEnv(**kwargs)
    with pytest.raises(ValueError, match="players"):
        BatchEnv(2, players=1)
    b = BatchEnv(2, seed=8)
    before = batch_state(b)
    for width in [0, -1]:
        with pytest.raises(ValueError, match="^width must be positive$"):
            b.legal_actions(width)
    with pytest.raises(ValueError):
        b.action_features(-1)
    assert b.action_features(0).shape == (2, 0, qwirkle.FEATURES)
    for width in [2**31, 2**70]:
        with pytest.raises(TypeError):
            b.legal_actions(width)
        with pytest.raises(TypeError):
            b.action_features(width)
    for seed in [-1, 2**64]:
        with pytest.raises(TypeError):
            b.step_random(seed)
        with pytest.raises(TypeError):
            b.reset(seed)
    assert batch_state(b) == before
    slots = b.random_slots(np.random.default_rng(1))
    assert slots.dtype == np.int64 and ((0 <= slots) & (slots < b.legal_counts())).all()
    b.step(slots)
    assert b.steps == 2
    b.reset(8)
    assert batch_state(b) == before
    assert "board" not in b.observe(board=False)
