// Regression tests for library bugs the fuzz targets found (fuzz/, scripts/fuzz.sh), each with the
// input that exposed it.
#include <doctest/doctest.h>

#include <qwirkle/cards/cards.hpp>

namespace qc = qwirkle::cards;

TEST_CASE("regression (fuzz_card_turns): can_play on a table with invalid rows agrees with best_turn") {
    // can_play answered true from its quick tests (G1 extends the row G2 G4 G3) although the table
    // holds rows of one or two cards and cannot be rearranged at all: three Y2 need three rows, but
    // the cards allow one yellow row (Y2 Y3 Y4) and one row of 2s (Y2 O2 G2) only. best_turn, which
    // rearranges the whole table, rightly found no turn. The quick tests now run on valid tables only.
    const auto table = qc::parse_tableau("Y2 Y3 Y4 / O3 G3 R3 / G4 / O3 / G2 / R4 / O3 O4 O2 / Y2 Y3 / G2 G4 G3", 0, false);
    REQUIRE(table.ok());
    const auto hand = qwirkle::parse_tiles<qc::card>("O4 Y2 G1");
    REQUIRE(hand.ok());
    CHECK_FALSE(table->valid());
    CHECK_FALSE(qc::best_turn(*table, *hand).has_value());
    CHECK_FALSE(qc::can_play(*table, *hand));
    CHECK_FALSE(qc::arrange(*table, qc::cards_t<qc::standard_rules>{}).has_value());
    // The same quick test on a valid table still answers at once, and rightly.
    const auto valid = qc::parse_tableau("Y2 Y3 Y4 / O3 O4 O2 / G2 G4 G3");
    REQUIRE(valid.ok());
    CHECK(qc::can_play(*valid, *hand));
    const auto best = qc::best_turn(*valid, *hand);
    REQUIRE(best.has_value());
    CHECK(qc::check_turn(*valid, *hand, *best).ok());
}
