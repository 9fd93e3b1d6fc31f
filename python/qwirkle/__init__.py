"""qwirkle — the Qwirkle tile game and Qwirkle Cards from Python, on the C++ rules library.

    >>> import qwirkle
    >>> g = qwirkle.Game(players=2, seed=7)
    >>> moves = g.legal_moves()            # Action objects: cells, tiles, score, code
    >>> g.apply(max(moves, key=lambda m: m.score))
    >>> qwirkle.perft("| R1 R2 R3 G1 G1 B4")
    'moves=33 total=73 best=3'

The tile game is `Game`; the card game is `qwirkle.cards.Game`; the reinforcement-learning
environments are `qwirkle.env.TileEnv` (one game, PettingZoo-AEC / OpenSpiel shape),
`qwirkle.env.CardEnv` and `qwirkle.env.BatchEnv` (N tile games stepped in C++).
"""
from ._core import (  # noqa: F401
    Action,
    BOTS,
    FEATURES,
    Game,
    IllegalAction,
    NotationError,
    RULE_SETS,
    TILE_KINDS,
    __version__,
    encode,
    format_action,
    parse_move,
    perft,
    tournament,
)
from . import cards, env  # noqa: F401

#: The tile kinds in index order (index = colour × 6 + shape): "R1" … "P6".
TILES = [c + s for c in "ROYGBP" for s in "123456"]


def decode(code: int) -> Action:
    """The action an integer code stands for (ValueError for a code no action has)."""
    return Action.from_code(code)


def play(bots, players=None, seed=0, rules="standard", bot_seed=None):
    """Plays one tile game to its end, seat p choosing with bots[p] (a bot name or a callable
    `f(game, player) -> action`). Returns the finished Game."""
    players = players or len(bots)
    g = Game(players=players, seed=seed, rules=rules)
    k = 0
    while not g.is_terminal():
        p = g.current_player
        b = bots[p]
        a = g.bot_action(b, seed=(bot_seed if bot_seed is not None else seed) * 1000003 + k) if isinstance(b, str) else b(g, p)
        g.apply(a, player=p)
        k += 1
    return g


__all__ = [
    "Action", "BOTS", "FEATURES", "Game", "IllegalAction", "NotationError", "RULE_SETS", "TILES", "TILE_KINDS",
    "cards", "decode", "encode", "env", "format_action", "parse_move", "perft", "play", "tournament",
]
