// SPDX-License-Identifier: MIT
/// @file
/// The tactician: greedy plus the rulebook's strategy tips (rulebook 001, "Strategische Tipps").
///
/// Each legal placement is valued at its score, minus the expected loss from every line of 5 it leaves
/// open whose missing tile is still unseen (an opponent may complete it into a Qwirkle; a line whose
/// missing tile is all out is safe — "count what is still out"), plus a little for keeping a diverse
/// hand (a large colour or shape group, few duplicates) while the bag still refills it.
#pragma once

#include <cmath>
#include <vector>

#include "bot.hpp"

namespace qwirkle {

/// The weights of the tactician's valuation of a placement: score − threat × risk + group × (largest
/// group kept) − duplicate × (duplicates kept), the last two only while the bag is not empty. Any
/// values are accepted (0 turns a term off).
struct tactician_weights {
    double threat = 0.7;     ///< times the expected points an opponent gains from a line left at 5
    double group = 0.4;      ///< per tile in the largest group kept in hand
    double duplicate = 0.6;  ///< per duplicate tile kept in hand
};

/// Plays the legal placement of the highest value (the first among equals; see tactician_weights).
/// The risk of a placement is the expected number of points (a full line plus the Qwirkle bonus, 12)
/// an opponent gains from each line through its tiles left one short of a Qwirkle, with an end cell
/// inside the board and a completing tile still unseen: the chance that the opponents' hidden tiles
/// include one that completes it.
/// Action tiles, exchanges and passes as the greedy bot (action_tile_first(), exchange_or_pass()).
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_tactician_bot : public basic_bot<R, Radius> {
    using Tile = tile_t<R>;

public:
    using typename basic_bot<R, Radius>::observation_type;
    using typename basic_bot<R, Radius>::action_type;
    /// A tactician with these weights.
    explicit basic_tactician_bot(tactician_weights w = {}) : w_(w) {}
    std::string name() const override { return "tactician"; }

    action_type choose(const observation_type& v, rng&) override {
        std::vector<basic_scored_move<R>> moves;
        if (auto other = detail::placements_or_other(v, moves)) return *other;
        if (moves.size() == 1) return action_type::place(moves[0].move);
        auto b = v.board;  // one copy; each candidate is placed and taken back
        const double opponents_tiles = opponent_tiles(v);
        double best = -1e9;
        const basic_move<R>* pick = nullptr;
        for (const auto& m : moves) {
            b.place(m.move);
            double value = m.score - w_.threat * open_five_risk(b, m.move, v, opponents_tiles);
            b.undo(m.move);
            if (v.bag_size > 0) value += leave_value(v.hand, m.move);
            if (value > best) {
                best = value;
                pick = &m.move;
            }
        }
        return action_type::place(*pick);
    }

private:
    static double opponent_tiles(const observation_type& v) {
        double n = 0;
        for (int p = 0; p < v.players(); ++p)
            if (p != v.player) n += v.hand_sizes[p];
        return n;
    }

    /// Expected points given away by the lines of (max_line − 1) through the placed tiles.
    double open_five_risk(const basic_board<R, Radius>& b, const basic_move<R>& m, const observation_type& v,
                          double opponents_tiles) const {
        constexpr int full = rules_traits<R>::max_line;
        double risk = 0;
        std::vector<std::pair<cell, int>> seen;  // (line start, axis): each line once
        for (const auto& p : m) {
            for (int a = 0; a < 2; ++a) {
                const int dx = a == 0 ? 1 : 0, dy = 1 - dx;
                cell s = p.at;
                while (b.occupied({s.x - dx, s.y - dy})) s = {s.x - dx, s.y - dy};
                bool dup = false;
                for (const auto& q : seen) dup = dup || (q.first == s && q.second == a);
                if (dup) continue;
                seen.push_back({s, a});
                detail::mask64 set = 0;
                int n = 0;
                cell e = s;
                for (; b.occupied(e); e = {e.x + dx, e.y + dy}, ++n) set |= detail::bit(b.at(e)->index());
                if (n != full - 1) continue;
                const cell before{s.x - dx, s.y - dy};
                if (!b.contains(before) && !b.contains(e)) continue;
                const detail::mask64 missing = line_extensions<Tile>(set, n);
                if (!missing) continue;
                // The chance an opponent holds a missing tile: 1 − (1 − copies / unseen)^tiles.
                double copies = 0;
                for (detail::mask64 x = missing; x; x &= x - 1) copies += v.unseen.count(detail::tile_at<Tile>(detail::lowest_bit(x)));
                const double unseen = std::max(1, v.unseen.size());
                const double p_held = 1.0 - std::pow(std::max(0.0, 1.0 - copies / unseen), opponents_tiles);
                risk += p_held * (full + R::qwirkle_bonus);
            }
        }
        return risk;
    }

    /// How good the tiles kept after the move are: a large group to build on, few duplicates.
    double leave_value(const basic_tile_multiset<Tile>& hand, const basic_move<R>& m) const {
        auto leave = hand;
        for (const auto& p : m) leave.remove(p.tile);
        const int duplicates = leave.size() - leave.distinct().size();
        return w_.group * largest_group(leave) - w_.duplicate * duplicates;
    }

    tactician_weights w_;
};

/// The tactician of the standard tile game on an unbounded board.
using tactician_bot = basic_tactician_bot<>;

}  // namespace qwirkle
