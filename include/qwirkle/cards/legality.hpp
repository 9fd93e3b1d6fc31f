// SPDX-License-Identifier: MIT
/// @file
/// Turn legality of the card game (docs/rules.md §4.5): a turn is the cards played from the hand and
/// the whole resulting tableau; it is legal when at least one card is played, every played card comes
/// from the hand, the result holds exactly the old table's cards plus the played ones, and every row of
/// the result is valid. Rows of 6 in the result are the Qwirkles the player collects (§4.6).
#pragma once

#include <string>

#include "../notation/text.hpp"
#include "tableau.hpp"

namespace qwirkle::cards {

/// A turn: the cards played and the resulting arrangement of the table (before Qwirkles are taken).
template <card_ruleset R = standard_rules>
struct basic_turn {
    cards_t<R> played;          ///< the cards played from the hand (at least one in a legal turn)
    basic_tableau<R> result;    ///< the whole table after the turn, its rows of 6 still on it

    /// The Qwirkles this turn collects.
    int qwirkles() const noexcept { return result.qwirkle_count(); }
    /// The number of cards played.
    int cards() const noexcept { return played.size(); }
    /// The same cards played and the same resulting rows in the same order (same_layout() compares
    /// tableaus regardless of order).
    friend bool operator==(const basic_turn&, const basic_turn&) = default;
};

/// A turn of the standard card game.
using turn = basic_turn<>;

/// The rule a turn breaks (docs/rules.md §4.3 for the rows, §4.5 for the turn).
enum class turn_rule : std::uint8_t {
    ok,                  ///< the turn is legal
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
    turn_rule rule = turn_rule::ok;  ///< the rule broken, or `ok`
    int row = -1;         ///< index of the offending row in the resulting tableau, or -1
    card_t<R> card{};     ///< the offending card for the card rules
    /// Is the turn legal?
    explicit operator bool() const noexcept { return rule == turn_rule::ok; }
    /// Is the turn legal?
    bool ok() const noexcept { return rule == turn_rule::ok; }

    /// The verdict in English: "legal", or the rule broken with the card (in the notation, `R1`) or the
    /// row (counted from 1 in the resulting tableau) concerned.
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

/// The verdict on a turn of the standard card game.
using turn_verdict = basic_turn_verdict<>;

/// Checks a turn against the table before it and the player's hand (docs/rules.md §4.5). Reports the
/// first fault found, in this order: no card played; a played card not in the hand (the lowest card
/// index first); a card whose count in the result differs from the table's plus the played ones
/// (card_from_nowhere or table_card_missing, the lowest card index first); the first invalid row of the
/// result. Does not change anything; Qwirkles are not taken.
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
