// SPDX-License-Identifier: MIT
/// @file
/// Inference of the opponent's hand in a two-player tile game, from what it played.
///
/// A player's hand is not a random deal: what it kept from turn to turn is what it could not place
/// well. A search that deals the unseen tiles uniformly (basic_state::determinize) throws that away;
/// the tracker here keeps it. It holds a set of hypotheses (*particles*) of the tiles the opponent
/// kept and, at each of the observer's turns, reads what the opponent did since the last one:
/// - the tiles it placed (the board's new tiles) and what they scored;
/// - for each hypothesis: its tiles the observer has seen since are dropped, and so are tiles at
///   random when the hand had too few other places for the placed tiles (each dropped tile
///   multiplies the hypothesis's weight by `repair`); the hand it held is the kept tiles, the placed
///   ones and unseen tiles at random; the hypothesis is weighted by how close the move's score came
///   to the best score that hand allowed, `exp(-sharpness × (best − score))` (1 for a player that
///   always takes the best score; less for hands that held a better move), and what it keeps now
///   is that hand without the placed tiles;
/// - the hypotheses are drawn again in proportion to their weights.
///
/// sample() deals a hypothesis plus tiles drawn at random from the other unseen ones (the tiles
/// the opponent drew since are unknown): a hand of the opponent's size made of tiles the observer
/// has not seen. Anything the tracker does not model — more than two players, action tiles, an
/// exchange or a pass by the opponent, the opening, a turn missed — starts it again from no kept
/// tiles (uniform deals), which is what a search without it assumes anyway. Deterministic for the
/// random stream it is given.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "bot.hpp"

namespace qwirkle {

/// Settings of the hand inference.
struct inference_options {
    int particles = 256;     ///< hypotheses of the opponent's hand kept
    double sharpness = 3.0;  ///< how strongly a hand that held a better-scoring move is discounted (per point)
    double repair = 0.3;     ///< the weight kept per tile of a hypothesis found wrong (then dropped from it)
};

/// Tracks hypotheses of the opponent's hand in a two-player tile game (see the file description).
/// Call update() at the start of each of the observer's decisions and remember() with the action it
/// then plays; sample() gives a hypothesis to deal to the opponent.
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_hand_inference {
public:
    using observation_type = basic_observation<R, Radius>;  ///< what the observer sees
    using action_type = basic_action<R>;                    ///< what it plays
    using hand_type = basic_tile_multiset<tile_t<R>>;       ///< a hand
    using board_type = basic_board<R, Radius>;              ///< the board

    /// A tracker with these settings (at least one particle).
    explicit basic_hand_inference(inference_options o = {}) : o_(o) {
        if (o_.particles < 1) o_.particles = 1;
    }

    /// Reads the observation at the start of the observer's turn: follows the hypotheses through
    /// what the opponent did since the observer's last remembered action, or starts them again.
    void update(const observation_type& v, rng& random) {
        const bool modelled = v.players() == 2 && !v.terminal && v.current_player == v.player && v.opening_size == 0 &&
                              v.bag_size > 0 && v.specials_in_bag == 0 && !v.action_this_turn &&
                              v.actions_held[0] == 0 && v.actions_held[1] == 0;
        const bool continued = modelled && remembered_ && v.turn == turn_ + 2 && v.player == player_ && follows(v);
        remembered_ = false;
        active_ = modelled;
        if (!modelled) return;
        if (!continued || !follow(v, random)) deal_uniform(v);
    }

    /// Remembers the action the observer plays from `v` (after update()).
    void remember(const observation_type& v, const action_type& a) {
        if (!active_) return;
        after_ = v.board;
        if (a.kind == action_kind::place && !after_.place(a.move)) return;
        if (a.kind != action_kind::place && a.kind != action_kind::exchange) return;
        remembered_ = true;
        turn_ = v.turn;
        player_ = v.player;
        opponent_score_ = v.scores[1 - v.player];
        opponent_hand_ = v.hand_sizes[1 - v.player];
    }

    /// Whether hypotheses are held for the current decision (two players, the rules modelled).
    bool active() const noexcept { return active_; }
    /// The opponent's seat (when active()).
    int opponent() const noexcept { return 1 - player_now_; }
    /// A hypothesis of the opponent's hand, drawn at random (when active()): the tiles of a
    /// hypothesis it kept, and tiles drawn at random from the other unseen ones.
    hand_type sample(const observation_type& v, rng& random) const {
        hand_type h = particles_[random.below(static_cast<std::uint32_t>(particles_.size()))];
        hand_type pool = v.unseen;
        pool -= h;
        draw(pool, v.hand_sizes[1 - v.player] - h.size(), h, random);
        return h;
    }
    /// Every hypothesis held: the tiles the opponent is thought to have kept since before its last
    /// move (for tests and diagnostics).
    const std::vector<hand_type>& particles() const noexcept { return particles_; }
    /// Decisions that followed the opponent's move.
    int followed() const noexcept { return followed_; }
    /// Decisions that started from uniform deals (first turn, or something not modelled).
    int restarted() const noexcept { return restarted_; }

private:
    /// Is the board of `v` the remembered board plus tiles (the same game, one opponent move on)?
    bool follows(const observation_type& v) const {
        if (v.board.size() < after_.size()) return false;
        bool ok = true;
        after_.for_each_tile([&](cell c, tile_t<R> t) {
            const auto here = v.board.at(c);
            ok = ok && here && *here == t;
        });
        return ok;
    }

    /// Tiles from `pool` (a multiset) drawn at random, `n` of them, added to `into`.
    static void draw(hand_type pool, int n, hand_type& into, rng& random) {
        for (; n > 0 && !pool.empty(); --n) {
            int k = static_cast<int>(random.below(static_cast<std::uint32_t>(pool.size())));
            for (const auto t : pool.distinct()) {
                if (k < pool.count(t)) {
                    pool.remove(t);
                    into.add(t);
                    break;
                }
                k -= pool.count(t);
            }
        }
    }

    void deal_uniform(const observation_type& v) {
        ++restarted_;
        player_now_ = v.player;
        particles_.assign(static_cast<std::size_t>(o_.particles), hand_type{});  // nothing known kept
    }

    /// Follows the hypotheses through the opponent's placement; false if it was not one (or every
    /// hypothesis lost all its weight). (The board is never empty here: the observer's remembered
    /// action came after the opening.)
    bool follow(const observation_type& v, rng& random) {
        const int opp = 1 - v.player;
        hand_type placed;
        v.board.for_each_tile([&](cell c, tile_t<R> t) {
            if (!after_.occupied(c)) placed.add(t);
        });
        if (placed.empty() || placed.size() != v.board.size() - after_.size() || placed.size() > opponent_hand_) return false;
        const int scored = v.scores[opp] - opponent_score_;
        const int held = opponent_hand_;  // its hand when it moved
        std::vector<hand_type> kept(particles_.size());
        std::vector<double> weight(particles_.size());
        double total = 0;
        for (std::size_t i = 0; i < particles_.size(); ++i) {
            // The tiles it is thought to have kept until this move: those not placed must still be
            // unseen; the placed tiles not among them must have come with the tiles drawn since.
            hand_type played_from_k, rest = particles_[i];
            placed.for_each([&](tile_t<R> t) {
                if (rest.remove(t)) played_from_k.add(t);
            });
            // A hypothesis that does not fit is repaired (its wrong tiles dropped) and discounted.
            int wrong = 0;
            for (const auto t : rest.distinct())
                if (rest.count(t) > v.unseen.count(t)) {
                    wrong += rest.count(t) - v.unseen.count(t);
                    rest.remove(t, rest.count(t) - v.unseen.count(t));
                }
            hand_type need = placed;
            need -= played_from_k;
            const int over = need.size() - (held - played_from_k.size() - rest.size());
            if (over > 0) {
                hand_type dropped;
                draw(rest, over, dropped, random);
                rest -= dropped;
                wrong += over;
            }
            const int free = held - played_from_k.size() - rest.size() - need.size();
            // The hand it held: the kept tiles, the placed ones, and unknown tiles filled in at random
            // from those still unseen (they are in its hand now).
            hand_type pool = v.unseen;
            pool -= rest;
            hand_type filled = rest;
            draw(pool, free, filled, random);
            hand_type before = filled;
            before += placed;
            const int best = count_moves(after_, before).best;
            const double w = std::pow(o_.repair, wrong) * std::exp(-o_.sharpness * std::max(0, best - scored));
            kept[i] = filled;
            weight[i] = w;
            total += w;
        }
        if (!(total > 0)) return false;
        // Systematic resampling.
        const std::size_t n = particles_.size();
        const double stepw = total / static_cast<double>(n);
        double at = stepw * (static_cast<double>(random.below(1u << 30)) / static_cast<double>(1u << 30));
        double sum = weight[0];
        std::size_t j = 0;
        for (std::size_t i = 0; i < n; ++i, at += stepw) {
            while (at > sum && j + 1 < n) sum += weight[++j];
            particles_[i] = kept[j];
        }
        ++followed_;
        return true;
    }

    inference_options o_;
    std::vector<hand_type> particles_;
    board_type after_;  ///< the board after the observer's remembered action
    bool remembered_ = false, active_ = false;
    int turn_ = 0, player_ = 0, player_now_ = 0, opponent_score_ = 0, opponent_hand_ = 0;
    int followed_ = 0, restarted_ = 0;
};

/// The inference of the standard game.
using hand_inference = basic_hand_inference<>;

}  // namespace qwirkle
