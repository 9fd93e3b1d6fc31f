// docs/rules.md §2: the rulebook's examples (001, German text quoted), as positions consistent with the
// descriptions (the pictures are missing). Coordinates: x grows right, y grows down.
//
// The scoring sequence Steffi → Jörg → Antje is one game position:
//   before:  -2,1,G3 -2,2,G1 -2,3,G4 -1,3,O4 0,2,R1 0,3,R4
//   Steffi:  0,4,R5 1,4,O5 2,4,B5 3,4,P5      star row of 4 + red column R1 R4 R5 = 7
//   Jörg:    -1,-2,Y1 -1,-1,Y4 -1,0,Y2 -1,1,Y3  yellow column of 4 + diamonds G3 Y3 = 6
//   Antje:   0,1,R3 0,0,R2 0,5,R6              diamonds G3 Y3 R3 = 3, "stars" Y2 R2 = 2, red Qwirkle = 12
// Antje's two-tile star line cannot hold a star (shape 5) since Steffi's red line already has R5; the
// French and Italian texts say "étoiles à quatre branches" / "stelle a quattro punte" there, a different
// shape from Steffi's stars: the library's shape 2 (cross).
#include "support.hpp"

using namespace qwirkle_test;

namespace {

/// Score of a move checked legal first (hand = exactly the placed tiles).
int legal_score(const small_board& b, const qwirkle::move& m) {
    tile_multiset hand;
    for (const auto& p : m) hand.add(p.tile);
    const auto e = check_placement(b, hand, m);
    INFO("move ", to_string(m), ": ", e.describe());
    REQUIRE(e.ok());
    const int s = score_placement(b, m);
    // The move generator finds the same move with the same score.
    bool found = false;
    for_each_move(b, hand, [&](const qwirkle::move& g, int score) {
        if (g.same_as(m)) {
            found = true;
            CHECK(score == s);
        }
    });
    CHECK(found);
    return s;
}

constexpr const char* before_steffi = "-2,1,G3 -2,2,G1 -2,3,G4 -1,3,O4 0,2,R1 0,3,R4";
constexpr const char* steffi = "0,4,R5 1,4,O5 2,4,B5 3,4,P5";
constexpr const char* joerg = "-1,-2,Y1 -1,-1,Y4 -1,0,Y2 -1,1,Y3";
constexpr const char* antje = "0,1,R3 0,0,R2 0,5,R6";

}  // namespace

TEST_CASE("rulebook scoring: 'Antje legt den gelben Kreis an. Sie erhält 4 Punkte (2 für die gelbe Reihe und 2 Punkte "
          "für die Reihe aus Kreisen)'") {
    // A yellow tile above, a circle to the left: the yellow circle makes a yellow column and a circle row.
    const auto b = board_of("0,0,R2 1,0,Y2 0,1,R1");
    CHECK(legal_score(b, move_of("1,1,Y1")) == 4);
}

TEST_CASE("rulebook scoring: Steffi 7 = 4 (star line) + 3 (red line, three tiles at that moment)") {
    const auto b = board_of(before_steffi);
    REQUIRE(b.connected());
    CHECK(legal_score(b, move_of(steffi)) == 7);
}

TEST_CASE("rulebook scoring: Jörg 6 = 4 (yellow line) + 2 (the two diamonds)") {
    auto b = board_of(before_steffi);
    b.place(move_of(steffi));
    CHECK(legal_score(b, move_of(joerg)) == 6);
}

TEST_CASE("rulebook scoring: Antje 17 = 3 (diamonds) + 2 (four-pointed stars) + 12 (Qwirkle in the red line)") {
    auto b = board_of(before_steffi);
    b.place(move_of(steffi));
    b.place(move_of(joerg));
    const auto m = move_of(antje);
    CHECK(legal_score(b, m) == 17);
    // "Ein Qwirkle bringt immer 12 Punkte": the red column is complete after the move.
    b.place(m);
    for (int y = 0; y <= 5; ++y) CHECK(b.at({0, y})->colour() == 0);
    CHECK_FALSE(b.occupied({0, -1}));
    CHECK_FALSE(b.occupied({0, 6}));
}

TEST_CASE("rulebook scoring: the three turns as a game's scores (7, 6, 17) through score_placement after each move") {
    auto b = board_of(before_steffi);
    int total = 0;
    for (const char* m : {steffi, joerg, antje}) {
        const auto mv = move_of(m);
        total += legal_score(b, mv);
        b.place(mv);
    }
    CHECK(total == 30);
    CHECK(b.connected());
}

TEST_CASE("rulebook placement: 'Steffi legt die drei roten Steine an die rote Reihe an. Dabei legt sie links zwei und "
          "rechts ein Plättchen an' (one move extends a line at both ends)") {
    const auto b = board_of("0,0,R4 1,0,R5");
    CHECK(legal_score(b, move_of("-2,0,R2 -1,0,R3 2,0,R6")) == 5);
    CHECK(legal_score(b, move_of("2,0,R6 -1,0,R3 -2,0,R2")) == 5);  // order does not matter
}

TEST_CASE("rulebook placement: 'nicht möglich, gleichzeitig die rote Raute und einen blauen Kreis an die drei liegenden "
          "Kreise anzulegen' (tiles in different lines)") {
    const auto b = board_of("0,0,R1 1,0,O1 2,0,Y1");
    const auto hand = hand_of("R3 B1");
    CHECK(check_placement(b, hand, move_of("0,1,R3")).ok());
    CHECK(check_placement(b, hand, move_of("3,0,B1")).ok());
    const auto e = check_placement(b, hand, move_of("0,1,R3 3,0,B1"));
    CHECK(e.rule == placement_rule::not_in_one_line);
    CHECK(e.where == cell{3, 0});
}

TEST_CASE("rulebook placement: 'Plättchen, die durch eine Lücke getrennt sind, gehören zu unterschiedlichen Reihen' — "
          "the green diamond placed beyond the gap scores no green line, and no tile may fill the gap") {
    // Green row G1 G2 G4 at x = 0..2, gap at 3,0; orange O5 O6 above the gap; diamonds go down from O3 at 4,-1.
    auto b = board_of("0,0,G1 1,0,G2 2,0,G4 2,-1,O4 3,-1,O6 4,-1,O3 3,-2,O5");
    REQUIRE(b.connected());
    const auto m = move_of("4,0,G3 4,1,R3 4,2,Y3");
    CHECK(legal_score(b, m) == 4);  // the diamond column O3 G3 R3 Y3 only
    b.place(m);
    // "in die entstandene Lücke kein Plättchen gelegt werden": the row needs green, the column orange.
    for (int i = 0; i < tile::kinds; ++i) {
        const tile t = *tile::from_index(i);
        CAPTURE(to_string(t));
        const auto e = check_placement(b, tile_multiset{t}, qwirkle::move{{cell{3, 0}, t}});
        CHECK_FALSE(e.ok());
    }
    CHECK(count_moves(b, tile_multiset::full(3)).moves > 0);
    for_each_move(b, tile_multiset::full(3).distinct(), [&](const qwirkle::move& g, int) {
        for (const auto& p : g) CHECK(p.at != cell{3, 0});
    });
}

TEST_CASE("rulebook illegal ①: 'Das 7. Plättchen in der gelben Reihe (zweiter Kreis)' → line_too_long") {
    const auto b = board_of("0,0,Y1 1,0,Y2 2,0,Y3 3,0,Y4 4,0,Y5 5,0,Y6");
    const auto e = check_placement(b, hand_of("Y1"), move_of("6,0,Y1"));
    CHECK(e.rule == placement_rule::line_too_long);
    CHECK(e.where == cell{0, 0});
    CHECK(e.line == axis::row);
    CHECK(e.length == 7);
    CHECK(e.describe() == "line too long: the row of 7 from 0,0");
    // Also at the other end.
    const auto f = check_placement(b, hand_of("Y1"), move_of("-1,0,Y1"));
    CHECK(f.rule == placement_rule::line_too_long);
    CHECK(f.where == cell{-1, 0});
}

TEST_CASE("rulebook illegal ② + ③: 'Dieses Symbol gibt es in der Reihe bereits' → duplicate_in_line") {
    // A yellow row that already has a cross; a square row that already has a green square.
    const auto b = board_of("0,0,Y1 1,0,Y2 2,0,Y3 2,1,B3 2,2,G3");
    const auto e = check_placement(b, hand_of("Y2"), move_of("3,0,Y2"));
    CHECK(e.rule == placement_rule::duplicate_in_line);
    CHECK(e.where == cell{0, 0});
    CHECK(e.line == axis::row);
    CHECK(e.length == 4);
    const auto f = check_placement(b, hand_of("B3"), move_of("2,3,B3"));
    CHECK(f.rule == placement_rule::duplicate_in_line);
    CHECK(f.where == cell{2, 0});
    CHECK(f.line == axis::column);
    CHECK(f.length == 4);
}

TEST_CASE("rulebook illegal ④: 'Das Plättchen hat keinen Kontakt zu anderen Plättchen' → no_contact") {
    const auto b = board_of("0,0,Y1 1,0,Y2");
    const auto e = check_placement(b, hand_of("Y3"), move_of("3,0,Y3"));
    CHECK(e.rule == placement_rule::no_contact);
    CHECK(e.where == cell{3, 0});
    // A diagonal neighbour is no contact either.
    CHECK(check_placement(b, hand_of("Y3"), move_of("2,1,Y3")).rule == placement_rule::no_contact);
}

TEST_CASE("rulebook illegal ⑤: 'Der lila Kreis würde zwar zum lila Quadrat passen. Zur gelben Reihe passt er aber "
          "nicht' → the crossing line is reported") {
    // Yellow row Y2 Y3 Y4 on y = 0; the purple square under Y4; the purple circle goes under Y3.
    const auto b = board_of("0,0,Y2 1,0,Y3 2,0,Y4 2,1,P4");
    const auto e = check_placement(b, hand_of("P1"), move_of("1,1,P1"));
    CHECK(e.rule == placement_rule::mixed_line);
    CHECK(e.where == cell{1, 0});
    CHECK(e.line == axis::column);
    CHECK(e.length == 2);
    CHECK(e.describe() == "line neither one colour nor one shape: the column of 2 from 1,0");
    // The same with a duplicate in the crossing line: R1 fits the row R1 R4 but the column would read R1 R2 R1.
    const auto d = board_of("0,0,R1 0,1,R2 1,1,R6 1,2,R4");
    const auto f = check_placement(d, hand_of("R1"), move_of("0,2,R1"));
    CHECK(f.rule == placement_rule::duplicate_in_line);
    CHECK(f.where == cell{0, 0});
    CHECK(f.line == axis::column);
    CHECK(f.length == 3);
}

TEST_CASE("§2 scoring: a lone opening tile scores 1, the opening line scores its length") {
    const small_board empty;
    CHECK(score_placement(empty, move_of("0,0,R1")) == 1);
    CHECK(score_placement(empty, move_of("0,0,R1 1,0,R2 2,0,R3")) == 3);
    CHECK(score_placement(empty, move_of("0,0,R1 0,1,O1 0,2,Y1 0,3,G1 0,4,B1 0,5,P1")) == 12);
}

TEST_CASE("§2 scoring: 'Highest possible single move: 84' (main line and six crossing lines all Qwirkles)") {
    // Columns x = 0..5 hold colour x with shapes 2..6 on rows 1..5 (so every row is a shape Qwirkle already);
    // the move puts the six circles on row 0: a circle Qwirkle and six colour Qwirkles, 7 x 12 = 84.
    small_board b;
    for (int x = 0; x < 6; ++x)
        for (int y = 1; y <= 5; ++y) REQUIRE(b.place({x, y}, *tile::make(x, y)));
    REQUIRE(b.connected());
    const auto m = move_of("0,0,R1 1,0,O1 2,0,Y1 3,0,G1 4,0,B1 5,0,P1");
    CHECK(check_placement(b, hand_of("R1 O1 Y1 G1 B1 P1"), m).ok());
    CHECK(score_placement(b, m) == 84);
    CHECK(best_move(b, hand_of("R1 O1 Y1 G1 B1 P1"))->score == 84);
}
