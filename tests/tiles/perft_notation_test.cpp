// Perft counts on hand-made positions (counted by hand), and the position / move notation with its
// errors (issue 2: "a malformed or impossible position ... prints error: <what and where>").
#include "support.hpp"

using namespace qwirkle_test;

namespace {

std::string perft(std::string_view position) {
    const auto pos = parse_position(position);
    REQUIRE_MESSAGE(pos.ok(), position, ": ", pos.error().describe());
    const auto s = count_moves(pos->board, pos->hand);
    return "moves=" + std::to_string(s.moves) + " total=" + std::to_string(s.total) + " best=" + std::to_string(s.best);
}

}  // namespace

TEST_CASE("perft: '| R1 R2 R3 G1 G1 B4' → moves=33 total=73 best=3 (issue 2's example)") {
    // Singles: R1 R2 R3 G1 B4 = 5 moves of 1. Pairs: {R1,R2} {R1,R3} {R2,R3} {R1,G1}, 2 orders, 2 directions
    // = 16 moves of 2. Triples: R1 R2 R3 in 6 orders, 2 directions = 12 moves of 3. 5 + 32 + 36 = 73.
    CHECK(perft("| R1 R2 R3 G1 G1 B4") == "moves=33 total=73 best=3");
    CHECK(perft("|r1 r2 r3 g1 g1 b4") == "moves=33 total=73 best=3");  // lower case, no spaces
}

TEST_CASE("perft: hand-counted small positions") {
    // R2 next to R1 on any of the four sides.
    CHECK(perft("0,0,R1 | R2") == "moves=4 total=8 best=2");
    // R3: both ends of the row (3 each) and above/below either tile (2 each); G1 only above/below R1 (2 each).
    CHECK(perft("0,0,R1 1,0,R2 | R3 G1") == "moves=8 total=18 best=3");
    // R2 and R3 around R1: 8 singles (2 each); 12 pairs in a line with R1 (row or column: both after, both
    // before, one each side; 2 orders) scoring 3; 16 pairs crossing a neighbour of R1 (4 neighbours x 2 sides x
    // 2 orders) scoring 2 + 2. 16 + 36 + 64 = 116.
    CHECK(perft("0,0,R1 | R2 R3") == "moves=36 total=116 best=4");
    // Duplicates in hand change nothing.
    CHECK(perft("0,0,R1 | R2 R2 R3 R3") == "moves=36 total=116 best=4");
    // A position where nothing fits.
    CHECK(perft("0,0,R6 0,1,G6 1,0,G6 1,1,Y6 | B2 G3 P1 O1 P3 R4") == "moves=0 total=0 best=0");
    // Completing a Qwirkle: R6 at either end of R1..R5 scores 12; the other cells 2.
    CHECK(perft("0,0,R1 1,0,R2 2,0,R3 3,0,R4 4,0,R5 | R6") == "moves=12 total=" + std::to_string(2 * 12 + 10 * 2) + " best=12");
}

TEST_CASE("perft: positions far from the origin are translated onto the board (moves are translation-invariant)") {
    CHECK(perft("100,100,R1 | R2") == "moves=4 total=8 best=2");
    CHECK(perft("-500,7,R1 -499,7,R2 | R3 G1") == "moves=8 total=18 best=3");
    const auto pos = parse_position("100,100,R1 | R2");
    REQUIRE(pos.ok());
    CHECK(pos->board.at({100 + pos->offset.x, 100 + pos->offset.y}) == "R1"_t);
}

TEST_CASE("parse_position rejects a bad token, naming it and its column") {
    auto e = position_error("0,0,R1 0,1,X9 | R2");
    CHECK(e.token == "0,1,X9");
    CHECK(e.column == 7);
    CHECK(e.message.find("colour") != std::string::npos);
    e = position_error("0,0,R1 0,1 | R2");
    CHECK(e.token == "0,1");
    CHECK(e.column == 7);
    e = position_error("0,0,R1 a,1,R2 | R3");
    CHECK(e.token == "a,1,R2");
    CHECK(e.message.find("x,y") != std::string::npos);
    e = position_error("0,0,R1 | R2 Q7");
    CHECK(e.token == "Q7");
    CHECK(e.column == 12);
    e = position_error("0,0,R1 R2");
    CHECK(e.message.find("'|'") != std::string::npos);
    e = position_error("0,0,R1 | R2 | R3");
    CHECK(e.column == 12);
    CHECK(e.describe().find("more than one '|'") != std::string::npos);
}

TEST_CASE("parse_position rejects a cell used twice") {
    const auto e = position_error("0,0,R1 1,0,R2 0,0,R3 | G1");
    CHECK(e.token == "0,0,R3");
    CHECK(e.column == 14);
    CHECK(e.message.find("0,0") != std::string::npos);
    CHECK(e.message.find("already holds R1") != std::string::npos);
}

TEST_CASE("parse_position rejects an invalid line on the board (mixed, duplicate, too long)") {
    auto e = position_error("0,0,R1 1,0,G2 | R3");
    CHECK(e.token == "0,0,R1");
    CHECK(e.message.find("row of 2") != std::string::npos);
    CHECK(e.message.find("neither one colour nor one shape") != std::string::npos);
    e = position_error("0,0,R1 0,1,R2 0,2,R1 | R3");
    CHECK(e.token == "0,0,R1");
    CHECK(e.message.find("column of 3") != std::string::npos);
    CHECK(e.message.find("same tile twice") != std::string::npos);
    e = position_error("5,5,R1 6,5,R2 7,5,R3 8,5,R4 9,5,R5 10,5,R6 11,5,R1 | G1");
    CHECK(e.token == "5,5,R1");
    CHECK(e.message.find("row of 7") != std::string::npos);
    CHECK(e.message.find("too long") != std::string::npos);
    // The line is reported from its first cell, whatever the token order.
    e = position_error("1,0,G2 0,0,R1 | R3");
    CHECK(e.token == "0,0,R1");
    CHECK(e.column == 7);
}

TEST_CASE("parse_position rejects more than 3 copies of a tile between board and hand") {
    auto e = position_error("0,0,R1 0,1,G1 0,2,B1 | R1 R1 R1");
    CHECK(e.token == "0,0,R1");
    CHECK(e.message.find("more than 3 copies of R1") != std::string::npos);
    e = position_error("0,0,G1 | R1 R1 R1 R1");
    CHECK(e.token == "R1");
    CHECK(e.column == 9);
    CHECK(e.message.find("more than 3 copies of R1") != std::string::npos);
    // Exactly 3 is fine.
    CHECK(parse_position("0,0,R1 | R1 R1").ok());
}

TEST_CASE("parse_position rejects a disconnected board, saying so") {
    const auto e = position_error("0,0,R1 5,5,G2 | R3");
    CHECK(e.message.find("connected") != std::string::npos);
    // Diagonal neighbours are not connected either.
    CHECK(position_error("0,0,R1 1,1,R2 | R3").message.find("connected") != std::string::npos);
    CHECK(parse_position("0,0,R1 1,0,R2 1,1,G2 | R3").ok());
}

TEST_CASE("parse_position on a small board: translated to fit, or refused when wider than the board") {
    const auto ok = parse_position<standard_rules, 2>("0,0,R1 1,0,R2 2,0,R3 3,0,R4 | R5");
    REQUIRE(ok.ok());
    CHECK(ok->offset == cell{-1, 0});
    CHECK(ok->board.at({-1, 0}) == "R1"_t);
    CHECK(ok->board.at({2, 0}) == "R4"_t);
    CHECK(parse_position<standard_rules, 2>("0,0,R1 1,0,R2 2,0,R3 3,0,R4 4,0,R5 | R6").ok());  // 5 columns: fits
    const auto wide = parse_position<standard_rules, 2>("0,0,R1 1,0,R2 2,0,R3 3,0,R4 4,0,R5 5,0,R6 | G1");
    REQUIRE_FALSE(wide.ok());
    CHECK(wide.error().message.find("more than this board holds") != std::string::npos);
}

TEST_CASE("parse_position: the empty board and an empty hand") {
    const auto pos = parse_position("| ");
    REQUIRE(pos.ok());
    CHECK(pos->board.empty());
    CHECK(pos->hand.empty());
    CHECK(count_moves(pos->board, pos->hand) == move_stats{});
    // perft asks for a hand of 1 to 6 tiles (the most a player holds), naming the column after '|'.
    CHECK(qwirkle::perft<standard_rules>("0,0,R1 | ") == "error: column 9: a hand holds 1 to 6 tiles, not 0");
    CHECK(qwirkle::perft<standard_rules>("0,0,R1 | R2 R3 R4 R5 R6 G1 G2") == "error: column 9: a hand holds 1 to 6 tiles, not 7");
    CHECK(qwirkle::perft<standard_rules>("0,0,R1 | R2 R3 R4 R5 R6 G1").rfind("moves=", 0) == 0);
}

TEST_CASE("notation: cells, placements, moves and boards round-trip, parse errors name token and column") {
    CHECK(to_string(cell{-3, 12}) == "-3,12");
    const auto c = parse_cell("-3,+12");
    REQUIRE(c.ok());
    CHECK(*c == cell{-3, 12});
    CHECK_FALSE(parse_cell("3").ok());
    CHECK_FALSE(parse_cell("3,").ok());
    CHECK_FALSE(parse_cell("3,4x").ok());
    const auto m = move_of("0,0,R1 1,0,r2 2,0,R3");
    CHECK(to_string(m) == "0,0,R1 1,0,R2 2,0,R3");
    CHECK(*parse_move(to_string(m)) == m);
    const auto too_many = parse_move("0,0,R1 1,0,R2 2,0,R3 3,0,R4 4,0,R5 5,0,R6 6,0,R1");
    REQUIRE_FALSE(too_many.ok());
    CHECK(too_many.error().token == "6,0,R1");
    CHECK(too_many.error().column == 42);
    CHECK_FALSE(parse_move("").ok());
    CHECK_FALSE(parse_move("   ").ok());
    const auto bad = parse_move("0,0,R1 1,0,R9");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().token == "1,0,R9");
    CHECK(bad.error().column == 7);
    CHECK(bad.error().message.find("shape") != std::string::npos);
    // A board prints sorted by row then column, and parses back to the same board.
    const auto b = board_of("1,0,R2 0,0,R1 0,-1,G1");
    CHECK(to_string(b) == "0,-1,G1 0,0,R1 1,0,R2");
    const auto pos = parse_position<standard_rules, 12>(to_string(b) + " | R3");
    REQUIRE(pos.ok());
    CHECK(pos->board == b);
    CHECK(to_string(pos->board) == to_string(b));
    // Moves sort canonically.
    CHECK(to_string(move_of("2,0,R3 0,0,R1 1,0,R2").sorted()) == "0,0,R1 1,0,R2 2,0,R3");
    CHECK(move_of("2,0,R3 0,0,R1").same_as(move_of("0,0,R1 2,0,R3")));
    CHECK_FALSE(move_of("2,0,R3 0,0,R1").same_as(move_of("0,0,R3 2,0,R1")));
}
