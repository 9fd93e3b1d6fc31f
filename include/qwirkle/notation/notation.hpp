// SPDX-License-Identifier: MIT
/// @file
/// Text notation of cells, placements, moves, boards and positions (tile game).
///
/// @code{.unparsed}
///   cell       x,y            integers, may be negative; x grows right, y grows down
///   placement  x,y,TILE       `0,0,R1`
///   move       placements separated by spaces
///   board      placements separated by spaces (the tiles on the table)
///   position   <board> | <hand>   the hand as space-separated tiles, duplicates allowed
///   action     a move, `exchange TILE...`, or `pass`
/// @endcode
///
/// Coordinates: a cell, placement or move in text has both coordinates within ±max_coordinate
/// (10^9). The tiles of a position lie within ± `position_limit<R>` = max_coordinate − L (L the longest
/// line, 6 in the standard game), so that every cell a move on it can use (at most L − 1 beyond a
/// tile) and every neighbour of one is again within ±max_coordinate: whatever a tool prints about a
/// position, it reads back.
///
/// Parsers return the value or a parse_error naming the offending token, its column and why. Every
/// check runs in linear (or n log n) time in the length of the text.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../board/board.hpp"
#include "../lines/line.hpp"
#include "text.hpp"

namespace qwirkle {

/// A cell as `x,y` (e.g. `-1,2`).
inline std::string to_string(cell c) { return std::to_string(c.x) + "," + std::to_string(c.y); }

/// A placement as `x,y,TILE` (e.g. `0,0,R1`), the form parse_move() reads.
template <class Tile>
std::string to_string(const basic_placement<Tile>& p) {
    return to_string(p.at) + "," + to_string(p.tile);
}

/// Placements separated by spaces, in the move's order.
template <ruleset R>
std::string to_string(const basic_move<R>& m) {
    std::string s;
    for (const auto& p : m) {
        if (!s.empty()) s += ' ';
        s += to_string(p);
    }
    return s;
}

/// The board's tiles sorted by row, then column.
template <ruleset R, int Radius>
std::string to_string(const basic_board<R, Radius>& b) {
    std::vector<basic_placement<tile_t<R>>> ps;
    b.for_each_tile([&](cell c, tile_t<R> t) { ps.push_back({c, t}); });
    std::sort(ps.begin(), ps.end(), [](const auto& a, const auto& c) {
        return a.at.y != c.at.y ? a.at.y < c.at.y : a.at.x < c.at.x;
    });
    std::string s;
    for (const auto& p : ps) {
        if (!s.empty()) s += ' ';
        s += to_string(p);
    }
    return s;
}

/// Cell coordinates in text lie within ±max_coordinate, so that every sum or difference of two fits an int.
inline constexpr int max_coordinate = 1'000'000'000;

/// The tiles of a position lie within ± `position_limit<R>`: a move uses cells at most (longest line − 1)
/// beyond a tile, and their neighbours one more, so all of them stay within ±max_coordinate.
template <ruleset R = standard_rules>
inline constexpr int position_limit = max_coordinate - rules_traits<R>::max_line;

namespace detail {
/// An integer in [lo, hi], the whole of `s`: digits after at most one sign (`+`, or `-` when T is signed).
template <class T>
bool parse_integer(std::string_view s, T& out, T lo, T hi) {
    const std::size_t digits = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
    if (digits == s.size() || s[digits] < '0' || s[digits] > '9') return false;  // no "+-3", "- 3", "+"
    const char* first = s.data() + (s[0] == '+' ? 1 : 0);
    T v{};
    const auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || v < lo || v > hi) return false;
    out = v;
    return true;
}
}  // namespace detail

/// `x,y`, each coordinate an integer within ±max_coordinate.
inline parse_result<cell> parse_cell(std::string_view s, std::size_t column = 0) {
    const auto comma = s.find(',');
    cell c;
    if (comma == std::string_view::npos ||
        !detail::parse_integer(s.substr(0, comma), c.x, -max_coordinate, max_coordinate) ||
        !detail::parse_integer(s.substr(comma + 1), c.y, -max_coordinate, max_coordinate))
        return parse_error{column, std::string(s),
                           "a cell is two integers x,y within +-" + std::to_string(max_coordinate)};
    return c;
}

/// `x,y,TILE`.
template <class Tile = tile>
parse_result<basic_placement<Tile>> parse_placement(std::string_view s, std::size_t column = 0) {
    const auto comma = s.rfind(',');
    if (comma == std::string_view::npos || s.find(',') == comma)
        return parse_error{column, std::string(s), "a placement is x,y,TILE (like 0,0,R1)"};
    auto c = parse_cell(s.substr(0, comma), column);
    if (!c) return parse_error{column, std::string(s), c.error().message};
    auto t = parse_tile<Tile>(s.substr(comma + 1), column + comma + 1);
    if (!t) return parse_error{column, std::string(s), t.error().message};
    return basic_placement<Tile>{*c, *t};
}

/// Placements separated by spaces; at most one line's worth (the move's capacity).
template <ruleset R = standard_rules>
parse_result<basic_move<R>> parse_move(std::string_view s, std::size_t base = 0) {
    basic_move<R> m;
    for (const token& tk : split_tokens(s, base)) {
        auto p = parse_placement<tile_t<R>>(tk.text, tk.column);
        if (!p) return p.error();
        if (!m.push_back(*p))
            return parse_error{tk.column, std::string(tk.text),
                               "a move places at most " + std::to_string(basic_move<R>::capacity) + " tiles"};
    }
    if (m.empty()) return parse_error{base, "", "a move places at least one tile"};
    return m;
}

/// A board and a hand, as read from `<board> | <hand>`.
template <ruleset R = standard_rules, int Radius = unlimited_radius>
struct basic_position {
    basic_board<R, Radius> board;  ///< the tiles before `|`, translated by `offset`
    basic_tile_multiset<tile_t<R>> hand;  ///< the tiles after `|`
    /// Added to every input coordinate to fit the board (the position is translated when its tiles
    /// lie outside the board's extent; moves are translation-invariant). Subtract to print.
    cell offset{};
};

/// Parses and validates `<board> | <hand>`: every token well-formed, every tile within
/// ± `position_limit<R>`, no more copies of a tile (board and hand together) than the game has, no cell
/// used twice, every line on the board valid, the board connected and no wider or taller than the
/// board type holds. Linear in the text, but for a sort of the board's tiles (at most the game's
/// piece count of them once the copies are checked).
template <ruleset R = standard_rules, int Radius = unlimited_radius>
parse_result<basic_position<R, Radius>> parse_position(std::string_view s) {
    using Tile = tile_t<R>;
    constexpr int limit = position_limit<R>;
    const auto bar = s.find('|');
    if (bar == std::string_view::npos) return parse_error{s.size(), "", "expected '<board> | <hand>': no '|'"};
    if (s.find('|', bar + 1) != std::string_view::npos)
        return parse_error{s.find('|', bar + 1), "|", "more than one '|'"};

    // Every token well-formed, board tiles within the limit.
    struct item {
        basic_placement<Tile> p;
        token tk;
    };
    std::vector<item> items;
    for (const token& tk : split_tokens(s.substr(0, bar))) {
        auto p = parse_placement<Tile>(tk.text, tk.column);
        if (!p) return p.error();
        if (p->at.x < -limit || p->at.x > limit || p->at.y < -limit || p->at.y > limit)
            return parse_error{tk.column, std::string(tk.text),
                               "the tiles of a position lie within +-" + std::to_string(limit) +
                                   " (so that every cell next to a move is within +-" + std::to_string(max_coordinate) + ")"};
        items.push_back({*p, tk});
    }
    const auto hand_tokens = split_tokens(s.substr(bar + 1), bar + 1);
    std::vector<Tile> hand_tiles;
    hand_tiles.reserve(hand_tokens.size());
    for (const token& tk : hand_tokens) {
        auto t = parse_tile<Tile>(tk.text, tk.column);
        if (!t) return t.error();
        hand_tiles.push_back(*t);
    }

    // Copies, counted in ints (a multiset's counts are bytes): the hand first, then each board tile in
    // turn; then a hand tile beyond the limit on its own is reported at its first token. After this
    // check the board holds at most kinds × copies tiles.
    std::vector<int> copies(static_cast<std::size_t>(Tile::kinds), 0);
    const auto count = [&copies](Tile t) -> int& { return copies[static_cast<std::size_t>(t.index())]; };
    const auto too_many = [](const token& tk, Tile t) {
        return parse_error{tk.column, std::string(tk.text),
                           "more than " + std::to_string(R::copies) + " copies of " + to_string(t)};
    };
    for (const Tile t : hand_tiles) ++count(t);
    for (const auto& it : items)
        if (++count(it.p.tile) > R::copies) return too_many(it.tk, it.p.tile);
    for (std::size_t k = 0; k < hand_tokens.size(); ++k)
        if (count(hand_tiles[k]) > R::copies) return too_many(hand_tokens[k], hand_tiles[k]);

    // No cell used twice: sort by cell (ties in input order) and report the earliest token, in input
    // order, whose cell an earlier token already holds.
    std::vector<std::size_t> order(items.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    const auto key = [&items](std::size_t k) { return std::pair{items[k].p.at.y, items[k].p.at.x}; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    std::size_t repeat = items.size(), first_holder = 0;
    for (std::size_t k = 1; k < order.size(); ++k) {
        const bool second_of_its_cell = key(order[k]) == key(order[k - 1]) && (k < 2 || key(order[k - 2]) != key(order[k]));
        if (second_of_its_cell && order[k] < repeat) {
            repeat = order[k];
            first_holder = order[k - 1];
        }
    }
    if (repeat < items.size())
        return parse_error{items[repeat].tk.column, std::string(items[repeat].tk.text),
                           "cell " + to_string(items[repeat].p.at) + " already holds " + to_string(items[first_holder].p.tile)};

    basic_position<R, Radius> pos;
    for (const Tile t : hand_tiles) pos.hand.add(t);
    if (!items.empty()) {
        cell lo = items[0].p.at, hi = lo;
        for (const auto& it : items) {
            lo = {std::min(lo.x, it.p.at.x), std::min(lo.y, it.p.at.y)};
            hi = {std::max(hi.x, it.p.at.x), std::max(hi.y, it.p.at.y)};
        }
        constexpr int widest = std::min<long long>(2LL * Radius, basic_board<R, Radius>::span_limit);
        if (hi.x - lo.x > widest || hi.y - lo.y > widest)
            return parse_error{0, "", "the board spans " + std::to_string(hi.x - lo.x + 1) + " x " +
                                          std::to_string(hi.y - lo.y + 1) + " cells, more than this board holds"};
        const auto shift = [](int l, int h) {
            if (l >= -Radius && h <= Radius) return 0;
            return -(l + (h - l) / 2);
        };
        pos.offset = {shift(lo.x, hi.x), shift(lo.y, hi.y)};
    }
    for (const auto& it : items)
        pos.board.place({it.p.at.x + pos.offset.x, it.p.at.y + pos.offset.y}, it.p.tile);

    // Every line on the board, each walked once from its first cell.
    std::vector<Tile> line;
    for (const auto& it : items) {
        const cell c{it.p.at.x + pos.offset.x, it.p.at.y + pos.offset.y};
        for (const axis a : {axis::row, axis::column}) {
            const cell before = a == axis::row ? cell{c.x - 1, c.y} : cell{c.x, c.y - 1};
            if (pos.board.occupied(before)) continue;  // report each line once, from its first cell
            line.clear();
            for (cell x = c; pos.board.occupied(x); x = a == axis::row ? cell{x.x + 1, x.y} : cell{x.x, x.y + 1})
                line.push_back(*pos.board.at(x));
            const line_fault f = line.size() > static_cast<std::size_t>(rules_traits<R>::max_line)
                                     ? line_fault::too_long
                                     : check_line(std::span<const Tile>(line));
            if (f != line_fault::none)
                return parse_error{it.tk.column, std::string(it.tk.text),
                                   std::string("invalid ") + (a == axis::row ? "row" : "column") + " of " +
                                       std::to_string(line.size()) + " starting here: " +
                                       (f == line_fault::too_long    ? "too long"
                                        : f == line_fault::duplicate ? "same tile twice"
                                                                     : "neither one colour nor one shape")};
        }
    }
    if (!pos.board.connected()) {
        // Name the first tile (in input order) that the first tile's group does not reach: a search
        // over the tiles sorted by cell (`order`), neighbours found by binary search.
        const auto find = [&](cell c) -> std::size_t {
            const auto at = std::lower_bound(order.begin(), order.end(), std::pair{c.y, c.x},
                                             [&](std::size_t k, const std::pair<int, int>& v) { return key(k) < v; });
            return at != order.end() && key(*at) == std::pair{c.y, c.x} ? *at : items.size();
        };
        std::vector<bool> reached(items.size(), false);
        std::vector<std::size_t> todo{0};
        reached[0] = true;
        while (!todo.empty()) {
            const cell c = items[todo.back()].p.at;
            todo.pop_back();
            for (const cell n : {cell{c.x - 1, c.y}, cell{c.x + 1, c.y}, cell{c.x, c.y - 1}, cell{c.x, c.y + 1}}) {
                const std::size_t k = find(n);
                if (k < items.size() && !reached[k]) {
                    reached[k] = true;
                    todo.push_back(k);
                }
            }
        }
        const auto k = static_cast<std::size_t>(std::find(reached.begin(), reached.end(), false) - reached.begin());
        return parse_error{items[k].tk.column, std::string(items[k].tk.text),
                           "this tile is not connected to " + to_string(items[0].p.at) + ": the board must be one group"};
    }
    return pos;
}

}  // namespace qwirkle
