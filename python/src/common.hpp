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

/// The rule identifiers (qwirkle/notation/identifiers.hpp, qwirkle/cards/identifiers.hpp), by
/// argument-dependent lookup: the same words in the Python and web packages.
template <class Enum>
constexpr const char* id(Enum e) { return identifier(e); }

/// The rule identifier of a refused tile-game action (qwirkle::rule_identifier).
template <class R>
std::string rule_id(const basic_action_error<R>& e) { return rule_identifier(e); }

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

/// Text for Python: a message may quote one byte of a multi-byte character of what it refuses
/// (`unknown colour '\xc3'` for "ü"); that byte becomes U+FFFD instead of a UnicodeDecodeError.
inline py::str text(const std::string& s) {
    PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
    if (!o) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(o);
}

[[noreturn]] inline void raise_illegal(const std::string& rule, const std::string& message_) {
    const py::str message = text(message_);
    py::object e = errors::illegal()(message);
    e.attr("rule") = rule;
    e.attr("message") = message;
    PyErr_SetObject(errors::illegal().ptr(), e.ptr());
    throw py::error_already_set();
}

[[noreturn]] inline void raise_notation(const parse_error& p) {
    const py::str message = text(p.describe());
    py::object e = errors::notation()(message);
    e.attr("column") = static_cast<int>(p.column + 1);
    e.attr("token") = text(p.token);
    e.attr("line") = static_cast<int>(p.line);
    e.attr("message") = message;
    PyErr_SetObject(errors::notation().ptr(), e.ptr());
    throw py::error_already_set();
}

// ---- rule sets of the tile game (settings of the standard game, as in the web package) -----------

// The rule sets by name: qwirkle/game/rule_sets.hpp (rules_choices, find_rules).

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
