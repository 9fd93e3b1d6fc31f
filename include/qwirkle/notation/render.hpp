// qwirkle — the board drawn as text: one cell per three characters, rows top to bottom, with the
// x coordinates above and the y coordinates on the left. Optionally coloured with ANSI escapes.
#pragma once

#include <string>

#include "../board/board.hpp"

namespace qwirkle {

struct render_options {
    bool ansi_colour = false;  ///< colour each tile with its colour (terminals)
    int margin = 0;            ///< empty cells shown around the tiles
};

template <ruleset R, int Radius>
std::string render(const basic_board<R, Radius>& b, const render_options& opt = {}) {
    using tile_type = tile_t<R>;
    if (b.empty()) return "(empty board)\n";
    const auto box = b.bounding_box();
    const int x0 = box.min.x - opt.margin, x1 = box.max.x + opt.margin;
    const int y0 = box.min.y - opt.margin, y1 = box.max.y + opt.margin;
    static constexpr const char* ansi[] = {"\033[31m", "\033[38;5;208m", "\033[33m", "\033[32m", "\033[34m", "\033[35m"};
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
            const bool colour = opt.ansi_colour && t->colour() < 6;
            if (colour) out += ansi[t->colour()];
            out += t->colour_letter();
            out += t->shape_digit();
            if (colour) out += "\033[0m";
        }
        out += '\n';
    }
    (void)sizeof(tile_type);
    return out;
}

}  // namespace qwirkle
