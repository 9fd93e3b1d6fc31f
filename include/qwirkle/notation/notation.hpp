// qwirkle — text notation of cells, placements, moves, boards and positions (tile game).
//
//   cell       x,y            integers, may be negative; x grows right, y grows down
//   placement  x,y,TILE       `0,0,R1`
//   move       placements separated by spaces
//   board      placements separated by spaces (the tiles on the table)
//   position   <board> | <hand>   the hand as space-separated tiles, duplicates allowed
//   action     a move, `exchange TILE...`, or `pass`
//
// Parsers return the value or a parse_error naming the offending token, its column and why.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "../board/board.hpp"
#include "../lines/line.hpp"
#include "text.hpp"

namespace qwirkle {

inline std::string to_string(cell c) { return std::to_string(c.x) + "," + std::to_string(c.y); }

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

namespace detail {
/// An integer in [lo, hi], the whole of `s` (a leading + allowed).
template <class T>
bool parse_integer(std::string_view s, T& out, T lo, T hi) {
    if (s.empty()) return false;
    const char* first = s.data();
    if (*first == '+') ++first;
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
template <ruleset R = standard_rules, int Radius = rules_traits<R>::reach>
struct basic_position {
    basic_board<R, Radius> board;
    basic_tile_multiset<tile_t<R>> hand;
    /// Added to every input coordinate to fit the board (the position is translated when its tiles
    /// lie outside the board's extent; moves are translation-invariant). Subtract to print.
    cell offset{};
};

/// Parses and validates `<board> | <hand>`: every token well-formed, no cell used twice, no more
/// copies of a tile (board and hand together) than the game has, every line on the board valid,
/// the board connected and no wider or taller than the board type holds.
template <ruleset R = standard_rules, int Radius = rules_traits<R>::reach>
parse_result<basic_position<R, Radius>> parse_position(std::string_view s) {
    using Tile = tile_t<R>;
    const auto bar = s.find('|');
    if (bar == std::string_view::npos) return parse_error{s.size(), "", "expected '<board> | <hand>': no '|'"};
    if (s.find('|', bar + 1) != std::string_view::npos)
        return parse_error{s.find('|', bar + 1), "|", "more than one '|'"};

    struct item {
        basic_placement<Tile> p;
        token tk;
    };
    std::vector<item> items;
    for (const token& tk : split_tokens(s.substr(0, bar))) {
        auto p = parse_placement<Tile>(tk.text, tk.column);
        if (!p) return p.error();
        for (const auto& other : items)
            if (other.p.at == p->at)
                return parse_error{tk.column, std::string(tk.text),
                                   "cell " + to_string(p->at) + " already holds " + to_string(other.p.tile)};
        items.push_back({*p, tk});
    }
    auto hand = parse_tiles<Tile>(s.substr(bar + 1), bar + 1);
    if (!hand) return hand.error();

    basic_tile_multiset<Tile> all = *hand;
    for (const auto& it : items) {
        all.add(it.p.tile);
        if (all.count(it.p.tile) > R::copies)
            return parse_error{it.tk.column, std::string(it.tk.text),
                               "more than " + std::to_string(R::copies) + " copies of " + to_string(it.p.tile)};
    }
    for (const token& tk : split_tokens(s.substr(bar + 1), bar + 1)) {
        const Tile t = *parse_tile<Tile>(tk.text, tk.column);
        if (all.count(t) > R::copies)
            return parse_error{tk.column, std::string(tk.text),
                               "more than " + std::to_string(R::copies) + " copies of " + to_string(t)};
    }

    basic_position<R, Radius> pos;
    pos.hand = *hand;
    if (!items.empty()) {
        cell lo = items[0].p.at, hi = lo;
        for (const auto& it : items) {
            lo = {std::min(lo.x, it.p.at.x), std::min(lo.y, it.p.at.y)};
            hi = {std::max(hi.x, it.p.at.x), std::max(hi.y, it.p.at.y)};
        }
        if (hi.x - lo.x > 2 * Radius || hi.y - lo.y > 2 * Radius)
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

    // Every line on the board.
    for (const auto& it : items) {
        const cell c{it.p.at.x + pos.offset.x, it.p.at.y + pos.offset.y};
        for (const axis a : {axis::row, axis::column}) {
            const cell before = a == axis::row ? cell{c.x - 1, c.y} : cell{c.x, c.y - 1};
            if (pos.board.occupied(before)) continue;  // report each line once, from its first cell
            std::vector<Tile> line;
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
        // Name the first tile (in input order) that the first tile's group does not reach.
        std::vector<bool> reached(items.size(), false);
        std::vector<std::size_t> todo{0};
        reached[0] = true;
        while (!todo.empty()) {
            const cell c = items[todo.back()].p.at;
            todo.pop_back();
            for (std::size_t k = 0; k < items.size(); ++k) {
                const cell o = items[k].p.at;
                if (!reached[k] && std::abs(o.x - c.x) + std::abs(o.y - c.y) == 1) {
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
