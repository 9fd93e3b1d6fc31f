// qwirkle — legal placement moves: every distinct one, each with its score, without allocation.
//
// A move is a set of (cell, tile) pairs: two ways of placing the same tiles on the same cells are one
// move, even when the hand holds duplicates. Since all placed tiles lie in one valid line, a move never
// uses a tile kind twice, so the hand enters only as the mask of kinds it holds.
//
// Algorithm (see README "Design"): for each axis and each anchor A (an empty cell next to a tile), the
// moves whose first anchor along the axis is A start at A or at one of the empty non-anchor cells just
// before it; a depth-first walk places one tile per empty cell going forward, absorbing the runs of
// board tiles it meets. Candidates at each cell are `hand ∩ crossing-line mask ∩ main-line extensions`,
// all precomputed per anchor by the board, so a step costs a few mask operations. Single-tile moves are
// produced on the row axis only, so each move is produced exactly once.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "../pieces/tile_set.hpp"
#include "legality.hpp"

namespace qwirkle {

/// Options of the move generator (what the position adds to the rules).
struct movegen_options {
    /// On the empty board: only openings of exactly this many tiles (0: every opening).
    int opening_size = 0;
    /// No tile may go to this cell (take-a-tile action).
    std::optional<cell> forbidden;
};

namespace detail {

template <ruleset R, int Radius, class Visitor>
class generator {
    using board_type = basic_board<R, Radius>;
    using tile_type = tile_t<R>;
    static constexpr int max_line = rules_traits<R>::max_line;

public:
    constexpr generator(const board_type& b, mask64 hand, const movegen_options& opt, Visitor& visit) noexcept
        : b_(b), hand_(hand), opening_size_(opt.opening_size), visit_(visit) {
        if (opt.forbidden && board_type::contains(*opt.forbidden)) forbidden_ = board_type::index_of(*opt.forbidden);
    }

    constexpr void run() {
        if (hand_ == 0) return;
        if (b_.empty()) {
            const int origin = board_type::index_of(cell{0, 0});
            for (int a = 0; a < 2; ++a) {
                axis_ = a;
                walk(origin, 0, 0, hand_, 0, true);
            }
            return;
        }
        const int hand_kinds = popcount(hand_);
        for (int a = 0; a < 2; ++a) {
            axis_ = a;
            const int back = board_type::step[static_cast<std::size_t>(2 * a)];
            for (const auto& an : b_.anchors()) {
                walk(an.index, an.run[static_cast<std::size_t>(2 * a)], an.length[static_cast<std::size_t>(2 * a)],
                     hand_, 0, true);
                // Empty cells just before the anchor with no tile next to them: the move starts there
                // and must reach the anchor, one tile per cell.
                int s = an.index;
                for (int k = 1; k < hand_kinds; ++k) {
                    s += back;
                    if (b_.raw(s) != board_type::empty_cell || b_.anchor_at(s)) break;
                    walk(s, 0, 0, hand_, 0, false);
                }
            }
        }
    }

private:
    /// Places a tile on the empty cell `x`, the next cell of the move along the current axis.
    /// `line`/`length`: the main line so far (tiles before x); `reached`: the move touches the board.
    constexpr void walk(int x, mask64 line, int length, mask64 hand, int cross_points, bool reached) {
        const auto* an = b_.anchor_at(x);
        const std::size_t fwd = static_cast<std::size_t>(2 * axis_ + 1);
        const std::size_t c0 = static_cast<std::size_t>(2 * (1 - axis_));
        mask64 ahead = 0, cross_set = 0, cross_allows = basic_tile_set<tile_type>::all_bits();
        int ahead_length = 0, cross_length = 0;
        if (an) {
            ahead = an->run[fwd];
            ahead_length = an->length[fwd];
            cross_set = an->run[c0] | an->run[c0 + 1];
            cross_length = an->length[c0] + an->length[c0 + 1];
            cross_allows = an->allows[static_cast<std::size_t>(1 - axis_)];
            reached = true;
        }
        mask64 candidates = hand & cross_allows & line_extensions<tile_type>(line | ahead, length + ahead_length);
        if (x == forbidden_) candidates = 0;
        const cell at = board_type::cell_of(x);
        const int next = x + (1 + ahead_length) * board_type::step[fwd];
        const bool can_go_on = b_.raw(next) == board_type::empty_cell;
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            const mask64 new_line = line | bit(t) | ahead;
            const int new_length = length + 1 + ahead_length;
            const int points =
                cross_points + (cross_length ? line_points<tile_type>(cross_set | bit(t), cross_length + 1, R::qwirkle_bonus) : 0);
            move_.push_back({at, tile_type::from_index(t)});
            if (reached && (axis_ == 0 || move_.size() >= 2) &&
                (opening_size_ == 0 || !b_.empty() || move_.size() == opening_size_)) {
                const int score = points + line_points<tile_type>(new_line, new_length, R::qwirkle_bonus);
                visit_(static_cast<const basic_move<R>&>(move_), score == 0 ? R::lone_tile_score : score);
            }
            if (can_go_on && new_length < max_line && (hand & ~bit(t)))
                walk(next, new_line, new_length, hand & ~bit(t), points, reached);
            move_.pop_back();
        }
    }

    const board_type& b_;
    mask64 hand_;
    int opening_size_;
    Visitor& visit_;
    int forbidden_ = -1;
    int axis_ = 0;
    basic_move<R> move_;
};

}  // namespace detail

/// Calls visit(const basic_move<R>&, int score) once for every distinct legal placement move of a
/// player holding the tile kinds in `hand`. The move reference is valid only during the call.
template <ruleset R, int Radius, class Visitor>
constexpr void for_each_move(const basic_board<R, Radius>& b, basic_tile_set<tile_t<R>> hand, Visitor&& visit,
                             const movegen_options& opt = {}) {
    detail::generator<R, Radius, std::remove_reference_t<Visitor>> g(b, hand.bits(), opt, visit);
    g.run();
}
template <ruleset R, int Radius, class Visitor>
constexpr void for_each_move(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                             Visitor&& visit, const movegen_options& opt = {}) {
    for_each_move(b, hand.distinct(), visit, opt);
}

/// Writes every legal move with its score to `out` (an output iterator); returns the end.
template <ruleset R, int Radius, class OutputIt>
constexpr OutputIt legal_moves(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                               OutputIt out, const movegen_options& opt = {}) {
    for_each_move(b, hand, [&](const basic_move<R>& m, int score) { *out++ = basic_scored_move<R>{m, score}; }, opt);
    return out;
}

/// Writes the legal moves into caller storage, as many as fit; returns how many there are in all
/// (more than out.size() means the list was cut short).
template <ruleset R, int Radius>
constexpr std::size_t legal_moves(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                                  std::span<basic_scored_move<R>> out, const movegen_options& opt = {}) {
    std::size_t n = 0;
    for_each_move(b, hand, [&](const basic_move<R>& m, int score) {
        if (n < out.size()) out[n] = basic_scored_move<R>{m, score};
        ++n;
    }, opt);
    return n;
}

/// Count, total score and best score of the legal moves: the figures the perft tool prints.
struct move_stats {
    std::uint64_t moves = 0;
    std::uint64_t total = 0;
    int best = 0;
    friend constexpr bool operator==(const move_stats&, const move_stats&) = default;
};

template <ruleset R, int Radius>
constexpr move_stats count_moves(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                                 const movegen_options& opt = {}) {
    move_stats s;
    for_each_move(b, hand, [&](const basic_move<R>&, int score) {
        ++s.moves;
        s.total += static_cast<std::uint64_t>(score);
        if (score > s.best) s.best = score;
    }, opt);
    return s;
}

/// Does any legal placement exist?
template <ruleset R, int Radius>
constexpr bool can_place(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                         const movegen_options& opt = {}) {
    // Generation is cheap enough that stopping early is not worth a second code path.
    return count_moves(b, hand, opt).moves > 0;
}

/// A highest-scoring legal move (the first generated among equals), or none.
template <ruleset R, int Radius>
constexpr std::optional<basic_scored_move<R>> best_move(const basic_board<R, Radius>& b,
                                                        const basic_tile_multiset<tile_t<R>>& hand,
                                                        const movegen_options& opt = {}) {
    std::optional<basic_scored_move<R>> best;
    for_each_move(b, hand, [&](const basic_move<R>& m, int score) {
        if (!best || score > best->score) best = basic_scored_move<R>{m, score};
    }, opt);
    return best;
}

}  // namespace qwirkle
