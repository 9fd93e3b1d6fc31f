// SPDX-License-Identifier: MIT
/// @file
/// Legal placement moves: every distinct one, each with its score, without allocation.
///
/// A move is a set of (cell, tile) pairs: two ways of placing the same tiles on the same cells are one
/// move, even when the hand holds duplicates. Since all placed tiles lie in one valid line, a move never
/// uses a tile kind twice, so the hand enters only as the mask of kinds it holds.
///
/// Algorithm (see README "Design"): for each axis and each anchor A (an empty cell next to a tile), the
/// moves whose first anchor along the axis is A start at A or at one of the empty non-anchor cells just
/// before it; a depth-first walk places one tile per empty cell going forward, absorbing the runs of
/// board tiles it meets. Candidates at each cell are `hand ∩ crossing-line mask ∩ main-line extensions`,
/// so a step costs a few mask operations: the crossing masks are kept per anchor by the board, and
/// the main line's extensions are carried down the search. Distinct pieces form one line when any
/// two of them share a colour or a shape, so a valid line's extensions are the pieces that go with
/// every piece of it, and those of a grown line are an intersection: with a new piece t,
/// `ext & partners[t]`; with the run of board tiles ahead of a free cell, `ext &` that cell's mask
/// on the axis (which is the run's with the tiles behind the cell, part of the line), once the run
/// lies within `ext` (else the joined line is not valid). Single-tile moves are produced on the row
/// axis only, so each move is produced exactly once.
///
/// count_moves on square tile sets counts, without walking, the moves of a tile on an anchor that at
/// most two other tiles of the hand join in the line (one, two or three tiles: their scores depend
/// only on the lines' lengths), and in a line of the tile alone, of one joined by two of its colour
/// and one of its shape (or the reverse), which never go together; only the other tiles three or
/// more others join are walked (see count_anchor and count_pair).
///
/// best_move (and any visitor with a floor, see has_floor) skips the tiles of an anchor whose moves
/// cannot score more than the best so far: an upper bound from the hand's tiles that fit the
/// anchor tile's line and the cells going forward (their runs and crossing lines), read once per
/// anchor and axis (a line of the anchor's tile alone takes the tiles of its colour or those of
/// its shape, never both). A start where no tile is joined by two others that go together in its
/// line (so where every move has one or two tiles) is not even set up when the bound of one tile
/// more than the anchor's, which reads only the next cell forward, cannot beat it (most starts of
/// best_move are such); when it can, on square tile sets, the start's moves are handed over
/// without a walk, in the walk's order (offer_few). Any other start is walked whole. The move kept
/// is the same as without the skipping: the first generated of the highest-scoring ones.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
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
/// (best_move) so that a move is built only when kept. Its tiles lie on one line: `fixed` is the
/// coordinate they share (y for a row, x for a column), `pos[k]` the other.
template <ruleset R>
struct move_in_progress {
    const int* pos;
    const std::uint8_t* tiles;
    int size;
    int fixed;
    bool column;
    constexpr basic_move<R> to_move() const noexcept {
        basic_move<R> m;
        for (int k = 0; k < size; ++k)
            m.push_back({column ? cell{fixed, pos[k]} : cell{pos[k], fixed}, tile_at<tile_t<R>>(tiles[k])});
        return m;
    }
};

/// A generated move kept by value: a copy of a move_in_progress's cells and tiles, built into a
/// basic_move only when asked (cheaper to keep than a move while the best ones are still changing).
template <ruleset R>
struct kept_move {
    static constexpr std::size_t max_line = static_cast<std::size_t>(rules_traits<R>::max_line);
    std::array<int, max_line> pos{};
    std::array<std::uint8_t, max_line> tiles{};
    int size = 0;
    int fixed = 0;
    bool column = false;
    constexpr kept_move() noexcept = default;
    /// A copy of `m` (whose arrays hold max_line entries: all are copied, without a loop over the size).
    constexpr explicit kept_move(const move_in_progress<R>& m) noexcept : size(m.size), fixed(m.fixed), column(m.column) {
        for (std::size_t k = 0; k < max_line; ++k) {
            pos[k] = m.pos[k];
            tiles[k] = m.tiles[k];
        }
    }
    constexpr basic_move<R> to_move() const noexcept { return move_in_progress<R>{pos.data(), tiles.data(), size, fixed, column}.to_move(); }
};

/// A visitor that only wants moves scoring above a floor (best_move: above the best so far):
/// `floor()` is that score, and the generator may skip any move that cannot beat it.
template <class Visitor>
concept has_floor = requires(const Visitor& v) {
    { v.floor() } -> std::convertible_to<int>;
};

/// The visitor of best_move: keeps the first generated of the highest-scoring moves. Its floor
/// lets the generator skip what cannot score more (the same move is kept either way).
template <ruleset R>
struct best_keeper {
    kept_move<R> best;  ///< (built into a move once, at the end)
    int score = -1;     ///< its score; -1 before the first move
    constexpr void operator()(const move_in_progress<R>& m, int s) noexcept {
        if (s > score) {
            best = kept_move<R>(m);
            score = s;
        }
    }
    constexpr int floor() const noexcept { return score; }
};

template <class Visitor, class R>
concept visits_progress = std::is_invocable_v<Visitor&, const move_in_progress<R>&, int> &&
                          !std::is_invocable_v<Visitor&, const basic_move<R>&, int>;

/// Direct: the board's cells are looked up by their home slots alone (basic_board::direct_within
/// the generator's reach); keys are then home slots, and advance along the 32 × 32 window.
/// Sized: an opening of a given size only (movegen_options::opening_size on the empty board), so
/// that other positions pay no test for it.
/// Forbid: a cell may be forbidden (movegen_options::forbidden, after taking a tile); without it,
/// the generator never asks (the tests cost 8% of counting's instructions, for a cell that is
/// forbidden only in the rest of a turn that took a tile).
template <ruleset R, int Radius, class Visitor, bool Direct = false, bool Sized = false, bool Forbid = true>
class generator {
    using board_type = basic_board<R, Radius>;
    using tile_type = tile_t<R>;
    using anchor_type = typename board_type::anchor;
    using key_type = typename board_type::key_type;
    static constexpr int max_line = rules_traits<R>::max_line;
    static constexpr int nowhere = -2'000'000'000;  ///< a position no cell has

public:
    /// How far beyond the tiles' box the generator may look cells up. A move's line holds at most
    /// max_line tiles and the generator looks up a cell beyond the line only while it is shorter,
    /// so the farthest lies max_line − 1 beyond the box (a free cell next to a tile, then four more
    /// tiles going away from the box; movegen_test builds it at the window's edge, where max_line − 2
    /// fails); two more are kept in hand.
    static constexpr int reach = max_line + 1;

    constexpr generator(const board_type& b, mask64 hand, const movegen_options& opt, Visitor& visit) noexcept
        : b_(b), hand_(hand), visit_(visit), forbidden_(opt.forbidden) {
        if constexpr (Sized) only_size_ = opt.opening_size;
    }

    constexpr void run() {
        if (hand_ == 0) return;
        if (b_.empty()) {
            // The opening: first tile on 0,0, the line going toward +x or +y.
            if (has_forbidden() && *forbidden_ == cell{0, 0}) return;
            if (!board_type::contains(cell{0, 0})) return;
            start<0>(open_, cell{0, 0}, nav_key(board_type::key_of(cell{0, 0})), false, hand_);
            start<1>(open_, cell{0, 0}, nav_key(board_type::key_of(cell{0, 0})), false, hand_);
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
        [[maybe_unused]] few_counts few;  // (bulk: the moves counted without a walk, handed over at the end)
        // (a visitor with a floor: does the hand hold three tiles of one colour or one shape? Else
        // no move has three tiles, and no tile is joined by two others that go together: in 58%
        // of the positions of 20 greedy games)
        [[maybe_unused]] bool threes = false;
        if constexpr (pruned)
            for (mask64 c = hand_; c; c &= c - 1) {
                const int t = lowest_bit(c);
                threes = threes || three_or_more(hand_ & colour_of(t)) || three_or_more(hand_ & shape_of(t));
            }
        for (std::size_t j = 0; j < n; ++j) {
            const auto& an = anchors[pass[j]];
            if (has_forbidden() && *forbidden_ == an.at()) continue;
            if constexpr (board_type::limited)
                if (!board_type::contains(an.at())) continue;
            const mask64 tiles = hand_ & an.allows[0] & an.allows[1];
            if constexpr (pruned) {
                // Before setting up a start: the tiles that may lead somewhere on each axis. A
                // tile no other tile of the hand can join in a line makes only the move of that
                // tile alone (on the row axis), whose score is known here.
                const int row = an.length[0] + 1 + an.length[1], column = an.length[2] + 1 + an.length[3];
                const int single = line_ceiling(row) + line_ceiling(column);
                const mask64 lone_ok = anchor_bound(single) > visit_.floor() ? ~mask64{0} : 0;
                mask64 on_row = lone_ok & tiles, on_column = 0, several_row = 0, several_column = 0;
                const auto look = [&](auto with_threes) {
                    for (mask64 c = tiles; c; c &= c - 1) {
                        const int t = lowest_bit(c);
                        // (the tiles that join t: those of its line's extensions, see start();
                        // partners_of(t) leaves t out)
                        const mask64 with_t = partners_of(t) & hand_;
                        const mask64 join_row = an.allows[0] & with_t, join_column = an.allows[1] & with_t;
                        on_row |= nonzero(join_row) << t;
                        on_column |= nonzero(join_column) << t;
                        // Two or more tiles join t that can go together: of t's colour, or of its
                        // shape. (In a line of t alone, one of each joins it but never both at
                        // once; in a longer line, every tile that joins shares the line's colour
                        // or shape.) None can without three of one colour or shape in the hand.
                        if constexpr (decltype(with_threes)::value) {
                            const mask64 colour = colour_of(t);
                            const mask64 shape = shape_of(t);
                            several_row |= two_or_more(join_row & colour) | two_or_more(join_row & shape);
                            several_column |= two_or_more(join_column & colour) | two_or_more(join_column & shape);
                        }
                    }
                };
                if (threes) look(std::true_type{});
                else look(std::false_type{});
                // A start where no tile is joined by two that go together is bounded by one tile
                // more than the anchor's, which needs only the next cell forward: when that bound
                // cannot beat the floor, the start is not set up at all (most starts of best_move
                // are such).
                if (on_row && (several_row || lone_bound<0>(an) > visit_.floor())) walk_or_offer<0>(an, on_row, several_row);
                if (on_column && (several_column || lone_bound<1>(an) > visit_.floor())) walk_or_offer<1>(an, on_column, several_column);
            } else if constexpr (bulk) {
                count_anchor(an, tiles, few);
            } else {
                // On the column axis only moves of 2+ tiles count: the tiles another tile of the
                // hand can join in their column line (gathered without branches).
                mask64 on_column = 0;
                for (mask64 c = tiles; c; c &= c - 1) {
                    const int t = lowest_bit(c);
                    on_column |= nonzero(an.allows[1] & partners_of(t) & hand_) << t;
                }
                start<0>(an, an.at(), nav_key(an.key), true, tiles);
                if (on_column) start<1>(an, an.at(), nav_key(an.key), true, on_column);
            }
        }
        if constexpr (bulk) visit_.add(few.moves, few.total, few.best);
    }

private:
    // Axis A: 0 = row (forward is +x), 1 = column (forward is +y).
    template <int A>
    static constexpr std::size_t fwd = 2 * A + 1;
    template <int A>
    static constexpr std::size_t cross0 = 2 * (1 - A);
    /// The key of the cell n steps forward (n may be negative) along axis A (Direct: its home slot).
    template <int A>
    static constexpr key_type advance(key_type k, int n) noexcept {
        // Both are x modulo a power of two in the low bits, then y: 7 bits each for keys, 5 for slots.
        constexpr unsigned bits = Direct ? 5 : 7, side = (1u << bits) - 1, all = (1u << (2 * bits)) - 1;
        if constexpr (A == 0) return static_cast<key_type>((k & (all & ~side)) | ((k + static_cast<unsigned>(n)) & side));
        else return static_cast<key_type>((k + (static_cast<unsigned>(n) << bits)) & all);
    }
    static_assert(board_type::key_of(cell{1, 0}) == 1 && board_type::key_of(cell{0, 1}) == 128 && board_type::key_of(cell{-1, -1}) == 0x3FFF &&
                      board_type::home_slot(board_type::key_of(cell{1, 0})) == 1 && board_type::home_slot(board_type::key_of(cell{0, 1})) == 32 &&
                      board_type::home_slot(board_type::key_of(cell{-1, -1})) == 1023,
                  "advance() steps keys and home slots as the board lays them out: x modulo 128 (32), then y");
    /// What the generator calls a cell's key: its key, or (Direct) its home slot.
    static constexpr key_type nav_key(key_type k) noexcept {
        if constexpr (Direct) return static_cast<key_type>(board_type::home_slot(k));
        else return k;
    }
    /// The raw value of the cell of key k.
    constexpr auto look_up(key_type k) const noexcept {
        if constexpr (Direct) return b_.slot_value(k);
        else return b_.probe(k);
    }
    static constexpr bool in_range(int p) noexcept { return !board_type::limited || (p >= -Radius && p <= Radius); }
    /// Is a cell forbidden in this position (never, without Forbid)?
    constexpr bool has_forbidden() const noexcept { return Forbid && forbidden_.has_value(); }
    /// May no tile go to position p of the current line (the forbidden cell, or off a small board)?
    constexpr bool blocked(int p) const noexcept { return (Forbid && p == forbidden_pos_) || !in_range(p); }

    /// Sets forbidden_pos_ for the line along axis A whose cells share the coordinate `fixed`.
    template <int A>
    constexpr void aim(int fixed) noexcept {
        if constexpr (Forbid) {
            forbidden_pos_ = nowhere;
            if (has_forbidden() && (A == 0 ? forbidden_->y : forbidden_->x) == fixed) forbidden_pos_ = A == 0 ? forbidden_->x : forbidden_->y;
        }
    }
    /// The score of a move whose lines make `points`: a tile alone scores the rules' lone-tile score.
    static constexpr int scored(int points) noexcept { return points == 0 ? R::lone_tile_score : points; }

    /// The moves whose first anchor along axis A is `an` (for the opening: the origin): a tile on
    /// the anchor, then tiles on the free cells just before it, then tiles going forward.
    template <int A>
    constexpr void start(const anchor_type& an, cell at, key_type key, bool may_extend_back, mask64 tiles) {
        const mask64 behind = an.run[fwd<A> - 1], ahead = an.run[fwd<A>];
        const int behind_length = an.length[fwd<A> - 1], ahead_length = an.length[fwd<A>];
        const int cross_length = an.length[cross0<A>] + an.length[cross0<A> + 1];
        const int pos = A == 0 ? at.x : at.y;
        fixed_ = A == 0 ? at.y : at.x;
        aim<A>(fixed_);
        // The board keeps both lines' extensions on each anchor.
        mask64 candidates = tiles;  // (the hand's tiles both lines allow, or those of them that may lead somewhere)
        next_key_ = advance<A>(key, 1 + ahead_length);
        next_pos_ = pos + 1 + ahead_length;
        // The cell after the anchor's run ahead is where every move of this start goes on: look it
        // up once (only when a tile may go there).
        if constexpr (pruned) next_known_ = false;  // (looked up once a tile of this start is not skipped)
        else next_ = !blocked(next_pos_) ? &record(next_key_) : nullptr;
        extend_back_ = may_extend_back && behind_length == 0;
        if constexpr (pruned) gauge(behind_length + 1 + ahead_length, cross_length, hand_ & an.allows[A]);
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            const mask64 line = behind | bit(t) | ahead;
            const int length = behind_length + 1 + ahead_length;
            // The pieces that extend the line: the anchor's on this axis that go with t (see
            // line_masks::partners).
            const mask64 ext = an.allows[A] & partners_of(t);
            // On the column axis only moves of 2+ tiles count: skip a tile no other tile of the
            // hand can join in its column line.
            if constexpr (pruned) {
                const mask64 joining = ext & hand_;
                if (A == 1 && joining == 0) continue;
                // (a line of t alone: the tiles that join it share its colour or its shape, and
                // tiles of both kinds never go together; a longer line's share the line's colour
                // or shape, t's too, so the other count is 0)
                const int joiners = group_joiners(joining, t);
                const int more = std::min(joiners, max_line - 1);
                // (no tile joining: the anchor's tile alone, whose score is known without reading on)
                if ((more == 0 ? single_ceiling() : ceiling<A>(more)) <= visit_.floor()) continue;
                if (!next_known_) find_next();
            }  // (else the column axis's tiles are those another tile joins: see run())
            push(pos, t);
            // (Visitors of scores alone: two versions of the walk, one that never goes back;
            // with the cells kept, one walk that reads extend_back_, which measured faster there.)
            if (scores_only && !extend_back_) backward<A, true, false>(key, pos, line, ext, length, hand_ & ~bit(t), cross_points<A>(an, cross_length, t));
            else backward<A, true, true>(key, pos, line, ext, length, hand_ & ~bit(t), cross_points<A>(an, cross_length, t));
            pop();
        }
    }

    /// Moves counted without a walk (bulk): how many, the sum and the highest of their scores.
    struct few_counts {
        int moves = 0, total = 0, best = 0;
        /// n moves (n may be 0) of this score. (The highest by a branch: after a position's first
        /// few takes it rarely changes, and two selects made each take wait on the one before.)
        QWIRKLE_ALWAYS_INLINE constexpr void take(int score, int n) noexcept {
            moves += n;
            total += score * n;
            if (n != 0 && score > best) best = score;
        }
    };
    /// Bulk counting (count_moves on square tile sets): the moves of the starts of anchor `an`,
    /// `tiles` the hand's tiles both its lines allow, those without a walk added to `few`. A tile t
    /// on the anchor that no other tile of the hand joins in its row line makes, on the row axis,
    /// only the move of t alone; one that exactly one other tile joins in the line along an axis (`joining` in
    /// few_moves::count) makes at most three moves of that axis: t alone (counted on the row axis
    /// only), and with that tile on the next free cell forward or on the free cell just before the
    /// anchor. On square tile sets each of them scores the same whatever the tiles (points come
    /// from the lines' lengths), so they are counted per start, without branches, exactly as the
    /// walk would emit them; so are the moves of a tile exactly two others join (count_pair), and
    /// only the tiles three or more others join are walked (start()). In 1,016
    /// fresh positions of 20 greedy games, 15 anchors a position have tiles, 1.4 tiles each, and
    /// 80% of the (tile, axis) pairs have at most one partner: which ones is not predictable, and
    /// the walk's tests were mispredicted. (Counting every anchor's few moves on both axes, without
    /// testing first whether any tile has a partner, is faster still on fresh positions but
    /// 1.14x the time on positions the predictor has learnt, as in movegen_count.)
    QWIRKLE_ALWAYS_INLINE constexpr void count_anchor(const anchor_type& an, mask64 tiles, few_counts& few) {
        const key_type key = nav_key(an.key);
        // The tiles another tile of the hand joins in their row line, and in their column line.
        mask64 on_row = 0, on_column = 0;
        int lone = 0;  // (the tiles, counted here rather than by a population count)
        for (mask64 c = tiles; c; c &= c - 1) {
            const int t = lowest_bit(c);
            const mask64 joining = partners_of(t) & hand_;
            on_row |= nonzero(an.allows[0] & joining) << t;
            on_column |= nonzero(an.allows[1] & joining) << t;
            ++lone;
        }
        // On the row axis every tile not walked makes the move of the tile alone, all of the same score.
        if (on_row) lone -= count_start<0>(an, key, on_row, few);
        const int single = cross_points<0>(an, an.length[2] + an.length[3], 0) + main_points(0, an.length[0] + 1 + an.length[1]);
        few.take(scored(single), lone);
        if (on_column) count_start<1>(an, key, on_column, few);
    }
    /// count_anchor's moves of two tiles on axis A of the tiles in `tiles`, each joined by at least
    /// one other, and of three tiles of those exactly two others join (count_pair) or, in a line
    /// of the tile alone, two of its colour and one of its shape or the reverse; walks the other
    /// tiles three or more others join (their moves of one tile too), and returns how many it
    /// walked. (In 1,016 fresh positions of 20 greedy games, 77% of the (tile, axis) pairs that
    /// two or more others join have exactly two: counting those without a walk took 0.887x the
    /// instructions; the lines of a tile alone joined by two and one, 0.962x of what was left.)
    template <int A>
    QWIRKLE_ALWAYS_INLINE constexpr int count_start(const anchor_type& an, key_type key, mask64 tiles, few_counts& few) {
        const few_moves<A> f = few_moves_of<A>(an, key);
        mask64 walk = 0;
        // (joined: the joining tiles of the tiles not walked, each of which makes a move of two on
        // the free cell just before the anchor when that cell takes a tile)
        int forward = 0, walked = 0, joined = 0;
        for (mask64 c = tiles; c; c &= c - 1) {
            const int t = lowest_bit(c);
            const mask64 ext = an.allows[A] & partners_of(t);
            walked += f.count(t, ext, ext & hand_, walk, forward);
            ++joined;
        }
        joined -= walked;  // (every tile here has a joining tile: one each, but for those marked in walk)
        // ([[unlikely]] for the layout only: about half the starts of fresh positions come here,
        // but with this block out of line count_moves executes 0.990x the instructions.)
        if (walk) [[unlikely]] {
            // The tiles exactly two others join are counted without a walk too (count_pair);
            // only those three or more join are walked.
            mask64 rest = 0;
            for (mask64 c = walk; c; c &= c - 1) {
                const int t = lowest_bit(c);
                const mask64 ext = an.allows[A] & partners_of(t);
                mask64 joining = ext & hand_;
                if (three_or_more(joining)) {
                    // Three or more: in a line of t alone, those of its colour and those of its
                    // shape never go together; two of one and one of the other are counted as a
                    // pair and a tile alone.
                    const mask64 by_colour = joining & colour_of(t);
                    const mask64 by_shape = joining & shape_of(t);
                    const mask64 one = two_or_more(by_colour) ? by_shape : by_colour;
                    if (two_or_more(one) || three_or_more(joining & ~one)) {
                        rest |= bit(t);
                        continue;
                    }
                    forward += static_cast<int>(nonzero(one & f.fits_forward(ext)));
                    ++joined;
                    joining &= ~one;
                }
                count_pair<A>(key, f, ext, joining, few, forward);
                joined += 2;
                --walked;
            }
            if (rest) [[unlikely]] start<A>(an, an.at(), key, true, rest);
        }
        few.take(f.forward_score, forward);
        few.take(f.back_score, joined & static_cast<int>(f.go_back));
        return walked;
    }
    /// What count_anchor needs of a start on axis A: the scores of its moves of one tile, of two
    /// going forward and of two going back, and where a second tile may go.
    template <int A>
    struct few_moves {
        int length, points, forward_score, back_score;
        int pos;            ///< the anchor's position on the line
        int forward_steps;  ///< from the anchor to the next free cell forward
        mask64 forward_fits;  ///< the tiles the next free cell forward allows (none if no tile may go there)
        mask64 ahead_next;    ///< the run after that cell
        mask64 go_back;       ///< all ones when a tile may go on the cell just before the anchor
        /// The tiles that may go on the next free cell forward after a line of extensions `ext`
        /// (the cell allows them, and the run after it goes on the line).
        constexpr mask64 fits_forward(mask64 ext) const noexcept { return forward_fits & if_within(ahead_next, ext); }
        /// Counts the moves of two tiles going forward of tile t on the anchor, its line's
        /// extensions `ext`, the hand's tiles among them `joining` (one or more); marks t in
        /// `walk` when two or more join it (and then returns 1, else 0).
        QWIRKLE_ALWAYS_INLINE constexpr int count(int t, mask64 ext, mask64 joining, mask64& walk, int& forward) const noexcept {
            const mask64 several = nonzero(joining & (joining - 1));
            walk |= several << t;
            const mask64 one = joining & (several - 1);  // (the one joining tile, if only one joins t)
            forward += static_cast<int>(nonzero(one & fits_forward(ext)));
            return static_cast<int>(several);
        }
    };
    /// count_start's moves of a tile t on the anchor of `key` (and `f`) along axis A when exactly
    /// two tiles of the hand, u and v (`joining`), join it in the line (`ext`: the line's
    /// extensions with t): the moves the walk would emit, counted by the lengths of the lines
    /// they make. Of two tiles:
    /// t with u or v on the next free cell forward (added to `forward`; those on the free cell
    /// just before the anchor are count_start's). Of three, when u and v go together: u and v both
    /// forward (on the next free cell and on the one after its run), one before the anchor and
    /// the other forward, or both before it (on two free cells with no tile next to them); each
    /// in both orders where the cells allow. (The move of t alone is count_anchor's.)
    /// Always inlined: GCC 12 inlined it or not depending on the rest of the translation unit (its
    /// growth limits are per unit; the Python module, built at -O2, called it), and where it was
    /// called fresh positions took 1.22× the time at -O3 and 1.25× at -O2 (the callgrind workload
    /// file), for the same instructions.
    template <int A>
    QWIRKLE_ALWAYS_INLINE constexpr void count_pair(key_type key, const few_moves<A>& f, mask64 ext, mask64 joining, few_counts& few, int& forward) {
        // (the moves of two tiles: t with u or v on the next free cell forward)
        const mask64 pair_forward = joining & f.fits_forward(ext);
        forward += static_cast<int>(nonzero(pair_forward) + nonzero(pair_forward & (pair_forward - 1)));
        const int u = lowest_bit(joining), v = lowest_bit(joining & (joining - 1));
        if (!(partners_of(u) & bit(v))) return;  // (u and v share no colour and no shape: no line holds t, u and v)
        // The next free cell forward, looked up again: keeping its record in few_moves took 1.020x
        // the instructions of count_moves (a store for every start, for the few that come here).
        const anchor_type& nx = record(advance<A>(key, f.forward_steps));
        const int nx_ahead = nx.length[fwd<A>];
        const int nx_cross = cross_points<A>(nx, nx.length[cross0<A>] + nx.length[cross0<A> + 1], 0);
        if (f.go_back && f.length + 1 < max_line) {
            // One before the anchor, the other forward (the walk goes back, then forward), the
            // line's extensions narrowed by the one before.
            const mask64 ext_u = ext & partners_of(u), ext_v = ext & partners_of(v);
            const int back_forward = static_cast<int>(nonzero(bit(v) & ext_u & f.fits_forward(ext_u))) +
                                     static_cast<int>(nonzero(bit(u) & ext_v & f.fits_forward(ext_v)));
            few.take(scored(f.points + nx_cross + main_points(0, f.length + 2 + nx_ahead)), back_forward);
            // Both before it: the second cell back free, with no tile next to it.
            if (look_up(advance<A>(key, -2)) == board_type::empty_value && !blocked(f.pos - 2)) few.take(scored(f.points + main_points(0, f.length + 2)), 2);
        }
        // Both forward: one on the next free cell, the other on the free cell after its run.
        if (!pair_forward) return;
        const int length = f.length + 1 + nx_ahead, next_pos = f.pos + f.forward_steps + 1 + nx_ahead;
        if (length >= max_line || blocked(next_pos)) return;
        const anchor_type& nn = record(advance<A>(key, f.forward_steps + 1 + nx_ahead));
        const mask64 nn_fits = nn.allows[1 - A] & nn.allows[A];
        int n = 0;
        for (mask64 c = pair_forward; c; c &= c - 1) {
            const int w = lowest_bit(c);  // on the next free cell
            const mask64 ext_w = ext & nx.allows[A] & partners_of(w);  // the line's extensions with w and that cell's run
            n += static_cast<int>(nonzero((joining & ~bit(w)) & nn_fits & ext_w & if_within(nn.run[fwd<A>], ext_w)));
        }
        few.take(scored(f.points + nx_cross + cross_points<A>(nn, nn.length[cross0<A>] + nn.length[cross0<A> + 1], 0) +
                        main_points(0, length + 1 + nn.length[fwd<A>])),
                 n);
    }
    /// For a visitor with a floor: the start of anchor `an` on axis A with the tiles in `tiles`,
    /// `several` not empty when some tile is joined by two others that go together. On square tile
    /// sets a start where none is, is not walked: its moves (of one or two tiles) are offered as
    /// the walk would find them.
    template <int A>
    QWIRKLE_ALWAYS_INLINE constexpr void walk_or_offer(const anchor_type& an, mask64 tiles, mask64 several) {
        if constexpr (square)
            if (!several) return offer_few<A>(an, nav_key(an.key), tiles);
        start<A>(an, an.at(), nav_key(an.key), true, tiles);
    }
    /// For a visitor with a floor, on square tile sets: the moves on axis A of the tiles in `tiles`
    /// on anchor `an` (key `key`), when no two of the tiles that join each in the line go together
    /// (at most one joins it, or, in a line of it alone, one of its colour and one of its shape):
    /// each move that beats the floor is handed over as the walk would hand it over (in the walk's
    /// order, with its tiles in the walk's order: t alone, then with each tile that joins it
    /// forward, then back, those tiles in the order of their indices), so the move kept is the same.
    template <int A>
    constexpr void offer_few(const anchor_type& an, key_type key, mask64 tiles) {
        const few_moves<A> f = few_moves_of<A>(an, key);
        fixed_ = A == 0 ? an.y : an.x;
        const int single = scored(f.points + main_points(0, f.length));
        at_[0] = f.pos;
        for (mask64 c = tiles; c; c &= c - 1) {
            const int t = lowest_bit(c);
            const mask64 ext = an.allows[A] & partners_of(t);
            const mask64 joining = ext & hand_;  // (no two of them go together)
            tile_[0] = static_cast<std::uint8_t>(t);
            if (A == 0 && single > visit_.floor()) hand_over<A>(1, single);
            at_[1] = f.pos + f.forward_steps;
            for (mask64 forward = joining & f.fits_forward(ext); forward && f.forward_score > visit_.floor(); forward &= forward - 1) {
                tile_[1] = static_cast<std::uint8_t>(lowest_bit(forward));
                hand_over<A>(2, f.forward_score);
            }
            at_[1] = f.pos - 1;
            for (mask64 back = joining & f.go_back; back && f.back_score > visit_.floor(); back &= back - 1) {
                tile_[1] = static_cast<std::uint8_t>(lowest_bit(back));
                hand_over<A>(2, f.back_score);
            }
        }
    }
    template <int A>
    constexpr few_moves<A> few_moves_of(const anchor_type& an, key_type key) noexcept {
        few_moves<A> f;
        const int behind_length = an.length[fwd<A> - 1], ahead_length = an.length[fwd<A>];
        f.length = behind_length + 1 + ahead_length;
        const int pos = A == 0 ? an.x : an.y;
        aim<A>(A == 0 ? an.y : an.x);
        f.pos = pos;
        f.forward_steps = 1 + ahead_length;
        f.points = cross_points<A>(an, an.length[cross0<A>] + an.length[cross0<A> + 1], 0);
        // Forward: the free cell after the anchor's run ahead (where backward() and forward() go on).
        const anchor_type& nx = record(advance<A>(key, 1 + ahead_length));
        // (A full line needs no test: its tile on the anchor has no extension, so nothing joins it.)
        f.forward_fits = nx.allows[1 - A] & nx.allows[A] & (mask64{0} - static_cast<mask64>(!blocked(pos + 1 + ahead_length)));
        f.ahead_next = nx.run[fwd<A>];
        f.forward_score = f.points + cross_points<A>(nx, nx.length[cross0<A>] + nx.length[cross0<A> + 1], 0) + main_points(0, f.length + 1 + nx.length[fwd<A>]);
        // Back: the cell before, when it is free with no tile next to it (so no run lies behind).
        f.go_back = mask64{0} - static_cast<mask64>(look_up(advance<A>(key, -1)) == board_type::empty_value && !blocked(pos - 1));
        f.back_score = f.points + main_points(0, f.length + 1);
        return f;
    }

    /// The most the crossing line of a tile placed on the free cell of record `r` can score (the
    /// line across axis A).
    template <int A>
    static constexpr int crossing_ceiling(const anchor_type& r) noexcept {
        return line_ceiling(r.length[cross0<A>] + r.length[cross0<A> + 1] + 1);
    }
    /// For a visitor with a floor: the most a move of the start of anchor `an` on axis A can score
    /// that places at most one tile besides the anchor's: ceiling<A>(1) as start() would work it
    /// out, with locals (see gauge() and ceiling()).
    template <int A>
    constexpr int lone_bound(const anchor_type& an) const noexcept {
        const int behind_length = an.length[fwd<A> - 1], ahead_length = an.length[fwd<A>];
        const int length = behind_length + 1 + ahead_length;
        const int points = crossing_ceiling<A>(an);
        const int pos = (A == 0 ? an.x : an.y) + 1 + ahead_length;
        const int fixed = A == 0 ? an.y : an.x;
        const bool forbidden = has_forbidden() && (A == 0 ? forbidden_->y == fixed && forbidden_->x == pos : forbidden_->x == fixed && forbidden_->y == pos);
        // Without a branch on whether a tile goes on the next cell (masks, not a choice the
        // compiler could make a branch of: GCC did, of an `if` and of `?:`): that test waits for
        // two dependent loads (the cell's slot, then its record), goes one way or the other about
        // two times in five depending on the position, and as a branch it cost fresh positions
        // their time. (The cell after the anchor's run ahead is never a tile, so its record can
        // be read whether or not a tile may go there: its anchor record, or open_cell() when no
        // tile is next to it, as few_moves_of() reads it.)
        const anchor_type& r = record(advance<A>(nav_key(an.key), 1 + ahead_length));
        const int with_next = length + 1 + r.length[fwd<A>];
        // (a line beyond max_line is no move: the bound falls back to the anchor's tile)
        const int walked = -(static_cast<int>((hand_ & an.allows[A] & r.allows[1 - A] & r.allows[A]) != 0) &
                             static_cast<int>(with_next <= max_line) & static_cast<int>(!forbidden && in_range(pos)));
        const int alone = behind_length == 0 ? std::min(length + 1, max_line) : length;
        const int l = (with_next & walked) | (alone & ~walked);
        const int p = crossing_ceiling<A>(r) & walked;
        return anchor_bound(points + p + line_ceiling(l));
    }
    /// For a visitor with a floor: the most a move of this start can score that places `more`
    /// tiles besides the anchor's. Free cells before the anchor add only to the line's length;
    /// the cells going forward add their runs to it and their crossing lines' points. Those cells
    /// are read only as far as asked, once per start (gauge() starts over, find_next() reads the
    /// first).
    constexpr void gauge(int length, int cross_length, mask64 on_line) noexcept {
        walked_ = 0;
        on_line_ = on_line;
        start_length_ = length;
        anchor_points_ = line_ceiling(cross_length + 1);
    }
    template <int A>
    constexpr int ceiling(int more) {
        // Read the cells going forward that `more` tiles can reach: prefix sums of their runs'
        // lengths (with their own cells) and of their crossing lines' points.
        if (!next_known_) find_next();
        while (walked_ < more && walk_) {
            const anchor_type& r = *walk_;
            walk_ = nullptr;
            // (no tile goes there unless the start's line allows it at the anchor and the cell
            // allows it on both its lines)
            if (!(on_line_ & r.allows[1 - A] & r.allows[A])) break;
            const int ahead = r.length[fwd<A>];
            const auto w = static_cast<std::size_t>(walked_);
            forward_length_[w + 1] = forward_length_[w] + 1 + ahead;
            forward_points_[w + 1] = forward_points_[w] + crossing_ceiling<A>(r);
            ++walked_;
            if (start_length_ + forward_length_[w + 1] >= max_line) break;
            walk_pos_ += 1 + ahead;
            walk_key_ = advance<A>(walk_key_, 1 + ahead);
            if (blocked(walk_pos_)) break;
            walk_ = &record(walk_key_);
        }
        // Each cell going forward adds to the line at least as much as a cell before the anchor,
        // and adds points: the most comes from going forward as far as the tiles and the line allow.
        int m = more < walked_ ? more : walked_;
        if (start_length_ + forward_length_[static_cast<std::size_t>(m)] > max_line) --m;  // (only the last cell read can overflow)
        int l = start_length_ + forward_length_[static_cast<std::size_t>(m)];
        if (extend_back_) l = std::min(l + more - m, max_line);
        return or_lone(anchor_points_ + forward_points_[static_cast<std::size_t>(m)] + line_ceiling(l));
    }
    /// The most the anchor's tile alone can score (the move of one tile, or with the free cells
    /// before it when no other tile joins: none).
    constexpr int single_ceiling() const noexcept { return or_lone(anchor_points_ + line_ceiling(start_length_)); }
    /// or_lone(points) for a bound on the moves of an anchor (a free cell next to a tile), whose
    /// lines score `points`: an anchor's tile lies in a line of two or more, which scores at least 2
    /// (with a Qwirkle bonus that is not negative), so the lone-tile score counts only when it is
    /// higher than that. (Not for the opening, where a tile alone makes no line: ceiling() and
    /// single_ceiling() serve it too and keep or_lone.)
    static constexpr int anchor_bound(int points) noexcept {
        if constexpr (R::lone_tile_score <= 2 && R::qwirkle_bonus >= 0) return points;
        else return or_lone(points);
    }
    /// A bound on the score of moves whose lines score at most `points`: a tile alone scores the
    /// rules' lone-tile score instead of nothing.
    static constexpr int or_lone(int points) noexcept { return points > R::lone_tile_score ? points : R::lone_tile_score; }
    /// The number of set bits, without branches and without assuming a popcnt instruction
    /// (GCC calls a library function for std::popcount without -mpopcnt).
    static constexpr int count_bits(mask64 m) noexcept {
        m = m - ((m >> 1) & 0x5555555555555555ull);
        m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
        m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
        return static_cast<int>((m * 0x0101010101010101ull) >> 56);
    }
    /// Looks up the record of the cell after the anchor and its run ahead (next_), where every
    /// move of this start going forward goes on.
    constexpr void find_next() noexcept {
        next_ = !blocked(next_pos_) ? &record(next_key_) : nullptr;  // (as start() does without a floor)
        next_known_ = true;
        walk_ = next_;
        walk_key_ = next_key_;
        walk_pos_ = next_pos_;
    }
    /// The larger of the numbers of tiles of `m` (t not among them) of piece t's colour and of
    /// its shape. Where a group's count fits in a field of `shapes` bits, without counting bits one
    /// by one: the colour's pieces are `shapes` consecutive bits (a table gives their count), the
    /// shape's one every `shapes` bits (a multiplication adds them all up in its top field).
    static constexpr int group_joiners(mask64 m, int t) noexcept {
        constexpr int colours = tile_type::colours, shapes = tile_type::shapes;
        if constexpr (shapes <= 8 && colours < (1 << shapes)) {
            const auto ti = static_cast<std::size_t>(t);
            const int colour = small_counts[(m >> groups.colour_first[ti]) & low_bits(shapes)];
            const mask64 column = (m >> groups.shape_first[ti]) & groups.spread;
            const int shape = static_cast<int>(((column * groups.spread) >> ((colours - 1) * shapes)) & low_bits(shapes));
            return colour > shape ? colour : shape;
        } else {
            return std::max(count_bits(m & colour_of(t)), count_bits(m & shape_of(t)));
        }
    }
    struct group_tables {
        std::array<std::uint8_t, 64> colour_first{}, shape_first{};  ///< per piece: its colour's first bit, its shape's
        mask64 spread = 0;  ///< a bit for each colour of shape 0: bit c × shapes
    };
    static constexpr group_tables groups = [] {
        group_tables g;
        for (int i = 0; i < tile_type::kinds; ++i) {
            g.colour_first[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i - i % tile_type::shapes);
            g.shape_first[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i % tile_type::shapes);
        }
        for (int c = 0; c < tile_type::colours; ++c) g.spread |= bit(c * tile_type::shapes);
        return g;
    }();
    /// The number of set bits of every value below 256 (a colour's pieces, up to 8 shapes).
    static constexpr auto small_counts = [] {
        std::array<std::uint8_t, 256> n{};
        for (std::size_t v = 1; v < 256; ++v) n[v] = static_cast<std::uint8_t>(n[v >> 1] + (v & 1u));
        return n;
    }();
    /// Not empty when m has two or more set bits (m without its lowest one).
    static constexpr mask64 two_or_more(mask64 m) noexcept { return m & (m - 1); }
    /// Not empty when m has three or more set bits.
    static constexpr mask64 three_or_more(mask64 m) noexcept { return two_or_more(two_or_more(m)); }
    /// The pieces of piece t's colour, and of its shape (t among them): in a line of t alone, the
    /// tiles that join it are of one or the other, never both in one move.
    static constexpr mask64 colour_of(int t) noexcept { return line_masks<tile_type>::colour_of[static_cast<std::size_t>(t)]; }
    static constexpr mask64 shape_of(int t) noexcept { return line_masks<tile_type>::shape_of[static_cast<std::size_t>(t)]; }
    /// The pieces that go with piece t in a line (line_masks::partners): a valid line's extensions
    /// with t are its extensions & partners_of(t).
    static constexpr mask64 partners_of(int t) noexcept { return line_masks<tile_type>::partners[static_cast<std::size_t>(t)]; }
    /// All ones when every tile of `run` is among `ext` (a run of board tiles a line with
    /// extensions `ext` can take in), else none.
    static constexpr mask64 if_within(mask64 run, mask64 ext) noexcept { return nonzero(run & ~ext) - 1; }
    /// The most a line of `length` tiles can score.
    /// (A table: any length made of run lengths, up to 2 × 255 + 1, indexes it.)
    static constexpr int line_ceiling(int length) noexcept { return ceilings[static_cast<std::size_t>(length)]; }
    static constexpr auto ceilings = [] {
        constexpr int shortest_complete = tile_type::colours < tile_type::shapes ? tile_type::colours : tile_type::shapes;
        std::array<std::int16_t, 512> v{};
        for (int n = 2; n < 512; ++n) v[static_cast<std::size_t>(n)] = static_cast<std::int16_t>(n + (n >= shortest_complete ? R::qwirkle_bonus : 0));
        return v;
    }();

    /// Adds tiles before the leftmost placed cell (free cells with no tile next to them). `ext`:
    /// the pieces that extend `line` (as line_extensions gives them). Lone: the anchor's tile is
    /// the only one placed. Back: tiles may go before the anchor when extend_back_ says so
    /// (false: they may not).
    template <int A, bool Lone, bool Back>
    constexpr void backward(key_type first, int first_pos, mask64 line, mask64 ext, int length, mask64 hand, int points) {
        emit<A, Lone>(line, length, points);
        if (length < max_line && hand != 0 && next_) forward<A>(*next_, next_key_, next_pos_, line, ext, length, hand, points);
        if constexpr (!Back) return;
        if constexpr (!scores_only)
            if (!extend_back_) return;
        if (length >= max_line) return;
        mask64 candidates = hand & ext;
        if (!candidates) return;  // (tested before the look-up: cheaper, and fails more often)
        const key_type c = advance<A>(first, -1);
        const int c_pos = first_pos - 1;
        if (look_up(c) != board_type::empty_value || blocked(c_pos)) return;
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            push(c_pos, t);
            backward<A, false, true>(c, c_pos, line | bit(t), ext & partners_of(t), length + 1, hand & ~bit(t), points);
            pop();
        }
    }

    /// The anchor record of a free cell: its own, or (no tile next to it) the open cell's.
    constexpr const anchor_type& record(key_type k) const noexcept {
        return b_.anchor_of(look_up(k));
    }

    /// Adds tiles from the free cell `x` on (going forward), `an` its anchor record, the move so far
    /// (already emitted) having `length` tiles in its line, whose extensions are `ext`, and `hand`
    /// left (not empty).
    /// (Most calls find no tile: this part is inlined in the callers, the rest is a call.)
    ///
    /// The extensions of a valid line are the pieces that go with every piece of it (a set of
    /// distinct pieces is one line when any two of them share a colour or a shape), so they
    /// intersect: those of the line with the run ahead of x are ext & an.allows[A] (the cell's mask
    /// on this axis is that of the run ahead with the run behind it, which is part of the line),
    /// provided that line is valid: the run ahead is among `ext`.
    template <int A>
    QWIRKLE_ALWAYS_INLINE constexpr void forward(const anchor_type& an, key_type x, int x_pos, mask64 line, mask64 ext, int length,
                                                 mask64 hand, int points) {
        const mask64 ahead = an.run[fwd<A>];
        const mask64 candidates = hand & an.allows[1 - A] & an.allows[A] & ext;
        if (!candidates || (ahead & ~ext)) return;
        ext &= an.allows[A];
        place_forward<A>(an, x, x_pos, line, ext, length, hand, points, candidates);
    }
    /// `ext`: the extensions of the line with the run ahead of x.
    template <int A>
    constexpr void place_forward(const anchor_type& an, key_type x, int x_pos, mask64 line, mask64 ext, int length, mask64 hand,
                                 int points, mask64 candidates) {
        const mask64 ahead = an.run[fwd<A>];
        const int ahead_length = an.length[fwd<A>];
        const int cross_length = an.length[cross0<A>] + an.length[cross0<A> + 1];
        const int next_pos = x_pos + 1 + ahead_length;
        const int next_length = length + 1 + ahead_length;
        // When nothing can follow (line full, next cell forbidden or off a small board, or the
        // hand's last tile), the moves are leaves: emit them here rather than through another call.
        if (next_length >= max_line || blocked(next_pos) || (hand & (hand - 1)) == 0) {
            for (; candidates; candidates &= candidates - 1) {
                const int t = lowest_bit(candidates);
                push(x_pos, t);
                emit<A>(line | bit(t) | ahead, next_length, points + cross_points<A>(an, cross_length, t));
                pop();
            }
            return;
        }
        const key_type next = advance<A>(x, 1 + ahead_length);
        const anchor_type& nx = record(next);  // once for all the tiles placed on x
        for (; candidates; candidates &= candidates - 1) {
            const int t = lowest_bit(candidates);
            push(x_pos, t);
            const mask64 l = line | bit(t) | ahead;
            const int p = points + cross_points<A>(an, cross_length, t);
            emit<A>(l, next_length, p);
            forward<A>(nx, next, next_pos, l, ext & partners_of(t), next_length, hand & ~bit(t), p);
            pop();
        }
    }

    /// Points of the crossing line of a placed tile: its length with the tile, if 2 or more (the
    /// board's masks guarantee the line is valid), plus the bonus when complete.
    template <int A>
    static constexpr int cross_points(const anchor_type& an, int length, int t) noexcept {
        if constexpr (tile_type::colours == tile_type::shapes)
            return cross_score[static_cast<std::size_t>(length)];
        else
            return length == 0 ? 0 : points_of_valid<tile_type>(an.run[cross0<A>] | an.run[cross0<A> + 1] | bit(t), length + 1, R::qwirkle_bonus);
    }
    /// Square tile sets: the points of a crossing line by the length of the runs beside the tile
    /// (any sum of two run lengths indexes it, though the board's masks admit only valid lines).
    static constexpr auto cross_score = [] {
        std::array<std::int16_t, 512> v{};
        for (int n = 1; n < 512; ++n) v[static_cast<std::size_t>(n)] = static_cast<std::int16_t>(n + 1 + (n + 1 == tile_type::colours ? R::qwirkle_bonus : 0));
        return v;
    }();

    /// A tile placed at `pos` (the cells and tiles are kept for visitors that see the move, the
    /// count for those and for an opening of a given size).
    constexpr void push(int pos, int t) noexcept {
        if constexpr (!scores_only) {
            at_[static_cast<std::size_t>(depth_)] = pos;
            tile_[static_cast<std::size_t>(depth_)] = static_cast<std::uint8_t>(t);
        }
        if constexpr (counts_tiles) ++depth_;
    }
    constexpr void pop() noexcept {
        if constexpr (counts_tiles) --depth_;
    }

    /// Lone: the move is the anchor's tile alone.
    template <int A, bool Lone = false>
    constexpr void emit(mask64 line, int length, int points) {
        // Single tiles come from the row axis only: each move is produced once.
        if constexpr (A == 1 && Lone) return;
        if constexpr (Sized)
            if (depth_ != only_size_) return;
        hand_over<A>(depth_, scored(points + main_points(line, length)));
    }
    /// Hands the move of the first `size` tiles of at_ and tile_ (on the line of fixed_) to the
    /// visitor, as it takes them.
    template <int A>
    constexpr void hand_over(int size, int score) {
        if constexpr (scores_only) {
            visit_(score);  // a visitor of scores alone: the move is never built
        } else if constexpr (visits_progress<Visitor, R>) {
            visit_(move_in_progress<R>{at_.data(), tile_.data(), size, fixed_, A == 1}, score);
        } else {
            const basic_move<R> m = move_in_progress<R>{at_.data(), tile_.data(), size, fixed_, A == 1}.to_move();
            visit_(m, score);
        }
    }

    /// The points of the move's own line (valid, `length` distinct tiles): on square tile sets a
    /// table of the length alone.
    static constexpr int main_points(mask64 line, int length) noexcept {
        if constexpr (tile_type::colours == tile_type::shapes) return main_score[static_cast<std::size_t>(length)];
        else return points_of_valid<tile_type>(line, length, R::qwirkle_bonus);
    }
    static constexpr auto main_score = [] {
        std::array<std::int16_t, 512> v{};
        for (int n = 0; n < 512; ++n) v[static_cast<std::size_t>(n)] = static_cast<std::int16_t>(points_of_valid<tile_type>(0, n, R::qwirkle_bonus));
        return v;
    }();

    static constexpr bool pruned = has_floor<Visitor>;
    static constexpr bool square = tile_type::colours == tile_type::shapes;  ///< scores from the lines' lengths alone
    static constexpr bool scores_only = std::is_invocable_v<Visitor&, int>;
    /// A visitor of scores alone that takes many moves at once, add(moves, total, best) (count_moves):
    /// on square tile sets, the moves count_anchor counts without a walk are handed over at the end.
    static constexpr bool bulk = scores_only && !Sized && square && requires(Visitor& v) {
        requires Visitor::bulk_counter;  // (count_moves's own, detail::move_counter: not a user's that happens to have an add())
        v.add(0, 0, 0);
    };
    static constexpr bool counts_tiles = !scores_only || Sized;  ///< is depth_ kept?
    static constexpr anchor_type open_ = board_type::open_cell();
    // The cells going forward from the current start, as far as read (see gauge()).
    std::array<int, static_cast<std::size_t>(max_line) + 1> forward_length_{}, forward_points_{};
    int walked_ = 0, walk_pos_ = 0, start_length_ = 0, anchor_points_ = 0;
    mask64 on_line_ = 0;  ///< the hand's tiles the current start's line allows at its anchor
    key_type walk_key_ = 0;
    const anchor_type* walk_ = nullptr;
    const board_type& b_;
    mask64 hand_;
    Visitor& visit_;
    std::optional<cell> forbidden_;
    int forbidden_pos_ = nowhere;  ///< on the current line: the forbidden cell's position, if it lies there
    int only_size_ = 0;            ///< Sized: emit only moves of this many tiles
    key_type next_key_ = 0;        ///< the first cell after the anchor and the tiles that follow it
    int next_pos_ = 0;
    const anchor_type* next_ = nullptr;  ///< its record, or nullptr when no tile may go there
    bool next_known_ = false;            ///< has next_ been looked up for this start?
    int fixed_ = 0;                ///< the coordinate the current line's cells share
    bool extend_back_ = false;     ///< may tiles go before the anchor?
    int depth_ = 0;                ///< tiles placed so far, at positions at_[] along the line
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
    using V = std::remove_reference_t<Visitor>;
    // Three generators: the opening of a given size; the board looked up by home slots, no cell
    // forbidden (nearly every position); the general one (a wide position, or a forbidden cell).
    using direct = detail::generator<R, Radius, V, true, false, false>;
    if (b.empty() && opt.opening_size != 0) {
        detail::generator<R, Radius, V, true, true> g(b, hand.bits(), opt, visit);
        g.run();
    } else if (!opt.forbidden && b.direct_within(direct::reach)) {
        direct g(b, hand.bits(), opt, visit);
        g.run();
    } else {
        detail::generator<R, Radius, V, false> g(b, hand.bits(), opt, visit);
        g.run();
    }
}
/// The same for a hand given as a multiset: only the kinds it holds matter (a move never places
/// one kind twice), so duplicates change nothing.
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
    std::uint64_t moves = 0;  ///< how many distinct legal placement moves there are
    std::uint64_t total = 0;  ///< the sum of their scores (docs/rules.md §2.6)
    int best = 0;             ///< the highest of their scores (0 when there is no move)
    /// The same three figures.
    friend constexpr bool operator==(const move_stats&, const move_stats&) = default;
};

namespace detail {
/// count_moves's visitor: the generator may hand it many moves at once (add), which it does for
/// no other visitor (bulk_counter).
struct move_counter {
    static constexpr bool bulk_counter = true;
    move_stats s;
    constexpr void operator()(int score) noexcept { add(1, score, score); }
    /// `moves` moves at once, their scores summing to `total`, the highest `best` (0 when none).
    constexpr void add(int moves, int total, int best) noexcept {
        s.moves += static_cast<std::uint64_t>(moves);
        s.total += static_cast<std::uint64_t>(total);
        s.best = best > s.best ? best : s.best;  // (a select: which move is best so far is not predictable)
    }
};
}  // namespace detail

/// The count, total score and best score of the legal placement moves of a player holding
/// `hand`, under `opt` (the moves themselves are never built).
template <ruleset R, int Radius>
constexpr move_stats count_moves(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                                 const movegen_options& opt = {}) {
    detail::move_counter count;
    for_each_move(b, hand, count, opt);
    return count.s;
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
    detail::best_keeper<R> keep;
    for_each_move(b, hand, keep, opt);
    if (keep.score < 0) return std::nullopt;
    return basic_scored_move<R>{keep.best.to_move(), keep.score};
}

}  // namespace qwirkle
