// Turn legality (docs/rules.md §4.5): the rulebooks' worked examples, legal and illegal, as
// `check_turn` cases. The rulebooks show pictures; the cards below are one concrete reading of each.
#include <doctest/doctest.h>

#include <qwirkle/cards/cards.hpp>

#include "support.hpp"

namespace qc = qwirkle::cards;
using qwirkle_cards_test::cards;
using qwirkle_cards_test::table;

namespace {
qc::turn turn_of(const char* played, const char* result) {
    return qc::turn{cards(played), qc::parse_tableau(result, 0, false).value()};
}
qc::turn_verdict check(const char* before, const char* hand, const char* played, const char* result) {
    return qc::check_turn(table(before), cards(hand), turn_of(played, result));
}
}  // namespace

TEST_CASE("002 Danny: 3 diamonds start a new row, and a blue star joins the blue row") {
    const auto v = check("B1 B2 B4 / R1 O1 Y1", "R3 G3 P3 B5 Y6", "R3 G3 P3 B5", "B1 B2 B4 B5 / R1 O1 Y1 / R3 G3 P3");
    CHECK(v.ok());
}

TEST_CASE("002 Quinten: an orange circle to the circle row without one, a purple square to the purple row") {
    CHECK(check("R1 Y1 G1 / P1 P2 P3", "O1 P4 R2", "O1 P4", "R1 Y1 G1 O1 / P1 P2 P3 P4").ok());
}

TEST_CASE("002 Joram / Pascal: 3 diamonds (squares) complete the row of 3 into a Qwirkle") {
    const auto t = turn_of("G3 B3 P3", "R3 O3 Y3 G3 B3 P3");
    CHECK(qc::check_turn(table("R3 O3 Y3"), cards("G3 B3 P3 R1"), t).ok());
    CHECK(t.qwirkles() == 1);
    const auto pascal = turn_of("O4 Y4 B4", "R4 G4 P4 O4 Y4 B4 / R1 R2 R3");
    CHECK(qc::check_turn(table("R4 G4 P4 / R1 R2 R3"), cards("O4 Y4 B4"), pascal).ok());
    CHECK(pascal.qwirkles() == 1);
}

TEST_CASE("002 Erik: 2 squares plus the blue square taken from the blue row") {
    CHECK(check("B1 B2 B3 B4", "R4 G4 Y1", "R4 G4", "B1 B2 B3 / R4 G4 B4").ok());
    // Taking it from a row of 3 would leave 2: "every row must hold at least 3 cards".
    const auto v = check("B1 B2 B4", "R4 G4 Y1", "R4 G4", "B1 B2 / R4 G4 B4");
    CHECK(v.rule == qc::turn_rule::row_too_short);
    CHECK(v.row == 0);
}

TEST_CASE("002 Danny: green diamond and circle, the green square moved in, the purple square refills the squares") {
    const char* before = "R4 Y4 G4 / P1 P2 P4 P5";
    CHECK(check(before, "G3 G1 O6", "G3 G1", "G1 G3 G4 / R4 Y4 P4 / P1 P2 P5").ok());
    // Stopping halfway leaves the square row with 2 cards.
    const auto v = check(before, "G3 G1 O6", "G3 G1", "G1 G3 G4 / R4 Y4 / P1 P2 P4 P5");
    CHECK(v.rule == qc::turn_rule::row_too_short);
    CHECK(v.row == 1);
}

TEST_CASE("002 Quinten: a yellow star, the yellow clover moved over for a yellow Qwirkle, a blue clover refills") {
    const auto t = turn_of("Y5 B6", "Y1 Y2 Y3 Y4 Y5 Y6 / R6 O6 B6");
    CHECK(qc::check_turn(table("Y1 Y2 Y3 Y4 / R6 O6 Y6"), cards("Y5 B6 G2"), t).ok());
    CHECK(t.qwirkles() == 1);
}

TEST_CASE("000 Mario (004 Krzysiek): purple square to the squares, two greens, the green square joins them") {
    CHECK(check("P1 P2 P3 P4 / R4 O4 G4", "G1 G2 Y5", "G1 G2", "P1 P2 P3 / R4 O4 P4 / G1 G2 G4").ok());
}

TEST_CASE("000 Sabine (004 Sylwia): two diamonds and the yellow diamond from the yellow row make a Qwirkle") {
    const auto t = turn_of("B3 P3", "R3 O3 Y3 G3 B3 P3 / Y1 Y2 Y4");
    CHECK(qc::check_turn(table("R3 O3 G3 / Y1 Y2 Y3 Y4"), cards("B3 P3 R5"), t).ok());
    CHECK(t.qwirkles() == 1);
}

TEST_CASE("004 Magda: 3 diamonds, a blue star to the blue row, but not the blue square already there") {
    const char* before = "B1 B2 B4 / R1 O1 Y1";
    CHECK(check(before, "R3 G3 P3 B5 B4", "R3 G3 P3 B5", "B1 B2 B4 B5 / R1 O1 Y1 / R3 G3 P3").ok());
    const auto v = check(before, "R3 G3 P3 B5 B4", "R3 G3 P3 B5 B4", "B1 B2 B4 B5 B4 / R1 O1 Y1 / R3 G3 P3");
    CHECK(v.rule == qc::turn_rule::duplicate_in_row);
    CHECK(v.row == 0);
    CHECK(v.describe() == "row 1 holds the same card twice");
}

TEST_CASE("check_turn names the broken rule") {
    const char* before = "R1 R2 R3 / G4 B4 Y4";
    // "Wer am Zug ist, muss mindestens 1 Karte ausspielen."
    CHECK(check(before, "R4", "", "R1 R2 R3 / G4 B4 Y4").rule == qc::turn_rule::no_card_played);
    auto v = check(before, "R4", "R5", "R1 R2 R3 R5 / G4 B4 Y4");
    CHECK(v.rule == qc::turn_rule::card_not_in_hand);
    CHECK(qwirkle::to_string(v.card) == "R5");
    // Cards on the table stay on the table.
    v = check(before, "R4", "R4", "R1 R2 R3 R4 / G4 B4");
    CHECK(v.rule == qc::turn_rule::table_card_missing);
    CHECK(qwirkle::to_string(v.card) == "Y4");
    v = check(before, "R4", "R4", "G4 B4 R4 / R1 R2 R3 Y4");
    CHECK(v.rule == qc::turn_rule::mixed_row);
    CHECK(v.row == 1);
    CHECK(check(before, "R4", "R4", "R1 R2 R3 / G4 B4 Y4 R4").ok());  // R4 joins the squares
    v = check(before, "R4", "R4", "R1 R2 R3 R4 / G4 B4 Y4 O4");
    CHECK(v.rule == qc::turn_rule::card_from_nowhere);
    CHECK(qwirkle::to_string(v.card) == "O4");
    // The played card must end up on the table too.
    v = check(before, "R4 R5", "R4 R5", "R1 R2 R3 R4 / G4 B4 Y4");
    CHECK(v.rule == qc::turn_rule::table_card_missing);
    CHECK(qwirkle::to_string(v.card) == "R5");
    CHECK(check(before, "R4", "R4", "R1 R2 R3 R4 / G4 B4 Y4").ok());
    // "Um eine neue Reihe zu beginnen, muss ein Spieler mindestens 3 ... Karten ... ausspielen"
    v = check(before, "R5 O5", "R5 O5", "R1 R2 R3 / G4 B4 Y4 / R5 O5");
    CHECK(v.rule == qc::turn_rule::row_too_short);
    CHECK(v.row == 2);
    CHECK(v.describe() == "row 3 is too short (a row holds at least 3 cards)");
}

TEST_CASE("a rearrangement may split and merge rows freely") {
    // Two rows of 3 reds become a row of reds and two rows of shapes.
    CHECK(check("R1 R2 R3 / R4 R5 R6", "O1 Y1 O2 Y2", "O1 Y1 O2 Y2", "R1 O1 Y1 / R2 O2 Y2 / R3 R4 R5 R6").ok());
}
