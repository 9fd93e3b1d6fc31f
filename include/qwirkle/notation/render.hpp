// SPDX-License-Identifier: MIT
/// @file
/// The board drawn as text: one cell per three characters, rows top to bottom, with the
/// x coordinates above and the y coordinates on the left. Optionally coloured with ANSI escapes.
#pragma once

#include <string>

#include "../board/board.hpp"

namespace qwirkle {

/// The standard shapes as symbols, in shape order: circle, cross, diamond, square, star, clover.
inline constexpr const char* shape_symbols[] = {"\u25CF", "\u271A", "\u25C6", "\u25A0", "\u2605", "\u2724"};

/// A tile as text: `R1`, or with `unicode` the colour letter and the shape symbol, optionally coloured.
template <int C, int S>
std::string tile_text(basic_tile<C, S> t, bool unicode, bool ansi_colour) {
    static constexpr const char* ansi[] = {"\033[31m", "\033[38;5;208m", "\033[33m", "\033[32m", "\033[34m", "\033[35m"};
    std::string s;
    const bool colour = ansi_colour && t.colour() < 6;
    if (colour) s += ansi[t.colour()];
    s += t.colour_letter();
    if (unicode && t.shape() < 6) s += shape_symbols[t.shape()];
    else s += t.shape_digit();
    if (colour) s += "\033[0m";
    return s;
}

/// How render() draws a board.
struct render_options {
    bool ansi_colour = false;  ///< colour each tile with its colour (terminals)
    bool unicode = false;      ///< draw shapes as symbols (● ✚ ◆ ■ ★ ✤) after the colour letter
    int margin = 0;            ///< empty cells shown around the tiles
};

/// The board as a text grid: a header row of x coordinates, then one row per y with its coordinate,
/// each cell a tile (as tile_text() writes it) or a dot, over the bounding box of the tiles widened
/// by `opt.margin`; the line "(empty board)" when no tile is down.
template <ruleset R, int Radius>
std::string render(const basic_board<R, Radius>& b, const render_options& opt = {}) {
    if (b.empty()) return "(empty board)\n";
    const auto box = b.bounding_box();
    const int x0 = box.min.x - opt.margin, x1 = box.max.x + opt.margin;
    const int y0 = box.min.y - opt.margin, y1 = box.max.y + opt.margin;
    const auto pad = [](std::string s, std::size_t w) {
        while (s.size() < w) s.insert(s.begin(), ' ');
        return s;
    };
    std::string out = "    ";
    for (int x = x0; x <= x1; ++x) out += pad(std::to_string(x), 3);
    out += '\n';
    for (int y = y0; y <= y1; ++y) {
        out += pad(std::to_string(y), 4);
        for (int x = x0; x <= x1; ++x) {
            const auto t = b.at({x, y});
            if (!t) {
                out += "  .";
                continue;
            }
            out += ' ';
            out += tile_text(*t, opt.unicode, opt.ansi_colour);
        }
        out += '\n';
    }
    return out;
}

}  // namespace qwirkle
