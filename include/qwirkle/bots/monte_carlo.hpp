// SPDX-License-Identifier: MIT
/// @file
/// The Monte-Carlo bot: determinise what it cannot see, simulate ahead with a fast policy.
///
/// For a decision it takes the best-scoring candidate placements; for each it deals the unseen tiles
/// at random into the opponents' hands and the bag (consistent with the observation: hand sizes, bag
/// size), plays the candidate and then `depth` further turns of greedy play, and scores the outcome as
/// its own points minus the best opponent's over that stretch. The candidate with the best mean wins.
/// Budget: playouts per decision (deterministic for a seed) or, when set, a time limit.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

#include "bot.hpp"

namespace qwirkle {

/// The breadth and budget of the Monte-Carlo bot's search. Values below 1 for `candidates` count as 1;
/// at least one playout per candidate is always made.
struct monte_carlo_options {
    int candidates = 6;    ///< best-scoring placements considered
    int playouts = 240;    ///< simulations per decision, shared among the candidates
    int depth = 4;         ///< turns simulated after the candidate (all players)
    double seconds = 0;    ///< if > 0, simulate until this much time has passed instead
};

/// Picks among the best-scoring placements by simulation (see the file description). Plays the
/// best-scoring placement outright when there is one candidate (one legal placement, or `candidates`
/// ≤ 1) and on the opening turn; action tiles, exchanges and passes as the greedy bot
/// (action_tile_first(), exchange_or_pass()). In the playouts every player places greedily (no action
/// tiles) or, unable to place, exchanges as much of the hand as the bag can replace; a player who
/// empties their hand ends the playout with the end bonus. Deterministic for a seed unless `seconds`
/// is set.
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_monte_carlo_bot : public basic_bot<R, Radius> {
    using Tile = tile_t<R>;
    using hand_type = basic_tile_multiset<Tile>;

public:
    using typename basic_bot<R, Radius>::observation_type;
    using typename basic_bot<R, Radius>::action_type;
    /// A Monte-Carlo bot with these options.
    explicit basic_monte_carlo_bot(monte_carlo_options o = {}) : o_(o) {}
    std::string name() const override { return "monte-carlo"; }

    action_type choose(const observation_type& v, rng& random) override {
        std::vector<basic_scored_move<R>> moves;
        if (auto other = detail::placements_or_other(v, moves)) return *other;
        std::stable_sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
        const std::size_t k = std::min<std::size_t>(moves.size(), static_cast<std::size_t>(std::max(1, o_.candidates)));
        if (k == 1 || v.opening_size > 0) return action_type::place(moves[0].move);

        std::vector<Tile> unseen;
        v.unseen.for_each([&](Tile t) { unseen.push_back(t); });
        auto b = v.board;
        std::vector<double> total(k, 0.0);
        std::vector<int> runs(k, 0);
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0;; ++i) {
            if (o_.seconds > 0) {
                if (i >= static_cast<int>(k) &&
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= o_.seconds)
                    break;
            } else if (i >= std::max(o_.playouts, static_cast<int>(k))) {
                break;
            }
            const std::size_t c = static_cast<std::size_t>(i) % k;
            total[c] += playout(b, v, moves[c], unseen, random);
            ++runs[c];
        }
        std::size_t best = 0;
        for (std::size_t c = 1; c < k; ++c)
            if (total[c] / runs[c] > total[best] / runs[best]) best = c;
        return action_type::place(moves[best].move);
    }

private:
    /// One determinised simulation after playing `first`; `b` is restored before returning.
    double playout(basic_board<R, Radius>& b, const observation_type& v, const basic_scored_move<R>& first,
                   std::vector<Tile>& unseen, rng& random) const {
        const int n = v.players();
        random.shuffle(unseen.begin(), unseen.end());
        std::vector<hand_type> hands(static_cast<std::size_t>(n));
        std::size_t next = 0;
        for (int p = 0; p < n; ++p) {
            if (p == v.player) {
                hands[static_cast<std::size_t>(p)] = v.hand;
                continue;
            }
            for (int j = 0; j < v.hand_sizes[p] && next < unseen.size(); ++j)
                hands[static_cast<std::size_t>(p)].add(unseen[next++]);
        }
        std::vector<Tile> bag(unseen.begin() + static_cast<std::ptrdiff_t>(next), unseen.end());
        std::vector<int> gain(static_cast<std::size_t>(n), 0);
        std::vector<basic_move<R>> placed;

        const auto refill = [&](hand_type& h) {
            while (h.size() < v.hand_limit && !bag.empty()) {
                h.add(bag.back());
                bag.pop_back();
            }
        };
        int p = v.player;
        bool over = false;
        const auto play = [&](const basic_move<R>& m, int score) {
            auto& h = hands[static_cast<std::size_t>(p)];
            b.place(m);
            placed.push_back(m);
            for (const auto& pl : m) h.remove(pl.tile);
            gain[static_cast<std::size_t>(p)] += score;
            refill(h);
            if (h.empty()) {
                gain[static_cast<std::size_t>(p)] += R::end_bonus;
                over = true;
            }
        };
        play(first.move, first.score);
        for (int turn = 0; turn < o_.depth && !over; ++turn) {
            p = (p + 1) % n;
            auto& h = hands[static_cast<std::size_t>(p)];
            movegen_options none;
            if (auto m = best_move(b, h, none)) {
                play(m->move, m->score);
            } else if (!bag.empty()) {
                // Exchange everything the bag can replace: a cheap stand-in for a real choice.
                const int give = std::min(h.size(), static_cast<int>(bag.size()));
                const auto back = first_tiles(h, give);
                h -= back;
                refill(h);
                back.for_each([&](Tile t) { bag.push_back(t); });
                random.shuffle(bag.begin(), bag.end());
            }
        }
        for (auto it = placed.rbegin(); it != placed.rend(); ++it) b.undo(*it);
        int others = -1000;
        for (int q = 0; q < n; ++q)
            if (q != v.player) others = std::max(others, gain[static_cast<std::size_t>(q)]);
        return gain[static_cast<std::size_t>(v.player)] - others;
    }

    monte_carlo_options o_;
};

/// The Monte-Carlo bot of the standard tile game on an unbounded board.
using monte_carlo_bot = basic_monte_carlo_bot<>;

}  // namespace qwirkle
