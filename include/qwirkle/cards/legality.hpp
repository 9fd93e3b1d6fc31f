// SPDX-License-Identifier: MIT
// qwirkle::cards — turn legality (docs/rules.md §4.5): a turn is the cards played from the hand and
// the whole resulting tableau; it is legal when at least one card is played, every played card comes
// from the hand, the result holds exactly the old table's cards plus the played ones, and every row of
// the result is valid. Rows of 6 in the result are the Qwirkles the player collects.
#pragma once

#include <string>

#include "../notation/text.hpp"
#include "tableau.hpp"

namespace qwirkle::cards {

/// A turn: the cards played and the resulting arrangement of the table (before Qwirkles are taken).
template <card_ruleset R = standard_rules>
struct basic_turn {
    cards_t<R> played;
    basic_tableau<R> result;

    /// The Qwirkles this turn collects.
    int qwirkles() const noexcept { return result.qwirkle_count(); }
    int cards() const noexcept { return played.size(); }
    friend bool operator==(const basic_turn&, const basic_turn&) = default;
};

using turn = basic_turn<>;

/// The rule a turn breaks.
enum class turn_rule : std::uint8_t {
    ok,
    no_card_played,      ///< a turn plays at least one card
    card_not_in_hand,    ///< a played card the player does not hold
    table_card_missing,  ///< a card of the table (or a played card) is not in the result
    card_from_nowhere,   ///< the result holds a card that was neither on the table nor played
    row_too_short,       ///< a row of fewer than 3 cards
    duplicate_in_row,    ///< the same card twice in a row
    mixed_row,           ///< a row neither of one colour nor of one shape
};

/// The verdict on a turn: `ok`, or the rule broken with the row (index in the result) or card concerned.
template <card_ruleset R = standard_rules>
struct basic_turn_verdict {
    turn_rule rule = turn_rule::ok;
    int row = -1;         ///< index of the offending row in the resulting tableau, or -1
    card_t<R> card{};     ///< the offending card for the card rules
    explicit operator bool() const noexcept { return rule == turn_rule::ok; }
    bool ok() const noexcept { return rule == turn_rule::ok; }

    std::string describe() const {
        const std::string c = to_string(card);
        const std::string r = "row " + std::to_string(row + 1);
        switch (rule) {
            case turn_rule::ok: return "legal";
            case turn_rule::no_card_played: return "no card played (a turn plays at least one card)";
            case turn_rule::card_not_in_hand: return "card " + c + " is not in the hand";
            case turn_rule::table_card_missing: return "card " + c + " left the table (cards on the table stay there)";
            case turn_rule::card_from_nowhere: return "card " + c + " was neither on the table nor played";
            case turn_rule::row_too_short: return r + " is too short (a row holds at least 3 cards)";
            case turn_rule::duplicate_in_row: return r + " holds the same card twice";
            case turn_rule::mixed_row: return r + " mixes colours and shapes";
        }
        return "?";
    }
};

using turn_verdict = basic_turn_verdict<>;

/// Checks a turn against the table before it and the player's hand.
template <card_ruleset R>
basic_turn_verdict<R> check_turn(const basic_tableau<R>& before, const cards_t<R>& hand, const basic_turn<R>& t) {
    using card_type = card_t<R>;
    basic_turn_verdict<R> v;
    if (t.played.empty()) {
        v.rule = turn_rule::no_card_played;
        return v;
    }
    for (int i = 0; i < card_traits<R>::kinds; ++i) {
        const auto c = qwirkle::detail::tile_at<card_type>(i);
        if (t.played.count(c) > hand.count(c)) {
            v.rule = turn_rule::card_not_in_hand;
            v.card = c;
            return v;
        }
    }
    auto expected = before.contents();
    expected += t.played;
    const auto got = t.result.contents();
    for (int i = 0; i < card_traits<R>::kinds; ++i) {
        const auto c = qwirkle::detail::tile_at<card_type>(i);
        if (got.count(c) > expected.count(c)) {
            v.rule = turn_rule::card_from_nowhere;
            v.card = c;
            return v;
        }
        if (got.count(c) < expected.count(c)) {
            v.rule = turn_rule::table_card_missing;
            v.card = c;
            return v;
        }
    }
    for (std::size_t i = 0; i < t.result.rows.size(); ++i) {
        const row_status s = t.result.rows[i].status();
        if (s == row_status::ok) continue;
        v.row = static_cast<int>(i);
        v.rule = s == row_status::too_short ? turn_rule::row_too_short
               : s == row_status::duplicate ? turn_rule::duplicate_in_row
                                            : turn_rule::mixed_row;
        return v;
    }
    return v;
}

}  // namespace qwirkle::cards
