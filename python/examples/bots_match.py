"""Bots playing each other: a tournament of the library's bots (run in C++, seats rotated), then one
game between a bot written in Python and the greedy bot, move by move.

    python3 python/examples/bots_match.py [games]
"""
import sys

import qwirkle


def keeper(game, player):
    """A Python bot: the best score, ties broken by keeping more distinct tiles; else the exchange
    the greedy bot would make."""
    moves = game.legal_moves()
    if not moves:
        return game.bot_action("greedy")
    return max(moves, key=lambda m: (m.score, game.action_features(m)[6]))


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    t = qwirkle.tournament(["tactician", "greedy", "random"], games=games, players=3, seed=1, threads=2)
    print(f"{games} three-player games, seats rotated:")
    for row in t["bots"]:
        print(f"  {row['bot']:10s} win rate {row['win_rate']:.3f}   mean score {row['mean_score']:.1f}")
    g = qwirkle.play([keeper, "greedy"], seed=42)
    for turn in g.history()[:6]:
        print(f"  seat {turn['player']}: {turn['action']:28s} {turn['score']:3d} points")
    print(f"  ... {len(g.history())} actions; final scores {g.scores} (seat 0 is the Python bot)")


if __name__ == "__main__":
    main()
