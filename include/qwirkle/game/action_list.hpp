// SPDX-License-Identifier: MIT
/// @file
/// The legal actions of a tile-game state as an indexed list, built at the cost of one pass of
/// the move generator: for learning environments and bots that pick one action by its index.
///
/// `basic_action_list::assign(s)` holds exactly `s.legal_actions()`, in the same order (the action
/// tiles, the placements in the move generator's order, the exchanges smallest first, pass), but
/// stores only the placements: exchanges are counted from the hand and made on demand (`at(i)`
/// finds the i-th by its rank, without listing the others), and no action is encoded until
/// `code(i)` asks for it. With six tiles a hand has up to 63 exchanges, usually more than half of a
/// state's actions, so this is what makes stepping by index cheap. The list keeps its buffers from
/// one state to the next: after the first few states it allocates nothing.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "action.hpp"
#include "action_code.hpp"

namespace qwirkle {

/// The distinct exchanges of a hand (every part of 1 to `limit` tiles), each with its rank in the
/// order of `basic_state::for_each_exchange`: by size, then by the count of each kind in the
/// hand's own order, larger counts first. The table that ranks them is built by the first at()
/// after assign(), so two threads must not call at() on the same object at once.
template <class Tile>
class exchange_ranks {
public:
    /// The piece type.
    using tile_type = Tile;
    /// The hand type (a multiset of pieces).
    using hand_type = basic_tile_multiset<Tile>;

    /// The exchanges of `hand` of 1 to `limit` tiles (none when limit < 1).
    void assign(const hand_type& hand, int limit) {
        n_ = 0;
        for (const tile_type t : hand.distinct()) {
            kinds_[static_cast<std::size_t>(n_)] = t;
            most_[static_cast<std::size_t>(n_++)] = hand.count(t);
        }
        limit_ = std::max(0, std::min(limit, hand.size()));
        built_ = false;
        if (limit_ == hand.size()) {  // every part of the hand: the product of (count + 1), less the empty part
            std::uint64_t parts = 1;
            for (int k = 0; k < n_; ++k) {
                const auto f = static_cast<std::uint64_t>(most_[static_cast<std::size_t>(k)] + 1);
                parts = parts > cap / f ? cap + 1 : parts * f;  // (only giant custom hands come near the cap)
            }
            total_ = std::min(parts - 1, cap);
            return;
        }
        build();
        total_ = 0;
        for (int size = 1; size <= limit_; ++size) total_ = saturating_add(total_, ways(0, size));
    }
    /// How many exchanges there are (saturating at 2^62; only giant custom hands come near it).
    std::uint64_t size() const noexcept { return total_; }
    /// The exchange of rank `index` (0 ≤ index < size()).
    hand_type at(std::uint64_t index) const {
        if (!built_) build();
        int size = 1;
        while (size < limit_ && index >= ways(0, size)) index -= ways(0, size++);
        hand_type give;
        int left = size;
        for (int k = 0; k < n_ && left > 0; ++k) {
            for (int c = std::min(left, most_[static_cast<std::size_t>(k)]); c >= 0; --c) {
                const std::uint64_t w = ways(k + 1, left - c);
                if (index < w) {
                    if (c) give.add(kinds_[static_cast<std::size_t>(k)], c);
                    left -= c;
                    break;
                }
                index -= w;
            }
        }
        return give;
    }

private:
    static constexpr std::uint64_t cap = std::uint64_t{1} << 62;
    static constexpr std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) noexcept {
        return a + b >= cap ? cap : a + b;
    }
    /// Fills ways_ (the count vectors of each suffix of kinds for each sum up to limit_).
    void build() const {
        const std::size_t width = static_cast<std::size_t>(limit_) + 1;
        ways_.assign(static_cast<std::size_t>(n_ + 1) * width, 0);
        ways_[static_cast<std::size_t>(n_) * width] = 1;  // nothing left to choose: one way for 0 tiles
        for (int k = n_ - 1; k >= 0; --k)
            for (int left = 0; left <= limit_; ++left) {
                std::uint64_t w = 0;
                for (int c = 0; c <= std::min(left, most_[static_cast<std::size_t>(k)]); ++c)
                    w = saturating_add(w, ways(k + 1, left - c));
                ways_[static_cast<std::size_t>(k) * width + static_cast<std::size_t>(left)] = w;
            }
        built_ = true;
    }
    std::uint64_t ways(int k, int left) const noexcept {
        return ways_[static_cast<std::size_t>(k) * (static_cast<std::size_t>(limit_) + 1) + static_cast<std::size_t>(left)];
    }

    std::array<tile_type, 64> kinds_{};
    std::array<int, 64> most_{};
    int n_ = 0, limit_ = 0;
    /// ways_(k, left): the count vectors of kinds k .. n − 1 (each ≤ its count in the hand) summing to left.
    /// Built on the first at() after assign() (or at once when limit_ is below the hand's size).
    mutable std::vector<std::uint64_t> ways_;
    mutable bool built_ = false;
    std::uint64_t total_ = 0;
};

/// The legal actions of the player to act in a tile-game state (a `basic_state` or `basic_game`
/// of rule set R), indexed in `legal_actions()` order. See the file comment.
template <ruleset R>
class basic_action_list {
public:
    /// The action type.
    using action_type = basic_action<R>;
    /// The move type.
    using move_type = basic_move<R>;
    /// The hand type.
    using hand_type = basic_tile_multiset<tile_t<R>>;

    /// Lists the legal actions of `s` (none once it is terminal).
    template <class State>
    void assign(const State& s) {
        all_.clear();
        moves_.clear();
        pass_ = false;
        general_ = false;
        exchanges_.assign(hand_type{}, 0);
        if (s.is_terminal()) return;
        if (s.can_use(action_tile::draw_three) || s.can_use(action_tile::take_tile)) {
            // The turn may start with an action tile (mini-expansions): rare, listed in full.
            general_ = true;
            s.for_each_legal_action([&](const action_type& a) { all_.push_back(a); });
            return;
        }
        s.for_each_legal_move([&](const move_type& m, int) { moves_.push_back(m); });
        if (s.can_exchange()) {
            const auto& h = s.hand(s.current_player());
            exchanges_.assign(h, std::min(s.hand_size(), s.bag_size()));
        } else if (moves_.empty() && s.opening_size() == 0) {
            pass_ = true;  // the bag is empty and nothing can be placed
        }
    }

    /// How many legal actions there are.
    std::uint64_t size() const noexcept {
        if (general_) return all_.size();
        return moves_.size() + exchanges_.size() + (pass_ ? 1 : 0);
    }
    /// Whether there is none (the state is terminal).
    bool empty() const noexcept { return size() == 0; }
    /// The kind of action `i` (0 ≤ i < size()).
    action_kind kind(std::uint64_t i) const noexcept {
        if (general_) return all_[static_cast<std::size_t>(i)].kind;
        if (i < moves_.size()) return action_kind::place;
        return i - moves_.size() < exchanges_.size() ? action_kind::exchange : action_kind::pass;
    }
    /// Action `i` (0 ≤ i < size()): the same as s.legal_actions()[i].
    action_type at(std::uint64_t i) const {
        if (general_) return all_[static_cast<std::size_t>(i)];
        if (i < moves_.size()) return action_type::place(moves_[static_cast<std::size_t>(i)]);
        i -= moves_.size();
        if (i < exchanges_.size()) return action_type::exchange(exchanges_.at(i));
        return action_type::pass();
    }
    /// The code of action `i` (encode_action(at(i)), without building a placement's action).
    std::optional<action_code> code(std::uint64_t i) const {
        if (!general_ && i < moves_.size()) return encode_move(moves_[static_cast<std::size_t>(i)]);
        return encode_action(at(i));
    }
    /// The placements, in the move generator's order (the first moves().size() actions; empty
    /// when the turn may start with an action tile, whose actions are all kept in full).
    const std::vector<move_type>& moves() const noexcept { return moves_; }

private:
    std::vector<action_type> all_;  // every action, when an action tile may be used
    std::vector<move_type> moves_;
    exchange_ranks<tile_t<R>> exchanges_;
    bool pass_ = false, general_ = false;
};

/// The action list of the standard game.
using action_list = basic_action_list<standard_rules>;

}  // namespace qwirkle
