// Compile-time tests of the published names (notation/identifiers.hpp, cards/identifiers.hpp,
// game/rule_sets.hpp): the Python and web packages return these words, so they must not drift.
#include <iterator>
#include <string_view>

#include <qwirkle/cards/identifiers.hpp>
#include <qwirkle/game/rule_sets.hpp>
#include <qwirkle/notation/identifiers.hpp>

namespace {
using namespace qwirkle;
constexpr bool same(const char* a, std::string_view b) { return std::string_view(a) == b; }

static_assert(same(identifier(placement_rule::no_contact), "no_contact"));
static_assert(same(identifier(placement_rule::opening_group_size), "opening_group_size"));
static_assert(same(identifier(action_rule::exchange_not_in_hand), "exchange_not_in_hand"));
static_assert(same(identifier(action_rule::not_your_turn), "not_your_turn"));
static_assert(same(identifier(take_rule::disconnects), "disconnects"));
static_assert(same(identifier(action_kind::draw_three), "draw3"));  // as in the notation
static_assert(same(identifier(action_kind::take_tile), "take"));
static_assert(same(identifier(game_end::stalemate), "stalemate"));
static_assert(same(identifier(static_cast<placement_rule>(200)), "?"));
static_assert(same(cards::identifier(cards::turn_rule::row_too_short), "row_too_short"));
static_assert(same(cards::identifier(cards::action_error::play_exists), "play_exists"));

// A refused action names the most specific rule: the placement's, the take's, else its own.
struct fake_error {
    action_rule rule;
    struct { placement_rule rule; } placement;
    take_rule take;
};
static_assert(same(rule_identifier(fake_error{action_rule::illegal_placement, {placement_rule::gap_in_line}, take_rule::ok}), "gap_in_line"));
static_assert(same(rule_identifier(fake_error{action_rule::take_refused, {placement_rule::ok}, take_rule::in_qwirkle}), "in_qwirkle"));
static_assert(same(rule_identifier(fake_error{action_rule::pass_not_allowed, {placement_rule::ok}, take_rule::ok}), "pass_not_allowed"));

static_assert(same(rules_choices[0].name, "standard"));
static_assert(std::size(rules_choices) == 7);
static_assert(find_rules("nosuch") == nullptr);
static_assert(find_rules("classic")->max_players == 4);
static_assert(find_rules("five-six")->min_players == 5);
static_assert(find_rules("mini")->special_tiles == (action_bit(action_tile::take_tile) | action_bit(action_tile::draw_three)));
static_assert(find_rules("mini-take")->special_tiles == action_bit(action_tile::take_tile));
static_assert(find_rules("actions-at-start")->starting_actions != 0 && find_rules("actions-at-start")->special_tiles == 0);
}  // namespace
