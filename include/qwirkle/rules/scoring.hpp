// SPDX-License-Identifier: MIT
/// @file
/// Scoring a placement (docs/rules.md §2.6).
///
/// Every line of 2+ tiles containing a placed tile scores its length (old and new tiles); a complete
/// line (a Qwirkle) scores the rule set's bonus on top; a tile in two scored lines counts twice; a
/// move that forms no line of 2+ (a lone opening tile) scores `lone_tile_score`.
#pragma once

#include <type_traits>

#include "lines_of_move.hpp"

namespace qwirkle {

namespace detail {

/// A non-empty placement's own line, read from the board's anchor data, and its axis: the row if
/// its tiles share a row (a single tile counts its row here).
struct own_line {
    main_line_info line;
    axis main = axis::row;
};
template <ruleset R, int Radius>
constexpr own_line own_line_of(const basic_board<R, Radius>& b, const basic_move<R>& m) noexcept {
    const axis main = (m.size() >= 2 && m[0].at.x == m[1].at.x) ? axis::column : axis::row;
    cell lo = m[0].at, hi = m[0].at;
    for (const auto& p : m) {
        lo = p.at < lo ? p.at : lo;  // cells of one row or column: (x, y) order is the line's order
        hi = hi < p.at ? p.at : hi;
    }
    return {main_line(b, m, main, lo, hi), main};
}

/// Calls f(set, length) for every line of 2 or more tiles a legal placement makes: its own line,
/// then the crossing line of each placed tile (read from the board's anchor data).
template <ruleset R, int Radius, class F>
constexpr void for_each_line_made(const basic_board<R, Radius>& b, const basic_move<R>& m, F&& f) noexcept {
    if (m.empty()) return;
    const auto own = own_line_of(b, m);
    for_each_line_of(own.line, own.main, m, [&](int i) { return b.anchor_at(m[i].at); }, f);
}

/// The points of the lines for_each_line_of gives: their points, or the lone-tile score when
/// the move makes no line of 2 or more.
template <ruleset R, class RecordOf>
constexpr int points_of_lines(const main_line_info& line, axis main, const basic_move<R>& m, RecordOf&& record_of) noexcept {
    int total = 0;
    for_each_line_of(line, main, m, record_of, [&](mask64 set, int length) {
        total += points_of_valid<tile_t<R>>(set, length, R::qwirkle_bonus);
    });
    return total == 0 ? R::lone_tile_score : total;
}

}  // namespace detail

/// The score of a placement move, which must be legal on this board (see check_placement). Of a
/// move that is not, the answer means nothing, but the call returns (in time bounded by the
/// move's size and `span_limit`).
template <ruleset R, int Radius>
constexpr int score_placement(const basic_board<R, Radius>& b, const std::type_identity_t<basic_move<R>>& m) noexcept {
    if (m.empty()) return 0;
    const auto own = detail::own_line_of(b, m);
    return detail::points_of_lines(own.line, own.main, m, [&](int i) { return b.anchor_at(m[i].at); });
}

/// How many complete lines (Qwirkles) a legal placement makes (of another move: a number that
/// means nothing, as score_placement's).
template <ruleset R, int Radius>
constexpr int qwirkles_made(const basic_board<R, Radius>& b, const std::type_identity_t<basic_move<R>>& m) noexcept {
    int n = 0;
    detail::for_each_line_made(b, m, [&](detail::mask64 set, int length) { n += complete_line<tile_t<R>>(set, length); });
    return n;
}

}  // namespace qwirkle
