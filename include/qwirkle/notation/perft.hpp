// SPDX-License-Identifier: MIT
/// @file
/// The perft answer for one position, exactly as `qwirkle-perft` prints it: the tool, the
/// Python package and the web package all call this.
///
/// @code{.unparsed}
///   perft("| R1 R2 R3 G1 G1 B4")       == "moves=33 total=73 best=3"
///   perft("0,0,R1 | Q9")               == "error: column 10, token \"Q9\": unknown colour 'Q' ..."
///   perft("# a comment") == perft("")  == ""   (the tool skips such lines)
///   perft_endgame("0,0,R1 1,0,R2 | R3 | G1") == "margin=9 best=-1,0,R3"
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
#include "../search/endgame.hpp"
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

/// Node budget of perft_endgame by default: a line the solver cannot finish within it is answered
/// with an error instead of hanging the tool.
inline constexpr std::uint64_t perft_endgame_nodes = 20'000'000;

/// The output for one endgame line `<board> | <hand to move> | <other hand>` (two players, the bag
/// empty; the opponent has not just passed): `margin=M best=MOVE` with MOVE in the move notation
/// (placements sorted by cell, in the input's coordinates) or `pass`; `error: <what and where>` for a
/// malformed or impossible line (a hand outside 1 .. max hand, more copies of a tile than the game
/// has, or no solution within `max_nodes` nodes); "" for a line the tool skips.
template <ruleset R = standard_rules>
std::string perft_endgame(std::string_view line, std::uint64_t max_nodes = perft_endgame_nodes) {
    using Tile = tile_t<R>;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (perft_skips(line)) return {};
    constexpr int max_hand = rules_traits<R>::max_hand;
    const auto first_bar = line.find('|');
    const auto bar = first_bar == std::string_view::npos ? std::string_view::npos : line.find('|', first_bar + 1);
    if (bar == std::string_view::npos)
        return "error: " + parse_error{line.size(), "", "expected '<board> | <hand to move> | <other hand>': " +
                                                            std::string(first_bar == std::string_view::npos ? "no '|'" : "no second '|'")}
                               .describe();
    if (const auto third = line.find('|', bar + 1); third != std::string_view::npos)
        return "error: " + parse_error{third, "|", "more than two '|'"}.describe();
    auto pos = parse_position<R>(line.substr(0, bar));
    if (!pos) return "error: " + pos.error().describe();
    basic_tile_multiset<Tile> other;
    std::vector<int> copies(static_cast<std::size_t>(Tile::kinds), 0);
    pos->board.for_each_tile([&](cell, Tile t) { ++copies[static_cast<std::size_t>(t.index())]; });
    pos->hand.for_each([&](Tile t) { ++copies[static_cast<std::size_t>(t.index())]; });
    for (const token& tk : split_tokens(line.substr(bar + 1), bar + 1)) {
        auto t = parse_tile<Tile>(tk.text, tk.column);
        if (!t) return "error: " + t.error().describe();
        if (++copies[static_cast<std::size_t>(t->index())] > R::copies)
            return "error: " + parse_error{tk.column, std::string(tk.text), "more than " + std::to_string(R::copies) + " copies of " + to_string(*t)}.describe();
        other.add(*t);
    }
    if (pos->hand.size() < 1 || pos->hand.size() > max_hand)
        return "error: " + parse_error{first_bar + 1, "", "the hand to move holds 1 to " + std::to_string(max_hand) + " tiles, not " +
                                                               std::to_string(pos->hand.size())}
                               .describe();
    if (other.size() < 1 || other.size() > max_hand)
        return "error: " + parse_error{bar + 1, "", "the other hand holds 1 to " + std::to_string(max_hand) + " tiles, not " +
                                                        std::to_string(other.size())}
                               .describe();
    endgame_options o;
    o.max_nodes = max_nodes;
    basic_endgame_solver<R> solver(o);
    const auto r = solver.solve(pos->board, pos->hand, other);
    if (!r.solved) return "error: " + r.why;
    std::string out = "margin=" + std::to_string(r.margin) + " best=";
    if (!r.best) return out + "pass";
    bool first = true;
    for (const auto& p : r.best->sorted()) {
        if (!first) out += ' ';
        first = false;
        out += to_string(basic_placement<Tile>{{p.at.x - pos->offset.x, p.at.y - pos->offset.y}, p.tile});
    }
    return out;
}

}  // namespace qwirkle
