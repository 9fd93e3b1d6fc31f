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

/// The move being generated, as the generator holds it: handed to visitors that ask for it
/// (best_move) so that a move is built only when kept.
template <ruleset R, int Radius>
struct move_in_progress {
    const int* cells;
    const std::uint8_t* tiles;
    int size;
    constexpr basic_move<R> to_move() const noexcept {
        basic_move<R> m;
        for (int k = 0; k < size; ++k)
            m.push_back({basic_board<R, Radius>::cell_of(cells[k]), tile_t<R>::from_index(tiles[k])});
        return m;
    }
};

template <class Visitor, class R, int Radius>
concept visits_progress = std::is_invocable_v<Visitor&, const move_in_progress<R, Radius>&, int> &&
                          !std::is_invocable_v<Visitor&, const basic_move<R>&, int>;

template <ruleset R, int Radius, class Visitor>
class generator {
    using board_type = basic_board<R, Radius>;
    using tile_type = tile_t<R>;
    using anchor_type = typename board_type::anchor;
    static constexpr int max_line = rules_traits<R>::max_line;

public:
    constexpr generator(const board_type& b, mask64 hand, const movegen_options& opt, Visitor& visit) noexcept
        : b_(b), hand_(hand), visit_(visit) {
        if (opt.forbidden && board_type::contains(*opt.forbidden)) forbidden_ = board_type::index_of(*opt.forbidden);
        if (b.empty()) only_size_ = opt.opening_size;
    }

    constexpr void run() {
        if (hand_ == 0) return;
        if (b_.empty()) {
            // The opening: first tile on 0,0, the line going toward +x or +y.
            const int origin = board_type::index_of(cell{0, 0});
            if (origin == forbidden_) return;
            start<0>(origin, open_, false);
            start<1>(origin, open_, false);
            return;
        }
        // The anchor's tile must fit both its lines: most anchors fail this test.
        // The passing anchors are first gathered without branches.
        const auto fits = b_.anchor_fits();
        const auto anchors = b_.anchors();
        std::array<std::uint16_t, board_type::max_anchors> pass;  // written before read
        std::size_t n = 0;
        for (std::size_t k = 0; k < fits.size(); ++k) {
            pass[n] = static_cast<std::uint16_t>(k);
            n += (hand_ & fits[k]) != 0;
        }
        for (std::size_t j = 0; j < n; ++j) {
            const auto& an = anchors[pass[j]];
            if (an.index == forbidden_) continue;
            start<0>(an.index, an, true);
            start<1>(an.index, an, true);
        }
    }

private:
    // Axis A: 0 = row (forward is +x), 1 = column (forward is +y).
    template <int A>
    static constexpr std::size_t fwd = 2 * A + 1;
    template <int A>
    static constexpr int forward_step = board_type::step[fwd<A>];
    template <int A>
    static constexpr std::size_t cross0 = 2 * (1 - A);

    /// The moves whose first anchor along axis A is `a` (for the opening: the origin): a tile on
    /// the anchor, then tiles on the free cells just before it, then tiles going forward.
    template <int A>
    constexpr void start(int a, const anchor_type& an, bool may_extend_back) {
        const mask64 behind = an.run[fwd<A> - 1], ahead = an.run[fwd<A>];
        const int behind_length = an.length[fwd<A> - 1], ahead_length = an.length[fwd<A>];
        const mask64 cross_set = an.run[cross0<A>] | an.run[cross0<A> + 1];
        const int cross_length = an.length[cross0<A>] + an.length[cross0<A> + 1];
        // The board keeps both lines' extensions on each anchor.
        mask64 candidates = hand_ & an.allows[0] & an.allows[1];
        next_ = a + (1 + ahead_length) * forward_step<A>;
        extend_back_ = may_extend_back && behind_length == 0;
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            const mask64 line = behind | bit(t) | ahead;
            const int length = behind_length + 1 + ahead_length;
            // On the column axis only moves of 2+ tiles count: skip a tile no other tile of the
            // hand can join in its column line.
            if (A == 1 && !(extensions_of_distinct<tile_type>(line, length) & hand_ & ~bit(t))) continue;
            push(a, t);
            backward<A>(a, line, length, hand_ & ~bit(t), cross_points(cross_set, cross_length, t));
            --depth_;
        }
    }

    /// Adds tiles before the leftmost placed cell `first` (free cells with no tile next to them).
    template <int A>
    constexpr void backward(int first, mask64 line, int length, mask64 hand, int points) {
        forward<A>(next_, line, length, hand, points);
        if (!extend_back_ || length >= max_line || hand == 0) return;
        const int c = first - forward_step<A>;
        if (b_.raw(c) != board_type::empty_cell || c == forbidden_) return;
        for (mask64 candidates = hand & extensions_of_distinct<tile_type>(line, length); candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            push(c, t);
            backward<A>(c, line | bit(t), length + 1, hand & ~bit(t), points);
            --depth_;
        }
    }

    /// Emits the move made so far, then adds tiles from cell `x` on (going forward).
    template <int A>
    constexpr void forward(int x, mask64 line, int length, mask64 hand, int points) {
        emit<A>(line, length, points);
        const std::uint8_t v = b_.raw(x);
        if (length >= max_line || hand == 0 || !board_type::is_free(v) || x == forbidden_) return;
        const anchor_type& an = v == board_type::anchor_cell ? b_.anchor_of(x) : open_;
        const mask64 ahead = an.run[fwd<A>];
        const int ahead_length = an.length[fwd<A>];
        mask64 candidates = hand & an.allows[1 - A];
        if (!candidates || (line & ahead)) return;
        candidates &= extensions_of_distinct<tile_type>(line | ahead, length + ahead_length);
        if (!candidates) return;
        const mask64 cross_set = an.run[cross0<A>] | an.run[cross0<A> + 1];
        const int cross_length = an.length[cross0<A>] + an.length[cross0<A> + 1];
        const int next = x + (1 + ahead_length) * forward_step<A>;
        // When nothing can follow (line full, next cell taken or forbidden), the moves are leaves:
        // emit them here rather than through another call.
        const bool leaf = length + 1 + ahead_length >= max_line || !board_type::is_free(b_.raw(next)) || next == forbidden_;
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            push(x, t);
            const mask64 rest = hand & ~bit(t);
            if (leaf || !rest)
                emit<A>(line | bit(t) | ahead, length + 1 + ahead_length, points + cross_points(cross_set, cross_length, t));
            else
                forward<A>(next, line | bit(t) | ahead, length + 1 + ahead_length, rest,
                           points + cross_points(cross_set, cross_length, t));
            --depth_;
        }
    }

    static constexpr int cross_points(mask64 set, int length, int t) noexcept {
        return length ? points_of_valid<tile_type>(set | bit(t), length + 1, R::qwirkle_bonus) : 0;
    }

    constexpr void push(int index, int t) noexcept {
        at_[static_cast<std::size_t>(depth_)] = index;
        tile_[static_cast<std::size_t>(depth_)] = static_cast<std::uint8_t>(t);
        ++depth_;
    }

    template <int A>
    constexpr void emit(mask64 line, int length, int points) {
        // Single tiles come from the row axis only: each move is produced once.
        if (A == 1 && depth_ < 2) return;
        if (only_size_ && depth_ != only_size_) return;
        int score = points + points_of_valid<tile_type>(line, length, R::qwirkle_bonus);
        if (score == 0) score = R::lone_tile_score;
        if constexpr (std::is_invocable_v<Visitor&, int>) {
            visit_(score);  // a visitor of scores alone: the move is never built
        } else if constexpr (visits_progress<Visitor, R, Radius>) {
            visit_(move_in_progress<R, Radius>{at_.data(), tile_.data(), depth_}, score);
        } else {
            const basic_move<R> m = move_in_progress<R, Radius>{at_.data(), tile_.data(), depth_}.to_move();
            visit_(m, score);
        }
    }

    static constexpr anchor_type open_ = board_type::open_cell();
    const board_type& b_;
    mask64 hand_;
    Visitor& visit_;
    int forbidden_ = -1;
    int only_size_ = 0;         ///< opening: emit only moves of this many tiles
    int next_ = 0;              ///< the first cell after the anchor and the tiles that follow it
    bool extend_back_ = false;  ///< may tiles go before the anchor?
    int depth_ = 0;             ///< tiles placed so far, on cells at_[] (grid indices)
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
    for_each_move(b, hand, [&](const detail::move_in_progress<R, Radius>& m, int score) {
        if (!best || score > best->score) best = basic_scored_move<R>{m.to_move(), score};
    }, opt);
    return best;
}

}  // namespace qwirkle
