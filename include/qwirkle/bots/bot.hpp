// SPDX-License-Identifier: MIT
/// @file
/// The bots of the tile game: the interface (a bot sees one player's observation and a seeded
/// random source, and returns a legal action; play_game drives any mix of bots), the bot writer's kit
/// (best placement, sensible exchange, when to use an action tile) and two simple bots, random and
/// greedy.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../game/game.hpp"
#include "../play/bot.hpp"
#include "../play/play_game.hpp"
#include "../rules/movegen.hpp"
#include "../rules/take.hpp"

namespace qwirkle {

/// The tile game's bots: they see a `basic_observation` and return a `basic_action`.
template <ruleset R = standard_rules, int Radius = unlimited_radius>
using basic_bot = bot_interface<basic_observation<R, Radius>>;

/// A bot of the standard tile game on an unbounded board.
using bot = basic_bot<>;

// ---- the bot writer's kit -------------------------------------------------------------------------

/// The best-scoring placement of an observation (first among equals), if any.
template <ruleset R, int Radius>
std::optional<basic_scored_move<R>> best_placement(const basic_observation<R, Radius>& v) {
    return best_move(v.board, v.hand, v.move_options());
}

/// The tiles of the hand that no free cell of the board accepts on its own.
template <ruleset R, int Radius>
basic_tile_multiset<tile_t<R>> tiles_fitting_nowhere(const basic_observation<R, Radius>& v) {
    basic_tile_set<tile_t<R>> accepted;
    for (auto fit : v.board.anchor_fits()) accepted = accepted | basic_tile_set<tile_t<R>>(fit);
    basic_tile_multiset<tile_t<R>> out;
    v.hand.for_each([&](tile_t<R> t) {
        if (!accepted.contains(t)) out.add(t);
    });
    return out;
}

/// At most `n` tiles of `m`, in index order.
template <class Tile>
basic_tile_multiset<Tile> first_tiles(const basic_tile_multiset<Tile>& m, int n) {
    basic_tile_multiset<Tile> out;
    m.for_each([&](Tile t) {
        if (n-- > 0) out.add(t);
    });
    return out;
}

/// What to give back when exchanging: duplicates and tiles outside the hand's largest group first,
/// never more than the bag holds or a hand's size. Empty when the player cannot exchange.
template <ruleset R, int Radius>
basic_tile_multiset<tile_t<R>> sensible_exchange(const basic_observation<R, Radius>& v) {
    using Tile = tile_t<R>;
    if (!v.can_exchange()) return {};
    const auto kinds = v.hand.distinct();
    // The group to keep: the colour or shape with the most distinct tiles in hand.
    basic_tile_set<Tile> keep;
    for (int c = 0; c < Tile::colours; ++c) {
        const auto g = kinds & basic_tile_set<Tile>::of_colour(c);
        if (g.size() > keep.size()) keep = g;
    }
    for (int s = 0; s < Tile::shapes; ++s) {
        const auto g = kinds & basic_tile_set<Tile>::of_shape(s);
        if (g.size() > keep.size()) keep = g;
    }
    basic_tile_multiset<Tile> give;
    v.hand.for_each([&](Tile t) {
        if (!keep.contains(t) || give.count(t) + 1 < v.hand.count(t)) give.add(t);
    });
    if (give.empty()) give = v.hand;  // keep nothing rather than exchange nothing
    return first_tiles(give, std::min({give.size(), v.bag_size, v.hand_limit}));
}

/// The action tile a score-driven bot plays first, if any: take the tile whose taking allows the
/// best placement when that beats the best placement without it (`best_plain`: its score, or −1
/// when none); draw three when no placement exists at all.
template <ruleset R, int Radius>
std::optional<basic_action<R>> action_tile_first(const basic_observation<R, Radius>& v, int best_plain) {
    if (v.can_use(action_tile::take_tile)) {
        std::vector<cell> targets;
        take_targets(v.board, std::back_inserter(targets));
        auto b = v.board;
        std::optional<cell> pick;
        int best = best_plain;
        for (const cell c : targets) {
            const auto t = *b.at(c);
            b.remove(c);
            auto hand = v.hand;
            hand.add(t);
            movegen_options o;
            o.forbidden = c;
            if (const auto m = best_move(b, hand, o); m && m->score > best) {
                best = m->score;
                pick = c;
            }
            b.place(c, t);
        }
        if (pick) return basic_action<R>::take_tile(*pick);
    }
    if (best_plain < 0 && v.can_use(action_tile::draw_three)) return basic_action<R>::draw_three();
    return std::nullopt;
}

/// What to do when no placement is wanted or possible: exchange sensibly, else pass.
template <ruleset R, int Radius>
basic_action<R> exchange_or_pass(const basic_observation<R, Radius>& v) {
    if (v.can_exchange()) return basic_action<R>::exchange(sensible_exchange(v));
    return basic_action<R>::pass();
}

namespace detail {

/// The start shared by the bots that weigh every placement: fills `moves` with the legal
/// placements and returns the action to play instead when there is one (an action tile first, or
/// an exchange or a pass when nothing can be placed).
template <ruleset R, int Radius>
std::optional<basic_action<R>> placements_or_other(const basic_observation<R, Radius>& v,
                                                   std::vector<basic_scored_move<R>>& moves) {
    moves.clear();
    legal_moves(v.board, v.hand, std::back_inserter(moves), v.move_options());
    int best_score = -1;
    for (const auto& m : moves) best_score = std::max(best_score, m.score);
    if (auto first = qwirkle::action_tile_first(v, best_score)) return first;
    if (moves.empty()) return qwirkle::exchange_or_pass(v);
    return std::nullopt;
}

}  // namespace detail

/// Plays uniformly at random among the legal placements (exchanging a random part of the hand when
/// it cannot place, passing when it can do neither).
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_random_bot : public basic_bot<R, Radius> {
public:
    using typename basic_bot<R, Radius>::observation_type;
    using typename basic_bot<R, Radius>::action_type;
    std::string name() const override { return "random"; }
    action_type choose(const observation_type& v, rng& random) override {
        std::size_t n = 0;
        std::optional<basic_move<R>> pick;
        // Reservoir sampling over the generated moves: one pass, no list.
        for_each_move(v.board, v.hand, [&](const basic_move<R>& m, int) {
            if (random.below(static_cast<std::uint32_t>(++n)) == 0) pick = m;
        }, v.move_options());
        if (pick) return action_type::place(*pick);
        if (v.can_exchange()) {
            const int most = std::min({v.hand.size(), v.bag_size, v.hand_limit});
            return action_type::exchange(first_tiles(v.hand, 1 + static_cast<int>(random.below(static_cast<std::uint32_t>(most)))));
        }
        return action_type::pass();
    }
};

/// Places the best-scoring move; when it cannot place, exchanges the tiles that keep its hand
/// poorest (duplicates, tiles outside its largest group); passes when it can do neither. With the
/// mini-expansions it takes a tile first when that allows a better placement, and draws three
/// when it cannot place at all.
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_greedy_bot : public basic_bot<R, Radius> {
public:
    using typename basic_bot<R, Radius>::observation_type;
    using typename basic_bot<R, Radius>::action_type;
    std::string name() const override { return "greedy"; }
    action_type choose(const observation_type& v, rng&) override {
        const auto best = best_placement(v);
        if (auto first = action_tile_first(v, best ? best->score : -1)) return *first;
        if (best) return action_type::place(best->move);
        return exchange_or_pass(v);
    }
};

/// The random bot of the standard tile game.
using random_bot = basic_random_bot<>;
/// The greedy bot of the standard tile game.
using greedy_bot = basic_greedy_bot<>;

}  // namespace qwirkle
