// SPDX-License-Identifier: MIT
/// @file
/// The perft answer for one position, exactly as `qwirkle-perft` prints it: the tool, the
/// Python package and the web package all call this.
///
/// @code{.unparsed}
///   perft("| R1 R2 R3 G1 G1 B4")       == "moves=33 total=73 best=3"
///   perft("0,0,R1 | Q9")               == "error: column 10, token \"Q9\": unknown colour 'Q' ..."
///   perft("# a comment") == perft("")  == ""   (the tool skips such lines)
/// @endcode
///
/// With `list`, every move follows on its own line as `SCORE x,y,TILE ...` (placements sorted by
/// cell, in the input's coordinates). The opening rule is not applied: on an empty board the first
/// tile goes on 0,0 and the line runs toward +x or +y.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "../rules/movegen.hpp"
#include "notation.hpp"

namespace qwirkle {

/// Options of perft(): list the moves, forbid a cell.
struct perft_options {
    bool list = false;            ///< every move after the summary line
    std::optional<cell> forbid;   ///< no tile on this cell (the take-a-tile restriction), input coordinates
};

/// Is this input line one the perft tools skip (blank, or starting with '#')?
inline bool perft_skips(std::string_view line) noexcept {
    const auto first = line.find_first_not_of(" \t\r");
    return first == std::string_view::npos || line[first] == '#';
}

/// The output for one line `<board> | <hand>` (without the final newline): the summary
/// `moves=N total=S best=B`, or `error: <what and where>`; "" for a line the tool skips.
template <ruleset R = standard_rules>
std::string perft(std::string_view line, const perft_options& opt = {}) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (perft_skips(line)) return {};
    constexpr int max_hand = rules_traits<R>::max_hand;
    auto pos = parse_position<R>(line);
    if (pos && (pos->hand.size() < 1 || pos->hand.size() > max_hand))
        pos = parse_error{line.find('|') + 1, "",
                          "a hand holds 1 to " + std::to_string(max_hand) + " tiles, not " + std::to_string(pos->hand.size())};
    if (!pos) return "error: " + pos.error().describe();
    movegen_options mo;
    if (opt.forbid) mo.forbidden = cell{opt.forbid->x + pos->offset.x, opt.forbid->y + pos->offset.y};
    const auto stats = count_moves(pos->board, pos->hand, mo);
    std::string out = "moves=" + std::to_string(stats.moves) + " total=" + std::to_string(stats.total) +
                      " best=" + std::to_string(stats.best);
    if (opt.list) {
        for_each_move(pos->board, pos->hand, [&](const basic_move<R>& m, int score) {
            out += '\n';
            out += std::to_string(score);
            for (const auto& p : m.sorted()) {
                out += ' ';
                out += to_string(basic_placement<tile_t<R>>{{p.at.x - pos->offset.x, p.at.y - pos->offset.y}, p.tile});
            }
        }, mo);
    }
    return out;
}

}  // namespace qwirkle
