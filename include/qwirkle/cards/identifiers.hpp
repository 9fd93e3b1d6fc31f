// SPDX-License-Identifier: MIT
/// @file
/// Stable identifiers of the card game's rules (`row_too_short`, `play_exists`, ...): the names the
/// Python and web packages give a refused card action's rule. `describe()` on the verdicts gives the
/// English sentence instead.
#pragma once

#include "game.hpp"
#include "legality.hpp"

namespace qwirkle::cards {

/// @name Identifiers of the card game's rules
/// Each returns the enumerator's name, or "?" for a value outside the enumeration.
/// @{

/// The identifier of a card-turn rule (`row_too_short`, `mixed_row`, ...; docs/rules.md §4).
constexpr const char* identifier(turn_rule r) {
    switch (r) {
        case turn_rule::ok: return "ok";
        case turn_rule::no_card_played: return "no_card_played";
        case turn_rule::card_not_in_hand: return "card_not_in_hand";
        case turn_rule::table_card_missing: return "table_card_missing";
        case turn_rule::card_from_nowhere: return "card_from_nowhere";
        case turn_rule::row_too_short: return "row_too_short";
        case turn_rule::duplicate_in_row: return "duplicate_in_row";
        case turn_rule::mixed_row: return "mixed_row";
    }
    return "?";
}

/// The identifier of a card action's error (`play_exists`, `opening_group`, `not_your_turn`, ...).
constexpr const char* identifier(action_error r) {
    switch (r) {
        case action_error::ok: return "ok";
        case action_error::game_over: return "game_over";
        case action_error::illegal_turn: return "illegal_turn";
        case action_error::opening_group: return "opening_group";
        case action_error::play_exists: return "play_exists";
        case action_error::not_your_turn: return "not_your_turn";
    }
    return "?";
}

/// @}

}  // namespace qwirkle::cards
