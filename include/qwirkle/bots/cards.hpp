// SPDX-License-Identifier: MIT
/// @file
/// Bots for the card game (docs/rules.md §4): an interface, a greedy bot (most Qwirkles, then most
/// cards), a cautious one that also avoids leaving colour or shape groups of 5 on the table whose
/// sixth card an opponent may hold (the table can be rearranged by anyone, so what counts is what lies
/// on it), and an expert that plays its candidate turns out on deals of the hidden cards.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../cards/cards.hpp"
#include "../game/rng.hpp"
#include "../play/bot.hpp"
#include "../play/play_game.hpp"

namespace qwirkle::cards {

/// The card game's bots: they see a `basic_observation` and return a `basic_action` (a turn or
/// cannot-play).
template <card_ruleset R = standard_rules>
using basic_card_bot = bot_interface<basic_observation<R>>;

/// Schmidt's opening: one largest group of the hand laid out as the first row (the first such
/// group: colour groups before shape groups).
template <card_ruleset R>
basic_turn<R> opening_row(const basic_observation<R>& v) {
    basic_turn<R> t;
    const auto group = largest_groups<R>(v.hand).front();
    for (const auto c : group) t.played.add(c);
    t.result = v.table;
    t.result.rows.push_back(basic_row<R>(group));
    return t;
}

/// Must this turn be Schmidt's opening row?
template <card_ruleset R>
bool opening_due(const basic_observation<R>& v) {
    return v.opening && R::first_turn == first_turn_rule::largest_group;
}

/// Most Qwirkles, then most cards (the exact solver's best turn).
template <card_ruleset R = standard_rules>
class basic_greedy_card_bot : public basic_card_bot<R> {
public:
    std::string name() const override { return "greedy"; }
    /// Schmidt's opening row when due, else the best turn (most Qwirkles, then most cards), else
    /// cannot-play (there is no legal turn). Does not use the random source.
    basic_action<R> choose(const basic_observation<R>& v, rng&) override {
        if (opening_due(v)) return basic_action<R>::play(opening_row(v));
        if (auto t = best_turn(v.table, v.hand, objective::qwirkles_then_cards)) return basic_action<R>::play(*t);
        return basic_action<R>::cannot_play();
    }
};

/// Greedy, but it weighs each candidate turn (the best turn, and the best turn with each card kind
/// held back) by 10 × Qwirkles + cards − 10 × the expected Qwirkles it hands to the opponents.
template <card_ruleset R = standard_rules>
class basic_cautious_card_bot : public basic_card_bot<R> {
    using card_type = card_t<R>;

public:
    std::string name() const override { return "cautious"; }
    /// Schmidt's opening row when due; else the candidate of the highest value (the plain best turn
    /// on a tie), else cannot-play (there is no legal turn). The expected Qwirkles handed on: for each
    /// colour or shape with all but one of its kinds on the table after the turn, the chance that the
    /// opponents' cards (as many as they hold, drawn from the unseen ones) include the missing card.
    /// Does not use the random source.
    basic_action<R> choose(const basic_observation<R>& v, rng&) override {
        if (opening_due(v)) return basic_action<R>::play(opening_row(v));
        auto best = best_turn(v.table, v.hand, objective::qwirkles_then_cards);
        if (!best) return basic_action<R>::cannot_play();
        double best_value = value(v, *best);
        for (const auto k : v.hand.distinct()) {
            auto hand = v.hand;
            hand.remove(k, hand.count(k));
            if (hand.empty()) continue;
            if (auto t = best_turn(v.table, hand, objective::qwirkles_then_cards)) {
                const double x = value(v, *t);
                if (x > best_value) {
                    best_value = x;
                    best = t;
                }
            }
        }
        return basic_action<R>::play(*best);
    }

private:
    double value(const basic_observation<R>& v, const basic_turn<R>& t) const {
        auto table = t.result;
        table.take_qwirkles();
        // Cards this player cannot see: every copy, less the table, the own hand after the turn and
        // every collected Qwirkle.
        auto unseen = cards_t<R>::full(R::copies);
        unseen -= table.contents();
        auto hand = v.hand;
        hand -= t.played;
        unseen -= hand;
        for (const auto& rows : v.collected)
            for (const auto& r : rows)
                for (const auto c : r) unseen.remove(c);
        double opponents = 0;
        for (std::size_t p = 0; p < v.hand_sizes.size(); ++p)
            if (static_cast<int>(p) != v.player) opponents += v.hand_sizes[p];
        const double total = std::max(1, unseen.size());
        const auto on_table = table.contents().distinct();
        double risk = 0;
        const auto group_risk = [&](basic_tile_set<card_type> group) {
            const auto present = on_table & group;
            if (present.size() != group.size() - 1) return;
            const card_type missing = *(group - present).begin();
            const double p_held = 1.0 - std::pow(std::max(0.0, 1.0 - unseen.count(missing) / total), opponents);
            risk += p_held;
        };
        for (int c = 0; c < R::colours; ++c) group_risk(basic_tile_set<card_type>::of_colour(c));
        for (int s = 0; s < R::shapes; ++s) group_risk(basic_tile_set<card_type>::of_shape(s));
        return 10.0 * t.qwirkles() + t.cards() - 10.0 * risk;
    }
};

/// The card expert's budget per decision.
struct expert_card_options {
    int determinizations = 96;  ///< deals of the hidden cards each candidate turn is played out on (reproducible)
    int horizon = 4;            ///< turns played after the candidate on each deal (0: to the end of the game)
    double seconds = 0;         ///< > 0: stop dealing after this much time (at least one deal; results then depend on the machine)
};

/// Search over the hidden cards: the candidate turns (the best turn for most Qwirkles, the best for
/// most cards, and the best turn with each kind of the hand held back) are each played on the same
/// deals of the cards the bot has not seen (`basic_game::determinize`), followed by `horizon` turns
/// of the greedy policy (the exact solver's best turn, for every player); the candidate with the
/// highest mean result wins: its Qwirkle margin over the best opponent then (a hundredth of a
/// point each), plus its share of the win when the game ended. Four turns ahead beat playing every
/// deal out to the end: the end is far and noisy, the next turns decide what a turn hands over.
template <card_ruleset R = standard_rules>
class basic_expert_card_bot : public basic_card_bot<R> {
public:
    /// With the default budget (96 deals per decision, 4 turns ahead).
    basic_expert_card_bot() = default;
    /// With this budget.
    explicit basic_expert_card_bot(expert_card_options o) : o_(o) {}
    std::string name() const override { return "expert"; }
    /// Schmidt's opening row when due; cannot-play when no turn exists; the only candidate when
    /// there is one; else the candidate of the best mean over the deals. Deals come from `random`:
    /// the same stream gives the same choice.
    basic_action<R> choose(const basic_observation<R>& v, rng& random) override {
        if (opening_due(v)) return basic_action<R>::play(opening_row(v));
        std::vector<basic_turn<R>> candidates;
        const auto add = [&](const std::optional<basic_turn<R>>& t) {
            if (!t) return;
            for (const auto& c : candidates)
                if (c.played == t->played && c.qwirkles() == t->qwirkles()) return;
            candidates.push_back(*t);
        };
        add(best_turn(v.table, v.hand, objective::qwirkles_then_cards));
        if (candidates.empty()) return basic_action<R>::cannot_play();
        add(best_turn(v.table, v.hand, objective::cards_then_qwirkles));
        for (const auto k : v.hand.distinct()) {
            auto hand = v.hand;
            hand.remove(k, hand.count(k));
            if (!hand.empty()) add(best_turn(v.table, hand, objective::qwirkles_then_cards));
        }
        if (candidates.size() == 1) return basic_action<R>::play(candidates.front());
        std::vector<double> total(candidates.size(), 0.0);
        const auto start = std::chrono::steady_clock::now();
        for (int d = 0; d < std::max(1, o_.determinizations); ++d) {
            if (d > 0 && o_.seconds > 0 &&
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= o_.seconds)
                break;
            const auto deal = basic_game<R>::determinize(v, random);
            if (!deal) break;  // (an observation of a real game always deals)
            for (std::size_t c = 0; c < candidates.size(); ++c) {
                auto g = *deal;
                if (!g.play(candidates[c])) continue;
                play_out(g, o_.horizon);
                total[c] += outcome(g, v.player);
            }
        }
        const auto best = std::max_element(total.begin(), total.end()) - total.begin();
        return basic_action<R>::play(candidates[static_cast<std::size_t>(best)]);
    }

private:
    /// The greedy policy for every seat to the end (a turn cap guards against any cycle).
    static void play_out(basic_game<R>& g, int horizon) {
        for (int turns = 0; !g.is_terminal() && turns < (horizon > 0 ? horizon : 1000); ++turns) {
            const int p = g.current_player();
            if (auto t = best_turn(g.table(), g.hand(p), objective::qwirkles_then_cards)) g.play(*t);
            else g.cannot_play();
        }
    }
    static double outcome(const basic_game<R>& g, int me) {
        int other = 0;
        for (int p = 0; p < g.players(); ++p)
            if (p != me) other = std::max(other, g.qwirkles(p));
        return (g.is_terminal() ? g.returns()[me] : 0.0) + 0.01 * (g.qwirkles(me) - other);
    }
    expert_card_options o_;
};

/// The names make_card_bot knows.
inline constexpr std::string_view card_bot_names[] = {"greedy", "cautious", "expert"};

/// The names make_card_bot knows, as one line for messages: "greedy, cautious, expert".
inline std::string card_bot_names_text() { return names_text(card_bot_names); }

/// A card bot by name (see card_bot_names), or nullptr.
template <card_ruleset R = standard_rules>
std::unique_ptr<basic_card_bot<R>> make_card_bot(std::string_view name) {
    if (name == "greedy") return std::make_unique<basic_greedy_card_bot<R>>();
    if (name == "cautious") return std::make_unique<basic_cautious_card_bot<R>>();
    if (name == "expert") return std::make_unique<basic_expert_card_bot<R>>();
    return nullptr;
}

/// A bot of the standard card game.
using card_bot = basic_card_bot<>;
/// The greedy bot of the standard card game.
using greedy_card_bot = basic_greedy_card_bot<>;
/// The cautious bot of the standard card game.
using cautious_card_bot = basic_cautious_card_bot<>;
/// The expert bot of the standard card game.
using expert_card_bot = basic_expert_card_bot<>;

}  // namespace qwirkle::cards
