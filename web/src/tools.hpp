// qwirkle web binding — functions without a game: the perft answers (exactly the tools' lines),
// a placement's verdict and score on a position, the card solver on a position, and the movegen
// benchmark that runs the same code natively and in WebAssembly.
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/cards/cards.hpp>
#include <qwirkle/qwirkle.hpp>

#include "cards.hpp"
#include "json.hpp"
#include "tiles.hpp"

namespace qwirkle::web {

/// `qwirkle-perft` for one line; `forbid` is a cell `x,y` or "" (a malformed cell answers an error line).
inline std::string tiles_perft(std::string_view line, bool list, std::string_view forbid) {
    perft_options o;
    o.list = list;
    if (!split_tokens(forbid).empty()) {
        auto c = parse_cell(forbid);
        if (!c) return "error: --forbid: " + c.error().describe();
        o.forbid = *c;
    }
    return perft(line, o);
}

/// `qwirkle-cards-perft` for one line (its number given, for the error lines).
inline std::string cards_perft(std::string_view line, bool best, int line_no) {
    cards::perft_options o;
    o.best = best;
    return cards::perft(line, o, line_no);
}

/// A placement checked (and scored when legal) on a position `<board> | <hand>`.
inline std::string check_position_move(std::string_view position, std::string_view move) {
    json j;
    auto pos = parse_position(position);
    if (!pos) {
        write_parse_error(j, pos.error());
        return j.take();
    }
    auto m = parse_move(move);
    if (!m) {
        write_parse_error(j, m.error());
        return j.take();
    }
    basic_move<standard_rules> shifted;
    for (const auto& p : *m) shifted.push_back({{p.at.x + pos->offset.x, p.at.y + pos->offset.y}, p.tile});
    basic_action_error<standard_rules> e;
    e.placement = check_placement(pos->board, pos->hand, shifted);
    if (!e.placement.ok()) {
        e.rule = action_rule::illegal_placement;
        e.placement.where = {e.placement.where.x - pos->offset.x, e.placement.where.y - pos->offset.y};
        write_verdict(j, e);
        return j.take();
    }
    j.begin_object().field("ok", true).field("score", score_placement(pos->board, shifted));
    return j.field("qwirkles", qwirkles_made(pos->board, shifted)).end_object().take();
}

/// Every legal placement on a position, with its score (input coordinates).
inline std::string position_moves(std::string_view position) {
    json j;
    auto pos = parse_position(position);
    if (!pos) {
        write_parse_error(j, pos.error());
        return j.take();
    }
    j.begin_array();
    for_each_move(pos->board, pos->hand, [&](const move& m, int score) {
        move back;
        for (const auto& p : m.sorted()) back.push_back({{p.at.x - pos->offset.x, p.at.y - pos->offset.y}, p.tile});
        j.begin_object().field("score", score).field("move", to_string(back)).key("tiles");
        write_move(j, back);
        j.end_object();
    });
    return j.end_array().take();
}

// ---- the card solver on a position ----------------------------------------------------------------

template <cards::card_ruleset R = cards::standard_rules>
std::string card_solve(std::string_view position, std::string_view goal) {
    json j;
    auto pos = cards::parse_position<R>(position);
    if (!pos) {
        write_parse_error(j, pos.error());
        return j.take();
    }
    const auto obj = goal == "cards" ? cards::objective::cards_then_qwirkles : cards::objective::qwirkles_then_cards;
    auto t = cards::best_turn(pos->table, pos->hand, obj);
    if (!t) return R"J({"ok":false,"rule":"no_play","message":"no card of the hand can be played"})J";
    write_turn(j, *t);
    return j.take();
}

template <cards::card_ruleset R = cards::standard_rules>
std::string card_arrange(std::string_view table, std::string_view played) {
    json j;
    auto t = cards::parse_tableau<R>(table);
    if (!t) {
        write_parse_error(j, t.error());
        return j.take();
    }
    auto p = parse_tiles<cards::card_t<R>>(played);
    if (!p) {
        write_parse_error(j, p.error());
        return j.take();
    }
    auto turn = cards::arrange(*t, *p);
    if (!turn) return R"J({"ok":false,"rule":"no_arrangement","message":"no legal arrangement of the table takes these cards"})J";
    write_turn(j, *turn);
    return j.take();
}

template <cards::card_ruleset R = cards::standard_rules>
std::string card_playable(std::string_view position) {
    json j;
    auto pos = cards::parse_position<R>(position);
    if (!pos) {
        write_parse_error(j, pos.error());
        return j.take();
    }
    std::vector<cards::cards_t<R>> parts;
    cards::playable_subsets(pos->table, pos->hand, std::back_inserter(parts));
    j.begin_array();
    for (const auto& p : parts) write_tiles(j, p);
    return j.end_array().take();
}

template <cards::card_ruleset R = cards::standard_rules>
std::string card_can_play(std::string_view position) {
    json j;
    auto pos = cards::parse_position<R>(position);
    if (!pos) {
        write_parse_error(j, pos.error());
        return j.take();
    }
    return j.begin_object().field("ok", true).field("canPlay", cards::can_play(pos->table, pos->hand)).end_object().take();
}

/// check_turn: the table before, the hand, the cards played and the table after.
template <cards::card_ruleset R = cards::standard_rules>
std::string card_check_turn(std::string_view before, std::string_view hand, std::string_view played, std::string_view after) {
    json j;
    auto b = cards::parse_tableau<R>(before);
    if (!b) {
        write_parse_error(j, b.error());
        return j.take();
    }
    auto h = parse_tiles<cards::card_t<R>>(hand);
    if (!h) {
        write_parse_error(j, h.error());
        return j.take();
    }
    auto p = parse_tiles<cards::card_t<R>>(played);
    if (!p) {
        write_parse_error(j, p.error());
        return j.take();
    }
    auto a = cards::parse_tableau<R>(after, 0, false);
    if (!a) {
        write_parse_error(j, a.error());
        return j.take();
    }
    cards::basic_turn<R> t;
    t.played = *p;
    t.result = *a;
    write_turn_verdict(j, cards::check_turn(*b, *h, t));
    return j.take();
}

// ---- the notation, read ------------------------------------------------------------------------------

/// A tile-game action in the notation, as an object: {ok, kind, tiles | cell}, or the parse error.
inline std::string parse_action_json(std::string_view text) {
    json j;
    auto a = parse_action(text);
    if (!a) {
        write_parse_error(j, a.error());
        return j.take();
    }
    j.begin_object().field("ok", true).field("kind", id(a->kind)).field("text", to_string(*a));
    if (a->kind == action_kind::place) {
        j.key("tiles");
        write_move(j, a->move);
    } else if (a->kind == action_kind::exchange) {
        j.key("tiles");
        write_tiles(j, a->tiles);
    } else if (a->kind == action_kind::take_tile) {
        j.key("cell");
        write_cell(j, a->at);
    }
    return j.end_object().take();
}

/// A position `<board> | <hand>` checked as the perft tool checks it: {ok, board, hand} or the error.
inline std::string parse_position_json(std::string_view text) {
    json j;
    auto pos = parse_position(text);
    if (!pos) {
        write_parse_error(j, pos.error());
        return j.take();
    }
    j.begin_object().field("ok", true).key("board").begin_array();
    std::vector<std::pair<cell, std::string>> tiles;
    pos->board.for_each_tile([&](cell c, tile t) { tiles.emplace_back(cell{c.x - pos->offset.x, c.y - pos->offset.y}, to_string(t)); });
    std::sort(tiles.begin(), tiles.end(), [](const auto& a, const auto& b) {
        return a.first.y != b.first.y ? a.first.y < b.first.y : a.first.x < b.first.x;
    });
    for (const auto& [c, t] : tiles) j.begin_object().field("x", c.x).field("y", c.y).field("tile", t).end_object();
    j.end_array().key("hand");
    write_tiles(j, pos->hand);
    return j.end_object().take();
}

/// A card position `<table> | <hand>`: {ok, table, hand} or the error.
template <cards::card_ruleset R = cards::standard_rules>
std::string card_parse_position(std::string_view text) {
    json j;
    auto pos = cards::parse_position<R>(text);
    if (!pos) {
        write_parse_error(j, pos.error());
        return j.take();
    }
    j.begin_object().field("ok", true).key("table");
    write_rows(j, pos->table);
    j.key("hand");
    write_tiles(j, pos->hand);
    return j.end_object().take();
}

// ---- benchmarks (the same source natively and in WebAssembly) -------------------------------------

/// Move generation over positions `<board> | <hand>` (one per line; text after a tab is ignored):
/// count_moves on every position, the whole list again and again for at least `seconds`.
inline std::string bench_movegen(std::string_view text, double seconds) {
    std::vector<basic_position<>> positions;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        line = line.substr(0, line.find('\t'));
        if (perft_skips(line)) continue;
        auto p = parse_position(line);
        if (p) positions.push_back(*p);
    }
    json j;
    if (positions.empty()) return R"J({"ok":false,"message":"no position"})J";
    using clock = std::chrono::steady_clock;
    long long moves_per_pass = 0;
    for (const auto& p : positions) moves_per_pass += count_moves(p.board, p.hand).moves;
    long long passes = 0, checksum = 0;
    const auto start = clock::now();
    double elapsed = 0;
    do {
        for (const auto& p : positions) checksum += count_moves(p.board, p.hand).total;
        ++passes;
        elapsed = std::chrono::duration<double>(clock::now() - start).count();
    } while (elapsed < seconds);
    const double n_pos = static_cast<double>(passes) * static_cast<double>(positions.size());
    const double n_moves = static_cast<double>(passes) * static_cast<double>(moves_per_pass);
    j.begin_object().field("ok", true).field("positions", static_cast<int>(positions.size()));
    j.field("movesPerPass", moves_per_pass).field("passes", passes).field("seconds", elapsed);
    j.field("nsPerPosition", elapsed * 1e9 / n_pos).field("nsPerMove", elapsed * 1e9 / n_moves).field("checksum", checksum);
    return j.end_object().take();
}

/// Greedy self-play through the game API: 2 players, `games` games from seeds 1.., for at least
/// one pass; games per second.
inline std::string bench_selfplay(int games) {
    using clock = std::chrono::steady_clock;
    greedy_bot b;
    std::array<bot*, 2> seats{&b, &b};
    long long turns = 0, score = 0;
    const auto start = clock::now();
    for (int i = 0; i < games; ++i) {
        game g(2, static_cast<std::uint64_t>(i + 1));
        const auto r = play_game(g, std::span<bot* const>(seats), static_cast<std::uint64_t>(i));
        turns += r.actions;
        score += g.score(0) + g.score(1);
    }
    const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
    json j;
    j.begin_object().field("ok", true).field("games", games).field("turns", turns).field("seconds", elapsed);
    j.field("gamesPerSecond", games / elapsed).field("checksum", score);
    return j.end_object().take();
}

}  // namespace qwirkle::web
