// qwirkle — scoring a placement (RULES.md §2 "Scoring a placement").
//
// Every line of 2+ tiles containing a placed tile scores its length (old and new tiles); a complete
// line (a Qwirkle) scores the rule set's bonus on top; a tile in two scored lines counts twice; a
// move that forms no line of 2+ (a lone opening tile) scores `lone_tile_score`.
#pragma once

#include "lines_of_move.hpp"

namespace qwirkle {

/// The score of a placement move, which must be legal on this board (see check_placement).
template <ruleset R, int Radius>
constexpr int score_placement(const basic_board<R, Radius>& b, const basic_move<R>& m) noexcept {
    using Tile = tile_t<R>;
    if (m.empty()) return 0;
    // The move's own line: the row if its tiles share a row (a single tile counts its row here).
    const axis main = (m.size() >= 2 && m[0].at.x == m[1].at.x) ? axis::column : axis::row;
    const axis cross = main == axis::row ? axis::column : axis::row;
    int total = 0;
    const auto line = detail::line_through(b, m, m[0].at, main);
    total += line_points<Tile>(line.set, line.length, R::qwirkle_bonus);
    for (const auto& p : m) {
        const auto x = detail::line_through(b, m, p.at, cross);
        total += line_points<Tile>(x.set, x.length, R::qwirkle_bonus);
    }
    return total == 0 ? R::lone_tile_score : total;
}

}  // namespace qwirkle
