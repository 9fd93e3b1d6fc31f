// qwirkle — scoring a placement (RULES.md §2 "Scoring a placement").
//
// Every line of 2+ tiles containing a placed tile scores its length (old and new tiles); a complete
// line (a Qwirkle) scores the rule set's bonus on top; a tile in two scored lines counts twice; a
// move that forms no line of 2+ (a lone opening tile) scores `lone_tile_score`.
#pragma once

#include <type_traits>

#include "lines_of_move.hpp"

namespace qwirkle {

/// The score of a placement move, which must be legal on this board (see check_placement).
template <ruleset R, int Radius>
constexpr int score_placement(const basic_board<R, Radius>& b, const std::type_identity_t<basic_move<R>>& m) noexcept {
    using Tile = tile_t<R>;
    using board_type = basic_board<R, Radius>;
    if (m.empty()) return 0;
    // The move's own line: the row if its tiles share a row (a single tile counts its row here).
    const axis main = (m.size() >= 2 && m[0].at.x == m[1].at.x) ? axis::column : axis::row;
    cell lo = m[0].at, hi = m[0].at;
    for (const auto& p : m) {
        lo = p.at < lo ? p.at : lo;  // cells of one row or column: (x, y) order is the line's order
        hi = hi < p.at ? p.at : hi;
    }
    const auto line = detail::main_line(b, m, main, lo, hi);
    int total = detail::points_of_valid<Tile>(line.set, line.length, R::qwirkle_bonus);
    // Crossing lines, from the anchor data (a cell with no anchor record has no tile next to it).
    const std::size_t c0 = main == axis::row ? 2 : 0;
    for (const auto& p : m) {
        if (const auto* an = b.anchor_at(board_type::index_of(p.at))) {
            const int n = an->length[c0] + an->length[c0 + 1];
            if (n) total += detail::points_of_valid<Tile>(an->run[c0] | an->run[c0 + 1] | detail::bit(p.tile.index), n + 1, R::qwirkle_bonus);
        }
    }
    return total == 0 ? R::lone_tile_score : total;
}

}  // namespace qwirkle
