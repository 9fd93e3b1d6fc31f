// qwirkle Python binding — shared pieces: rule names as identifiers, the exceptions, rule sets.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <string_view>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/cards/action_code.hpp>
#include <qwirkle/cards/cards.hpp>
#include <qwirkle/bots/cards.hpp>
#include <qwirkle/game/action_code.hpp>
#include <qwirkle/play/parallel.hpp>
#include <qwirkle/qwirkle.hpp>

namespace qpy {

namespace py = pybind11;
using namespace qwirkle;

// ---- rule identifiers (the same as the web package's) ---------------------------------------------

inline const char* id(placement_rule r) {
    switch (r) {
        case placement_rule::ok: return "ok";
        case placement_rule::empty_move: return "empty_move";
        case placement_rule::too_many_tiles: return "too_many_tiles";
        case placement_rule::tile_not_in_hand: return "tile_not_in_hand";
        case placement_rule::off_board: return "off_board";
        case placement_rule::cell_occupied: return "cell_occupied";
        case placement_rule::cell_repeated: return "cell_repeated";
        case placement_rule::forbidden_cell: return "forbidden_cell";
        case placement_rule::not_in_one_line: return "not_in_one_line";
        case placement_rule::gap_in_line: return "gap_in_line";
        case placement_rule::no_contact: return "no_contact";
        case placement_rule::line_too_long: return "line_too_long";
        case placement_rule::duplicate_in_line: return "duplicate_in_line";
        case placement_rule::mixed_line: return "mixed_line";
        case placement_rule::opening_not_at_origin: return "opening_not_at_origin";
        case placement_rule::opening_group_size: return "opening_group_size";
    }
    return "?";
}

inline const char* id(action_rule r) {
    switch (r) {
        case action_rule::ok: return "ok";
        case action_rule::game_over: return "game_over";
        case action_rule::illegal_placement: return "illegal_placement";
        case action_rule::opening_must_place: return "opening_must_place";
        case action_rule::exchange_nothing: return "exchange_nothing";
        case action_rule::exchange_too_many: return "exchange_too_many";
        case action_rule::exchange_not_in_hand: return "exchange_not_in_hand";
        case action_rule::exchange_bag_too_small: return "exchange_bag_too_small";
        case action_rule::pass_not_allowed: return "pass_not_allowed";
        case action_rule::action_not_held: return "action_not_held";
        case action_rule::action_already_used: return "action_already_used";
        case action_rule::one_action_per_turn: return "one_action_per_turn";
        case action_rule::action_in_opening: return "action_in_opening";
        case action_rule::take_refused: return "take_refused";
        case action_rule::not_your_turn: return "not_your_turn";
    }
    return "?";
}

inline const char* id(take_rule r) {
    switch (r) {
        case take_rule::ok: return "ok";
        case take_rule::no_tile: return "no_tile";
        case take_rule::in_qwirkle: return "in_qwirkle";
        case take_rule::disconnects: return "disconnects";
        case take_rule::last_tile: return "last_tile";
    }
    return "?";
}

inline const char* id(action_kind k) {
    switch (k) {
        case action_kind::place: return "place";
        case action_kind::exchange: return "exchange";
        case action_kind::pass: return "pass";
        case action_kind::draw_three: return "draw3";
        case action_kind::take_tile: return "take";
    }
    return "?";
}

inline const char* id(game_end e) {
    switch (e) {
        case game_end::running: return "running";
        case game_end::last_tile: return "last_tile";
        case game_end::stalemate: return "stalemate";
    }
    return "?";
}

inline const char* id(cards::turn_rule r) {
    switch (r) {
        case cards::turn_rule::ok: return "ok";
        case cards::turn_rule::no_card_played: return "no_card_played";
        case cards::turn_rule::card_not_in_hand: return "card_not_in_hand";
        case cards::turn_rule::table_card_missing: return "table_card_missing";
        case cards::turn_rule::card_from_nowhere: return "card_from_nowhere";
        case cards::turn_rule::row_too_short: return "row_too_short";
        case cards::turn_rule::duplicate_in_row: return "duplicate_in_row";
        case cards::turn_rule::mixed_row: return "mixed_row";
    }
    return "?";
}

inline const char* id(cards::action_error r) {
    switch (r) {
        case cards::action_error::ok: return "ok";
        case cards::action_error::game_over: return "game_over";
        case cards::action_error::illegal_turn: return "illegal_turn";
        case cards::action_error::opening_group: return "opening_group";
        case cards::action_error::play_exists: return "play_exists";
        case cards::action_error::not_your_turn: return "not_your_turn";
    }
    return "?";
}

/// The rule identifier of a refused tile-game action: the placement's rule for placements, the
/// take rule for refused takes, else the action rule.
template <class R>
std::string rule_id(const basic_action_error<R>& e) {
    if (e.rule == action_rule::illegal_placement) return id(e.placement.rule);
    if (e.rule == action_rule::take_refused) return id(e.take);
    return id(e.rule);
}

// ---- exceptions ------------------------------------------------------------------------------------

/// The Python classes of qwirkle.IllegalAction and qwirkle.NotationError (set at module import).
struct errors {
    static py::object& illegal() {
        static py::object o;
        return o;
    }
    static py::object& notation() {
        static py::object o;
        return o;
    }
};

[[noreturn]] inline void raise_illegal(const std::string& rule, const std::string& message) {
    py::object e = errors::illegal()(message);
    e.attr("rule") = rule;
    e.attr("message") = message;
    PyErr_SetObject(errors::illegal().ptr(), e.ptr());
    throw py::error_already_set();
}

[[noreturn]] inline void raise_notation(const parse_error& p) {
    py::object e = errors::notation()(p.describe());
    e.attr("column") = static_cast<int>(p.column + 1);
    e.attr("token") = p.token;
    e.attr("line") = static_cast<int>(p.line);
    e.attr("message") = p.describe();
    PyErr_SetObject(errors::notation().ptr(), e.ptr());
    throw py::error_already_set();
}

// ---- rule sets of the tile game (settings of the standard game, as in the web package) -----------

struct rules_choice {
    const char* name;
    int min_players;
    int max_players;
    unsigned special_tiles;
    unsigned starting_actions;
    const char* description;
};

inline constexpr rules_choice rules_choices[] = {
    {"standard", standard_rules::min_players, standard_rules::max_players, 0, 0,
     "108 tiles, 2-6 players (hands of 6; 5 with five players, 4 with six)"},
    {"classic", classic_rules::min_players, classic_rules::max_players, 0, 0, "the box: 2-4 players, hands of 6"},
    {"five-six", five_six_player_rules::min_players, five_six_player_rules::max_players, 0, 0,
     "the 5-6 player variant: hands of 5 or 4"},
    {"mini", mini_expansion_rules::min_players, mini_expansion_rules::max_players,
     rules_traits<mini_expansion_rules>::special_tiles, 0, "mini-expansions: both special tiles in the bag"},
    {"mini-take", standard_rules::min_players, standard_rules::max_players,
     rules_traits<mini_expansion_subset_rules<action_bit(action_tile::take_tile)>>::special_tiles, 0,
     "mini-expansions, variant 1: only the take-a-tile special tile"},
    {"mini-draw", standard_rules::min_players, standard_rules::max_players,
     rules_traits<mini_expansion_subset_rules<action_bit(action_tile::draw_three)>>::special_tiles, 0,
     "mini-expansions, variant 1: only the draw-three special tile"},
    {"actions-at-start", action_tiles_at_start_rules::min_players, action_tiles_at_start_rules::max_players, 0,
     rules_traits<action_tiles_at_start_rules>::starting_actions,
     "mini-expansions, variant 2: both action tiles held from the start"},
};

inline const rules_choice* find_rules(std::string_view name) {
    for (const auto& r : rules_choices)
        if (name == r.name) return &r;
    return nullptr;
}

/// The configuration of a game of a named rule set; throws ValueError naming what is wrong.
inline game_config make_config(int players, std::uint64_t seed, std::string_view rules, int hand_size, const std::vector<int>& ages) {
    const rules_choice* r = find_rules(rules);
    if (!r) {
        std::string names;
        for (const auto& c : rules_choices) names.append(names.empty() ? "" : ", ").append(c.name);
        throw py::value_error("unknown rule set '" + std::string(rules) + "' (one of " + names + ")");
    }
    if (players < r->min_players || players > r->max_players)
        throw py::value_error(std::string("the ") + r->name + " rules take " + std::to_string(r->min_players) + " to " +
                              std::to_string(r->max_players) + " players");
    game_config c;
    c.players = players;
    c.seed = seed;
    c.hand_size = hand_size;
    c.ages = ages;
    if (r->special_tiles) c.special_tiles = r->special_tiles;
    if (r->starting_actions) c.starting_actions = r->starting_actions;
    if (auto why = game::validate(c); !why.empty()) throw py::value_error(why);
    return c;
}

/// The rule-set name of a configuration (the expansions decide it).
inline const char* rules_of(const game_config& c) {
    const unsigned s = c.special_tiles.value_or(0), a = c.starting_actions.value_or(0);
    for (const auto& r : rules_choices)
        if (r.special_tiles == s && r.starting_actions == a && (s || a || std::string_view(r.name) == "standard")) return r.name;
    return "standard";
}

}  // namespace qpy
