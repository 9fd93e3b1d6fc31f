// SPDX-License-Identifier: MIT
/// @file
/// The card game's perft answer for one position, exactly as `qwirkle-cards-perft` prints it: the
/// tool, the Python package and the web package all call this.
///
/// @code{.unparsed}
///   perft("R1 R2 R3 | R4")   == "plays=1 maxcards=1 maxqwirkles=0"
///   perft("| Q9", {}, 3)     == "error: line 3, column 2, ..."   (the line number the tool counts)
///   perft("# a comment")     == ""                                (the tool skips such lines)
/// @endcode
///
/// `plays` counts the different multisets of hand cards that can be played as a legal turn
/// (docs/rules.md §4.5), `maxcards` is the most cards one turn can play, `maxqwirkles` the most rows
/// of 6 one turn can leave on the table (docs/rules.md §6).
#pragma once

#include <string>
#include <string_view>

#include "notation.hpp"
#include "solver.hpp"

namespace qwirkle::cards {

/// What perft() prints beyond the summary line.
struct perft_options {
    bool best = false;  ///< add a line `best: <tableau>` with a turn reaching the most Qwirkles (then cards)
};

/// The output for one line `<tableau> | <hand>` (without the final newline): the summary
/// `plays=N maxcards=M maxqwirkles=Q` (and the best turn when asked), or `error: line L, ...`
/// where L is `line_no`; "" for a blank line or a comment.
template <card_ruleset R = standard_rules>
std::string perft(std::string_view line, const perft_options& opt = {}, int line_no = 1) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') return {};
    const auto pos = parse_position<R>(line);
    if (!pos) return "error: line " + std::to_string(line_no) + ", " + pos.error().describe();
    const int plays = count_playable_subsets(pos->table, pos->hand);
    const auto most_cards = best_turn(pos->table, pos->hand, objective::cards_then_qwirkles);
    const auto most_qwirkles = best_turn(pos->table, pos->hand, objective::qwirkles_then_cards);
    std::string out = "plays=" + std::to_string(plays) + " maxcards=" + std::to_string(most_cards ? most_cards->cards() : 0) +
                      " maxqwirkles=" + std::to_string(most_qwirkles ? most_qwirkles->qwirkles() : 0);
    if (opt.best) out += "\nbest: " + (most_qwirkles ? to_string(most_qwirkles->result) : std::string("(no play)"));
    return out;
}

}  // namespace qwirkle::cards
