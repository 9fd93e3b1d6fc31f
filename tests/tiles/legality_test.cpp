// docs/rules.md §2.4–2.5: one hand-checked position per placement_rule, with the cell or
// line each error names; moves that extend a line at both ends or join two lines into one.
#include "support.hpp"

using namespace qwirkle_test;

namespace {
using error = basic_placement_error<tile>;

error check(const small_board& b, std::string_view hand, std::string_view m, const placement_context& ctx = {}) {
    return check_placement(b, hand_of(hand), move_of(m), ctx);
}

/// The move is legal, scores `expected`, and the generator lists it with that score exactly once.
void expect_legal(const small_board& b, std::string_view hand, std::string_view m, int expected) {
    const auto mv = move_of(m);
    const auto e = check_placement(b, hand_of(hand), mv);
    INFO(m, ": ", e.describe());
    REQUIRE(e.ok());
    CHECK(score_placement(b, mv) == expected);
    int found = 0;
    for_each_move(b, hand_of(hand), [&](const qwirkle::move& g, int score) {
        if (g.same_as(mv)) {
            ++found;
            CHECK(score == expected);
        }
    });
    CHECK(found == 1);
}

// A small connected position: row y=0 R1 R2 R3, column x=0 R1 G1 B1, column x=2 R3 Y3.
constexpr const char* base = "0,0,R1 1,0,R2 2,0,R3 0,1,G1 0,2,B1 2,1,Y3";
}  // namespace

TEST_CASE("placement_rule::ok on the base position, and rule_name / describe for ok") {
    const auto b = board_of(base);
    REQUIRE(b.connected());
    const auto e = check(b, "R4", "3,0,R4");
    CHECK(e.ok());
    CHECK(e == error{});
    CHECK(e.describe() == "ok");
}

TEST_CASE("placement_rule::empty_move: a placement places at least one tile") {
    const auto b = board_of(base);
    const auto e = check_placement(b, hand_of("R4"), qwirkle::move{});
    CHECK(e.rule == placement_rule::empty_move);
    CHECK(e.describe() == "empty move");
    CHECK(check_placement(small_board{}, tile_multiset{}, qwirkle::move{}).rule == placement_rule::empty_move);
}

TEST_CASE("placement_rule::tile_not_in_hand: a missing tile, and two copies placed with one in hand") {
    const auto b = board_of(base);
    const auto e = check(b, "R5 R6", "3,0,R4");
    CHECK(e.rule == placement_rule::tile_not_in_hand);
    CHECK(e.tile == "R4"_t);
    CHECK(e.where == cell{3, 0});
    CHECK(e.describe() == "tile not in hand: R4");
    // Two R4 with one R4 in hand: the second copy is the one missing.
    const auto f = check(b, "R4 R5", "3,0,R4 4,0,R4");
    CHECK(f.rule == placement_rule::tile_not_in_hand);
    CHECK(f.tile == "R4"_t);
    CHECK(f.where == cell{4, 0});
    // With two copies in hand the same move gets past the hand check (and fails as a duplicate).
    CHECK(check(b, "R4 R4", "3,0,R4 4,0,R4").rule == placement_rule::duplicate_in_line);
    // An empty hand holds nothing.
    CHECK(check(b, "", "3,0,R4").rule == placement_rule::tile_not_in_hand);
}

TEST_CASE("placement_rule::off_board: a cell beyond a small board's extent is refused, not UB") {
    using tiny = basic_board<standard_rules, 2>;  // cells -2..2
    tiny b;
    REQUIRE(b.place({1, 0}, "R1"_t));
    REQUIRE(b.place({2, 0}, "R2"_t));
    CHECK_FALSE(b.place({3, 0}, "R3"_t));  // the board itself refuses too
    CHECK(b.size() == 2);
    const auto e = check_placement(b, hand_of("R3 R4"), move_of("3,0,R3"));
    CHECK(e.rule == placement_rule::off_board);
    CHECK(e.where == cell{3, 0});
    CHECK(e.describe() == "cell off the board at 3,0");
    // A line that runs off the edge: first placement on the board, second off it.
    const auto f = check_placement(b, hand_of("R3 R4"), move_of("2,1,R3 2,3,R4"));
    CHECK(f.rule == placement_rule::off_board);
    CHECK(f.where == cell{2, 3});
    // Far away, and negative.
    CHECK(check_placement(b, hand_of("R3"), move_of("-1000000,0,R3")).rule == placement_rule::off_board);
    CHECK(check_placement(b, hand_of("R3"), move_of("0,-3,R3")).rule == placement_rule::off_board);
    // Every legal move the generator finds stays on the board.
    for_each_move(b, tile_multiset::full(3), [&](const qwirkle::move& m, int) {
        for (const auto& p : m) CHECK(tiny::contains(p.at));
    });
}

TEST_CASE("placement_rule::cell_occupied names the occupied cell") {
    const auto b = board_of(base);
    const auto e = check(b, "R4 R5", "3,0,R4 2,0,R5");
    CHECK(e.rule == placement_rule::cell_occupied);
    CHECK(e.where == cell{2, 0});
    CHECK(e.tile == "R5"_t);
    CHECK(e.describe() == "cell occupied at 2,0");
}

TEST_CASE("placement_rule::cell_repeated: two tiles on one cell") {
    const auto b = board_of(base);
    const auto e = check(b, "R4 R5", "3,0,R4 3,0,R5");
    CHECK(e.rule == placement_rule::cell_repeated);
    CHECK(e.where == cell{3, 0});
    CHECK(e.tile == "R5"_t);
    CHECK(e.describe() == "two tiles on one cell at 3,0");
}

TEST_CASE("placement_rule::forbidden_cell: the cell a tile was taken from this turn (take-a-tile)") {
    const auto b = board_of(base);
    placement_context ctx;
    ctx.forbidden = cell{3, 0};
    const auto e = check(b, "R4 R5", "4,0,R5 3,0,R4", ctx);
    CHECK(e.rule == placement_rule::forbidden_cell);
    CHECK(e.where == cell{3, 0});
    CHECK(check(b, "R4", "-1,0,R4", ctx).ok());
    // The generator honours it too.
    movegen_options opt;
    opt.forbidden = cell{3, 0};
    for_each_move(b, hand_of("R4 R5 R6"), [&](const qwirkle::move& m, int) {
        for (const auto& p : m) CHECK(p.at != cell{3, 0});
    }, opt);
    CHECK(count_moves(b, hand_of("R4 R5 R6"), opt).moves < count_moves(b, hand_of("R4 R5 R6")).moves);
}

TEST_CASE("placement_rule::not_in_one_line: the first tile off the row (or column) of the first two") {
    const auto b = board_of(base);
    const auto e = check(b, "R4 R5 R6", "3,0,R4 4,0,R5 4,1,R6");
    CHECK(e.rule == placement_rule::not_in_one_line);
    CHECK(e.where == cell{4, 1});
    // Diagonal pair.
    const auto f = check(b, "R4 R5", "3,0,R4 4,1,R5");
    CHECK(f.rule == placement_rule::not_in_one_line);
    CHECK(f.describe() == "tiles not in one row or column at 4,1");
}

TEST_CASE("placement_rule::gap_in_line: an empty cell between placed tiles (board tiles between them are fine)") {
    const auto b = board_of(base);
    const auto e = check(b, "R4 R5", "3,0,R4 5,0,R5");
    CHECK(e.rule == placement_rule::gap_in_line);
    CHECK(e.where == cell{4, 0});
    CHECK(e.describe() == "gap in the line at 4,0");
    // The first empty cell is named whatever the order of the placements.
    const auto f = check(b, "R4 R5 R6", "6,0,R6 3,0,R4 5,0,R5");
    CHECK(f.rule == placement_rule::gap_in_line);
    CHECK(f.where == cell{4, 0});
    // In a column.
    const auto g = check(b, "P1 O1", "0,3,P1 0,5,O1");
    CHECK(g.rule == placement_rule::gap_in_line);
    CHECK(g.where == cell{0, 4});
    // Board tiles between the placed ones are no gap: R1 R2 R3 lie between -1,0 and 3,0.
    CHECK(check(b, "R4 R5", "-1,0,R4 3,0,R5").ok());
}

TEST_CASE("placement_rule::no_contact: no placed tile touches the board (names the first placement)") {
    const auto b = board_of(base);
    const auto e = check(b, "P4 P5", "5,5,P4 6,5,P5");
    CHECK(e.rule == placement_rule::no_contact);
    CHECK(e.where == cell{5, 5});
    CHECK(e.tile == "P4"_t);
    CHECK(e.describe() == "touches no tile on the board at 5,5");
}

TEST_CASE("placement_rule::line_too_long: a 7th tile, reported on the line's first cell and its length") {
    const auto b = board_of("0,0,R1 1,0,R2 2,0,R3 3,0,R4 4,0,R5");
    // R6 completes the line; a second move adding two tiles makes 7.
    CHECK(check(b, "R6", "5,0,R6").ok());
    const auto e = check(b, "R6 R1", "5,0,R6 6,0,R1");
    CHECK(e.rule == placement_rule::line_too_long);
    CHECK(e.where == cell{0, 0});
    CHECK(e.line == axis::row);
    CHECK(e.length == 7);
    // Joining two lines into one of 7 (two lines of 3 with one empty cell between).
    const auto j = board_of("0,0,G1 1,0,G2 2,0,G3 2,1,R3 3,1,R4 4,1,R5 4,0,G5 5,0,G6 6,0,G4");
    REQUIRE(j.connected());
    const auto f = check_placement(j, hand_of("G4"), move_of("3,0,G4"));
    CHECK(f.rule == placement_rule::line_too_long);
    CHECK(f.where == cell{0, 0});
    CHECK(f.length == 7);
    // A column of 7.
    const auto c = board_of("0,0,R1 0,1,O1 0,2,Y1 0,3,G1 0,4,B1 0,5,P1");
    const auto g = check_placement(c, hand_of("R1"), move_of("0,6,R1"));
    CHECK(g.rule == placement_rule::line_too_long);
    CHECK(g.where == cell{0, 0});
    CHECK(g.line == axis::column);
    CHECK(g.length == 7);
    CHECK(g.describe() == "line too long: the column of 7 from 0,0");
}

TEST_CASE("placement_rule::duplicate_in_line: the same tile twice, in the main line or a crossing line") {
    const auto b = board_of(base);
    // Main line: R1 R2 R3 + R2.
    const auto e = check(b, "R2", "3,0,R2");
    CHECK(e.rule == placement_rule::duplicate_in_line);
    CHECK(e.where == cell{0, 0});
    CHECK(e.line == axis::row);
    CHECK(e.length == 4);
    CHECK(e.describe() == "same tile twice in a line: the row of 4 from 0,0");
    // Two copies placed in one line.
    const auto f = check(b, "R5 R5", "3,0,R5 4,0,R5");
    CHECK(f.rule == placement_rule::duplicate_in_line);
    CHECK(f.length == 5);
    // Crossing line: column x=0 R1 G1 B1 + G1 below (the row of the placed tile is fine: G1 alone).
    const auto g = check(b, "G1", "0,3,G1");
    CHECK(g.rule == placement_rule::duplicate_in_line);
    CHECK(g.where == cell{0, 0});
    CHECK(g.line == axis::column);
    CHECK(g.length == 4);
}

TEST_CASE("placement_rule::mixed_line: neither one colour nor one shape, in the main or the crossing line") {
    const auto b = board_of(base);
    const auto e = check(b, "G4", "3,0,G4");
    CHECK(e.rule == placement_rule::mixed_line);
    CHECK(e.where == cell{0, 0});
    CHECK(e.line == axis::row);
    CHECK(e.length == 4);
    // Placed tiles that share nothing: the main line is mixed.
    const auto f = check(b, "R4 O1", "3,0,R4 4,0,O1");
    CHECK(f.rule == placement_rule::mixed_line);
    CHECK(f.length == 5);
    // The crossing line: column x=2 is R3 Y3, so a tile under Y3 must be a diamond.
    const auto g = check(b, "G1", "2,2,G1");
    CHECK(g.rule == placement_rule::mixed_line);
    CHECK(g.where == cell{2, 0});
    CHECK(g.line == axis::column);
    CHECK(g.length == 3);
    // A two-tile column move whose second tile breaks its row: G2 at 1,1 would make row G1 G2 Y3 (mixed).
    const auto h = check(b, "G2 B2", "1,1,G2 1,2,B2");
    CHECK(h.rule == placement_rule::mixed_line);
    CHECK(h.where == cell{0, 1});
    CHECK(h.line == axis::row);
    CHECK(h.length == 3);
}

TEST_CASE("placement_rule::opening_not_at_origin: the first move starts at 0,0 and goes toward +x or +y") {
    const small_board empty;
    CHECK(check(empty, "R1 R2", "0,0,R1 1,0,R2").ok());
    CHECK(check(empty, "R1 R2", "0,0,R1 0,1,R2").ok());
    CHECK(check(empty, "R1 R2", "0,1,R2 0,0,R1").ok());
    const auto e = check(empty, "R1", "1,0,R1");
    CHECK(e.rule == placement_rule::opening_not_at_origin);
    CHECK(e.where == cell{1, 0});
    CHECK(e.describe() == "opening move must start at 0,0 at 1,0");
    const auto f = check(empty, "R1 R2", "-1,0,R1 0,0,R2");
    CHECK(f.rule == placement_rule::opening_not_at_origin);
    CHECK(f.where == cell{-1, 0});
    CHECK(check(empty, "R1 R2", "0,-1,R1 0,0,R2").rule == placement_rule::opening_not_at_origin);
    // Gap and line rules still apply to the opening.
    CHECK(check(empty, "R1 R2", "0,0,R1 2,0,R2").rule == placement_rule::gap_in_line);
    CHECK(check(empty, "R1 G2", "0,0,R1 1,0,G2").rule == placement_rule::mixed_line);
    CHECK(check(empty, "R1 R1", "0,0,R1 1,0,R1").rule == placement_rule::duplicate_in_line);
}

TEST_CASE("placement_rule::opening_group_size: the opening places the largest group, exactly that many tiles") {
    const small_board empty;
    placement_context ctx;
    ctx.opening_size = 3;
    CHECK(check(empty, "R1 R2 R3 G1 G1 B4", "0,0,R1 1,0,R2 2,0,R3", ctx).ok());
    const auto e = check(empty, "R1 R2 R3 G1 G1 B4", "0,0,R1 1,0,R2", ctx);
    CHECK(e.rule == placement_rule::opening_group_size);
    CHECK(e.length == 3);
    CHECK(e.describe() == "opening move must place the largest group (3 tiles)");
    CHECK(check(empty, "R1 R2 R3 G1 G1 B4", "0,0,B4", ctx).rule == placement_rule::opening_group_size);
    // Once the board has tiles, opening_size is ignored.
    const auto b = board_of(base);
    CHECK(check(b, "R4", "3,0,R4", ctx).ok());
    // The generator with opening_size lists exactly the openings of that size: 3! orders x 2 directions.
    movegen_options opt;
    opt.opening_size = 3;
    CHECK(count_moves(empty, hand_of("R1 R2 R3 G1 G1 B4"), opt) == move_stats{12, 36, 3});
    CHECK(largest_group(hand_of("R1 R2 R3 G1 G1 B4")) == 3);
    CHECK(largest_group(hand_of("R1 R1 R1 R1 R1 R1")) == 1);  // identical tiles count once
    CHECK(largest_group(hand_of("R1 G1 B1 R2 G2 B2")) == 3);
    CHECK(largest_group(hand_of("R1 O1 Y1 G1 B1 P1")) == 6);
}

TEST_CASE("check order: the first rule broken is reported (hand, then cells, then shape of the move, then lines)") {
    const auto b = board_of(base);
    // Off the hand and occupied: the hand comes first.
    CHECK(check(b, "", "2,0,R4").rule == placement_rule::tile_not_in_hand);
    // Occupied and not in one line: the cell comes first.
    CHECK(check(b, "R4 R5", "2,0,R4 5,5,R5").rule == placement_rule::cell_occupied);
    // Gap and mixed: the gap comes first.
    CHECK(check(b, "G4 P5", "3,0,G4 5,0,P5").rule == placement_rule::gap_in_line);
    // No contact and mixed: contact comes first.
    CHECK(check(b, "G4 P5", "5,5,G4 6,5,P5").rule == placement_rule::no_contact);
}

TEST_CASE("§2 a move may extend a line at both ends (board tiles lie between the placed ones)") {
    const auto b = board_of(base);
    // Row R1 R2 R3 on y=0: R5 left, R4 right: a row of 5.
    expect_legal(b, "R4 R5", "-1,0,R5 3,0,R4", 5);
    // R4 right, R5 and R6 left: a red Qwirkle (6 + 6).
    expect_legal(b, "R4 R5 R6", "-2,0,R6 -1,0,R5 3,0,R4", 12);
    // Column x=0 R1 G1 B1: O1 above, Y1 and P1 below: a circle Qwirkle.
    expect_legal(b, "O1 Y1 P1", "0,-1,O1 0,3,Y1 0,4,P1", 12);
    // Column x=2 R3 Y3 extended by O3 above and B3 below: a column of 4.
    const auto c = board_of("0,0,R1 1,0,R2 2,0,R3 2,1,Y3 3,1,Y4");
    expect_legal(c, "O3 B3", "2,-1,O3 2,2,B3", 4);
}

TEST_CASE("§2 a move may join two lines into one: it scores the whole joined line") {
    // R1 R2 _ R5 on row 0, connected below through G2 G3 G5; R3 in the gap: row of 4 + column R3 G3.
    const auto b = board_of("0,0,R1 1,0,R2 1,1,G2 2,1,G3 3,1,G5 3,0,R5");
    REQUIRE(b.connected());
    expect_legal(b, "R3", "2,0,R3", 6);
    // R1 R2 _ _ R5 R6 joined by R3 R4 into a red Qwirkle (12) with two crossing columns of 2.
    const auto q = board_of("0,0,R1 1,0,R2 1,1,G2 2,1,G3 3,1,G4 4,1,G5 4,0,R5 5,0,R6");
    REQUIRE(q.connected());
    expect_legal(q, "R3 R4", "2,0,R3 3,0,R4", 16);
    // Joining two column lines: B1 above, B3 below, B2 between.
    const auto c = board_of("0,0,B1 1,0,G1 1,1,G2 1,2,G3 0,2,B3");
    REQUIRE(c.connected());
    expect_legal(c, "B2", "0,1,B2", 3 + 2);  // column B1 B2 B3 + row B2 G2
}
