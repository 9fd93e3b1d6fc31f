// SPDX-License-Identifier: MIT
/// @file
/// The tile game's rule sets by name, as settings of the standard game (`game_config`'s special
/// tiles and starting action tiles): the names the Python and web packages and the tools accept
/// (`standard`, `classic`, `five-six`, `mini`, `mini-take`, `mini-draw`, `actions-at-start`). The
/// player ranges and the expansions come from the library's rule-set types themselves.
#pragma once

#include <string_view>

#include "../core/ruleset.hpp"

namespace qwirkle {

/// One named rule set: its players and, as bit masks of `action_tile`s, the special tiles in the bag
/// and the action tiles every player holds from the start.
struct rules_choice {
    const char* name;         ///< the name the tools and packages accept
    int min_players;          ///< fewest players
    int max_players;          ///< most players
    unsigned special_tiles;   ///< special tiles in the bag (`action_bit` mask)
    unsigned starting_actions;  ///< action tiles held from the start (`action_bit` mask)
    const char* description;  ///< one line for a user
};

/// Every named rule set, `standard` first.
inline constexpr rules_choice rules_choices[] = {
    {"standard", standard_rules::min_players, standard_rules::max_players, 0, 0,
     "108 tiles, 2-6 players (hands of 6; 5 with five players, 4 with six)"},
    {"classic", classic_rules::min_players, classic_rules::max_players, 0, 0, "the box: 2-4 players, hands of 6"},
    {"five-six", five_six_player_rules::min_players, five_six_player_rules::max_players, 0, 0,
     "the 5-6 player variant: hands of 5 or 4"},
    {"mini", mini_expansion_rules::min_players, mini_expansion_rules::max_players,
     rules_traits<mini_expansion_rules>::special_tiles, 0, "mini-expansions: both special tiles in the bag"},
    {"mini-take", standard_rules::min_players, standard_rules::max_players,
     rules_traits<mini_expansion_subset_rules<action_bit(action_tile::take_tile)>>::special_tiles, 0,
     "mini-expansions, variant 1: only the take-a-tile special tile"},
    {"mini-draw", standard_rules::min_players, standard_rules::max_players,
     rules_traits<mini_expansion_subset_rules<action_bit(action_tile::draw_three)>>::special_tiles, 0,
     "mini-expansions, variant 1: only the draw-three special tile"},
    {"actions-at-start", action_tiles_at_start_rules::min_players, action_tiles_at_start_rules::max_players, 0,
     rules_traits<action_tiles_at_start_rules>::starting_actions,
     "mini-expansions, variant 2: both action tiles held from the start"},
};

/// The rule set of that name, or nullptr.
constexpr const rules_choice* find_rules(std::string_view name) {
    for (const auto& r : rules_choices)
        if (name == r.name) return &r;
    return nullptr;
}

}  // namespace qwirkle
