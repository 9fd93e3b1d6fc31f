// SPDX-License-Identifier: MIT
/// @file
/// The take-a-tile action of the mini-expansions (docs/rules.md §3): which board tiles may be taken.
///
/// A tile may be taken unless it lies in a line of 6 (a Qwirkle: a complete line) or its removal
/// would split the board in two (it is an articulation point of the tiles' adjacency graph), and
/// unless it is the last tile on the board (the library's decision: the board never becomes empty
/// again once the game has opened).
#pragma once

#include <array>
#include <cstdint>

#include "../board/board.hpp"
#include "../lines/line.hpp"

namespace qwirkle {

/// Why a tile cannot be taken.
enum class take_rule : std::uint8_t {
    ok,           ///< the tile may be taken
    no_tile,      ///< the cell holds no tile
    in_qwirkle,   ///< the tile lies in a line of 6
    disconnects,  ///< the rest of the board would fall apart
    last_tile,    ///< the board would be empty
};

/// A short English phrase naming the rule ("ok" for take_rule::ok, "?" for a value out of range).
constexpr const char* rule_name(take_rule r) noexcept {
    switch (r) {
        case take_rule::ok: return "ok";
        case take_rule::no_tile: return "no tile on that cell";
        case take_rule::in_qwirkle: return "the tile is part of a Qwirkle (a line of 6)";
        case take_rule::disconnects: return "taking it would split the board";
        case take_rule::last_tile: return "the board would be empty";
    }
    return "?";
}

namespace detail {

/// Does the tile on c lie in a complete line along either axis?
template <ruleset R, int Radius>
constexpr bool in_complete_line(const basic_board<R, Radius>& b, cell c) noexcept {
    for (int a = 0; a < 2; ++a) {
        const int dx = a == 0 ? 1 : 0, dy = 1 - dx;
        cell s = c;
        while (b.occupied({s.x - dx, s.y - dy})) s = {s.x - dx, s.y - dy};
        mask64 set = 0;
        int n = 0;
        for (cell x = s; b.occupied(x); x = {x.x + dx, x.y + dy}, ++n) set |= bit(b.at(x)->index());
        if (n >= 2 && complete_line<tile_t<R>>(set, n)) return true;
    }
    return false;
}

/// Marks the tiles (by storage position) whose removal disconnects the others: iterative Tarjan.
template <ruleset R, int Radius>
constexpr std::array<bool, static_cast<std::size_t>(rules_traits<R>::piece_count)> articulation_points(
    const basic_board<R, Radius>& b) noexcept {
    constexpr std::size_t cap = static_cast<std::size_t>(rules_traits<R>::piece_count);
    std::array<bool, cap> cut{};
    std::array<int, cap> disc{}, low{}, parent{}, next{}, children{}, stack{};
    const int n = b.size();
    for (int k = 0; k < n; ++k) disc[static_cast<std::size_t>(k)] = -1;
    int time = 0;
    for (int root = 0; root < n; ++root) {
        if (disc[static_cast<std::size_t>(root)] >= 0) continue;
        int top = 0;
        stack[0] = root;
        parent[static_cast<std::size_t>(root)] = -1;
        disc[static_cast<std::size_t>(root)] = low[static_cast<std::size_t>(root)] = time++;
        while (top >= 0) {
            const auto u = static_cast<std::size_t>(stack[static_cast<std::size_t>(top)]);
            if (next[u] < 4) {
                const int d = next[u]++;
                const cell c = b.tile_cell(static_cast<int>(u));
                const cell nc = d == 0 ? cell{c.x - 1, c.y} : d == 1 ? cell{c.x + 1, c.y} : d == 2 ? cell{c.x, c.y - 1} : cell{c.x, c.y + 1};
                const int v = b.tile_number(nc);
                if (v < 0) continue;
                const auto vi = static_cast<std::size_t>(v);
                if (disc[vi] < 0) {
                    parent[vi] = static_cast<int>(u);
                    disc[vi] = low[vi] = time++;
                    ++children[u];
                    stack[static_cast<std::size_t>(++top)] = v;
                } else if (v != parent[u] && disc[vi] < low[u]) {
                    low[u] = disc[vi];
                }
            } else {
                --top;
                const int p = parent[u];
                if (p < 0) {
                    cut[u] = children[u] > 1;
                    continue;
                }
                const auto pi = static_cast<std::size_t>(p);
                if (low[u] < low[pi]) low[pi] = low[u];
                if (parent[pi] >= 0 && low[u] >= disc[pi]) cut[pi] = true;
            }
        }
    }
    return cut;
}

}  // namespace detail

/// May the tile on `c` be taken?
template <ruleset R, int Radius>
constexpr take_rule check_take(const basic_board<R, Radius>& b, cell c) noexcept {
    if (!b.occupied(c)) return take_rule::no_tile;
    if (b.size() == 1) return take_rule::last_tile;
    if (detail::in_complete_line(b, c)) return take_rule::in_qwirkle;
    if (detail::articulation_points(b)[static_cast<std::size_t>(b.tile_number(c))]) return take_rule::disconnects;
    return take_rule::ok;
}

/// Writes the cells of every tile that may be taken to `out` (an output iterator); returns the end.
template <ruleset R, int Radius, class OutputIt>
constexpr OutputIt take_targets(const basic_board<R, Radius>& b, OutputIt out) {
    if (b.size() <= 1) return out;
    const auto cut = detail::articulation_points(b);
    for (int k = 0; k < b.size(); ++k) {
        const cell c = b.tile_cell(k);
        if (!cut[static_cast<std::size_t>(k)] && !detail::in_complete_line(b, c)) *out++ = c;
    }
    return out;
}

}  // namespace qwirkle
