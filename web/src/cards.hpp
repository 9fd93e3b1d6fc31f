// qwirkle web binding — Qwirkle Cards as the JavaScript package sees it: a session per edition
// (Schmidt or 999 Games) behind one interface, answering in JSON, with undo by replay and a game
// record of the package's own (the library has none for the card game yet):
//
//   qwirkle-cards 1
//   edition schmidt          (or 999)
//   players 2
//   seed 5
//   ages 31 9                (optional)
//   play R4 G4 -> B1 B2 B3 / R4 G4 B4      (the cards played, then the whole table after the turn)
//   cannot                                  (the player declares that no play exists)
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <qwirkle/bots/cards.hpp>
#include <qwirkle/cards/cards.hpp>

#include "json.hpp"
#include "tiles.hpp"

namespace qwirkle::web {

template <cards::card_ruleset R>
void write_rows(json& j, const cards::basic_tableau<R>& t) {
    j.begin_array();
    for (const auto& r : t.rows) {
        j.begin_array();
        for (const auto c : r) j.value(to_string(c));
        j.end_array();
    }
    j.end_array();
}

template <cards::card_ruleset R>
void write_turn_verdict(json& j, const cards::basic_turn_verdict<R>& v) {
    j.begin_object().field("ok", v.ok());
    if (!v.ok()) {
        j.field("rule", id(v.rule)).field("actionRule", "illegal_turn").field("message", "illegal turn: " + v.describe());
        if (v.row >= 0) j.field("row", v.row);
        if (v.rule == cards::turn_rule::card_not_in_hand || v.rule == cards::turn_rule::table_card_missing ||
            v.rule == cards::turn_rule::card_from_nowhere)
            j.field("card", to_string(v.card));
    }
    j.end_object();
}

template <cards::card_ruleset R>
void write_card_verdict(json& j, const cards::basic_action_verdict<R>& v) {
    if (v.error == cards::action_error::illegal_turn) {
        write_turn_verdict(j, v.turn);
        return;
    }
    j.begin_object().field("ok", v.ok());
    if (!v.ok()) {
        j.field("rule", id(v.error)).field("actionRule", id(v.error)).field("message", v.describe());
        if (v.error == cards::action_error::not_your_turn) j.field("seat", v.seat);
    }
    j.end_object();
}

/// A turn as JSON: the cards played, the table after it (Qwirkles still on it), the Qwirkles, and
/// the action in the record's notation.
template <cards::card_ruleset R>
void write_turn(json& j, const cards::basic_turn<R>& t) {
    j.begin_object().field("ok", true).key("played");
    write_tiles(j, t.played);
    j.key("table");
    write_rows(j, t.result);
    j.field("qwirkles", t.qwirkles()).field("cards", t.cards());
    j.field("action", "play " + to_string(t.played) + " -> " + cards::to_string(t.result));
    j.end_object();
}

/// `play CARDS -> TABLEAU` or `cannot` (see the top of this file).
template <cards::card_ruleset R>
parse_result<cards::basic_action<R>> parse_card_action(std::string_view s) {
    const auto tokens = split_tokens(s);
    if (tokens.empty()) return parse_error{0, "", "expected 'play CARDS -> TABLE' or 'cannot'"};
    if (tokens[0].text == "cannot") {
        if (tokens.size() > 1) return parse_error{tokens[1].column, std::string(tokens[1].text), "'cannot' takes nothing"};
        return cards::basic_action<R>::cannot_play();
    }
    if (tokens[0].text != "play") return parse_error{tokens[0].column, std::string(tokens[0].text), "expected 'play CARDS -> TABLE' or 'cannot'"};
    const std::size_t from = tokens[0].column + 4;
    const std::size_t arrow = s.find("->", from);
    if (arrow == std::string_view::npos) return parse_error{s.size(), "", "expected '->' and the table after the turn"};
    auto played = parse_tiles<cards::card_t<R>>(s.substr(from, arrow - from), from);
    if (!played) return played.error();
    auto table = cards::parse_tableau<R>(s.substr(arrow + 2), arrow + 2, /*check_rows*/ false);
    if (!table) return table.error();
    cards::basic_turn<R> t;
    t.played = *played;
    t.result = std::move(table).value();
    return cards::basic_action<R>::play(std::move(t));
}

template <cards::card_ruleset R>
std::string card_action_text(const cards::basic_action<R>& a) {
    if (a.is_cannot_play()) return "cannot";
    return "play " + to_string(a.turn.played) + " -> " + cards::to_string(a.turn.result);
}

inline const char* id(int kind_of_entry) {
    switch (kind_of_entry) {
        case 0: return "play";
        case 1: return "redraw";
        default: return "pass";
    }
}

/// The card game behind one interface, whatever the edition.
class card_session_base {
public:
    virtual ~card_session_base() = default;
    virtual std::string state() const = 0;
    virtual std::string observe(int player) const = 0;
    virtual std::string record() const = 0;
    virtual std::string check(std::string_view action, int player) const = 0;
    virtual std::string apply(std::string_view action, int player) = 0;
    virtual std::string arrange(std::string_view cards) const = 0;
    virtual std::string play_cards(std::string_view cards) = 0;
    virtual std::string hint() const = 0;
    virtual std::string bot_action(std::string_view name, std::uint64_t salt) const = 0;
    virtual std::string legal_actions(int limit) const = 0;
    virtual bool can_play() const = 0;
    virtual bool undo() = 0;
    virtual int undo_turn(int player) = 0;
};

template <cards::card_ruleset R>
class card_session final : public card_session_base {
public:
    using game_type = cards::basic_game<R>;
    using action_type = cards::basic_action<R>;
    using card_type = cards::card_t<R>;

    card_session(const char* edition, int players, std::uint64_t seed, std::vector<int> ages)
        : edition_(edition), players_(players), seed_(seed), ages_(std::move(ages)), game_(players, seed, ages_) {}

    /// Replays actions; "" or why the first refused one is refused.
    std::string replay(const std::vector<action_type>& actions, const std::vector<std::size_t>& lines) {
        for (std::size_t i = 0; i < actions.size(); ++i) {
            const int p = game_.current_player();
            const auto v = game_.apply(actions[i]);
            if (!v) return "line " + std::to_string(lines[i]) + ": " + v.describe();
            log_.push_back({p, actions[i]});
        }
        return {};
    }

    std::string record() const override {
        std::string s = "qwirkle-cards 1\n";
        s.append("edition ").append(edition_).append("\n");
        s.append("players ").append(std::to_string(players_)).append("\n");
        s.append("seed ").append(std::to_string(seed_)).append("\n");
        if (!ages_.empty()) {
            s.append("ages");
            for (int a : ages_) s.append(" ").append(std::to_string(a));
            s.append("\n");
        }
        for (const auto& e : log_) s.append(card_action_text(e.action)).append("\n");
        return s;
    }

    std::string state() const override {
        json j;
        j.begin_object().field("started", true).field("game", "cards").field("edition", edition_);
        j.field("players", game_.players()).field("seed", std::to_string(seed_));
        common(j);
        j.key("hands").begin_array();
        for (int p = 0; p < game_.players(); ++p) write_tiles(j, game_.hand(p));
        j.end_array();
        j.field("pile", game_.pile_size()).field("startPlayer", game_.start_player()).field("redeals", game_.redeals());
        j.field("canPlay", game_.can_play());
        return j.end_object().take();
    }

    std::string observe(int player) const override {
        const auto o = game_.observe(player);
        if (!o) return "null";
        json j;
        j.begin_object().field("game", "cards").field("edition", edition_).field("player", player);
        j.field("players", game_.players());
        common(j);
        j.key("hand");
        write_tiles(j, o->hand);
        j.field("pile", o->pile_size);
        j.key("handSizes").begin_array();
        for (int n : o->hand_sizes) j.value(n);
        j.end_array();
        return j.end_object().take();
    }

    std::string check(std::string_view text, int player) const override {
        json j;
        auto a = parse_card_action<R>(text);
        if (!a) {
            write_parse_error(j, a.error());
            return j.take();
        }
        write_card_verdict(j, player < 0 ? game_.check(*a) : game_.check(player, *a));
        return j.take();
    }

    std::string apply(std::string_view text, int player) override {
        json j;
        auto a = parse_card_action<R>(text);
        if (!a) {
            write_parse_error(j, a.error());
            return j.take();
        }
        return apply_action(*a, player);
    }

    /// The turn playing these cards for the player to act, the solver arranging the table (or, for
    /// Schmidt's opening, the cards as the first row); a verdict when they cannot be played.
    std::string arrange(std::string_view text) const override {
        json j;
        auto t = arranged(text, j);
        if (!t) return j.take();
        write_turn(j, *t);
        return j.take();
    }

    std::string play_cards(std::string_view text) override {
        json j;
        auto t = arranged(text, j);
        if (!t) return j.take();
        return apply_action(action_type::play(*t), -1);
    }

    /// The greedy bot's choice for the player to act: most Qwirkles, then most cards.
    std::string hint() const override { return choice(cards::basic_greedy_card_bot<R>(), 0); }

    std::string bot_action(std::string_view name, std::uint64_t salt) const override {
        auto b = cards::make_card_bot<R>(name);
        if (!b) {
            json j;
            return write_refusal(j, "unknown_bot", "unknown card bot '" + std::string(name) + "' (" + cards::card_bot_names_text() + ")").take();
        }
        return choice(*b, salt);
    }

    std::string legal_actions(int limit) const override {
        json j;
        j.begin_array();
        int n = 0;
        game_.for_each_legal_action([&](const action_type& a) {
            if (limit <= 0 || n < limit) j.value(card_action_text(a));
            ++n;
        });
        return j.end_array().take();
    }

    bool can_play() const override { return game_.can_play(); }

    bool undo() override {
        if (log_.empty()) return false;
        rebuild(log_.size() - 1);
        return true;
    }

    int undo_turn(int player) override {
        std::size_t last = log_.size();
        while (last > 0 && log_[last - 1].player != player) --last;
        if (last == 0) return 0;
        --last;
        // A Schmidt redraw leaves the turn with the same player: take back the whole turn.
        while (last > 0 && log_[last - 1].player == player && log_[last - 1].action.is_cannot_play()) --last;
        const int n = static_cast<int>(log_.size() - last);
        rebuild(last);
        return n;
    }

private:
    struct logged {
        int player;
        action_type action;
    };

    void common(json& j) const {
        j.field("currentPlayer", game_.current_player()).field("terminal", game_.is_terminal());
        j.field("opening", game_.opening()).field("openingRow", game_.opening() && R::first_turn == cards::first_turn_rule::largest_group);
        j.field("finalRound", game_.final_round()).field("finalTurnsLeft", game_.final_turns_left());
        j.key("table");
        write_rows(j, game_.table());
        j.key("collected").begin_array();
        for (int p = 0; p < game_.players(); ++p) {
            cards::basic_tableau<R> t;
            t.rows = game_.collected(p);
            write_rows(j, t);
        }
        j.end_array();
        j.key("qwirkles").begin_array();
        for (int p = 0; p < game_.players(); ++p) j.value(game_.qwirkles(p));
        j.end_array();
        j.key("winners").begin_array();
        for (int p : game_.winners()) j.value(p);
        j.end_array();
        j.key("history").begin_array();
        for (const auto& e : game_.history()) {
            j.begin_object().field("player", e.player).field("kind", id(static_cast<int>(e.what)));
            if (e.what == cards::basic_history_entry<R>::kind::play) {
                j.key("played");
                write_tiles(j, e.turn.played);
                j.key("table");
                write_rows(j, e.turn.result);
            }
            j.field("qwirkles", e.qwirkles).field("drawn", e.drawn).end_object();
        }
        j.end_array();
    }

    std::optional<cards::basic_turn<R>> arranged(std::string_view text, json& j) const {
        auto played = parse_tiles<card_type>(text);
        if (!played) {
            write_parse_error(j, played.error());
            return std::nullopt;
        }
        const auto fail = [&](const char* rule, const std::string& message) {
            write_refusal(j, rule, message);
            return std::nullopt;
        };
        if (game_.is_terminal()) return fail("game_over", "the game is over");
        if (played->empty()) return fail("no_card_played", "no card played (a turn plays at least one card)");
        const auto& hand = game_.hand(game_.current_player());
        bool missing = false;
        played->for_each([&](card_type c) {
            if (!missing && played->count(c) > hand.count(c)) {
                missing = true;
                j.begin_object().field("ok", false).field("rule", "card_not_in_hand").field("card", to_string(c));
                j.field("message", "card " + to_string(c) + " is not in the hand").end_object();
            }
        });
        if (missing) return std::nullopt;
        std::optional<cards::basic_turn<R>> t;
        if (game_.opening() && R::first_turn == cards::first_turn_rule::largest_group) {
            t.emplace();
            t->played = *played;
            t->result = game_.table();
            cards::basic_row<R> row;
            played->for_each([&](card_type c) { row.push_back(c); });
            t->result.rows.push_back(row);
            const auto v = game_.check(action_type::play(*t));
            if (!v) {
                write_card_verdict(j, v);
                return std::nullopt;
            }
            return t;
        }
        t = cards::arrange(game_.table(), *played);
        if (!t) return fail("no_arrangement", "no arrangement of the table takes " + to_string(*played));
        return t;
    }

    std::string apply_action(const action_type& a, int player) {
        json j;
        const int p = game_.current_player();
        const std::size_t before = game_.history().size();
        const auto v = player < 0 ? game_.apply(a) : game_.apply(player, a);
        if (!v) {
            write_card_verdict(j, v);
            return j.take();
        }
        log_.push_back({p, a});
        j.begin_object().field("ok", true).field("player", p).field("action", card_action_text(a));
        const auto& h = game_.history();
        j.field("qwirkles", before < h.size() ? h[before].qwirkles : 0);
        j.field("kind", before < h.size() ? id(static_cast<int>(h[before].what)) : "play");
        j.field("terminal", game_.is_terminal()).field("currentPlayer", game_.current_player());
        return j.end_object().take();
    }

    std::string choice(cards::basic_card_bot<R>& b, std::uint64_t salt) const {
        json j;
        if (game_.is_terminal()) return R"J({"ok":false,"rule":"game_over","message":"the game is over"})J";
        const int p = game_.current_player();
        rng random(seed_ ^ (0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(log_.size() + 1)) ^ salt);
        const auto a = b.choose(*game_.observe(p), random);
        j.begin_object().field("ok", true).field("player", p).field("action", card_action_text(a));
        j.field("cannotPlay", a.is_cannot_play());
        if (!a.is_cannot_play()) {
            j.key("played");
            write_tiles(j, a.turn.played);
            j.key("table");
            write_rows(j, a.turn.result);
            j.field("qwirkles", a.turn.qwirkles());
        }
        return j.end_object().take();
    }
    std::string choice(cards::basic_card_bot<R>&& b, std::uint64_t salt) const { return choice(b, salt); }

    void rebuild(std::size_t keep) {
        auto log = std::move(log_);
        log_.clear();
        game_ = game_type(players_, seed_, ages_);
        for (std::size_t i = 0; i < keep; ++i) {
            game_.apply(log[i].action);  // a prefix of a legal game: accepted
            log_.push_back(log[i]);
        }
    }

    const char* edition_;
    int players_;
    std::uint64_t seed_;
    std::vector<int> ages_;
    game_type game_;
    std::vector<logged> log_;
};

/// Why these settings cannot start a card game ("" when they can).
inline std::string validate_cards(int players, std::string_view edition, const std::vector<int>& ages) {
    if (edition != "schmidt" && edition != "999") return "unknown edition '" + std::string(edition) + "' (schmidt or 999)";
    return edition == "schmidt" ? cards::basic_game<cards::schmidt_rules>::validate(players, ages)
                                : cards::basic_game<cards::games999_rules>::validate(players, ages);
}

inline std::unique_ptr<card_session_base> make_card_session(int players, std::uint64_t seed, std::string_view edition,
                                                            const std::vector<int>& ages) {
    if (!validate_cards(players, edition, ages).empty()) return nullptr;
    if (edition == "schmidt") return std::make_unique<card_session<cards::schmidt_rules>>("schmidt", players, seed, ages);
    return std::make_unique<card_session<cards::games999_rules>>("999", players, seed, ages);
}

/// Replays a card record's actions on a new session of edition R; null (and why) when one is refused.
template <cards::card_ruleset R>
std::unique_ptr<card_session_base> replay_card_actions(const char* edition, int players, std::uint64_t seed,
                                                       const std::vector<int>& ages, const std::vector<std::string>& texts,
                                                       const std::vector<std::size_t>& lines, std::string& error) {
    std::vector<cards::basic_action<R>> actions;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        auto a = parse_card_action<R>(texts[i]);
        if (!a) {
            error = "line " + std::to_string(lines[i]) + ", " + a.error().describe();
            return nullptr;
        }
        actions.push_back(*a);
    }
    auto s = std::make_unique<card_session<R>>(edition, players, seed, ages);
    error = s->replay(actions, lines);
    if (!error.empty()) return nullptr;
    return s;
}

/// A card record (see the top of this file) replayed: the session, or why not in `error`.
inline std::unique_ptr<card_session_base> load_card_record(std::string_view text, std::string& error) {
    std::string edition = "schmidt";
    int players = 2;
    std::uint64_t seed = 0;
    std::vector<int> ages;
    std::vector<std::string> actions;
    std::vector<std::size_t> lines;
    bool header = false;
    std::size_t pos = 0, line_no = 0;
    while (pos <= text.size()) {
        const auto end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const auto tokens = split_tokens(line);
        const auto where = [&](const std::string& why) { return "line " + std::to_string(line_no) + ": " + why; };
        if (!tokens.empty() && tokens[0].text[0] != '#') {
            const std::string_view key = tokens[0].text;
            if (!header) {
                if (key != "qwirkle-cards" || tokens.size() != 2 || tokens[1].text != "1") {
                    error = where("a card record starts with 'qwirkle-cards 1'");
                    return nullptr;
                }
                header = true;
            } else if (key == "edition" || key == "players" || key == "seed" || key == "ages") {
                if (!actions.empty()) {
                    error = where("settings come before the actions");
                    return nullptr;
                }
                if (tokens.size() < 2 || (key != "ages" && tokens.size() != 2)) {
                    error = where("'" + std::string(key) + "' takes " + (key == "ages" ? "numbers" : "one value"));
                    return nullptr;
                }
                if (key == "edition") {
                    edition = std::string(tokens[1].text);
                } else {
                    const std::uint64_t limit = key == "seed" ? ~std::uint64_t{0} : 1000u;
                    for (std::size_t i = 1; i < tokens.size(); ++i) {
                        std::uint64_t v = 0;
                        if (!detail::parse_integer(tokens[i].text, v, std::uint64_t{0}, limit)) {
                            error = where("expected an integer from 0 to " + std::to_string(limit) + ", not '" +
                                          std::string(tokens[i].text) + "'");
                            return nullptr;
                        }
                        if (key == "players") players = static_cast<int>(v);
                        if (key == "seed") seed = v;
                        if (key == "ages") ages.push_back(static_cast<int>(v));
                    }
                }
            } else {
                actions.emplace_back(line);
                lines.push_back(line_no);
            }
        }
        if (end == text.size()) break;
    }
    if (!header) {
        error = "empty record";
        return nullptr;
    }
    if (auto why = validate_cards(players, edition, ages); !why.empty()) {
        error = "the record's settings: " + why;
        return nullptr;
    }
    if (edition == "schmidt") return replay_card_actions<cards::schmidt_rules>("schmidt", players, seed, ages, actions, lines, error);
    return replay_card_actions<cards::games999_rules>("999", players, seed, ages, actions, lines, error);
}

}  // namespace qwirkle::web
