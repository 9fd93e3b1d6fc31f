// SPDX-License-Identifier: MIT
/// @file
/// Rule sets of the card game Qwirkle Cards (docs/rules.md §4): the Schmidt edition (2014, the
/// default) and the 999 Games edition (2015), side by side in §4.10. An edition is a plain struct of
/// constants, passed as the first template parameter of every card-game template; `card_ruleset`
/// says what such a struct must hold.
#pragma once

#include <concepts>

#include "../pieces/tile.hpp"
#include "../pieces/tile_set.hpp"

namespace qwirkle::cards {

/// What the first turn must be (docs/rules.md §4.4): the player with the largest group starts in
/// both editions.
enum class first_turn_rule {
    largest_group,  ///< Schmidt: the starter lays exactly their largest group as the first row
    free,           ///< 999 Games: the starter plays a normal turn
};
/// Which of the players tied for the largest group starts (docs/rules.md §4.4). A game given no ages
/// takes seat order as age order, seat 0 the youngest (docs/rules.md §6).
enum class start_tie_rule { youngest /**< Schmidt: the youngest tied player starts */,
                            oldest /**< 999 Games: the oldest tied player starts */ };
/// What a player without any legal play does (docs/rules.md §4.8). With an empty pile the player
/// passes under either rule.
enum class cannot_play_rule {
    redraw,  ///< Schmidt: put the hand aside, draw 9 new, shuffle the old hand into the pile, go on
    pass,    ///< 999 Games: no rule given; the player passes
};

/// Qwirkle Cards, Schmidt edition 2014 (rulebooks 000, 004) — the standard card game.
struct schmidt_rules {
    /// Card colours, 2 .. 26 (one letter each in the notation: R O Y G B P; docs/rules.md §1).
    static constexpr int colours = 6;
    /// Card shapes, 2 .. 9 (one digit each in the notation, 1 up; docs/rules.md §1).
    static constexpr int shapes = 6;
    /// Copies of each kind of card, 1 .. 3 (the exact solver packs a count in 2 bits).
    static constexpr int copies = 3;
    static constexpr int min_players = 2;  ///< fewest players a game accepts
    static constexpr int max_players = 4;  ///< most players a game accepts
    /// Cards dealt to each player, and the size a hand is refilled to after each turn (docs/rules.md
    /// §4.2, §4.7); also the number of cards a Schmidt redraw takes (§4.8).
    static constexpr int hand_size = 9;
    static constexpr int min_row = 3;  ///< shortest valid row
    /// The starter lays exactly their largest group as the first row (docs/rules.md §4.4).
    static constexpr first_turn_rule first_turn = first_turn_rule::largest_group;
    /// On a tie for the largest group, the youngest tied player starts.
    static constexpr start_tie_rule start_tie = start_tie_rule::youngest;
    /// A player who cannot play redraws 9 cards and goes on (docs/rules.md §4.8).
    static constexpr cannot_play_rule cannot_play = cannot_play_rule::redraw;
};

/// Qwirkle Cards, 999 Games edition 2015 (rulebook 002): free first turn, the oldest tied player
/// starts, a player who cannot play passes.
struct games999_rules : schmidt_rules {
    /// The starter plays an ordinary first turn (docs/rules.md §4.4).
    static constexpr first_turn_rule first_turn = first_turn_rule::free;
    /// On a tie for the largest group, the oldest tied player starts.
    static constexpr start_tie_rule start_tie = start_tie_rule::oldest;
    /// A player who cannot play passes (the rulebook has no rule; docs/rules.md §4.8).
    static constexpr cannot_play_rule cannot_play = cannot_play_rule::pass;
};

/// The default rule set of every card-game template: the Schmidt edition.
using standard_rules = schmidt_rules;

/// What the card game needs of a rule set: the constants of `schmidt_rules`, with 2 ≤ colours ≤ 26,
/// 2 ≤ shapes ≤ 9, colours × shapes ≤ 64 (a set of kinds fits one 64-bit mask), 1 ≤ copies ≤ 3 (the
/// exact solver packs counts in 2 bits), 2 ≤ min_row ≤ min(colours, shapes), 1 ≤ min_players ≤
/// max_players and hand_size ≥ 1.
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

/// A card of the standard game: one of 6 colours × 6 shapes, written `R1` .. `P6` (docs/rules.md §1).
using card = card_t<standard_rules>;

/// Quantities derived from a rule set.
template <card_ruleset R>
struct card_traits {
    static constexpr int kinds = R::colours * R::shapes;  ///< distinct cards (36)
    static constexpr int card_count = kinds * R::copies;  ///< cards in a game (108)
};

static_assert(card_ruleset<schmidt_rules> && card_ruleset<games999_rules>);
static_assert(card_traits<standard_rules>::card_count == 108);

}  // namespace qwirkle::cards
