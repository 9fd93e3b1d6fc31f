// Rows (docs/rules.md §4.3), the tableau and the text notation.
#include <doctest/doctest.h>

#include <qwirkle/cards/cards.hpp>

namespace qc = qwirkle::cards;
using namespace qwirkle::literals;

// Row validity is usable in constant expressions: compiling this file is passing these.
static_assert(qc::row{"R1"_t, "R2"_t, "R3"_t}.valid());                                     // 3 reds, shapes differ
static_assert(qc::row{"R4"_t, "O4"_t, "Y4"_t, "G4"_t, "B4"_t, "P4"_t}.is_qwirkle());        // 6 squares: a Qwirkle
static_assert(qc::row{"Y1"_t, "Y2"_t, "Y3"_t, "Y4"_t, "Y5"_t, "Y6"_t}.is_qwirkle());        // 6 yellows
static_assert(!qc::row{"R1"_t, "R2"_t, "R3"_t, "R4"_t, "R5"_t}.is_qwirkle());
static_assert(qc::row{"R1"_t, "R2"_t}.status() == qc::row_status::too_short);             // at least 3 cards
static_assert(qc::row{}.status() == qc::row_status::too_short);
// "In einer Reihe darf keine Karte doppelt vorkommen" — e.g. not two blue squares (000).
static_assert(qc::row{"B4"_t, "G4"_t, "B4"_t}.status() == qc::row_status::duplicate);
static_assert(qc::row{"R1"_t, "R1"_t, "R1"_t}.status() == qc::row_status::duplicate);
static_assert(qc::row{"R1"_t, "R2"_t, "G2"_t}.status() == qc::row_status::mixed);           // neither colour nor shape
static_assert(qc::row{"R1"_t, "O1"_t, "Y1"_t}.kind() == qc::row_kind::shape);
static_assert(qc::row{"R1"_t, "R2"_t, "R3"_t}.kind() == qc::row_kind::colour);
static_assert(same_cards(qc::row{"R1"_t, "R2"_t, "R3"_t}, qc::row{"R3"_t, "R1"_t, "R2"_t}));
static_assert(qc::largest_group_size<qc::standard_rules>(qwirkle::tile_multiset{"R1"_t, "R1"_t, "R2"_t, "G1"_t, "B1"_t}) == 3);

TEST_CASE("notation: tableau and hand round-trip") {
    const auto p = qc::parse_position("R1 R2 R3 / G4 B4 Y4 | R4 R5 R6 P4 O4 G1 B1 Y1 P1");
    REQUIRE(p.ok());
    CHECK(p->table.rows.size() == 2);
    CHECK(p->hand.size() == 9);
    CHECK(qc::to_string(p->table) == "R1 R2 R3 / G4 B4 Y4");
    CHECK(qc::to_string(*p) == "R1 R2 R3 / G4 B4 Y4 | R4 R5 R6 O4 Y1 G1 B1 P1 P4");
    const auto empty = qc::parse_position(" | r1 o1 y1");
    REQUIRE(empty.ok());
    CHECK(empty->table.empty());
    CHECK(empty->hand.size() == 3);
    CHECK(qc::to_string(*empty) == "| R1 O1 Y1");
}

TEST_CASE("notation: errors say what and where") {
    auto e = qc::parse_position("R1 R2 X3 | R4");
    REQUIRE(!e);
    CHECK(e.error().column == 6);
    CHECK(e.error().token == "X3");
    e = qc::parse_position("R1 R2 R3 / R1 G2 | R4");  // row 2 mixed
    REQUIRE(!e);
    CHECK(e.error().message.find("row 2") != std::string::npos);
    CHECK(e.error().message.find("mixed") != std::string::npos);
    e = qc::parse_position("R1 R2 R3 / R1 O1 Y1 / R1 B1 G1 | R1");  // a fourth R1
    REQUIRE(!e);
    CHECK(e.error().message.find("more than 3 copies of R1") != std::string::npos);
    CHECK(e.error().column == 33);
    e = qc::parse_position("R1 R2 R3 / R1 O1 Y1 / R1 B1 G1 / R1 R4 R5 | Y2");  // four on the table
    REQUIRE(!e);
    CHECK(e.error().message.find("on the table") != std::string::npos);
    e = qc::parse_position("R1 R2 R3 / / G1 B1 Y1 | Y2");
    REQUIRE(!e);
    CHECK(e.error().message == "empty row");
    e = qc::parse_position("R1 R2 R3");
    REQUIRE(!e);
    CHECK(e.error().message.find("'|'") != std::string::npos);
    e = qc::parse_position("R1 R2 | R3");
    REQUIRE(!e);
    CHECK(e.error().message.find("too short") != std::string::npos);
    e = qc::parse_position("R1 R2 R3 | G1 | B2");
    REQUIRE(!e);
    CHECK(e.error().message == "more than one '|'");
    CHECK(e.error().column == 14);
}

TEST_CASE("tableau: contents, Qwirkles taken off") {
    auto t = qc::parse_tableau("R1 R2 R3 R4 R5 R6 / G4 B4 Y4").value();
    CHECK(t.card_count() == 9);
    CHECK(t.contents().count("R1"_t) == 1);
    CHECK(t.qwirkle_count() == 1);
    const auto taken = t.take_qwirkles();
    CHECK(taken.size() == 1);
    CHECK(qc::to_string(t) == "G4 B4 Y4");
    CHECK(qc::same_layout(qc::parse_tableau("G4 B4 Y4 / R1 R2 R3").value(),
                          qc::parse_tableau("R3 R2 R1 / Y4 G4 B4").value()));
}

TEST_CASE("largest group: identical cards count once (000 'Start des Spiels')") {
    const auto h = qwirkle::parse_tiles("R1 R1 R2 R3 G1 B1 Y1 O1 P6").value();
    CHECK(qc::largest_group_size<qc::standard_rules>(h) == 5);  // circles R O Y G B
    const auto groups = qc::largest_groups<qc::standard_rules>(h);
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].size() == 5);
}
