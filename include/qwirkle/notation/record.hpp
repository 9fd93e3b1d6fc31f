// SPDX-License-Identifier: MIT
/// @file
/// Actions and whole games as text (serialisation of the tile game).
///
/// @code{.unparsed}
///   action   a move (`0,0,R1 1,0,R2`), `exchange R1 G2`, `pass`, or an action tile: `draw3`,
///            `take x,y` (the same player then plays the turn's main action on the next line)
///   record   qwirkle-game 1
///            players 2
///            seed 42
///            hand 6            (optional: the rule set's size when absent)
///            ages 31 9         (optional)
///            specials 3        (optional: special tiles in the bag, a mask of action_tile bits)
///            actions 3         (optional: action tiles held from the start, likewise)
///            <one action per line, in turn order>
/// @endcode
///
/// A record holds the configuration and the actions; replaying it rebuilds the exact game.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "../game/game.hpp"
#include "notation.hpp"

namespace qwirkle {

/// An action as one line of a record: a move (`0,0,R1 1,0,R2`), `exchange R1 G2`, `pass`, `draw3`
/// or `take x,y`; parse_action() reads it back.
template <ruleset R>
std::string to_string(const basic_action<R>& a) {
    switch (a.kind) {
        case action_kind::place: return to_string(a.move);
        case action_kind::exchange: return "exchange " + to_string(a.tiles);
        case action_kind::pass: return "pass";
        case action_kind::draw_three: return "draw3";
        case action_kind::take_tile: return "take " + to_string(a.at);
    }
    return {};
}

/// Reads an action written as to_string() writes it. Only the syntax is checked (a move names at
/// least one and at most a line's worth of tiles), not legality: see basic_game::check().
/// `base` is added to the columns of errors (the offset of `s` in its line).
template <ruleset R = standard_rules>
parse_result<basic_action<R>> parse_action(std::string_view s, std::size_t base = 0) {
    const auto tokens = split_tokens(s, base);
    if (tokens.empty()) return parse_error{base, "", "expected a move, 'exchange TILES' or 'pass'"};
    const std::string_view head = tokens[0].text;
    if (head == "pass") {
        if (tokens.size() > 1) return parse_error{tokens[1].column, std::string(tokens[1].text), "'pass' takes nothing"};
        return basic_action<R>::pass();
    }
    if (head == "draw3") {
        if (tokens.size() > 1) return parse_error{tokens[1].column, std::string(tokens[1].text), "'draw3' takes nothing"};
        return basic_action<R>::draw_three();
    }
    if (head == "take") {
        if (tokens.size() != 2) return parse_error{tokens[0].column, "take", "'take' takes one cell: take x,y"};
        auto c = parse_cell(tokens[1].text, tokens[1].column);
        if (!c) return c.error();
        return basic_action<R>::take_tile(*c);
    }
    if (head == "exchange") {
        const std::size_t from = tokens[0].column - base + head.size();
        auto t = parse_tiles<tile_t<R>>(s.substr(from), base + from);
        if (!t) return t.error();
        if (t->empty()) return parse_error{tokens[0].column, "exchange", "name the tiles to exchange"};
        return basic_action<R>::exchange(*t);
    }
    auto m = parse_move<R>(s, base);
    if (!m) return m.error();
    return basic_action<R>::place(*m);
}

/// A game's configuration and actions.
template <ruleset R = standard_rules>
struct basic_game_record {
    game_config config;                    ///< the settings (players, seed, hand, ages, specials, actions)
    std::vector<basic_action<R>> actions;  ///< the actions in turn order (action tiles included)
};

/// The game as a record (`qwirkle-game 1`, its settings, one action per line); replaying it with
/// parse_record() and basic_game::replay() rebuilds the same game.
template <ruleset R, int Radius>
std::string to_record(const basic_game<R, Radius>& g) {
    // Appended piece by piece (GCC 12 at -O3 misreads `"literal" + std::string` as an overlapping copy).
    std::string s = "qwirkle-game 1\n";
    const auto setting = [&s](const char* key, const std::string& value) {
        s.append(key).append(" ").append(value).append("\n");
    };
    setting("players", std::to_string(g.players()));
    setting("seed", std::to_string(g.config().seed));
    setting("hand", std::to_string(g.hand_size()));
    if (g.config().special_tiles) setting("specials", std::to_string(*g.config().special_tiles));
    if (g.config().starting_actions) setting("actions", std::to_string(*g.config().starting_actions));
    if (!g.config().ages.empty()) {
        std::string ages;
        for (int a : g.config().ages) ages.append(ages.empty() ? "" : " ").append(std::to_string(a));
        setting("ages", ages);
    }
    for (const auto& t : g.history()) s.append(to_string(t.action)).append("\n");
    return s;
}

/// Reads a record as to_record() writes it; blank lines and lines starting with `#` are skipped.
/// Errors give the 1-based line: a missing `qwirkle-game 1` header, a setting after the first action,
/// a number out of range, a line that is neither a setting nor an action. The
/// configuration and the actions' legality are not checked here (basic_game::replay() does).
template <ruleset R = standard_rules>
parse_result<basic_game_record<R>> parse_record(std::string_view text) {
    basic_game_record<R> rec;
    std::size_t line_no = 0, pos = 0;
    bool header = false;
    const auto fail = [&](std::size_t col, std::string_view tok, std::string why) {
        parse_error e{col, std::string(tok), std::move(why)};
        e.line = line_no;
        return e;
    };
    while (pos <= text.size()) {
        const auto end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const auto tokens = split_tokens(line);
        if (tokens.empty() || tokens[0].text[0] == '#') {
            if (end == text.size()) break;
            continue;
        }
        const std::string_view key = tokens[0].text;
        if (!header) {
            if (key != "qwirkle-game" || tokens.size() != 2 || tokens[1].text != "1")
                return fail(tokens[0].column, key, "a record starts with 'qwirkle-game 1'");
            header = true;
        } else if (key == "players" || key == "seed" || key == "hand" || key == "ages" || key == "specials" ||
                   key == "actions") {
            if (!rec.actions.empty()) return fail(tokens[0].column, key, "settings come before the actions");
            if (tokens.size() < 2 || (key != "ages" && tokens.size() != 2))
                return fail(tokens[0].column, key, "'" + std::string(key) + "' takes " + (key == "ages" ? "numbers" : "one number"));
            // The seed takes any 64-bit value; the other settings are small: anything larger is refused,
            // never truncated.
            const std::uint64_t limit = key == "seed" ? ~std::uint64_t{0} : key == "ages" ? 1000u : 1'000'000u;
            std::vector<std::uint64_t> values;
            for (std::size_t i = 1; i < tokens.size(); ++i) {
                std::uint64_t v = 0;
                if (!detail::parse_integer(tokens[i].text, v, std::uint64_t{0}, limit))
                    return fail(tokens[i].column, tokens[i].text,
                                "expected an integer from 0 to " + std::to_string(limit));
                values.push_back(v);
            }
            if (key == "players") rec.config.players = static_cast<int>(values[0]);
            if (key == "seed") rec.config.seed = values[0];
            if (key == "hand") rec.config.hand_size = static_cast<int>(values[0]);
            if (key == "specials") rec.config.special_tiles = static_cast<unsigned>(values[0]);
            if (key == "actions") rec.config.starting_actions = static_cast<unsigned>(values[0]);
            if (key == "ages")
                for (auto v : values) rec.config.ages.push_back(static_cast<int>(v));
        } else {
            auto a = parse_action<R>(line);
            if (!a) {
                auto e = a.error();
                e.line = line_no;
                return e;
            }
            rec.actions.push_back(*a);
        }
        if (end == text.size()) break;
    }
    if (!header) return fail(0, "", "empty record");
    return rec;
}

}  // namespace qwirkle
