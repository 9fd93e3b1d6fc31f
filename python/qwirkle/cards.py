"""Qwirkle Cards: the card game in both editions ('schmidt', the default, and '999'), its
solver and its perft."""
from ._core import cards as _c

CardAction = _c.CardAction
BOTS = _c.BOTS
perft = _c.perft
solve = _c.solve

EDITIONS = {"schmidt": _c._SchmidtGame, "999": _c._Games999Game, "999games": _c._Games999Game}


def Game(players=2, seed=0, edition="schmidt", ages=None):
    """A card game: `players` 2-4, the deal from `seed`, edition 'schmidt' or '999'."""
    try:
        cls = EDITIONS[edition]
    except KeyError:
        raise ValueError(f"unknown edition {edition!r} (schmidt, 999)") from None
    return cls(players, seed, list(ages or []), "999" if cls is _c._Games999Game else "schmidt")


__all__ = ["BOTS", "CardAction", "EDITIONS", "Game", "perft", "solve"]
