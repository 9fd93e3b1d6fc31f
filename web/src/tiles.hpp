// qwirkle web binding — the tile game as the JavaScript package sees it: a session holding one
// `qwirkle::game` (the standard rule set; the other rule sets are its run-time settings: player
// range, special tiles, action tiles at start), answering in JSON and taking actions in the notation.
//
// Nothing here throws: configurations are validated before a game is built, parse errors and
// refused actions are answered as JSON verdicts naming the rule.
#pragma once

#include <algorithm>
#include <bit>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/qwirkle.hpp>

#include "json.hpp"

namespace qwirkle::web {

// ---- names ------------------------------------------------------------------------------------

/// The rule identifiers (qwirkle/notation/identifiers.hpp, qwirkle/cards/identifiers.hpp), by
/// argument-dependent lookup: the same words in the Python and web packages.
template <class Enum>
constexpr const char* id(Enum e) { return identifier(e); }

// The rule sets by name: qwirkle/game/rule_sets.hpp (rules_choices, find_rules).

/// The rule-set name of a configuration read from a record (the expansions decide it).
inline const char* rules_of(const game_config& c) {
    const unsigned s = c.special_tiles.value_or(0), a = c.starting_actions.value_or(0);
    for (const auto& r : rules_choices)
        if (r.special_tiles == s && r.starting_actions == a && (s || a || std::string_view(r.name) == "standard")) return r.name;
    return "standard";
}

// ---- JSON pieces ------------------------------------------------------------------------------

template <class Tile>
void write_tiles(json& j, const basic_tile_multiset<Tile>& m) {
    j.begin_array();
    m.for_each([&](Tile t) { j.value(to_string(t)); });
    j.end_array();
}

inline void write_cell(json& j, cell c) {
    j.begin_object().field("x", c.x).field("y", c.y).end_object();
}

template <class R>
void write_move(json& j, const basic_move<R>& m) {
    j.begin_array();
    for (const auto& p : m) j.begin_object().field("x", p.at.x).field("y", p.at.y).field("tile", to_string(p.tile)).end_object();
    j.end_array();
}

template <class Board>
void write_board(json& j, const Board& b) {
    std::vector<std::pair<cell, std::string>> tiles;
    b.for_each_tile([&](cell c, auto t) { tiles.emplace_back(c, to_string(t)); });
    std::sort(tiles.begin(), tiles.end(), [](const auto& a, const auto& c) {
        return a.first.y != c.first.y ? a.first.y < c.first.y : a.first.x < c.first.x;
    });
    j.begin_array();
    for (const auto& [c, t] : tiles) j.begin_object().field("x", c.x).field("y", c.y).field("tile", t).end_object();
    j.end_array();
}

inline void write_actions(json& j, unsigned mask) {
    j.begin_array();
    if (mask & action_bit(action_tile::draw_three)) j.value("draw3");
    if (mask & action_bit(action_tile::take_tile)) j.value("take");
    j.end_array();
}

/// An action refused, with the rule it breaks and why: {"ok":false,"rule":...,"message":...}.
inline json& write_refusal(json& j, std::string_view rule, std::string_view message) {
    return j.begin_object().field("ok", false).field("rule", rule).field("message", message).end_object();
}

inline void write_parse_error(json& j, const parse_error& e) {
    j.begin_object()
        .field("ok", false)
        .field("rule", "parse_error")
        .field("message", e.describe())
        .field("column", static_cast<int>(e.column + 1))
        .field("token", e.token);
    if (e.line) j.field("line", static_cast<int>(e.line));
    j.end_object();
}

template <class R>
void write_verdict(json& j, const basic_action_error<R>& e) {
    j.begin_object().field("ok", e.ok());
    if (!e.ok()) {
        j.field("actionRule", id(e.rule)).field("message", e.describe());
        if (e.rule == action_rule::illegal_placement) {
            j.field("rule", id(e.placement.rule));
            if (e.placement.rule != placement_rule::empty_move && e.placement.rule != placement_rule::opening_group_size) {
                j.key("cell");
                write_cell(j, e.placement.where);
            }
            if (e.placement.rule == placement_rule::line_too_long || e.placement.rule == placement_rule::duplicate_in_line ||
                e.placement.rule == placement_rule::mixed_line) {
                j.field("line", e.placement.line == axis::row ? "row" : "column").field("length", e.placement.length);
            }
            if (e.placement.rule == placement_rule::opening_group_size) j.field("length", e.placement.length);
            if (e.placement.rule == placement_rule::tile_not_in_hand) j.field("tile", to_string(e.placement.tile));
        } else if (e.rule == action_rule::take_refused) {
            j.field("rule", id(e.take));
        } else {
            j.field("rule", id(e.rule));
            if (e.rule == action_rule::exchange_not_in_hand) j.field("tile", to_string(e.tile));
            if (e.rule == action_rule::not_your_turn) j.field("seat", e.count);
            if (e.rule == action_rule::exchange_too_many || e.rule == action_rule::exchange_bag_too_small) j.field("limit", e.count);
        }
    }
    j.end_object();
}

// ---- the tile-game session ----------------------------------------------------------------------

class tile_session {
public:
    using game_type = game;
    using action_type = game_type::action_type;
    using move_type = game_type::move_type;

    /// Why these settings cannot start a game ("" when they can).
    static std::string validate(int players, std::uint64_t seed, std::string_view rules, int hand_size,
                                const std::vector<int>& ages, game_config* out = nullptr) {
        const rules_choice* r = find_rules(rules);
        if (!r) {
            std::string names;
            for (const auto& c : rules_choices) names.append(names.empty() ? "" : ", ").append(c.name);
            return "unknown rule set '" + std::string(rules) + "' (one of " + names + ")";
        }
        if (players < r->min_players || players > r->max_players)
            return std::string("the ") + r->name + " rules take " + std::to_string(r->min_players) + " to " +
                   std::to_string(r->max_players) + " players";
        game_config c;
        c.players = players;
        c.seed = seed;
        c.hand_size = hand_size;
        c.ages = ages;
        if (r->special_tiles) c.special_tiles = r->special_tiles;
        if (r->starting_actions) c.starting_actions = r->starting_actions;
        if (auto why = game_type::validate(c); !why.empty()) return why;
        if (out) *out = c;
        return {};
    }

    /// Starts a new game; "" or why not (then nothing changes).
    std::string start(int players, std::uint64_t seed, std::string_view rules, int hand_size, const std::vector<int>& ages) {
        game_config c;
        if (auto why = validate(players, seed, rules, hand_size, ages, &c); !why.empty()) return why;
        rules_ = find_rules(rules)->name;
        game_.emplace(c);
        return {};
    }

    /// Loads a game record (`qwirkle-game 1` ...): "" or why not, with the line and column.
    std::string load(std::string_view text) {
        auto rec = parse_record(text);
        if (!rec) return rec.error().describe();
        auto r = game_type::replay(rec->config, rec->actions);
        if (!r.config_error.empty()) return "the record's settings: " + r.config_error;
        if (!r.game) return "action " + std::to_string(r.failed_at + 1) + " (" + to_string(rec->actions[r.failed_at]) +
                            "): " + r.error.describe();
        rules_ = rules_of(rec->config);
        game_ = std::move(r.game);
        return {};
    }

    bool started() const noexcept { return game_.has_value(); }
    const game_type& g() const { return *game_; }

    std::string record() const { return game_ ? to_record(*game_) : std::string(); }

    /// Everything, hidden information included (for tools and tests; a person's view is observe).
    std::string state() const {
        json j;
        if (!game_) return j.begin_object().field("started", false).end_object().take();
        const auto& g = *game_;
        j.begin_object().field("started", true).field("game", "tiles").field("rules", rules_);
        j.field("players", g.players()).field("seed", std::to_string(g.config().seed)).field("handSize", g.hand_size());
        j.field("currentPlayer", g.current_player()).field("terminal", g.is_terminal()).field("endReason", id(g.end_reason()));
        j.field("turn", g.state().turn()).field("bag", g.bag_size()).field("openingSize", g.opening_size());
        j.key("board");
        write_board(j, g.board());
        j.key("hands").begin_array();
        for (int p = 0; p < g.players(); ++p) write_tiles(j, g.hand(p));
        j.end_array();
        j.key("scores").begin_array();
        for (int p = 0; p < g.players(); ++p) j.value(g.score(p));
        j.end_array();
        j.key("winners").begin_array();
        for (int p : g.winners()) j.value(p);
        j.end_array();
        j.key("actionsHeld").begin_array();
        for (int p = 0; p < g.players(); ++p) write_actions(j, g.actions_held(p));
        j.end_array();
        j.key("actionsUsed").begin_array();
        for (int p = 0; p < g.players(); ++p) write_actions(j, g.actions_used(p));
        j.end_array();
        j.field("actionThisTurn", g.action_this_turn());
        j.key("forbidden");
        if (g.forbidden_cell()) write_cell(j, *g.forbidden_cell());
        else j.null();
        j.field("canPlace", g.can_place()).field("canExchange", g.can_exchange());
        j.field("canPass", !g.is_terminal() && g.check(action_type::pass()).ok());
        j.key("history");
        write_history(j, 0);
        return j.end_object().take();
    }

    /// What `player` may know (no other hand, no bag order): the view a person plays from.
    std::string observe(int player) const {
        json j;
        if (!game_) return "null";
        const auto o = game_->observe(player);
        if (!o) return "null";
        j.begin_object().field("game", "tiles").field("rules", rules_).field("player", o->player);
        j.field("players", o->players()).field("currentPlayer", o->current_player).field("terminal", o->terminal);
        j.field("endReason", id(game_->end_reason())).field("turn", o->turn);
        j.key("board");
        write_board(j, o->board);
        j.key("hand");
        write_tiles(j, o->hand);
        j.key("scores").begin_array();
        for (int s : o->scores) j.value(s);
        j.end_array();
        j.key("handSizes").begin_array();
        for (int s : o->hand_sizes) j.value(s);
        j.end_array();
        j.field("bag", o->bag_size).field("handLimit", o->hand_limit).field("openingSize", o->opening_size);
        j.key("unseen");
        write_tiles(j, o->unseen);
        j.key("actionsHeld").begin_array();
        for (unsigned a : o->actions_held) write_actions(j, a);
        j.end_array();
        j.key("actionsUsed").begin_array();
        for (unsigned a : o->actions_used) write_actions(j, a);
        j.end_array();
        j.field("actionThisTurn", o->action_this_turn);
        j.key("forbidden");
        if (o->forbidden) write_cell(j, *o->forbidden);
        else j.null();
        j.field("specialsInBag", static_cast<int>(std::popcount(o->specials_in_bag)));
        j.field("canExchange", o->can_exchange());
        j.key("canUse").begin_object();
        j.field("draw3", o->can_use(action_tile::draw_three)).field("take", o->can_use(action_tile::take_tile));
        j.end_object();
        j.key("winners").begin_array();
        for (int p : game_->winners()) j.value(p);
        j.end_array();
        j.key("history");
        write_history(j, 0);
        return j.end_object().take();
    }

    /// The history from action `from` on.
    void write_history(json& j, std::size_t from) const {
        j.begin_array();
        const auto& h = game_->history();
        for (std::size_t i = from; i < h.size(); ++i) {
            const auto& t = h[i];
            j.begin_object().field("player", t.player).field("kind", id(t.action.kind)).field("action", to_string(t.action));
            j.field("score", t.score).field("bonus", t.bonus);
            if (t.action.kind == action_kind::place) {
                j.key("tiles");
                write_move(j, t.action.move);
            }
            if (t.revealed) {
                j.key("revealed");
                write_actions(j, t.revealed);
            }
            j.end_object();
        }
        j.end_array();
    }

    /// Every legal placement of the player to act, with its score, in the generator's order.
    std::string legal_moves() const {
        json j;
        j.begin_array();
        if (game_)
            game_->for_each_legal_move([&](const move_type& m, int score) { write_scored(j, m, score); });
        return j.end_array().take();
    }

    /// Every legal action of the player to act, in the notation (at most `limit`; 0: all).
    std::string legal_actions(int limit) const {
        json j;
        j.begin_array();
        int n = 0;
        if (game_)
            game_->for_each_legal_action([&](const action_type& a) {
                if (limit <= 0 || n < limit) j.value(to_string(a));
                ++n;
            });
        return j.end_array().take();
    }

    /// The n best placements (highest score first; ties in the generator's order).
    std::string hints(int n) const {
        json j;
        j.begin_array();
        if (game_) {
            auto moves = game_->legal_moves();
            std::stable_sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
            for (std::size_t i = 0; i < moves.size() && static_cast<int>(i) < n; ++i) write_scored(j, moves[i].move, moves[i].score);
        }
        return j.end_array().take();
    }

    /// Would this action (notation) be legal now for `player` (−1: the player to act)?
    std::string check(std::string_view text, int player) const {
        json j;
        if (!game_) return not_started();
        auto a = parse_action(text);
        if (!a) {
            write_parse_error(j, a.error());
            return j.take();
        }
        write_verdict(j, player < 0 ? game_->check(*a) : game_->check(player, *a));
        return j.take();
    }

    /// A placement's verdict and, when legal, its score and the Qwirkles it makes — before it is played.
    std::string preview(std::string_view text) const {
        json j;
        if (!game_) return not_started();
        auto m = parse_move(text);
        if (!m) {
            write_parse_error(j, m.error());
            return j.take();
        }
        const auto e = game_->check(action_type::place(*m));
        if (!e.ok()) {
            write_verdict(j, e);
            return j.take();
        }
        j.begin_object().field("ok", true).field("score", score_placement(game_->board(), *m));
        j.field("qwirkles", qwirkles_made(game_->board(), *m));
        const auto left = hand_after(game_->hand(game_->current_player()), *m);
        j.field("endsGame", left.empty() && game_->bag_size() == 0);
        return j.end_object().take();
    }

    /// Plays the action (notation) for `player` (−1: the player to act). On success the turn as it
    /// happened; otherwise the verdict, and nothing changed.
    std::string apply(std::string_view text, int player) {
        json j;
        if (!game_) return not_started();
        auto a = parse_action(text);
        if (!a) {
            write_parse_error(j, a.error());
            return j.take();
        }
        const std::size_t before = game_->history().size();
        const auto e = player < 0 ? game_->apply(*a) : game_->apply(player, *a);
        if (!e.ok()) {
            write_verdict(j, e);
            return j.take();
        }
        j.begin_object().field("ok", true).key("turn");
        const auto& t = game_->history()[before];
        j.begin_object().field("player", t.player).field("kind", id(t.action.kind)).field("action", to_string(t.action));
        j.field("score", t.score).field("bonus", t.bonus);
        if (t.revealed) {
            j.key("revealed");
            write_actions(j, t.revealed);
        }
        j.end_object();
        j.field("terminal", game_->is_terminal()).field("currentPlayer", game_->current_player());
        return j.end_object().take();
    }

    /// The free cells where `tile` may go, given the tiles already put down this turn (`pending`,
    /// a move in the notation, possibly empty): those of every legal placement that contains all
    /// pending tiles and `tile` on one more cell. Empty when the pending tiles lead nowhere.
    std::string targets(std::string_view pending, std::string_view tile_text) const {
        json j;
        j.begin_array();
        if (!game_ || game_->is_terminal()) return j.end_array().take();
        auto t = parse_tile(tile_text);
        move_type p;
        if (!split_tokens(pending).empty()) {
            auto m = parse_move(pending);
            if (!m) return j.end_array().take();
            p = *m;
        }
        if (!t) return j.end_array().take();
        std::vector<cell> out;
        game_->for_each_legal_move([&](const move_type& m, int) {
            if (m.size() <= p.size()) return;
            for (const auto& q : p) {
                bool found = false;
                for (const auto& x : m) found = found || x == q;
                if (!found) return;
            }
            for (const auto& x : m) {
                if (x.tile != *t) continue;
                bool pending_cell = false;
                for (const auto& q : p) pending_cell = pending_cell || q.at == x.at;
                if (!pending_cell && std::find(out.begin(), out.end(), x.at) == out.end()) out.push_back(x.at);
            }
        });
        for (cell c : out) write_cell(j, c);
        return j.end_array().take();
    }

    /// What the named bot would play now for the player to act (it sees only that player's
    /// observation). `seconds` > 0 gives the Monte-Carlo bot a time budget instead of its playouts.
    std::string bot_action(std::string_view name, double seconds, std::uint64_t salt) const {
        json j;
        if (!game_) return not_started();
        if (game_->is_terminal()) return write_refusal(j, "game_over", "the game is over").take();
        std::unique_ptr<bot> b;
        if ((name == "monte-carlo" || name == "mc") && seconds > 0) {
            monte_carlo_options o;
            o.seconds = seconds;
            b = std::make_unique<monte_carlo_bot_type>(o);
        } else if (name == "expert" && seconds > 0) {  // (without a budget: its 400 iterations, reproducible)
            expert_options o;
            o.seconds = seconds;
            b = std::make_unique<expert_bot_type>(o);
        } else {
            b = make_bot(name);
        }
        if (!b) return write_refusal(j, "unknown_bot", "unknown bot '" + std::string(name) + "' (" + bot_names_text() + ")").take();
        const int p = game_->current_player();
        rng random(game_->config().seed ^ (0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(game_->history().size() + 1)) ^ salt);
        const auto a = b->choose(*game_->observe(p), random);
        return j.begin_object().field("ok", true).field("player", p).field("action", to_string(a)).end_object().take();
    }

    /// A sensible exchange for the player to act (duplicates and tiles outside the largest group).
    std::string suggested_exchange() const {
        if (!game_ || game_->is_terminal()) return "";
        return to_string(sensible_exchange(*game_->observe(game_->current_player())));
    }

    /// Takes back the last action. False when none was played.
    bool undo() { return game_ && game_->undo(); }

    /// Takes back `player`'s last turn (with the action tile that opened it) and everything after
    /// it; the number of actions taken back (0: none of that player's).
    int undo_turn(int player) {
        if (!game_) return 0;
        const auto& h = game_->history();
        std::size_t last = h.size();
        while (last > 0 && h[last - 1].player != player) --last;
        if (last == 0) return 0;
        --last;
        while (last > 0 && h[last - 1].player == player && is_action_tile(h[last - 1].action.kind)) --last;
        const int n = static_cast<int>(h.size() - last);
        auto acts = game_->actions();
        acts.resize(last);
        auto r = game_type::replay(game_->config(), acts);
        if (!r.game) return 0;  // cannot happen: a prefix of a legal game replays
        game_ = std::move(r.game);
        return n;
    }

private:
    using monte_carlo_bot_type = basic_monte_carlo_bot<standard_rules>;
    using expert_bot_type = basic_expert_bot<standard_rules>;

    static std::string not_started() { return R"J({"ok":false,"rule":"no_game","message":"no game started"})J"; }
    static void write_scored(json& j, const move_type& m, int score) {
        j.begin_object().field("score", score).field("move", to_string(m.sorted())).key("tiles");
        write_move(j, m.sorted());
        j.end_object();
    }

    std::optional<game_type> game_;
    std::string rules_ = "standard";
};

}  // namespace qwirkle::web
