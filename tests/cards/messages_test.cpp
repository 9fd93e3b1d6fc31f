// The sentences of the card game's verdicts (the terminal game prints them, the Python and web
// packages raise them): one of its own for every rule of a turn, every row status and every
// refused action, none the "?" of a value out of range, with the card, the row or the seat named.
#include <doctest/doctest.h>

#include <string>

#include <qwirkle/cards/cards.hpp>

#include "../sentences.hpp"
#include "support.hpp"

using namespace qwirkle::cards;

TEST_CASE("card verdicts: one sentence per turn rule, row status and action error, '?' beyond the last") {
    turn_verdict v;
    v.card = *qwirkle_cards_test::cards("G5").distinct().begin();
    v.row = 1;
    qwirkle_test::each_sentence_once(static_cast<int>(turn_rule::mixed_row), [&](int r) {
        v.rule = static_cast<turn_rule>(r);
        return v.describe();
    });
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

    qwirkle_test::each_sentence_once(static_cast<int>(row_status::mixed),
                                     [](int s) { return std::string(describe(static_cast<row_status>(s))); });
    CHECK(std::string(describe(row_status::duplicate)) == "the same card twice in a row");

    basic_action_verdict<> a;
    a.seat = 2;
    a.turn.rule = turn_rule::duplicate_in_row;
    a.turn.row = 0;
    qwirkle_test::each_sentence_once(static_cast<int>(action_error::not_your_turn), [&](int e) {
        a.error = static_cast<action_error>(e);
        return a.describe();
    });
    a.error = action_error::illegal_turn;
    CHECK(a.describe() == "illegal turn: row 1 holds the same card twice");
    a.error = action_error::not_your_turn;
    CHECK(a.describe() == "not your turn (seat 2 is to play)");
    a.error = action_error::game_over;
    CHECK(a.describe() == "the game is over");
}
