// SPDX-License-Identifier: MIT
/// @file
/// The lines a placement move makes (shared by the legality check and scoring).
#pragma once

#include <array>
#include <optional>

#include "../board/board.hpp"
#include "../lines/line.hpp"

namespace qwirkle {

/// A line on the board after a move: where it starts, which way it runs, its pieces.
template <class Tile>
struct basic_line_info {
    static constexpr int stored = 16;  ///< pieces kept; longer lines are invalid anyway
    cell start{};                 ///< the first cell (smallest x for a row, smallest y for a column)
    axis direction = axis::row;   ///< row: the line runs toward +x; column: toward +y
    int length = 0;               ///< the number of tiles in the line, 1 for a lone tile
    detail::mask64 set = 0;       ///< the pieces present, as bits of their indices (copies fold into one bit)
    std::array<Tile, stored> pieces{};  ///< the first min(length, stored) pieces, from `start` on
};

namespace detail {

/// The tile a move puts on a cell, if any.
template <ruleset R>
constexpr std::optional<tile_t<R>> placed_at(const basic_move<R>& m, cell c) noexcept {
    for (const auto& p : m)
        if (p.at == c) return p.tile;
    return std::nullopt;
}

/// What is on a cell once the move is made.
template <class Board, ruleset R>
constexpr std::optional<tile_t<R>> after_move(const Board& b, const basic_move<R>& m, cell c) noexcept {
    if (auto t = b.at(c)) return t;
    return placed_at(m, c);
}

constexpr cell step_cell(cell c, axis a, int k) noexcept {
    return a == axis::row ? cell{c.x + k, c.y} : cell{c.x, c.y + k};
}

/// The maximal line through `c` along `a` once the move is made (c must hold a tile then).
template <class Board, ruleset R>
constexpr basic_line_info<tile_t<R>> line_through(const Board& b, const basic_move<R>& m, cell c, axis a) noexcept {
    basic_line_info<tile_t<R>> info;
    info.direction = a;
    cell s = c;
    while (Board::contains(step_cell(s, a, -1)) && after_move(b, m, step_cell(s, a, -1))) s = step_cell(s, a, -1);
    info.start = s;
    for (cell x = s; Board::contains(x); x = step_cell(x, a, 1)) {
        const auto t = after_move(b, m, x);
        if (!t) break;
        if (info.length < info.stored) info.pieces[static_cast<std::size_t>(info.length)] = *t;
        info.set |= bit(t->index());
        ++info.length;
    }
    return info;
}

/// The pieces of a move's own line (along `main`, through its cells lo..hi, which must be free and
/// leave no gap), read from the board's anchor data: the runs before lo and after hi, and the cells
/// between. For cells that are not so (a move that is not legal) the answer means nothing, but the
/// walk still ends: it reads at most `span_limit` + 1 cells from lo along `main`, and none past hi's
/// coordinate on that axis.
struct main_line_info {
    mask64 set = 0;
    int length = 0;
    bool repeated = false;  ///< a piece appears twice
    /// Adds a run of `n` pieces (`run`: their set).
    constexpr void add(mask64 run, int n) noexcept {
        repeated = repeated || (set & run);
        set |= run;
        length += n;
    }
    /// Is it a valid line: no piece twice, and (from two pieces on) one colour or one shape?
    template <class Tile>
    QWIRKLE_ALWAYS_INLINE constexpr bool valid() const noexcept {
        const auto first = static_cast<std::size_t>(lowest_bit(set));
        return !repeated && (length < 2 || (set & ~line_masks<Tile>::colour_of[first]) == 0 || (set & ~line_masks<Tile>::shape_of[first]) == 0);
    }
};
template <class Board, ruleset R>
constexpr main_line_info main_line(const Board& b, const basic_move<R>& m, axis main, cell lo, cell hi) noexcept {
    main_line_info line;
    const std::size_t back = main == axis::row ? 0 : 2;
    if (const auto* an = b.anchor_at(lo)) line.add(an->run[back], an->length[back]);
    if (const auto* an = b.anchor_at(hi)) line.add(an->run[back + 1], an->length[back + 1]);
    // (Counted, not "until hi": hi off lo's row or column, or before it, would never be met.)
    const long long span = main == axis::row ? static_cast<long long>(hi.x) - lo.x : static_cast<long long>(hi.y) - lo.y;
    const int cells = span < 0 ? 1 : span < Board::span_limit ? static_cast<int>(span) + 1 : Board::span_limit + 1;
    cell c = lo;
    for (int k = 0;;) {
        const auto t = after_move(b, m, c);
        line.add(t ? bit(t->index()) : 0, 1);
        if (++k == cells) break;
        c = step_cell(c, main, 1);
    }
    return line;
}

/// Calls f(set, length) for every line of 2 or more tiles a legal placement makes: its own line
/// (`line`, along `main`), then the crossing line of each placed tile, from record_of(i), the
/// anchor record of the cell of placement i (nullptr: no tile next to it, so no crossing line).
template <ruleset R, class RecordOf, class F>
constexpr void for_each_line_of(const main_line_info& line, axis main, const basic_move<R>& m, RecordOf&& record_of, F&& f) noexcept {
    if (line.length >= 2) f(line.set, line.length);
    const std::size_t c0 = main == axis::row ? 2 : 0;
    for (int i = 0; i < m.size(); ++i)
        if (const auto* an = record_of(i))
            if (const int n = an->length[c0] + an->length[c0 + 1]; n > 0)
                f(an->run[c0] | an->run[c0 + 1] | bit(m[i].tile.index()), n + 1);
}

}  // namespace detail
}  // namespace qwirkle
