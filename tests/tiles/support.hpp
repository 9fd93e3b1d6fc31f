// Helpers shared by the tile-game tests: building boards, hands and moves from text, canonical move keys.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <qwirkle/qwirkle.hpp>

namespace qwirkle_test {

using namespace qwirkle;
using namespace qwirkle::literals;

/// A small board: enough for every hand-made position, cheap to copy.
using small_board = basic_board<standard_rules, 12>;

/// Places `x,y,TILE ...` on a board without any rule check (for hand-built positions).
template <class Board>
Board board_of(std::string_view text) {
    Board b;
    for (const auto& tk : split_tokens(text)) {
        const auto p = parse_placement(tk.text);
        REQUIRE_MESSAGE(p.ok(), "bad placement in test board: ", std::string(tk.text));
        REQUIRE_MESSAGE(b.place(p->at, p->tile), "cannot place ", std::string(tk.text));
    }
    return b;
}
inline small_board board_of(std::string_view text) { return board_of<small_board>(text); }

inline tile_multiset hand_of(std::string_view text) {
    const auto h = parse_tiles(text);
    REQUIRE_MESSAGE(h.ok(), "bad hand in test: ", std::string(text));
    return *h;
}

inline qwirkle::move move_of(std::string_view text) {
    const auto m = parse_move(text);
    REQUIRE_MESSAGE(m.ok(), "bad move in test: ", std::string(text));
    return *m;
}

/// A move as a sorted list of placements: equal keys = the same set of (cell, tile) pairs.
template <ruleset R = standard_rules>
std::vector<basic_placement<tile_t<R>>> key_of(const basic_move<R>& m) {
    std::vector<basic_placement<tile_t<R>>> k(m.begin(), m.end());
    std::sort(k.begin(), k.end());
    return k;
}

/// Every tile of a board as a multiset.
template <class Board>
tile_multiset tiles_on(const Board& b) {
    tile_multiset m;
    b.for_each_tile([&](cell, tile t) { m.add(t); });
    return m;
}

/// A game configuration from its first four settings (the others keep their defaults).
inline game_config config_of(int players, std::uint64_t seed, int hand_size = 0, std::vector<int> ages = {}) {
    game_config c;
    c.players = players;
    c.seed = seed;
    c.hand_size = hand_size;
    c.ages = std::move(ages);
    return c;
}

/// Everything observable about a game, for "the state did not change" checks.
template <class Game>
struct snapshot {
    std::string board;
    std::vector<tile_multiset> hands;
    std::vector<int> scores;
    tile_multiset bag;
    int bag_size = 0;
    std::vector<std::string> history;
    int current = 0;
    int opening = 0;
    game_end end = game_end::running;

    explicit snapshot(const Game& g)
        : board(to_string(g.board())), scores(g.scores().begin(), g.scores().end()), bag(g.bag_contents()),
          bag_size(g.bag_size()), current(g.current_player()), opening(g.opening_size()), end(g.end_reason()) {
        for (int p = 0; p < g.players(); ++p) hands.push_back(g.hand(p));
        for (const auto& t : g.history())
            history.push_back(std::to_string(t.player) + ":" + to_string(t.action) + ":" + std::to_string(t.score) +
                              "+" + std::to_string(t.bonus));
    }
    friend bool operator==(const snapshot&, const snapshot&) = default;
};

/// A random legal action: a random placement if any, else a random exchange if allowed, else pass.
template <class Game>
typename Game::action_type random_action(const Game& g, rng& r) {
    using action_type = typename Game::action_type;
    const auto moves = g.legal_moves();
    if (!moves.empty()) return action_type::place(moves[r.below(static_cast<std::uint32_t>(moves.size()))].move);
    if (g.can_exchange()) {
        tile_multiset give;
        g.hand(g.current_player()).for_each([&](tile t) {
            if (give.size() < g.bag_size() && (give.empty() || r.below(2))) give.add(t);
        });
        return action_type::exchange(give);
    }
    return action_type::pass();
}

/// The greedy player: a highest-scoring placement, else exchange the whole hand (or what the bag allows), else pass.
template <class Game>
typename Game::action_type greedy_action(const Game& g) {
    using action_type = typename Game::action_type;
    if (!g.is_over()) {
        const auto best = best_move(g.board(), g.hand(g.current_player()), g.move_options());
        if (best) return action_type::place(best->move);
    }
    if (g.can_exchange()) {
        tile_multiset give;
        g.hand(g.current_player()).for_each([&](tile t) {
            if (give.size() < g.bag_size()) give.add(t);
        });
        return action_type::exchange(give);
    }
    return action_type::pass();
}

}  // namespace qwirkle_test
