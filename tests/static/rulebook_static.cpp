// Compile-time tests (compiling is passing): the rulebook examples of RULES.md §2 on a small board.
// The positions are those of tests/tiles/rulebook_test.cpp (see there for how they match the texts).
#include <qwirkle/qwirkle.hpp>

#include <initializer_list>

namespace {

using namespace qwirkle;
using namespace qwirkle::literals;

using small = basic_board<standard_rules, 8>;
using small_move = basic_move<standard_rules>;

struct at {
    int x, y;
    tile t;
};

constexpr small_move move_of(std::initializer_list<at> ps) {
    small_move m;
    for (const auto& p : ps) m.push_back({cell{p.x, p.y}, p.t});
    return m;
}
constexpr small board_of(std::initializer_list<at> ps) {
    small b;
    for (const auto& p : ps) b.place(cell{p.x, p.y}, p.t);
    return b;
}
constexpr tile_multiset hand_for(const small_move& m) {
    tile_multiset h;
    for (const auto& p : m) h.add(p.tile);
    return h;
}
/// The move's score when it is legal with exactly its tiles in hand; -1 when it is not.
constexpr int legal_score(const small& b, const small_move& m) {
    if (!check_placement(b, hand_for(m), m).ok()) return -1;
    return score_placement(b, m);
}
/// The rule a single move breaks with exactly its tiles in hand.
constexpr placement_rule verdict(const small& b, const small_move& m) { return check_placement(b, hand_for(m), m).rule; }

// ---- scoring -----------------------------------------------------------------------------------------
// "Antje legt den gelben Kreis an. Sie erhält 4 Punkte (2 für die gelbe Reihe und 2 Punkte für die Reihe aus Kreisen)."
static_assert(legal_score(board_of({{0, 0, "R2"_t}, {1, 0, "Y2"_t}, {0, 1, "R1"_t}}), move_of({{1, 1, "Y1"_t}})) == 4);

constexpr auto before_steffi = std::initializer_list<at>{
    {-2, 1, "G3"_t}, {-2, 2, "G1"_t}, {-2, 3, "G4"_t}, {-1, 3, "O4"_t}, {0, 2, "R1"_t}, {0, 3, "R4"_t}};
constexpr small_move steffi = move_of({{0, 4, "R5"_t}, {1, 4, "O5"_t}, {2, 4, "B5"_t}, {3, 4, "P5"_t}});
constexpr small_move joerg = move_of({{-1, -2, "Y1"_t}, {-1, -1, "Y4"_t}, {-1, 0, "Y2"_t}, {-1, 1, "Y3"_t}});
constexpr small_move antje = move_of({{0, 1, "R3"_t}, {0, 0, "R2"_t}, {0, 5, "R6"_t}});

/// Scores of Steffi, Jörg and Antje, each checked legal, each played on the board left by the one before.
constexpr std::array<int, 3> sequence_scores() {
    small b = board_of(before_steffi);
    std::array<int, 3> s{};
    int k = 0;
    for (const small_move& m : {steffi, joerg, antje}) {
        s[static_cast<std::size_t>(k++)] = legal_score(b, m);
        b.place(m);
    }
    return s;
}
// "Steffi ... 7 Punkte (4 für die Sternenreihe und 3 für die rote Reihe, die zu dem Zeitpunkt aus drei Steinen besteht)."
static_assert(sequence_scores()[0] == 7);
// "Jörg ... 6 Punkte (4 für die gelbe Reihe und 2 für die beiden Rautesteine)."
static_assert(sequence_scores()[1] == 6);
// "Antje ... 17 Punkte (3 für die Reihe der Rauten, 2 für die Sternenreihe und 12 für den Qwirkle ...)."
static_assert(sequence_scores()[2] == 17);

// "Steffi legt die drei roten Steine an die rote Reihe an. Dabei legt sie links zwei und rechts ein Plättchen an."
static_assert(legal_score(board_of({{0, 0, "R4"_t}, {1, 0, "R5"_t}}),
                          move_of({{-2, 0, "R2"_t}, {-1, 0, "R3"_t}, {2, 0, "R6"_t}})) == 5);
// A lone opening tile scores 1; a line of 6 scores 12.
static_assert(legal_score(small{}, move_of({{0, 0, "R1"_t}})) == 1);
static_assert(legal_score(small{}, move_of({{0, 0, "R1"_t}, {1, 0, "R2"_t}, {2, 0, "R3"_t}, {3, 0, "R4"_t},
                                            {4, 0, "R5"_t}, {5, 0, "R6"_t}})) == 12);
// Joining two lines into one: R1 R2 _ R5 with R3 in the gap scores the whole row (4) and its column (2).
static_assert(legal_score(board_of({{0, 0, "R1"_t}, {1, 0, "R2"_t}, {1, 1, "G2"_t}, {2, 1, "G3"_t}, {3, 1, "G5"_t},
                                    {3, 0, "R5"_t}}),
                          move_of({{2, 0, "R3"_t}})) == 6);

// ---- the four illegal placements ---------------------------------------------------------------------
// ① "Das 7. Plättchen in der gelben Reihe (zweiter Kreis)"
constexpr small yellow_six = board_of({{0, 0, "Y1"_t}, {1, 0, "Y2"_t}, {2, 0, "Y3"_t}, {3, 0, "Y4"_t}, {4, 0, "Y5"_t}, {5, 0, "Y6"_t}});
static_assert(verdict(yellow_six, move_of({{6, 0, "Y1"_t}})) == placement_rule::line_too_long);
static_assert(check_placement(yellow_six, tile_multiset{"Y1"_t}, move_of({{6, 0, "Y1"_t}})) ==
              basic_placement_error<tile>{placement_rule::line_too_long, cell{0, 0}, tile{}, axis::row, 7});
// ② + ③ "Dieses Symbol gibt es in der Reihe bereits"
constexpr small yellow_three = board_of({{0, 0, "Y1"_t}, {1, 0, "Y2"_t}, {2, 0, "Y3"_t}, {2, 1, "B3"_t}, {2, 2, "G3"_t}});
static_assert(verdict(yellow_three, move_of({{3, 0, "Y2"_t}})) == placement_rule::duplicate_in_line);
static_assert(verdict(yellow_three, move_of({{2, 3, "B3"_t}})) == placement_rule::duplicate_in_line);
static_assert(check_placement(yellow_three, tile_multiset{"B3"_t}, move_of({{2, 3, "B3"_t}})).line == axis::column);
// ④ "Das Plättchen hat keinen Kontakt zu anderen Plättchen"
static_assert(verdict(yellow_three, move_of({{4, 0, "Y4"_t}})) == placement_rule::no_contact);
// ⑤ "Der lila Kreis würde zwar zum lila Quadrat passen. Zur gelben Reihe passt er aber nicht."
constexpr small purple = board_of({{0, 0, "Y2"_t}, {1, 0, "Y3"_t}, {2, 0, "Y4"_t}, {2, 1, "P4"_t}});
static_assert(check_placement(purple, tile_multiset{"P1"_t}, move_of({{1, 1, "P1"_t}})) ==
              basic_placement_error<tile>{placement_rule::mixed_line, cell{1, 0}, tile{}, axis::column, 2});

// ---- move generation in a constant expression ---------------------------------------------------------
// "| R1 R2 R3 G1 G1 B4" → moves=33 total=73 best=3 (counted by hand: 5 singles, 16 pairs, 12 triples).
static_assert(count_moves(small{}, tile_multiset{"R1"_t, "R2"_t, "R3"_t, "G1"_t, "G1"_t, "B4"_t}) ==
              move_stats{33, 73, 3});
// The yellow circle of Antje's first example is the best move there. (The board is a local variable: GCC 12
// does not treat a null test on a pointer into a temporary board as a constant expression.)
constexpr int best_yellow_circle() {
    const small b = board_of({{0, 0, "R2"_t}, {1, 0, "Y2"_t}, {0, 1, "R1"_t}});
    const auto best = best_move(b, tile_multiset{"Y1"_t, "G4"_t});
    return best && best->move == move_of({{1, 1, "Y1"_t}}) ? best->score : -1;
}
static_assert(best_yellow_circle() == 4);
// The generator and the rules agree on every move of a mid-size position, in a constant expression.
constexpr bool generator_agrees_with_rules() {
    small b = board_of(before_steffi);
    b.place(steffi);
    const tile_multiset hand{"Y1"_t, "Y2"_t, "Y3"_t, "Y4"_t, "R3"_t, "R3"_t};
    bool ok = true;
    int n = 0;
    for_each_move(b, hand, [&](const small_move& m, int score) {
        ++n;
        ok = ok && check_placement(b, hand, m).ok() && score_placement(b, m) == score;
    });
    return ok && n > 10;
}
static_assert(generator_agrees_with_rules());

}  // namespace
