// SPDX-License-Identifier: MIT
// qwirkle::cards — rule sets of the card game (docs/rules.md §4): the Schmidt edition (2014, the default)
// and the 999 Games edition (2015). An edition is a plain struct of constants, passed as the first
// template parameter of every card-game template.
#pragma once

#include <concepts>

#include "../pieces/tile.hpp"
#include "../pieces/tile_set.hpp"

namespace qwirkle::cards {

/// Who starts, and what the first turn must be.
enum class first_turn_rule {
    largest_group,  ///< Schmidt: the starter lays exactly their largest group as the first row
    free,           ///< 999 Games: the starter plays a normal turn
};
/// Which of the players tied for the largest group starts.
enum class start_tie_rule { youngest, oldest };
/// What a player without any legal play does.
enum class cannot_play_rule {
    redraw,  ///< Schmidt: put the hand aside, draw 9 new, shuffle the old hand into the pile, go on
    pass,    ///< 999 Games: no rule given; the player passes
};

/// Qwirkle Cards, Schmidt edition 2014 (rulebooks 000, 004) — the standard card game.
struct schmidt_rules {
    static constexpr int colours = 6;
    static constexpr int shapes = 6;
    static constexpr int copies = 3;
    static constexpr int min_players = 2;
    static constexpr int max_players = 4;
    static constexpr int hand_size = 9;
    static constexpr int min_row = 3;  ///< shortest valid row
    static constexpr first_turn_rule first_turn = first_turn_rule::largest_group;
    static constexpr start_tie_rule start_tie = start_tie_rule::youngest;
    static constexpr cannot_play_rule cannot_play = cannot_play_rule::redraw;
};

/// Qwirkle Cards, 999 Games edition 2015 (rulebook 002): free first turn, the oldest tied player
/// starts, a player who cannot play passes.
struct games999_rules : schmidt_rules {
    static constexpr first_turn_rule first_turn = first_turn_rule::free;
    static constexpr start_tie_rule start_tie = start_tie_rule::oldest;
    static constexpr cannot_play_rule cannot_play = cannot_play_rule::pass;
};

using standard_rules = schmidt_rules;

/// What the card game needs of a rule set. The exact solver packs counts in 2 bits (copies ≤ 3).
template <class R>
concept card_ruleset = requires {
    { R::colours } -> std::convertible_to<int>;
    { R::shapes } -> std::convertible_to<int>;
    { R::copies } -> std::convertible_to<int>;
    { R::min_players } -> std::convertible_to<int>;
    { R::max_players } -> std::convertible_to<int>;
    { R::hand_size } -> std::convertible_to<int>;
    { R::min_row } -> std::convertible_to<int>;
    { R::first_turn } -> std::convertible_to<first_turn_rule>;
    { R::start_tie } -> std::convertible_to<start_tie_rule>;
    { R::cannot_play } -> std::convertible_to<cannot_play_rule>;
} && (R::colours >= 2) && (R::shapes >= 2) && (R::colours * R::shapes <= 64) && (R::colours <= 26) &&
    (R::shapes <= 9) && (R::copies >= 1) && (R::copies <= 3) && (R::min_row >= 2) &&
    (R::min_row <= R::colours) && (R::min_row <= R::shapes) && (R::min_players >= 1) &&
    (R::min_players <= R::max_players) && (R::hand_size >= 1);

/// The card type of a rule set (the shared piece type).
template <card_ruleset R>
using card_t = basic_tile<R::colours, R::shapes>;
/// Multisets of cards: hands, the pile's contents, the table's contents.
template <card_ruleset R>
using cards_t = basic_tile_multiset<card_t<R>>;

using card = card_t<standard_rules>;

/// Quantities derived from a rule set.
template <card_ruleset R>
struct card_traits {
    static constexpr int kinds = R::colours * R::shapes;
    static constexpr int card_count = kinds * R::copies;  ///< 108
};

static_assert(card_ruleset<schmidt_rules> && card_ruleset<games999_rules>);
static_assert(card_traits<standard_rules>::card_count == 108);

}  // namespace qwirkle::cards
