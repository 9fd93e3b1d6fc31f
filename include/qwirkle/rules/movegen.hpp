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
#include <type_traits>

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
    using anchor_type = typename board_type::anchor;
    static constexpr int max_line = rules_traits<R>::max_line;

public:
    constexpr generator(const board_type& b, mask64 hand, const movegen_options& opt, Visitor& visit) noexcept
        : b_(b), hand_(hand), opening_size_(opt.opening_size), visit_(visit) {
        if (opt.forbidden && board_type::contains(*opt.forbidden)) forbidden_ = board_type::index_of(*opt.forbidden);
    }

    constexpr void run() {
        if (hand_ == 0) return;
        if (b_.empty()) {
            // The opening: first tile on 0,0, the line going toward +x or +y.
            for (axis_ = 0; axis_ < 2; ++axis_) start(board_type::index_of(cell{0, 0}), nullptr);
            return;
        }
        // The anchor's tile must fit both its lines: most anchors fail this test.
        const auto fits = b_.anchor_fits();
        const auto anchors = b_.anchors();
        for (std::size_t k = 0; k < fits.size(); ++k) {
            if ((hand_ & fits[k]) == 0) continue;
            for (axis_ = 0; axis_ < 2; ++axis_) start(anchors[k].index, &anchors[k]);
        }
    }

private:
    constexpr std::size_t forward_dir() const noexcept { return static_cast<std::size_t>(2 * axis_ + 1); }
    constexpr int forward_step() const noexcept { return board_type::step[forward_dir()]; }

    /// The moves whose first anchor along the axis is `a` (or the opening, when `an` is null): a tile
    /// on the anchor, then tiles on the free cells just before it, then tiles going forward.
    constexpr void start(int a, const anchor_type* an) {
        if (a == forbidden_) return;
        const std::size_t fwd = forward_dir(), back = fwd - 1;
        const auto cross = crossing(an);
        const mask64 behind = an ? an->run[back] : 0, ahead = an ? an->run[fwd] : 0;
        const int behind_length = an ? an->length[back] : 0, ahead_length = an ? an->length[fwd] : 0;
        // On an anchor the board keeps the main line's extensions too.
        mask64 candidates = hand_ & cross.allows & (an ? an->allows[static_cast<std::size_t>(axis_)] : ~mask64{0});
        next_ = a + (1 + ahead_length) * forward_step();
        extend_back_ = an != nullptr && behind_length == 0;
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            push(a, t);
            backward(a, behind | bit(t) | ahead, behind_length + 1 + ahead_length, hand_ & ~bit(t), cross.points(t));
            --depth_;
        }
    }

    /// Adds tiles before the leftmost placed cell `first` (free cells with no tile next to them).
    constexpr void backward(int first, mask64 line, int length, mask64 hand, int points) {
        forward(next_, line, length, hand, points);
        if (!extend_back_ || length >= max_line || hand == 0) return;
        const int c = first - forward_step();
        if (b_.raw(c) != board_type::empty_cell || b_.anchor_at(c) || c == forbidden_) return;
        for (mask64 candidates = hand & extensions_of_distinct<tile_type>(line, length); candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            push(c, t);
            backward(c, line | bit(t), length + 1, hand & ~bit(t), points);
            --depth_;
        }
    }

    /// Emits the move made so far, then adds tiles from cell `x` on (going forward).
    constexpr void forward(int x, mask64 line, int length, mask64 hand, int points) {
        emit(line, length, points);
        if (length >= max_line || hand == 0 || b_.raw(x) != board_type::empty_cell || x == forbidden_) return;
        const auto* an = b_.anchor_at(x);
        const std::size_t fwd = forward_dir();
        const auto cross = crossing(an);
        const mask64 ahead = an ? an->run[fwd] : 0;
        const int ahead_length = an ? an->length[fwd] : 0;
        const int next = x + (1 + ahead_length) * forward_step();
        mask64 candidates = hand & cross.allows;
        if (candidates && ahead) candidates &= (line & ahead) ? 0 : extensions_of_distinct<tile_type>(line | ahead, length + ahead_length);
        else if (candidates) candidates &= extensions_of_distinct<tile_type>(line, length);
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            push(x, t);
            forward(next, line | bit(t) | ahead, length + 1 + ahead_length, hand & ~bit(t), points + cross.points(t));
            --depth_;
        }
    }

    constexpr void push(int index, int t) noexcept {
        at_[static_cast<std::size_t>(depth_)] = index;
        tile_[static_cast<std::size_t>(depth_)] = static_cast<std::uint8_t>(t);
        ++depth_;
    }

    constexpr void emit(mask64 line, int length, int points) {
        // Single tiles come from the row axis only: each move is produced once.
        if (axis_ == 1 && depth_ < 2) return;
        if (opening_size_ > 0 && b_.empty() && depth_ != opening_size_) return;
        int score = points + points_of_valid<tile_type>(line, length, R::qwirkle_bonus);
        if (score == 0) score = R::lone_tile_score;
        if constexpr (std::is_invocable_v<Visitor&, int>) {
            visit_(score);  // a visitor of scores alone: the move is never built
        } else {
            basic_move<R> m;
            for (std::size_t k = 0; k < static_cast<std::size_t>(depth_); ++k)
                m.push_back({board_type::cell_of(at_[k]), tile_type::from_index(tile_[k])});
            visit_(static_cast<const basic_move<R>&>(m), score);
        }
    }

    /// The line crossing the current axis at a cell: which tiles it allows and what it scores.
    struct cross_line {
        mask64 set = 0;
        int length = 0;
        mask64 allows = ~mask64{0};
        constexpr int points(int t) const noexcept {
            return length ? points_of_valid<tile_type>(set | bit(t), length + 1, R::qwirkle_bonus) : 0;
        }
    };
    constexpr cross_line crossing(const anchor_type* an) const noexcept {
        if (!an) return {};
        const std::size_t c0 = static_cast<std::size_t>(2 * (1 - axis_));
        return {an->run[c0] | an->run[c0 + 1], an->length[c0] + an->length[c0 + 1],
                an->allows[static_cast<std::size_t>(1 - axis_)]};
    }

    const board_type& b_;
    mask64 hand_;
    int opening_size_;
    Visitor& visit_;
    int forbidden_ = -1;
    int axis_ = 0;
    int next_ = 0;              ///< the first cell after the anchor and the tiles that follow it
    bool extend_back_ = false;  ///< may tiles go before the anchor?
    int depth_ = 0;  ///< tiles placed so far, on cells at_[] (grid indices)
    std::array<int, static_cast<std::size_t>(max_line)> at_{};
    std::array<std::uint8_t, static_cast<std::size_t>(max_line)> tile_{};
};

}  // namespace detail

/// Calls visit(const basic_move<R>&, int score) once for every distinct legal placement move of a
/// player holding the tile kinds in `hand`. The move reference is valid only during the call.
/// A visitor callable as visit(int score) gets the scores alone (the moves are then never built).
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
    for_each_move(b, hand, [&](int score) {
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
