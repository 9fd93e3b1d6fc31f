// SPDX-License-Identifier: MIT
/// @file
/// Stable identifiers of the tile game's rules and outcomes, as short snake_case words
/// (`no_contact`, `exchange_not_in_hand`, `last_tile`, ...): the names the Python and web packages
/// give a refused action's rule, and that programs may match on. They never change once published;
/// `describe()` on the verdicts gives the English sentence instead.
#pragma once

#include "../game/action.hpp"
#include "../game/state.hpp"
#include "../rules/legality.hpp"
#include "../rules/take.hpp"

namespace qwirkle {

/// @name Identifiers of the rules and outcomes
/// Each returns the enumerator's name (`action_kind::draw_three` is `draw3` and `take_tile` is
/// `take`, as in the notation), or "?" for a value outside the enumeration.
/// @{

/// The identifier of a placement rule (`no_contact`, `gap_in_line`, ...; docs/rules.md §2).
constexpr const char* identifier(placement_rule r) {
    switch (r) {
        case placement_rule::ok: return "ok";
        case placement_rule::empty_move: return "empty_move";
        case placement_rule::too_many_tiles: return "too_many_tiles";
        case placement_rule::tile_not_in_hand: return "tile_not_in_hand";
        case placement_rule::off_board: return "off_board";
        case placement_rule::cell_occupied: return "cell_occupied";
        case placement_rule::cell_repeated: return "cell_repeated";
        case placement_rule::forbidden_cell: return "forbidden_cell";
        case placement_rule::not_in_one_line: return "not_in_one_line";
        case placement_rule::gap_in_line: return "gap_in_line";
        case placement_rule::no_contact: return "no_contact";
        case placement_rule::line_too_long: return "line_too_long";
        case placement_rule::duplicate_in_line: return "duplicate_in_line";
        case placement_rule::mixed_line: return "mixed_line";
        case placement_rule::opening_not_at_origin: return "opening_not_at_origin";
        case placement_rule::opening_group_size: return "opening_group_size";
    }
    return "?";
}

/// The identifier of an action rule (`exchange_not_in_hand`, `pass_not_allowed`, `not_your_turn`, ...).
constexpr const char* identifier(action_rule r) {
    switch (r) {
        case action_rule::ok: return "ok";
        case action_rule::game_over: return "game_over";
        case action_rule::illegal_placement: return "illegal_placement";
        case action_rule::opening_must_place: return "opening_must_place";
        case action_rule::exchange_nothing: return "exchange_nothing";
        case action_rule::exchange_too_many: return "exchange_too_many";
        case action_rule::exchange_not_in_hand: return "exchange_not_in_hand";
        case action_rule::exchange_bag_too_small: return "exchange_bag_too_small";
        case action_rule::pass_not_allowed: return "pass_not_allowed";
        case action_rule::action_not_held: return "action_not_held";
        case action_rule::action_already_used: return "action_already_used";
        case action_rule::one_action_per_turn: return "one_action_per_turn";
        case action_rule::action_in_opening: return "action_in_opening";
        case action_rule::take_refused: return "take_refused";
        case action_rule::not_your_turn: return "not_your_turn";
    }
    return "?";
}

/// The identifier of a take-a-tile rule (`in_qwirkle`, `disconnects`, `last_tile`, ...; docs/rules.md §3).
constexpr const char* identifier(take_rule r) {
    switch (r) {
        case take_rule::ok: return "ok";
        case take_rule::no_tile: return "no_tile";
        case take_rule::in_qwirkle: return "in_qwirkle";
        case take_rule::disconnects: return "disconnects";
        case take_rule::last_tile: return "last_tile";
    }
    return "?";
}

/// The identifier of an action's kind: `place`, `exchange`, `pass`, `draw3`, `take` (as in the notation).
constexpr const char* identifier(action_kind k) {
    switch (k) {
        case action_kind::place: return "place";
        case action_kind::exchange: return "exchange";
        case action_kind::pass: return "pass";
        case action_kind::draw_three: return "draw3";
        case action_kind::take_tile: return "take";
    }
    return "?";
}

/// The identifier of how a game stands or ended: `running`, `last_tile`, `stalemate`.
constexpr const char* identifier(game_end e) {
    switch (e) {
        case game_end::running: return "running";
        case game_end::last_tile: return "last_tile";
        case game_end::stalemate: return "stalemate";
    }
    return "?";
}

/// @}

/// The identifier of the rule a refused tile-game action breaks: the placement's rule for a refused
/// placement, the take rule for a refused take, else the action rule itself.
template <class ActionError>
constexpr const char* rule_identifier(const ActionError& e) {
    if (e.rule == action_rule::illegal_placement) return identifier(e.placement.rule);
    if (e.rule == action_rule::take_refused) return identifier(e.take);
    return identifier(e.rule);
}

}  // namespace qwirkle
