// Helpers shared by the tile-game tests: building boards, hands and moves from text, canonical move keys.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <qwirkle/qwirkle.hpp>

namespace qwirkle_test {

using namespace qwirkle;
using namespace qwirkle::literals;

/// A small board: enough for every hand-made position, cheap to copy.
using small_board = basic_board<standard_rules, 12>;

/// Places `x,y,TILE ...` on a board without any rule check (for hand-built positions).
template <class Board>
Board board_of(std::string_view text) {
    Board b;
    for (const auto& tk : split_tokens(text)) {
        const auto p = parse_placement(tk.text);
        REQUIRE_MESSAGE(p.ok(), "bad placement in test board: ", std::string(tk.text));
        REQUIRE_MESSAGE(b.place(p->at, p->tile), "cannot place ", std::string(tk.text));
    }
    return b;
}
inline small_board board_of(std::string_view text) { return board_of<small_board>(text); }

inline tile_multiset hand_of(std::string_view text) {
    const auto h = parse_tiles(text);
    REQUIRE_MESSAGE(h.ok(), "bad hand in test: ", std::string(text));
    return *h;
}

inline qwirkle::move move_of(std::string_view text) {
    const auto m = parse_move(text);
    REQUIRE_MESSAGE(m.ok(), "bad move in test: ", std::string(text));
    return *m;
}

/// A move as a sorted list of placements: equal keys = the same set of (cell, tile) pairs.
template <ruleset R = standard_rules>
std::vector<basic_placement<tile_t<R>>> key_of(const basic_move<R>& m) {
    std::vector<basic_placement<tile_t<R>>> k(m.begin(), m.end());
    std::sort(k.begin(), k.end());
    return k;
}

/// Every tile of a board as a multiset.
template <class Board>
tile_multiset tiles_on(const Board& b) {
    tile_multiset m;
    b.for_each_tile([&](cell, tile t) { m.add(t); });
    return m;
}

}  // namespace qwirkle_test
