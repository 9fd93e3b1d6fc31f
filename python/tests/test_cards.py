"""The card game from Python: both editions, codes, errors with the state unchanged, observations."""
import random

import numpy as np
import pytest

import qwirkle
from qwirkle import cards

TILES = qwirkle.TILES


def snap(g):
    return (g.table(), [g.hand(p) for p in range(g.players)], g.pile_size, g.current_player)


@pytest.mark.parametrize("edition", ["schmidt", "999"])
def test_random_card_games(edition):
    rng = random.Random(8)
    for seed in range(2):
        g = cards.Game(players=2 + seed, seed=seed, edition=edition)
        assert g.edition == edition
        for _ in range(10):  # (the first turns: late tables are slow to enumerate)
            if g.is_terminal():
                break
            codes = g.legal_codes()
            acts = g.legal_actions()
            assert list(codes) == sorted(set(codes)) == [a.code for a in acts]
            p = g.current_player
            o = g.observe(p)
            assert sorted(TILES[k] for k in range(36) for _ in range(o["hand"][k])) == sorted(g.hand(p))
            hidden = o["unseen"].sum()
            assert hidden == g.pile_size + sum(len(g.hand(q)) for q in range(g.players) if q != p)
            clone = g.clone()
            g.apply(int(codes[rng.randrange(len(codes))]))
            assert not (clone == g) or g.is_terminal()


def test_card_errors_leave_the_game_unchanged():
    g = cards.Game(players=2, seed=4)
    before = snap(g)
    p = g.current_player
    missing = next(t for t in TILES if t not in g.hand(p))
    with pytest.raises(qwirkle.IllegalAction) as e:
        g.apply(missing)
    assert e.value.rule in {"card_not_in_hand", "opening_group", "row_too_short"}
    with pytest.raises(qwirkle.IllegalAction) as e:
        g.apply("cannot")
    assert e.value.rule in {"play_exists", "opening_group"}
    with pytest.raises(qwirkle.IllegalAction) as e:
        g.apply(g.legal_codes()[0].item(), player=1 - p)
    assert e.value.rule == "not_your_turn"
    with pytest.raises(qwirkle.IllegalAction):
        g.apply(123456789)
    with pytest.raises(qwirkle.NotationError):
        g.apply("X9")
    assert snap(g) == before
    with pytest.raises(ValueError):
        cards.Game(players=9)
    with pytest.raises(ValueError):
        cards.Game(edition="nope")


def test_card_bots_play_a_game():
    g = cards.Game(players=2, seed=12)
    n = 0
    while not g.is_terminal() and n < 400:
        g.apply(g.bot_action("greedy", seed=n))
        n += 1
    assert g.is_terminal()
    assert abs(sum(g.returns()) - 1) < 1e-9


def test_card_bot_names():
    assert cards.BOTS == ["greedy", "cautious", "expert"]
    g = cards.Game(players=2, seed=5)
    before = g.clone()
    with pytest.raises(ValueError, match=r"^unknown card bot 'deep-blue' \(greedy, cautious, expert\)$"):
        g.bot_action("deep-blue")
    assert g == before
    for name in cards.BOTS:
        assert g.check(g.bot_action(name)) is None
