// The sentences a refusal is told in (the terminal game prints them, the Python and web packages
// raise them): every rule of an action, a placement and a take-a-tile action has one of its own,
// none the "?" of a value out of range, and describe() adds what each rule carries (the tile, the
// limit, the seat to act, the cell and the line).
#include <string>

#include "../sentences.hpp"
#include "support.hpp"

using namespace qwirkle_test;

namespace {

/// rule_name of every rule from 0 (ok) to `last` (see each_sentence_once).
template <class Rule>
void each_named_once(Rule last) {
    each_sentence_once(static_cast<int>(last), [](int r) { return rule_name(static_cast<Rule>(r)); });
}

}  // namespace

TEST_CASE("rule names: one sentence per rule of actions, placements and take-a-tile, '?' beyond the last") {
    each_named_once(action_rule::not_your_turn);
    each_named_once(placement_rule::opening_group_size);
    each_named_once(take_rule::last_tile);
    CHECK(std::string(rule_name(action_rule::ok)) == "ok");
    CHECK(std::string(rule_name(placement_rule::ok)) == "ok");
    CHECK(std::string(rule_name(take_rule::ok)) == "ok");
}

TEST_CASE("describe(): the details each refusal carries") {
    basic_action_error<> e;
    CHECK(e.describe() == "ok");
    e.rule = action_rule::game_over;
    CHECK(e.describe() == "the game is over");
    e.rule = action_rule::exchange_too_many;
    e.count = 6;
    CHECK(e.describe() == "cannot exchange more tiles than a hand holds (6)");
    e.rule = action_rule::exchange_bag_too_small;
    e.count = 2;
    CHECK(e.describe() == "the bag holds fewer tiles than that (2)");
    e.rule = action_rule::not_your_turn;
    e.count = 1;
    CHECK(e.describe() == "not your turn (seat 1 is to play)");
    e.rule = action_rule::exchange_not_in_hand;
    e.tile = "B4"_t;
    CHECK(e.describe() == "exchanged tile not in hand: B4");
    e.rule = action_rule::take_refused;
    e.take = take_rule::disconnects;
    CHECK(e.describe() == "that tile cannot be taken: taking it would split the board");
    e.take = take_rule::in_qwirkle;
    CHECK(e.describe() == "that tile cannot be taken: the tile is part of a Qwirkle (a line of 6)");
    e.rule = action_rule::one_action_per_turn;
    CHECK(e.describe() == "only one action tile per turn, at its start");
    // A placement's own verdict, with its cell, tile or line.
    e.rule = action_rule::illegal_placement;
    e.placement.rule = placement_rule::gap_in_line;
    e.placement.where = {3, -2};
    CHECK(e.describe() == "gap in the line at 3,-2");
    e.placement.rule = placement_rule::tile_not_in_hand;
    e.placement.tile = "O6"_t;
    CHECK(e.describe() == "tile not in hand: O6");
    e.placement.rule = placement_rule::mixed_line;
    e.placement.line = axis::column;
    e.placement.length = 3;
    e.placement.where = {0, 1};
    CHECK(e.describe() == "line neither one colour nor one shape: the column of 3 from 0,1");
    e.placement.rule = placement_rule::too_many_tiles;
    e.placement.length = 7;
    CHECK(e.describe() == "more tiles than a line holds (7)");
    e.placement.rule = placement_rule::opening_group_size;
    e.placement.length = 3;
    CHECK(e.describe() == "opening move must place the largest group (3 tiles)");
    e.placement.rule = placement_rule::empty_move;
    CHECK(e.describe() == "empty move");
}

TEST_CASE("describe() of refusals met in a game: what a player reads, the game unchanged") {
    game g(2, 7);
    const int first = g.current_player();
    const auto at_start = to_record(g);
    CHECK(g.apply(action::exchange(g.hand(first))).describe() == "the first turn must place the largest group");
    CHECK(g.apply(1 - first, action::pass()).describe() == "not your turn (seat " + std::to_string(first) + " is to play)");
    CHECK(g.apply(action::draw_three()).describe() == "the player holds no such action tile");
    CHECK(to_record(g) == at_start);
    REQUIRE(g.place(best_move(g.board(), g.hand(first), g.move_options())->move).ok());
    const int p = g.current_player();
    const auto after_opening = to_record(g);
    CHECK(g.apply(action::pass()).describe() == "cannot pass while a placement or an exchange is possible");
    CHECK(g.apply(action::exchange(tile_multiset{})).describe() == "an exchange gives back at least one tile");
    tile_multiset seven = g.hand(p);
    seven.add(*seven.distinct().begin());
    CHECK(g.apply(action::exchange(seven)).describe() == "cannot exchange more tiles than a hand holds (6)");
    CHECK(g.apply(action::place(move{{cell{0, 0}, *g.hand(p).distinct().begin()}})).describe() == "cell occupied at 0,0");
    CHECK(to_record(g) == after_opening);
    // To the end, then any action: the game is over.
    while (!g.is_terminal()) REQUIRE(g.apply(greedy_action(g)).ok());
    const auto at_end = to_record(g);
    CHECK(g.apply(action::pass()).describe() == "the game is over");
    CHECK(to_record(g) == at_end);
}
