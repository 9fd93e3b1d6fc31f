// The sentences of the card game's verdicts (the terminal game prints them, the Python and web
// packages raise them): one of its own for every rule of a turn, every row status and every
// refused action, none the "?" of a value out of range, with the card, the row or the seat named.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include <qwirkle/cards/cards.hpp>

#include "support.hpp"

using namespace qwirkle::cards;

TEST_CASE("card verdicts: one sentence per turn rule, row status and action error, '?' beyond the last") {
    std::set<std::string> seen;
    turn_verdict v;
    v.card = *qwirkle_cards_test::cards("G5").distinct().begin();
    v.row = 1;
    for (int r = 0; r <= static_cast<int>(turn_rule::mixed_row); ++r) {
        v.rule = static_cast<turn_rule>(r);
        CAPTURE(r);
        CHECK(v.describe() != "?");
        CHECK(seen.insert(v.describe()).second);
    }
    v.rule = static_cast<turn_rule>(static_cast<int>(turn_rule::mixed_row) + 1);
    CHECK(v.describe() == "?");
    v.rule = turn_rule::ok;
    CHECK(v.describe() == "legal");
    v.rule = turn_rule::card_not_in_hand;
    CHECK(v.describe() == "card G5 is not in the hand");
    v.rule = turn_rule::table_card_missing;
    CHECK(v.describe() == "card G5 left the table (cards on the table stay there)");
    v.rule = turn_rule::row_too_short;
    CHECK(v.describe() == "row 2 is too short (a row holds at least 3 cards)");
    v.rule = turn_rule::mixed_row;
    CHECK(v.describe() == "row 2 mixes colours and shapes");

    seen.clear();
    for (int s = 0; s <= static_cast<int>(row_status::mixed); ++s) {
        const std::string text = describe(static_cast<row_status>(s));
        CHECK(text != "?");
        CHECK(seen.insert(text).second);
    }
    CHECK(std::string(describe(static_cast<row_status>(static_cast<int>(row_status::mixed) + 1))) == "?");
    CHECK(std::string(describe(row_status::duplicate)) == "the same card twice in a row");

    seen.clear();
    basic_action_verdict<> a;
    a.seat = 2;
    a.turn.rule = turn_rule::duplicate_in_row;
    a.turn.row = 0;
    for (int e = 0; e <= static_cast<int>(action_error::not_your_turn); ++e) {
        a.error = static_cast<action_error>(e);
        CAPTURE(e);
        CHECK(a.describe() != "?");
        CHECK(seen.insert(a.describe()).second);
    }
    a.error = static_cast<action_error>(static_cast<int>(action_error::not_your_turn) + 1);
    CHECK(a.describe() == "?");
    a.error = action_error::illegal_turn;
    CHECK(a.describe() == "illegal turn: row 1 holds the same card twice");
    a.error = action_error::not_your_turn;
    CHECK(a.describe() == "not your turn (seat 2 is to play)");
    a.error = action_error::game_over;
    CHECK(a.describe() == "the game is over");
}
