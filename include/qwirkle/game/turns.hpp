// SPDX-License-Identifier: MIT
/// @file
/// Whole turns with the mini-expansions: the action-tile choices at the start of a turn and
/// the placements that can follow each, so that a bot can search over complete turns.
///
/// The choices are: no action tile; draw three (its outcome is hidden, so only the choice is listed);
/// take the tile on a cell (then the hand holds that tile too, and no tile may go back on that cell).
/// The score of a turn is the score of its placement.
#pragma once

#include <optional>
#include <vector>

#include "state.hpp"

namespace qwirkle {

/// The action tiles the current player may use now, as actions: draw three, then one take per
/// target tile. Empty outside the start of a turn or without usable action tiles.
template <class Game, class R = typename Game::rules_type>
std::vector<basic_action<R>> action_tile_choices(const Game& g) {
    std::vector<basic_action<R>> out;
    if (g.can_use(action_tile::draw_three)) out.push_back(basic_action<R>::draw_three());
    if (g.can_use(action_tile::take_tile)) {
        std::vector<cell> targets;
        take_targets(g.board(), std::back_inserter(targets));
        for (cell c : targets) out.push_back(basic_action<R>::take_tile(c));
    }
    return out;
}

/// Calls visit(const std::optional<basic_action<R>>& first, const basic_move<R>& m, int score) for
/// every placement the current player can make: first with no action tile (`first` empty, or the
/// action tile already used this turn), then after each take-a-tile choice. Draw-three turns are
/// not expanded (see action_tile_choices).
template <class Game, class Visitor, class R = typename Game::rules_type>
void for_each_turn(const Game& g, Visitor&& visit) {
    if (g.is_terminal()) return;
    const std::optional<basic_action<R>> none;
    g.for_each_legal_move([&](const basic_move<R>& m, int score) { visit(none, m, score); });
    if (!g.can_use(action_tile::take_tile)) return;
    std::vector<cell> targets;
    take_targets(g.board(), std::back_inserter(targets));
    if (targets.empty()) return;
    auto b = g.board();  // one copy; each target is taken off and put back
    for (cell c : targets) {
        const auto t = *b.at(c);
        b.remove(c);
        auto hand = g.hand(g.current_player());
        hand.add(t);
        movegen_options opt;
        opt.forbidden = c;
        const std::optional<basic_action<R>> first = basic_action<R>::take_tile(c);
        for_each_move(b, hand, [&](const basic_move<R>& m, int score) { visit(first, m, score); }, opt);
        b.place(c, t);
    }
}

}  // namespace qwirkle
