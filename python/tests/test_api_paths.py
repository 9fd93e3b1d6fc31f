"""Parts of the API no other test read (docs/notes/python-coverage.md): an Action's fields and text,
the history and the action list of a game, the features of action tiles, the card action's text."""
import numpy as np

import qwirkle
from qwirkle.env import TileEnv


def test_action_fields_and_text():
    g = qwirkle.Game(players=2, seed=1)
    best = max(g.legal_moves(), key=lambda m: m.score)
    assert best.kind == "place" and best.score >= 1
    assert best.placements == [(x, y, t) for (x, y), t in zip(best.cells, best.tiles)]
    assert best.at is None and best.notation == " ".join(f"{x},{y},{t}" for x, y, t in best.placements)
    assert repr(best) == f"Action(place '{best.notation}', score={best.score})"
    parsed = qwirkle.Action.parse(best.notation)
    assert parsed == best and parsed.score is None and repr(parsed) == f"Action(place '{best.notation}')"
    assert hash(parsed) == hash(best) and parsed.code == best.code
    ex = qwirkle.Action.parse("exchange R2 R1")
    assert ex.tiles == ["R1", "R2"] and ex.cells == [] and ex.placements == [] and repr(ex) == "Action(exchange 'exchange R1 R2')"
    take = qwirkle.Action.parse("take 3,-2")
    assert take.kind == "take" and take.at == (3, -2) and take.tiles == []
    assert qwirkle.Action.parse("pass").at is None and repr(qwirkle.Action.parse("draw3")) == "Action(draw3 'draw3')"


def test_history_and_actions_follow_the_game():
    g = qwirkle.Game(players=3, seed=9)
    turns = []
    for k in range(8):
        p = g.current_player
        turns.append(g.apply(g.bot_action("greedy", seed=k)))
        assert turns[-1]["player"] == p
    assert g.history() == turns
    assert g.actions() == [t["action"] for t in turns]
    replay = qwirkle.Game(players=3, seed=9)
    for a in g.actions():
        replay.apply(a)
    assert replay == g
    assert g.undo() and g.history() == turns[:-1] and g.actions() == [t["action"] for t in turns[:-1]]


def test_features_of_action_tiles_and_exchanges():
    env = TileEnv(rules="actions-at-start", seed=2)
    env.step(0)  # the opening; from now on both action tiles can be played
    codes = env.legal_actions()
    f = env.action_features()
    kinds = [qwirkle.decode(int(c)).kind for c in codes]
    g = qwirkle.Game(players=2, seed=2, rules="actions-at-start")
    g.apply(int(TileEnv(rules="actions-at-start", seed=2).legal_actions()[0]))
    assert {"draw3", "take", "exchange", "place"} <= set(kinds)
    for i, kind in enumerate(kinds):
        row = f[i]
        assert (row == g.action_features(int(codes[i]))).all()
        if kind in ("draw3", "take"):
            assert row[2] == 1 and row[7] == -1 and row[[0, 1, 3, 4]].sum() == 0
        elif kind == "exchange":
            assert row[1] == 1 and row[7] == np.float32(len(qwirkle.decode(int(codes[i])).tiles) / 6)
        else:
            assert row[0] == 1
    moves = {m.code: m.score for m in g.legal_moves()}
    for i, c in enumerate(codes):
        if int(c) in moves:
            assert f[i, 3] == np.float32(moves[int(c)] / 12)
