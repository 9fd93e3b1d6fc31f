// Compile-time tests (compiling is passing): the rulebook examples of docs/rules.md §2 on a small board.
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
// Boards are always local variables of the evaluated functions: GCC 12 does not accept a null test on a
// pointer into a temporary (a board materialised in the static_assert expression) as a constant expression.

/// The move's score when it is legal with exactly its tiles in hand; -1 when it is not.
constexpr int legal_score(std::initializer_list<at> board, std::initializer_list<at> move) {
    const small b = board_of(board);
    const small_move m = move_of(move);
    if (!check_placement(b, hand_for(m), m).ok()) return -1;
    return score_placement(b, m);
}
/// The verdict on a move with exactly its tiles in hand.
constexpr basic_placement_error<tile> verdict(std::initializer_list<at> board, std::initializer_list<at> move) {
    const small b = board_of(board);
    const small_move m = move_of(move);
    return check_placement(b, hand_for(m), m);
}

// ---- scoring -----------------------------------------------------------------------------------------
// "Antje legt den gelben Kreis an. Sie erhält 4 Punkte (2 für die gelbe Reihe und 2 Punkte für die Reihe aus Kreisen)."
static_assert(legal_score({{0, 0, "R2"_t}, {1, 0, "Y2"_t}, {0, 1, "R1"_t}}, {{1, 1, "Y1"_t}}) == 4);

#define BEFORE_STEFFI {-2, 1, "G3"_t}, {-2, 2, "G1"_t}, {-2, 3, "G4"_t}, {-1, 3, "O4"_t}, {0, 2, "R1"_t}, {0, 3, "R4"_t}
#define STEFFI {0, 4, "R5"_t}, {1, 4, "O5"_t}, {2, 4, "B5"_t}, {3, 4, "P5"_t}
#define JOERG {-1, -2, "Y1"_t}, {-1, -1, "Y4"_t}, {-1, 0, "Y2"_t}, {-1, 1, "Y3"_t}
#define ANTJE {0, 1, "R3"_t}, {0, 0, "R2"_t}, {0, 5, "R6"_t}

// "Steffi ... 7 Punkte (4 für die Sternenreihe und 3 für die rote Reihe, die zu dem Zeitpunkt aus drei Steinen besteht)."
static_assert(legal_score({BEFORE_STEFFI}, {STEFFI}) == 7);
// "Jörg ... 6 Punkte (4 für die gelbe Reihe und 2 für die beiden Rautesteine)."
static_assert(legal_score({BEFORE_STEFFI, STEFFI}, {JOERG}) == 6);
// "Antje ... 17 Punkte (3 für die Reihe der Rauten, 2 für die Sternenreihe und 12 für den Qwirkle ...)."
static_assert(legal_score({BEFORE_STEFFI, STEFFI, JOERG}, {ANTJE}) == 17);

// "Steffi legt die drei roten Steine an die rote Reihe an. Dabei legt sie links zwei und rechts ein Plättchen an."
static_assert(legal_score({{0, 0, "R4"_t}, {1, 0, "R5"_t}}, {{-2, 0, "R2"_t}, {-1, 0, "R3"_t}, {2, 0, "R6"_t}}) == 5);
// A lone opening tile scores 1; a line of 6 scores 12.
static_assert(legal_score({}, {{0, 0, "R1"_t}}) == 1);
static_assert(legal_score({}, {{0, 0, "R1"_t}, {1, 0, "R2"_t}, {2, 0, "R3"_t}, {3, 0, "R4"_t}, {4, 0, "R5"_t},
                               {5, 0, "R6"_t}}) == 12);
// Joining two lines into one: R1 R2 _ R5 with R3 in the gap scores the whole row (4) and its column (2).
static_assert(legal_score({{0, 0, "R1"_t}, {1, 0, "R2"_t}, {1, 1, "G2"_t}, {2, 1, "G3"_t}, {3, 1, "G5"_t}, {3, 0, "R5"_t}},
                          {{2, 0, "R3"_t}}) == 6);

// ---- the four illegal placements ---------------------------------------------------------------------
#define YELLOW_SIX {0, 0, "Y1"_t}, {1, 0, "Y2"_t}, {2, 0, "Y3"_t}, {3, 0, "Y4"_t}, {4, 0, "Y5"_t}, {5, 0, "Y6"_t}
#define YELLOW_THREE {0, 0, "Y1"_t}, {1, 0, "Y2"_t}, {2, 0, "Y3"_t}, {2, 1, "B3"_t}, {2, 2, "G3"_t}
// ① "Das 7. Plättchen in der gelben Reihe (zweiter Kreis)"
static_assert(verdict({YELLOW_SIX}, {{6, 0, "Y1"_t}}) ==
              basic_placement_error<tile>{placement_rule::line_too_long, cell{0, 0}, tile{}, axis::row, 7});
// ② + ③ "Dieses Symbol gibt es in der Reihe bereits"
static_assert(verdict({YELLOW_THREE}, {{3, 0, "Y2"_t}}) ==
              basic_placement_error<tile>{placement_rule::duplicate_in_line, cell{0, 0}, tile{}, axis::row, 4});
static_assert(verdict({YELLOW_THREE}, {{2, 3, "B3"_t}}) ==
              basic_placement_error<tile>{placement_rule::duplicate_in_line, cell{2, 0}, tile{}, axis::column, 4});
// ④ "Das Plättchen hat keinen Kontakt zu anderen Plättchen"
static_assert(verdict({YELLOW_THREE}, {{4, 0, "Y4"_t}}).rule == placement_rule::no_contact);
static_assert(verdict({YELLOW_THREE}, {{4, 0, "Y4"_t}}).where == cell{4, 0});
// ⑤ "Der lila Kreis würde zwar zum lila Quadrat passen. Zur gelben Reihe passt er aber nicht."
static_assert(verdict({{0, 0, "Y2"_t}, {1, 0, "Y3"_t}, {2, 0, "Y4"_t}, {2, 1, "P4"_t}}, {{1, 1, "P1"_t}}) ==
              basic_placement_error<tile>{placement_rule::mixed_line, cell{1, 0}, tile{}, axis::column, 2});

// ---- the other placement rules on a small board ---------------------------------------------------------
static_assert(verdict({{0, 0, "R1"_t}}, {{9, 0, "R2"_t}}).rule == placement_rule::off_board);  // radius 8
static_assert(verdict({{0, 0, "R1"_t}}, {{0, 0, "R2"_t}}).rule == placement_rule::cell_occupied);
static_assert(verdict({{0, 0, "R1"_t}}, {{1, 0, "R2"_t}, {1, 0, "R3"_t}}).rule == placement_rule::cell_repeated);
static_assert(verdict({{0, 0, "R1"_t}}, {{1, 0, "R2"_t}, {2, 1, "R3"_t}}).rule == placement_rule::not_in_one_line);
static_assert(verdict({{0, 0, "R1"_t}}, {{1, 0, "R2"_t}, {3, 0, "R3"_t}}).where == cell{2, 0});  // gap_in_line
static_assert(verdict({}, {{1, 0, "R2"_t}}).rule == placement_rule::opening_not_at_origin);
static_assert(verdict({}, {}).rule == placement_rule::empty_move);

#undef BEFORE_STEFFI
#undef STEFFI
#undef JOERG
#undef ANTJE
#undef YELLOW_SIX
#undef YELLOW_THREE

// ---- move generation in a constant expression ---------------------------------------------------------
// "| R1 R2 R3 G1 G1 B4" → moves=33 total=73 best=3 (counted by hand: 5 singles, 16 pairs, 12 triples).
constexpr move_stats opening_stats(int opening_size) {
    const small empty;
    movegen_options opt;
    opt.opening_size = opening_size;
    return count_moves(empty, tile_multiset{"R1"_t, "R2"_t, "R3"_t, "G1"_t, "G1"_t, "B4"_t}, opt);
}
static_assert(opening_stats(0) == move_stats{33, 73, 3});
static_assert(opening_stats(3) == move_stats{12, 36, 3});  // the opening rule: only the group of 3
// The yellow circle of Antje's first example is the best move there.
constexpr int best_yellow_circle() {
    const small b = board_of({{0, 0, "R2"_t}, {1, 0, "Y2"_t}, {0, 1, "R1"_t}});
    const auto best = best_move(b, tile_multiset{"Y1"_t, "G4"_t});
    return best && best->move == move_of({{1, 1, "Y1"_t}}) ? best->score : -1;
}
static_assert(best_yellow_circle() == 4);
// The generator and the rules agree on every move of a mid-size position, in a constant expression.
constexpr bool generator_agrees_with_rules() {
    small b = board_of({{-2, 1, "G3"_t}, {-2, 2, "G1"_t}, {-2, 3, "G4"_t}, {-1, 3, "O4"_t}, {0, 2, "R1"_t}, {0, 3, "R4"_t},
                        {0, 4, "R5"_t}, {1, 4, "O5"_t}, {2, 4, "B5"_t}, {3, 4, "P5"_t}});
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
