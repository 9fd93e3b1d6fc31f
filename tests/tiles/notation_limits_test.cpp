// The notation's limits (issue 17): every check on a position in linear or n log n time, in an order
// that refuses a huge line at once; counts that cannot wrap; strict integers; and a coordinate range
// in which every cell printed about a position reads back.
#include "support.hpp"

#include <chrono>
#include <cstdlib>

using namespace qwirkle_test;

namespace {

/// `n` distinct cells in rows of 1000 (x from 0 to 999), every tile `tile`, and a hand of one R2.
std::string long_board_line(int n, std::string_view tile) {
    std::string s;
    for (int k = 0; k < n; ++k) s.append(std::to_string(k % 1000)).append(",").append(std::to_string(k / 1000)).append(",").append(tile).append(" ");
    return s + "| R2";
}

}  // namespace

TEST_CASE("position_limit: tiles within +-(10^9 - longest line), so that moves and their neighbours stay within +-10^9") {
    static_assert(max_coordinate == 1'000'000'000);
    static_assert(position_limit<standard_rules> == 999'999'994);
    static_assert(position_limit<mini_expansion_rules> == max_coordinate - rules_traits<mini_expansion_rules>::max_line);
    const int l = position_limit<standard_rules>;
    for (const cell corner : {cell{l, l}, cell{-l, -l}, cell{l, -l}, cell{-l, l}}) {
        CAPTURE(to_string(corner));
        const auto pos = parse_position(to_string(corner) + ",R1 | R2 R3 R4 R5 R6 G1");
        REQUIRE_MESSAGE(pos.ok(), pos.error().describe());
        int moves = 0, farthest = 0;
        for_each_move(pos->board, pos->hand, [&](const move& m, int) {
            ++moves;
            move in_input;  // the move in the input's coordinates, as qwirkle-perft --list prints it
            for (const auto& p : m) {
                const cell c{p.at.x - pos->offset.x, p.at.y - pos->offset.y};
                in_input.push_back({c, p.tile});
                farthest = std::max({farthest, std::abs(c.x), std::abs(c.y)});
                for (const cell n : {c, cell{c.x - 1, c.y}, cell{c.x + 1, c.y}, cell{c.x, c.y - 1}, cell{c.x, c.y + 1}}) {
                    const auto back = parse_cell(to_string(n));
                    REQUIRE_MESSAGE(back.ok(), to_string(n), ": ", back.error().describe());
                    CHECK(*back == n);
                }
            }
            const auto reread = parse_move(to_string(in_input));
            REQUIRE(reread.ok());
            CHECK(*reread == in_input);
        });
        CHECK(moves > 0);
        CHECK(farthest == max_coordinate - 1);  // a line of 6 from the tile reaches 5 cells beyond it
    }
    // One step further is refused, naming the limit, on either axis and either side.
    for (const std::string far : {"999999995,0,R1", "-999999995,0,R1", "0,999999995,R1", "0,-999999995,R1", "1000000000,0,R1"}) {
        const auto e = position_error("0,0,G1 " + far + " | R2");
        CHECK(e.token == far);
        CHECK(e.column == 7);
        CHECK(e.message.find("within +-999999994") != std::string::npos);
    }
    // Beyond the range of a cell: not a cell at all.
    CHECK_FALSE(parse_cell("1000000001,0").ok());
    CHECK(parse_cell("1000000000,-1000000000").ok());
}

TEST_CASE("integers in the notation: digits after at most one sign") {
    CHECK(*parse_cell("+3,-0") == cell{3, 0});
    CHECK(*parse_cell("-3,+12") == cell{-3, 12});
    for (const char* bad : {"+-3,0", "-+3,0", "--3,0", "++3,0", "+,0", "-,0", "3, 4", " 3,4", "3,4 ", "0x1,0", "1e3,0", "3.0,0"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_cell(bad).ok());
    }
    CHECK_FALSE(parse_record("qwirkle-game 1\nplayers +-2\n").ok());
    CHECK(parse_record("qwirkle-game 1\nplayers +2\n").ok());
}

TEST_CASE("copies are counted without wrapping (a multiset's counts are bytes)") {
    // 258 copies of R2 once wrapped to 2 and passed the copies check, with a hand of size 258 holding 2.
    std::string hand;
    for (int k = 0; k < 258; ++k) hand += " R2";
    const auto e = position_error("0,0,R1 |" + hand);
    CHECK(e.message == "more than 3 copies of R2");
    CHECK(e.column == 9);  // the hand's first R2 (a tile over the limit in the hand alone is named at its first token)
    // parse_tiles refuses the 256th copy rather than wrap.
    std::string many;
    for (int k = 0; k < 255; ++k) many += "G4 ";
    const auto ok = parse_tiles(many);
    REQUIRE(ok.ok());
    CHECK(ok->count("G4"_t) == 255);
    CHECK(ok->size() == 255);
    const auto over = parse_tiles(many + "G1 G4");
    REQUIRE_FALSE(over.ok());
    CHECK(over.error().column == 3 * 255 + 3);
    CHECK(over.error().message == "more than 255 copies of G4");
}

TEST_CASE("parse_position checks copies before cells: a huge line is refused at its fourth copy") {
    // Issue 17: the repeated-cell check compared every pair before the copies check ran (4 s for 100,000
    // cells). The copies check now comes first and bounds the board to 108 tiles.
    auto e = position_error(long_board_line(400'000, "R1"));
    CHECK(e.token == "3,0,R1");
    CHECK(e.column == 21);
    CHECK(e.message == "more than 3 copies of R1");
    // Four copies on one cell: the copies, at the fourth.
    e = position_error("0,0,R1 0,0,R1 0,0,R1 0,0,R1 | R2");
    CHECK(e.column == 21);
    CHECK(e.message == "more than 3 copies of R1");
    // Time: a loose bound (the CLI suite times the tool); linear, this takes milliseconds.
    const auto start = std::chrono::steady_clock::now();
    (void)parse_position(long_board_line(400'000, "B5"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("parse_position: the repeated cell named is the earliest in input order") {
    auto e = position_error("0,0,R1 1,0,R2 1,0,G3 0,0,R3 | G1");
    CHECK(e.token == "1,0,G3");
    CHECK(e.column == 14);
    CHECK(e.message == "cell 1,0 already holds R2");
    e = position_error("2,0,R1 0,0,R2 0,0,G3 2,0,R3 0,0,B4 | G1");
    CHECK(e.token == "0,0,G3");
    CHECK(e.message == "cell 0,0 already holds R2");
    e = position_error("5,5,R1 5,5,R2 5,5,R3 | G1");
    CHECK(e.token == "5,5,R2");
    CHECK(e.column == 7);
    CHECK(e.message == "cell 5,5 already holds R1");
}

TEST_CASE("parse_position: a disconnected board names the first tile, in input order, outside the first tile's group") {
    auto e = position_error("0,0,R1 5,5,G2 1,0,R2 | R3");
    CHECK(e.token == "5,5,G2");
    e = position_error("0,0,R1 1,0,R2 0,2,G1 0,3,G2 2,0,R3 | B1");
    CHECK(e.token == "0,2,G1");
    CHECK(e.column == 14);
    CHECK(e.message == "this tile is not connected to 0,0: the board must be one group");
    // Connected through a path found only by going back and forth between rows and columns.
    CHECK(parse_position("0,0,R1 0,1,R2 1,1,G2 2,1,B2 2,0,B3 3,0,Y3 | O1").ok());
    e = position_error("3,0,Y3 0,0,R1 0,1,R2 1,1,G2 2,1,B2 | O1");
    CHECK(e.token == "0,0,R1");
}
